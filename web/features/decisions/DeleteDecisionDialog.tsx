import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useDeleteDecision } from './decisions-api.ts';

interface DeleteDecisionDialogProps {
  /** The decision to delete; null keeps the dialog closed. */
  decisionId: number | null;
  /** Named in the dialog's title, so nobody deletes the wrong one of two similar cards. */
  decisionName?: string | undefined;
  onClose: () => void;
  /** Runs before the deleted decision leaves the cache, e.g. to navigate away from its page. */
  onDeleted?: () => void | Promise<void>;
}

/** Confirms with SPEC's text under a title naming the decision, deletes, refreshes every decision query and reports the outcome. */
export function DeleteDecisionDialog({
  decisionId,
  decisionName,
  onClose,
  onDeleted,
}: DeleteDecisionDialogProps) {
  const { t } = useTranslation();
  const removal = useDeleteDecision({
    onDeleted: async (response) => {
      onClose();
      notify('success', response.message);
      await onDeleted?.();
    },
  });

  function remove(id: number) {
    removal.mutate(id, {
      onError: (error) => notify('error', serverMessageOf(error) ?? t('decision.deleteFailed')),
    });
  }

  return (
    <ConfirmDialog
      isOpen={decisionId !== null}
      title={
        decisionName ? t('decision.deleteTitleNamed', { name: decisionName }) : t('decision.deleteTitle')
      }
      message={t('decision.deleteConfirm')}
      confirmLabel={t('decision.delete')}
      isBusy={removal.isPending}
      onConfirm={() => decisionId !== null && remove(decisionId)}
      onCancel={onClose}
    />
  );
}

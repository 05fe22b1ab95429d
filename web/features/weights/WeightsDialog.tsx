import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';

type WeightsDialogProps = Omit<ComponentProps<typeof ModalDialog>, 'title' | 'lead' | 'actionLabel'> & {
  /** Which dialog: its texts live under `weights.rankDialog.*` or `weights.pairsDialog.*`. */
  kind: 'rank' | 'pairs';
};

/** The frame of the weight dialogs: their title and lead, Cancel and "Use these weights". */
export function WeightsDialog({ kind, ...dialogProps }: WeightsDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      title={t(`weights.${kind}Dialog.title`)}
      lead={t(`weights.${kind}Dialog.lead`)}
      actionLabel={t('weights.use')}
      {...dialogProps}
    />
  );
}

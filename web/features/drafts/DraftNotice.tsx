import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import type { FormDraft } from './useFormDraft.ts';

/**
 * What a form with a draft shows: "Restored your unsaved input" with Discard after a reload, and the
 * question before leaving the page with unsaved input.
 */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation();
  const { leaveGuard } = draft;
  return (
    <>
      {draft.isRestored ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p className="flex items-center gap-2">
            <History aria-hidden size={16} className="shrink-0" />
            {t('drafts.restored')}
          </p>
          <Button variant="secondary" size="sm" onClick={draft.discard}>
            {t('drafts.discard')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={leaveGuard.isAsking}
        title={t('drafts.leaveTitle')}
        message={t('drafts.leaveMessage')}
        confirmLabel={t('drafts.leaveConfirm')}
        onConfirm={leaveGuard.leave}
        onCancel={leaveGuard.stay}
      />
    </>
  );
}

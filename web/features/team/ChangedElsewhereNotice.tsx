import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';

/** Someone changed what this form shows while the user was typing: keep the typing, or load theirs. */
export function ChangedElsewhereNotice({ onLoadLatest }: { onLoadLatest: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 sm:flex-row sm:items-center sm:justify-between dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <p>{t('teamEdit.changedElsewhere')}</p>
      <Button variant="secondary" size="sm" onClick={onLoadLatest}>
        <RefreshCw aria-hidden size={14} />
        {t('teamEdit.loadLatest')}
      </Button>
    </div>
  );
}

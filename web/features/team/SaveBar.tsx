import type { ReactNode } from 'react';
import { Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';

interface SaveBarProps {
  isSaving: boolean;
  isDisabled: boolean;
  isDirty: boolean;
  /** Why saving is blocked, shown above the button. */
  problem?: ReactNode;
}

/** The one Save of a tab, kept in view at the bottom while the form scrolls. */
export function SaveBar({ isSaving, isDisabled, isDirty, problem }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border dark:border-slate-800 dark:bg-slate-950/95">
      {problem ? <p className="text-sm text-red-700 dark:text-red-400">{problem}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isDisabled || isSaving}>
          <Save aria-hidden size={16} />
          {isSaving ? t('teamEdit.saving') : t('teamEdit.save')}
        </Button>
        {isDirty ? (
          <span className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.unsaved')}</span>
        ) : null}
      </div>
    </div>
  );
}

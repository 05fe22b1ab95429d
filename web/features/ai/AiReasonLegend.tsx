import { useTranslation } from 'react-i18next';

/** Explains the violet dot of a grid's values that carry the AI's reason (web/components/ui/Tooltip). */
export function AiReasonLegend() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
      <span aria-hidden className="size-2 shrink-0 rounded-full bg-violet-500 dark:bg-violet-300" />
      {t('ai.reasonLegend')}
    </p>
  );
}

import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Beside a row the AI suggested, until the user renames it; the input points to it as its description. */
export function SuggestedBadge({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <span
      id={id}
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-900 dark:bg-violet-900/60 dark:text-violet-100"
    >
      <Sparkles aria-hidden size={12} />
      {t('aiSuggestions.badge')}
      <span className="sr-only"> {t('aiSuggestions.badgeBy')}</span>
    </span>
  );
}

import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Where AI scoring would start while the server has no AI model: one plain sentence, no setup hints. */
export function AiUnavailableNotice({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <p
      id={id}
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Info aria-hidden size={18} className="mt-0.5 shrink-0" />
      {t('ai.unavailable')}
    </p>
  );
}

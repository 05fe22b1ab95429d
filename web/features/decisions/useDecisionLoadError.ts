import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';

/**
 * SPEC.md section 8: "No decision found" for an unknown (or invisible) id, else the server's message,
 * else the page's own fallback ("Fehler beim Laden").
 */
export function useDecisionLoadError(
  decisionId: number,
  error: Error | null,
  fallbackKey: string,
): string | null {
  const { t } = useTranslation();
  if (Number.isNaN(decisionId) || (error instanceof ApiError && error.status === 404)) {
    return t('details.notFound');
  }
  if (!error) return null;
  return (error instanceof ApiError ? error.serverMessage : null) ?? t(fallbackKey);
}

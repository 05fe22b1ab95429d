import { useParams } from 'react-router';
import { parseDecisionId, useDecisionDetailsQuery } from './decisions-api.ts';
import { useDecisionLoadError } from './useDecisionLoadError.ts';

/** What every page about one decision starts with: its id from the path, its details, a load error. */
export function useDecisionPage(fallbackKey = 'details.loadFailed') {
  const decisionId = parseDecisionId(useParams().id);
  const details = useDecisionDetailsQuery(decisionId);
  const loadError = useDecisionLoadError(decisionId, details.error, fallbackKey);
  return { decisionId, details, loadError };
}

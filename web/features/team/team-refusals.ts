import { ApiError } from '../../lib/api-client.ts';

/**
 * SPEC's lock message for a save the server refused because voting ended meanwhile (or the AI
 * completed the decision); null for any other failure.
 */
export function refusalNotice(error: unknown, tab: 'vote' | 'setup'): string | null {
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'DEADLINE_PASSED') return tab === 'vote' ? 'teamEdit.lockedVoting' : 'teamEdit.lockedEditing';
  if (code === 'COMPLETED_BY_AI') return 'teamEdit.completedByAi';
  return null;
}

/**
 * The shapes of issue 30's endpoints as this feature reads them: the history's from
 * shared/api/history.ts; the frozen result follows the issue's contract until shared/api/snapshots.ts is in.
 */
export type {
  DecisionVersion,
  HistoryActor,
  HistoryChange,
  HistoryEntry,
  HistoryPage,
  HistoryPerson,
} from '../../../shared/api/history.ts';

export interface FrozenResult {
  id: number;
  at: string;
  reason: 'voting_ended' | 'outcome_recorded' | 'manual';
  label: string | null;
  ranking: { option_id: number; name: string; total: number | null; rank: number | null }[];
  participation: { voters: number; complete: number } | null;
  weights: { criterion_id: number; name: string; share: number }[];
  agreement: number | null;
  robustness: { label: string } | null;
}

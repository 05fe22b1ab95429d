/**
 * The shapes of issue 30's endpoints as this feature reads them. They follow the issue's contract
 * field by field; once shared/api/history.ts and shared/api/snapshots.ts are in, these re-export them.
 */
export type HistoryPerson = { user_id: number | null; display_name: string };
export type HistoryActor = HistoryPerson | { kind: 'system' };

export interface HistoryChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface HistoryEntry {
  id: number;
  at: string;
  kind: string;
  actor: HistoryActor;
  subject: HistoryPerson | null;
  changes: HistoryChange[];
  version_id: number | null;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  next_before: number | null;
}

/** GET /api/decision/{id}/versions/{versionId}: the matrix right after that save. */
export interface DecisionVersion {
  options: { id: number; name: string }[];
  criteria: {
    id: number;
    name: string;
    importance: number;
    minimum?: number | null;
    anchors?: { low: string; high: string } | null;
  }[];
  evaluations: { option_id: number; criterion_id: number; value: number | null }[];
  ranking: { option_id: number; total: number | null; rank: number | null; knocked_out?: boolean }[];
}

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

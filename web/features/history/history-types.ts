/** The shapes of issue 30's endpoints this feature reads (shared/api/history.ts, shared/api/snapshots.ts). */
export type {
  DecisionVersion,
  HistoryActor,
  HistoryChange,
  HistoryEntry,
  HistoryPage,
  HistoryPerson,
} from '../../../shared/api/history.ts';

export type { FrozenResult, Snapshot } from '../../../shared/api/snapshots.ts';

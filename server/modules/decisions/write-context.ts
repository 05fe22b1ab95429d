import type { Emit } from '../../events/domain-events.ts';
import type { WriteLocked } from './access.ts';
import type { HistoryRecorder } from './history-record.ts';
import type { FreezeResult } from './frozen-result.ts';
import type { DecisionsRepo } from './repo.ts';
import type { MatrixWriter } from './save-matrix.ts';

/** What every write use case of a decision works with: the repo, the lock, the matrix writes, emit, history. */
export interface DecisionWriteContext {
  decisions: DecisionsRepo;
  writeLocked: WriteLocked;
  matrix: MatrixWriter;
  emit: Emit;
  /** Issue 30: every change is recorded in its own transaction (server/modules/history). */
  history: HistoryRecorder;
  /** Stores the result as this transaction sees it (issue 30): when voting ends, an outcome, by hand. */
  freezeResult: FreezeResult;
}

import type { Emit } from '../../events/domain-events.ts';
import type { WriteLocked } from './access.ts';
import type { HistoryRecorder } from './history-record.ts';
import type { FreezeResult, FrozenResults } from './frozen-result.ts';
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
  /** Voting ended by this write (or the deadline job's): the result frozen, `voting_ended` recorded. */
  recordVotingEnded: FrozenResults['recordVotingEnded'];
  /** Voting ended at the deadline: frozen and recorded once, by the job or the first later write. */
  endAtDeadline: FrozenResults['endAtDeadline'];
  /** A write to a team decision whose deadline passed: the result at the deadline frozen first. */
  freezeBeforeChange: FrozenResults['freezeBeforeChange'];
}

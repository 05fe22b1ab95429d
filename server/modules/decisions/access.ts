import type { Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/schema.ts';
import { createCache } from '../../db/cache.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { authorize, relationOf, type DecisionAction, type DecisionState, type Relation } from './policy.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';

/** The caller's view of one decision: who they are to it and what state it is in. */
export interface DecisionAccess {
  decision: DecisionRow;
  userId: number;
  relation: Relation;
  state: DecisionState;
}

/** The deadline passed (by the clock or by "end voting now"): voting has ended. */
export function isPastDeadline(timer: DecisionRow['timer'], now = Date.now()): boolean {
  return timer !== null && new Date(timer).getTime() <= now;
}

export type WriteLocked = <T>(
  decisionId: number,
  userId: number,
  action: DecisionAction | null,
  work: (access: DecisionAccess, trx: Transaction<Database>) => Promise<T>,
) => Promise<T>;

/** Loading and checking a caller's access, before a request and again under the write lock. */
export function createAccess(deps: { decisions: DecisionsRepo; changes: ChangeFeed }) {
  const { decisions } = deps;
  // Decision rows by id, dropped on every instance by any change of the row (db/cache.ts). Team roles
  // and submissions are not cached: they are read with each request, so a role change, a removal, a
  // submission or a reopening applies at once.
  const rows = createCache<DecisionRow>({
    feed: deps.changes,
    invalidatedBy(change) {
      if (change.table === 'decisions' && change.op !== 'insert')
        return change.id === undefined ? 'all' : [`decision:${change.id}`];
      // A deleted account takes its decisions along (a cascade no statement names).
      if (change.table === 'users' && change.op === 'delete') return 'all';
      return undefined;
    },
  });
  /** The row as stored; frozen, since every request of the decision shares it. */
  const findRow = (decisionId: number) =>
    rows.read(
      String(decisionId),
      async () => {
        const row = await decisions.findById(decisionId);
        return row && Object.freeze(row);
      },
      (row) => ({ tags: [`decision:${row.id}`] }),
    );

  /** Who the caller is to the decision and which locks hold, read through `executor` when given. */
  async function accessTo(
    decision: DecisionRow,
    userId: number,
    isCompletedByAi: boolean,
    executor?: Transaction<Database>,
  ): Promise<DecisionAccess> {
    const membership =
      decision.type === 'team' ? await decisions.membershipOf(decision.id, userId, executor) : undefined;
    const relation = relationOf(decision, userId, membership?.role);
    // The owner's submission is kept on the decision row (they have no membership row).
    const submittedAt = relation === 'owner' ? decision.owner_submitted_at : membership?.submitted_at;
    return {
      decision,
      userId,
      relation,
      state: {
        type: decision.type,
        isExpired: isPastDeadline(decision.timer),
        isCompletedByAi,
        isActivated: decision.activated_at !== null,
        mode: decision.mode,
        isVoteSubmitted: decision.type === 'team' && submittedAt != null,
      },
    };
  }

  async function loadAccess(decisionId: number, userId: number): Promise<DecisionAccess> {
    const decision = await findRow(decisionId);
    if (!decision) throw new AppError('NOT_FOUND');
    // A query of its own (issue 27): one indexed probe, never the decision's votes.
    const isCompletedByAi = decision.type === 'team' && (await decisions.hasAiEvaluations(decision.id));
    return accessTo(decision, userId, isCompletedByAi);
  }

  /**
   * Runs one write in one transaction: lock the decision first (the one lock order of every writer),
   * then check the caller's right and the locks (deadline, AI completion) as of that moment, then
   * write. A check made before the transaction may be stale when the write lands, e.g. as a deadline
   * passes or the owner removes an option. `action` null: the caller checks the access itself.
   * Inside `work`, every query must use `trx` (SQLite has one connection; PostgreSQL a small pool).
   */
  const writeLocked: WriteLocked = (decisionId, userId, action, work) =>
    decisions.transaction(async (trx) => {
      const decision = await decisions.lockForWrite(decisionId, trx);
      if (!decision) throw new AppError('NOT_FOUND');
      const isCompletedByAi = decision.type === 'team' && (await decisions.hasAiEvaluations(decisionId, trx));
      const access = await accessTo(decision, userId, isCompletedByAi, trx);
      if (action) authorize(access.relation, action, access.state);
      return work(access, trx);
    });

  return {
    loadAccess,
    writeLocked,

    /** Loads the caller's access and checks one action (404 / 403 / 409 as the policy says). */
    async authorizedAccess(
      decisionId: number,
      userId: number,
      action: DecisionAction,
    ): Promise<DecisionAccess> {
      const access = await loadAccess(decisionId, userId);
      authorize(access.relation, action, access.state);
      return access;
    },
  };
}

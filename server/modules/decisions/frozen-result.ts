import type { Transaction } from 'kysely';
import type { FrozenResult, FrozenResultFields, Snapshot } from '../../../shared/api/snapshots.ts';
import { frozenResultFieldsSchema } from '../../../shared/api/snapshots.ts';
import { analyseDecisionState } from '../../../shared/scoring/decision-data.ts';
import { participationOf } from '../../../shared/scoring/team.ts';
import type { Database, SnapshotReason } from '../../db/schema.ts';
import { isoNow, toIsoString } from '../../db/values.ts';
import { isPastDeadline } from './access.ts';
import { isVoterRelation } from './policy.ts';
import type { MatrixRead, ReadModel } from './read-model.ts';
import type { HistoryRecorder } from './history-record.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';
import type { SnapshotRow } from './snapshots-repo.ts';

/**
 * A decision's result in the form it is frozen (issue 30), from the same parts the details and the
 * analysis use: the ranking of `computeResult` with the options' names copied in, participation as
 * the details count it, each criterion's share as the analysis reports it (1 decimal, adding up to 100),
 * the team's overall agreement, and the robustness label while there is a result.
 */
export function frozenResultOf(
  decision: DecisionRow,
  matrix: Pick<MatrixRead, 'options' | 'criteria' | 'votes' | 'result' | 'teamResults'>,
  voterIds: readonly number[],
): FrozenResultFields {
  const { options, criteria, votes, result, teamResults } = matrix;
  const optionNames = new Map(options.map((option) => [option.id, option.name]));
  const analysis = analyseDecisionState(decision, options, criteria, votes);
  const shares = new Map(analysis.sensitivity.map((entry) => [entry.criterion_id, entry.share]));
  return {
    ranking: result.ranking.map((entry) => ({
      option_id: entry.option_id,
      name: optionNames.get(entry.option_id) ?? '',
      total: entry.total,
      rank: entry.rank,
    })),
    participation:
      decision.type === 'team'
        ? participationOf(voterIds, teamResults?.completeIds ?? new Set())
        : { voters: 1, complete: result.complete ? 1 : 0 },
    weights: criteria.map((criterion) => ({
      criterion_id: criterion.id,
      name: criterion.name,
      share: shares.get(criterion.id) ?? 0,
    })),
    agreement: teamResults?.consensus.overall ?? null,
    robustness: result.no_result_reason === null ? { label: analysis.robustness.label } : null,
  };
}

/** A stored snapshot as the API shows it. */
export function presentSnapshot(row: SnapshotRow): Snapshot {
  const fields = frozenResultFieldsSchema.parse(JSON.parse(row.result));
  return { id: row.id, at: toIsoString(row.at), reason: row.reason, label: row.label, ...fields };
}

/** The details' `frozen_result`: the stored snapshot without its id, reason and label. */
export function presentFrozenResult(row: SnapshotRow | undefined): FrozenResult | null {
  if (!row) return null;
  const { id: _id, reason: _reason, label: _label, ...frozen } = presentSnapshot(row);
  return frozen;
}

/** Whether the live ranking (order, totals, ranks) now differs from the frozen one. */
export function frozenResultDiffers(
  frozen: Pick<FrozenResultFields, 'ranking'> | null,
  live: readonly { option_id: number; total: number | null; rank: number | null }[],
): boolean {
  if (!frozen) return false;
  if (frozen.ranking.length !== live.length) return true;
  return frozen.ranking.some((entry, index) => {
    const now = live[index]!;
    return entry.option_id !== now.option_id || entry.total !== now.total || entry.rank !== now.rank;
  });
}

/** The voters a team's participation counts: the owner and members with a voting role, former ones too. */
export async function votersOf(
  decisions: Pick<DecisionsRepo, 'listTeamMembers'>,
  decision: DecisionRow,
  trx?: Transaction<Database>,
): Promise<number[]> {
  if (decision.type !== 'team') return [];
  const members = await decisions.listTeamMembers(decision.id, trx);
  return [
    decision.user_id,
    ...members.filter((member) => isVoterRelation(member.role)).map((member) => member.user_id),
  ];
}

export type FreezeResult = (
  trx: Transaction<Database>,
  decision: DecisionRow,
  reason: SnapshotReason,
  label?: string | null,
) => Promise<SnapshotRow | null>;

/** The option that leads when voting ends (the first on a tie, as the dashboard card names it), if any. */
function leaderOf(matrix: Pick<MatrixRead, 'options' | 'result'>) {
  const top = matrix.result.ranking.find((entry) => entry.is_top);
  const option = top && matrix.options.find((candidate) => candidate.id === top.option_id);
  return option && top.total !== null ? { option_id: option.id, name: option.name, total: top.total } : null;
}

/**
 * Frozen results (issue 30), written inside the caller's transaction under the decision's write lock:
 * - `freezeResult` stores the result as the transaction sees it. `voting_ended` is taken once per
 *   decision (a later call finds it and stores nothing: voting ends once, a closed team decision cannot
 *   be reopened); the other reasons every time.
 * - `recordVotingEnded`: voting ended (by hand, by an AI completion, or the deadline job for System):
 *   the result is frozen if it is not yet, and `voting_ended` is recorded naming the leader.
 * - `endAtDeadline` / `freezeBeforeChange`: a write to a team decision whose deadline passed first
 *   freezes the result and records System's `voting_ended` if the deadline job has not yet, so the
 *   frozen result stays the one at the deadline and the history stays in order.
 */
export function createFrozenResults(
  decisions: DecisionsRepo,
  readModel: Pick<ReadModel, 'matrixIn'>,
  history: HistoryRecorder,
) {
  async function store(
    trx: Transaction<Database>,
    decision: DecisionRow,
    reason: SnapshotReason,
    label: string | null,
    matrix: MatrixRead,
  ): Promise<SnapshotRow> {
    const result = frozenResultOf(decision, matrix, await votersOf(decisions, decision, trx));
    // Voting ended when the deadline passed (the job or a later write may find it); otherwise: now.
    const at =
      reason === 'voting_ended' && isPastDeadline(decision.timer) ? toIsoString(decision.timer!) : isoNow();
    return decisions.insertSnapshot(
      { decision_id: decision.id, at, reason, label, result: JSON.stringify(result) },
      trx,
    );
  }

  const isVotingEndedFrozen = async (trx: Transaction<Database>, decision: DecisionRow) =>
    (await decisions.latestSnapshotOf(decision.id, 'voting_ended', trx)) !== undefined;

  const freezeResult: FreezeResult = async (trx, decision, reason, label = null) => {
    if (reason === 'voting_ended' && (await isVotingEndedFrozen(trx, decision))) return null;
    return store(trx, decision, reason, label, await readModel.matrixIn(decision, trx));
  };

  async function recordVotingEnded(
    trx: Transaction<Database>,
    decision: DecisionRow,
    actorId: number | null,
    at: string,
  ): Promise<void> {
    const matrix = await readModel.matrixIn(decision, trx);
    if (!(await isVotingEndedFrozen(trx, decision))) await store(trx, decision, 'voting_ended', null, matrix);
    const leader = leaderOf(matrix);
    await history.record(trx, [
      {
        decisionId: decision.id,
        kind: 'voting_ended',
        actorId,
        at,
        // Not stored: the webhooks' voting.ended says why there is no result (issue 32).
        noResultReason: matrix.result.no_result_reason,
        // Stored always; the history presenter leaves it out for readers who may not see results.
        changes: leader ? [{ field: 'leader', from: null, to: leader }] : [],
      },
    ]);
  }

  /**
   * Voting ended at the deadline: System's, dated at the deadline. Whichever comes first, the deadline
   * job or a write after the deadline, freezes the result and records `voting_ended`; the other finds
   * the frozen result and records nothing, so the entry keeps its place before what followed it.
   */
  async function endAtDeadline(trx: Transaction<Database>, decision: DecisionRow): Promise<void> {
    if (await isVotingEndedFrozen(trx, decision)) return;
    // Ended by hand before issue 30 (no frozen result yet): freeze, the entry is that write's.
    if (decision.voting_ended_by === null && decision.timer !== null)
      await recordVotingEnded(trx, decision, null, toIsoString(decision.timer));
    else await freezeResult(trx, decision, 'voting_ended');
  }

  return {
    freezeResult,
    recordVotingEnded,
    endAtDeadline,

    async freezeBeforeChange(trx: Transaction<Database>, decision: DecisionRow): Promise<void> {
      if (decision.type === 'team' && isPastDeadline(decision.timer)) await endAtDeadline(trx, decision);
    },
  };
}

export type FrozenResults = ReturnType<typeof createFrozenResults>;

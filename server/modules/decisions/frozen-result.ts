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
async function votersOf(decisions: DecisionsRepo, decision: DecisionRow, trx: Transaction<Database>) {
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

/**
 * Stores the result as the writing transaction sees it, in that transaction. `voting_ended` is taken
 * once per decision (a later call finds it and stores nothing: voting ends once, a closed team decision
 * cannot be reopened); the other reasons every time.
 */
export function createFreezeResult(decisions: DecisionsRepo, readModel: Pick<ReadModel, 'matrixIn'>) {
  const freeze: FreezeResult = async (trx, decision, reason, label = null) => {
    if (reason === 'voting_ended' && (await decisions.latestSnapshotOf(decision.id, reason, trx)))
      return null;
    const [matrix, voterIds] = await Promise.all([
      readModel.matrixIn(decision, trx),
      votersOf(decisions, decision, trx),
    ]);
    const result = frozenResultOf(decision, matrix, voterIds);
    // Voting ended when the deadline passed (a job or a read may find it later); an AI completion: now.
    const at =
      reason === 'voting_ended' && isPastDeadline(decision.timer) ? toIsoString(decision.timer!) : isoNow();
    return decisions.insertSnapshot(
      { decision_id: decision.id, at, reason, label, result: JSON.stringify(result) },
      trx,
    );
  };
  return freeze;
}

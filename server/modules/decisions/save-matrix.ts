import type { Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import { topScore } from '../../../shared/scoring/personal.ts';
import { scaleOfDecision } from '../../../shared/limits.ts';
import type { Database, DecisionType } from '../../db/schema.ts';
import {
  assertEvaluationIndexes,
  assertUniqueNames,
  planListUpdate,
  type IndexedEvaluation,
} from './matrix.ts';
import { resultOf, type DecisionVotes } from '../../../shared/scoring/decision-data.ts';
import type { TeamVotesRead, TeamVotesReader } from './team-votes-reader.ts';
import type { CriterionRow, DecisionRow, DecisionsRepo } from './repo.ts';
import {
  isMeasured,
  measuredScoresOf,
  type CriterionKind,
  type MeasureDirection,
} from '../../../shared/scoring/measure.ts';
import { cellKey } from '../../../shared/scoring/team.ts';

/**
 * A criterion as sent: `minimum`, `anchors` and the measured fields (issue 31) absent (undefined) keep a
 * kept criterion's stored ones; a new criterion is a score criterion unless `kind` says 'measure'.
 */
export interface CriterionInput {
  id?: number | undefined;
  name: string;
  importance: number;
  minimum?: number | null | undefined;
  anchors?: { low: string; high: string } | null | undefined;
  kind?: CriterionKind | undefined;
  unit?: string | null | undefined;
  direction?: MeasureDirection | undefined;
  worst?: number | null | undefined;
  best?: number | null | undefined;
}

type StoredCriterion = { id: number; name: string; kind: CriterionKind };

/** Each sent criterion's kind as it will be stored: as sent, else a kept criterion's, else 'score'. */
export function criterionKindsAfterSave(
  stored: readonly StoredCriterion[],
  input: readonly CriterionInput[] | undefined,
): CriterionKind[] {
  if (!input) return stored.map((criterion) => criterion.kind);
  const kinds = input.map((criterion) => criterion.kind ?? 'score');
  const storedById = new Map(stored.map((criterion) => [criterion.id, criterion]));
  for (const { id, input: criterion, position } of planListUpdate(stored, input).keep)
    kinds[position] = criterion.kind ?? storedById.get(id)?.kind ?? 'score';
  return kinds;
}

export interface ListsInput {
  options?: { id?: number | undefined; name: string }[] | undefined;
  criteria?: CriterionInput[] | undefined;
}

export interface MatrixInput extends ListsInput {
  evaluations?: IndexedEvaluation[] | undefined;
}

/** Row ids in list order, as they are after a save. */
export interface SavedLists {
  optionIds: number[];
  criterionIds: number[];
}

/** Duplicate names and evaluation indexes beyond the lists (as they will be after the save). */
export function validateMatrix(
  input: MatrixInput,
  current: { optionCount: number; criteria: readonly StoredCriterion[]; type: DecisionType },
): void {
  const kinds = criterionKindsAfterSave(current.criteria, input.criteria);
  if (input.options)
    assertUniqueNames(
      'options',
      input.options.map((option) => option.name),
    );
  if (input.criteria) {
    assertUniqueNames(
      'criteria',
      input.criteria.map((criterion) => criterion.name),
    );
    assertMinimumsOnScale(input.criteria, kinds, scaleOfDecision(current.type));
  }
  if (input.evaluations) {
    assertEvaluationIndexes(
      input.evaluations,
      input.options?.length ?? current.optionCount,
      kinds,
      scaleOfDecision(current.type),
      current.type === 'team',
    );
  }
}

/**
 * A score criterion's must-have minimum is a value the decision's grid can hold (personal 1–10, team
 * 0–10); a measured criterion's is in its unit, any number (issue 31).
 */
function assertMinimumsOnScale(
  criteria: readonly CriterionInput[],
  kinds: readonly CriterionKind[],
  scale: { min: number; max: number },
) {
  const fields: Record<string, string> = {};
  criteria.forEach((criterion, index) => {
    const { minimum } = criterion;
    if (kinds[index] === 'measure') return;
    if (minimum !== null && minimum !== undefined && (minimum < scale.min || minimum > scale.max)) {
      fields[`criteria.${index}.minimum`] = 'validation.minimumRange';
    }
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
}

/**
 * The measured-criterion columns (issue 31); undefined where the input keeps the stored ones. A score
 * criterion keeps none; a measured one is 'higher is better' unless told otherwise.
 */
function measuredColumns(criterion: CriterionInput, kind: CriterionKind, stored?: CriterionRow) {
  if (kind === 'score') return { kind, unit: null, direction: null, worst: null, best: null };
  return {
    kind,
    unit: criterion.unit,
    direction: criterion.direction ?? stored?.direction ?? ('higher' as const),
    worst: criterion.worst,
    best: criterion.best,
  };
}

/** A kept criterion's columns; one that changes kind loses its must-have unless a new one comes along. */
function keptCriterionColumns(criterion: CriterionInput, position: number, stored: CriterionRow) {
  const kind = criterion.kind ?? stored.kind;
  const mustHave = mustHaveColumns(criterion);
  if (kind !== stored.kind) mustHave.minimum ??= null;
  return {
    name: criterion.name,
    importance: criterion.importance,
    position,
    ...mustHave,
    ...measuredColumns(criterion, kind, stored),
  };
}

/** The columns of a criterion's must-have and anchors; undefined where the input keeps the stored ones. */
function mustHaveColumns(criterion: CriterionInput) {
  return {
    minimum: criterion.minimum,
    anchor_low: criterion.anchors === undefined ? undefined : (criterion.anchors?.low ?? null),
    anchor_high: criterion.anchors === undefined ? undefined : (criterion.anchors?.high ?? null),
  };
}

/**
 * Issue 31: stores each measured cell's score, computed from every option's raw value (worst and best
 * default to them), so totals, exports and history read one stored value. Personal: the owner's raw
 * values; team: the facts.
 */
export async function storeMeasuredScores(
  decisions: DecisionsRepo,
  trx: Transaction<Database>,
  decision: DecisionRow,
  criteria: readonly CriterionRow[],
): Promise<void> {
  const measured = criteria.filter(isMeasured);
  if (!measured.length) return;
  const rows = (await decisions.listMeasuredEvaluations(decision.id, trx)).filter((row) =>
    decision.type === 'team' ? row.generated_by === 'fact' : row.user_id === decision.user_id,
  );
  const scores = measuredScoresOf(
    measured,
    rows.map((row) => ({ ...row, measure: row.measure! })),
    scaleOfDecision(decision.type),
  );
  for (const row of rows) {
    const score = scores.get(cellKey(row.option_id, row.criterion_id));
    if (score !== undefined && score !== row.value) await decisions.setEvaluationValue(row.id, score, trx);
  }
}

/** Writes of options, criteria, the caller's cells and the score; every one runs inside a given transaction. */
export function createMatrixWriter(decisions: DecisionsRepo, teamVotes: TeamVotesReader) {
  /** Saves the sent lists (ids and unchanged names keep their rows) and answers the ids in list order. */
  async function saveLists(
    trx: Transaction<Database>,
    decisionId: number,
    input: ListsInput,
  ): Promise<SavedLists> {
    const [storedOptions, storedCriteria] = await Promise.all([
      decisions.listOptions(decisionId, trx),
      decisions.listCriteria(decisionId, trx),
    ]);
    let optionIds = storedOptions.map((option) => option.id);
    let criterionIds = storedCriteria.map((criterion) => criterion.id);

    if (input.options) {
      const plan = planListUpdate(storedOptions, input.options);
      await decisions.deleteOptions(plan.remove, trx);
      optionIds = new Array<number>(input.options.length);
      for (const { id, input: option, position } of plan.keep) {
        await decisions.updateOption(id, option.name, position, trx);
        optionIds[position] = id;
      }
      for (const { input: option, position } of plan.insert) {
        optionIds[position] = await decisions.insertOption(
          { decision_id: decisionId, name: option.name, position },
          trx,
        );
      }
    }

    if (input.criteria) {
      const plan = planListUpdate(storedCriteria, input.criteria);
      await decisions.deleteCriteria(plan.remove, trx);
      criterionIds = new Array<number>(input.criteria.length);
      const storedById = new Map(storedCriteria.map((row) => [row.id, row]));
      const kindChanged: number[] = [];
      for (const { id, input: criterion, position } of plan.keep) {
        const stored = storedById.get(id)!;
        // Scores and raw values mean different things: a criterion that changes kind starts empty.
        if ((criterion.kind ?? stored.kind) !== stored.kind) kindChanged.push(id);
        await decisions.updateCriterion(id, keptCriterionColumns(criterion, position, stored), trx);
        criterionIds[position] = id;
      }
      await decisions.deleteCriterionEvaluations(decisionId, kindChanged, trx);
      for (const { input: criterion, position } of plan.insert) {
        const { minimum, anchor_low, anchor_high } = mustHaveColumns(criterion);
        const measured = measuredColumns(criterion, criterion.kind ?? 'score');
        criterionIds[position] = await decisions.insertCriterion(
          {
            decision_id: decisionId,
            name: criterion.name,
            importance: criterion.importance,
            position,
            minimum: minimum ?? null,
            anchor_low: anchor_low ?? null,
            anchor_high: anchor_high ?? null,
            ...measured,
            unit: measured.unit ?? null,
            worst: measured.worst ?? null,
            best: measured.best ?? null,
          },
          trx,
        );
      }
    }
    return { optionIds, criterionIds };
  }

  /** Lists, then the caller's cells by position (all of the caller's cells are replaced). */
  async function applyMatrix(
    trx: Transaction<Database>,
    decision: Pick<DecisionRow, 'id' | 'type'>,
    userId: number,
    input: MatrixInput,
  ): Promise<SavedLists> {
    const decisionId = decision.id;
    const saved = await saveLists(trx, decisionId, input);
    if (input.evaluations) {
      // What the AI proposed is kept for personal cells only (a team's AI opinion is a run of its own).
      const isPersonal = decision.type !== 'team';
      const rows = input.evaluations.map((evaluation) => ({
        option_id: rowAt(saved.optionIds, evaluation.option_index),
        criterion_id: rowAt(saved.criterionIds, evaluation.criterion_index),
        ...cellColumns(evaluation, scaleOfDecision(decision.type)),
        explanation: evaluation.explanation,
        generated_by: 'user' as const,
        ...(isPersonal && { ai_value: evaluation.ai_value, ai_explanation: evaluation.ai_explanation }),
      }));
      await decisions.replaceUserEvaluations(decisionId, userId, rows, trx, { onlyGivenCells: false });
    }
    return saved;
  }

  /** A team's tallies (issue 27: never every vote), a personal decision's cells. */
  async function votesOf(decision: DecisionRow, trx: Transaction<Database>): Promise<DecisionVotes> {
    if (decision.type === 'team')
      return { type: 'team', votes: (await teamVotes.teamVotesOf(decision, trx)).votes };
    return { type: 'personal', evaluations: await decisions.listEvaluations(decision.id, trx) };
  }

  /** Keeps `decision.score` equal to the current top total (personal) or top team result; null without a result. */
  async function refreshScore(trx: Transaction<Database>, decision: DecisionRow): Promise<DecisionRow> {
    await storeMeasuredScores(decisions, trx, decision, await decisions.listCriteria(decision.id, trx));
    const [options, criteria, votes] = await Promise.all([
      decisions.listOptions(decision.id, trx),
      decisions.listCriteria(decision.id, trx),
      votesOf(decision, trx),
    ]);
    const score = topScore(resultOf(decision, options, criteria, votes).ranking);
    return decisions.updateDecision(decision.id, { score }, trx);
  }

  /**
   * `refreshScore` after one member's vote on some cells: a team decision's result starts from the
   * committed votes with only those cells read again (issue 27). Answers the votes as well, for
   * `rememberVotes` once the transaction committed.
   */
  async function refreshScoreAfterVote(
    trx: Transaction<Database>,
    decision: DecisionRow,
    change: { userId: number; cells: readonly { option_id: number; criterion_id: number }[] },
  ): Promise<{ row: DecisionRow; read?: TeamVotesRead }> {
    if (decision.type !== 'team') return { row: await refreshScore(trx, decision) };
    const [options, criteria, read] = await Promise.all([
      decisions.listOptions(decision.id, trx),
      decisions.listCriteria(decision.id, trx),
      teamVotes.teamVotesAfterVote(decision, change, trx),
    ]);
    const score = topScore(
      resultOf(decision, options, criteria, { type: 'team', votes: read.votes }).ranking,
    );
    return { row: await decisions.updateDecision(decision.id, { score }, trx), read };
  }

  /**
   * Refuses a matrix that does not fit the decision (duplicate names, indexes beyond the lists): early,
   * before slow work such as an AI call, and again inside the write under the lock.
   */
  async function assertValidUpdate(
    decision: Pick<DecisionRow, 'id' | 'type'>,
    input: MatrixInput,
    executor?: Transaction<Database>,
  ): Promise<void> {
    const [options, criteria] = await Promise.all([
      decisions.listOptions(decision.id, executor),
      decisions.listCriteria(decision.id, executor),
    ]);
    validateMatrix(input, { optionCount: options.length, criteria, type: decision.type });
  }

  return {
    saveLists,
    applyMatrix,
    refreshScore,
    refreshScoreAfterVote,
    /** A committed vote's team votes are those of the revision it wrote: the next read starts there. */
    rememberVotes: teamVotes.rememberCommitted,
    assertValidUpdate,
  };
}

export type MatrixWriter = ReturnType<typeof createMatrixWriter>;

/**
 * A cell's stored columns: a score criterion's value, or a measured one's raw value with the scale's
 * lowest as a stand-in score until `storeMeasuredScores` computes it in the same transaction.
 */
export function cellColumns(
  cell: { value?: number | undefined; measure?: number | undefined },
  scale: { min: number },
): { value: number; measure: number | null } {
  return cell.measure === undefined
    ? { value: cell.value ?? scale.min, measure: null }
    : { value: scale.min, measure: cell.measure };
}

/** The id at a position that `validateMatrix` has checked against the same lists. */
export function rowAt(ids: readonly number[], index: number): number {
  const id = ids[index];
  if (id === undefined) throw new Error(`row ${index} is not in a list of ${ids.length}`);
  return id;
}

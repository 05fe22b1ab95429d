import type { Transaction } from 'kysely';
import {
  computePersonalTotals,
  countedPersonalCells,
  rankOptions,
  topScore,
  type RankedOption,
} from '../../../shared/scoring/personal.ts';
import { roundTo } from '../../../shared/scoring/rounding.ts';
import {
  computeTeamCells,
  computeTeamTotals,
  computeTeamWeights,
  votersOf,
  type MemberWeight,
} from '../../../shared/scoring/team.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Database, DecisionMode, DecisionType } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import {
  assertEvaluationIndexes,
  assertUniqueNames,
  planListUpdate,
  type IndexedEvaluation,
} from './matrix.ts';
import { authorize, relationOf, type DecisionAction, type DecisionState, type Relation } from './policy.ts';
import { createRevisionCache } from './revision-cache.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { CriterionRow, DecisionRow, DecisionsRepo, EvaluationRow, OptionRow } from './repo.ts';

export interface MatrixInput {
  options?: { id?: number | undefined; name: string }[] | undefined;
  criteria?: { id?: number | undefined; name: string; importance: number }[] | undefined;
  evaluations?: IndexedEvaluation[] | undefined;
}

export interface DecisionInput extends MatrixInput {
  name: string;
  /** Absent (undefined) keeps the stored value on update. */
  description?: string | null | undefined;
  mode?: DecisionMode | undefined;
  type?: DecisionType | undefined;
  /** Deadline (team decisions), ISO string. */
  timer?: string | null | undefined;
}

/** The caller's view of one decision: who they are to it and what state it is in. */
export interface DecisionAccess {
  decision: DecisionRow;
  userId: number;
  relation: Relation;
  state: DecisionState;
}

export interface EvaluationInput {
  option_id: number;
  criterion_id: number;
  value: number;
  explanation: string | null;
}

/** Personal grids run 1–10 (SPEC.md section 5); team cells 0–10. */
function scaleOf(type: DecisionType) {
  return type === 'team' ? LIMITS.scales.evaluate : LIMITS.scales.personalGrid;
}

function validateMatrix(
  input: MatrixInput,
  current: { optionCount: number; criterionCount: number; type: DecisionType },
): void {
  if (input.options)
    assertUniqueNames(
      'options',
      input.options.map((option) => option.name),
    );
  if (input.criteria)
    assertUniqueNames(
      'criteria',
      input.criteria.map((criterion) => criterion.name),
    );
  if (input.evaluations) {
    assertEvaluationIndexes(
      input.evaluations,
      input.options?.length ?? current.optionCount,
      input.criteria?.length ?? current.criterionCount,
      scaleOf(current.type),
    );
  }
}

export function computeRanking(
  decision: Pick<DecisionRow, 'type' | 'mode' | 'user_id'>,
  options: readonly OptionRow[],
  criteria: readonly CriterionRow[],
  evaluations: readonly EvaluationRow[],
  weights: readonly MemberWeight[],
): RankedOption[] {
  if (decision.type === 'team') {
    return rankOptions(computeTeamTotals(options, criteria, evaluations, weights, decision.mode));
  }
  return rankOptions(
    computePersonalTotals(options, criteria, countedPersonalCells(evaluations, decision.user_id)),
  );
}

export function createDecisionsService(deps: { decisions: DecisionsRepo; eventBus: EventBus }) {
  const { decisions, eventBus } = deps;

  /** Tells everyone following the decision (owner, members, plus `alsoNotify`) that it changed. */
  /** The owner and, for a team decision, every member. */
  async function followersOf(decision: Pick<DecisionRow, 'id' | 'type' | 'user_id'>): Promise<number[]> {
    const members = decision.type === 'team' ? await decisions.listTeamMembers(decision.id) : [];
    return [decision.user_id, ...members.map((member) => member.user_id)];
  }

  async function announceChange(decisionId: number, alsoNotify: number[] = []): Promise<void> {
    const decision = await decisions.findById(decisionId);
    if (!decision) return;
    const audience = [...(await followersOf(decision)), ...alsoNotify];
    await eventBus.publish(audience, { type: 'decision-changed', data: { decision_id: decisionId } });
  }
  const matrixCache = createRevisionCache<Awaited<ReturnType<typeof loadMatrix>>>();

  async function loadMatrix(decision: DecisionRow) {
    const isTeam = decision.type === 'team';
    const [options, criteria, evaluations, weights] = await Promise.all([
      decisions.listOptions(decision.id),
      decisions.listCriteria(decision.id),
      decisions.listEvaluations(decision.id),
      isTeam ? decisions.listWeights(decision.id) : Promise.resolve([]),
    ]);
    const ranking = computeRanking(decision, options, criteria, evaluations, weights);
    // Team aggregates are computed once per revision: results for everyone without shipping every vote.
    const teamResults = isTeam
      ? {
          weights: [...computeTeamWeights(criteria, weights)].map(([criterion_id, weight]) => ({
            criterion_id,
            weight,
          })),
          cells: [...computeTeamCells(evaluations, decision.mode)].map(([key, cell]) => {
            const [option_id, criterion_id] = key.split(':').map(Number) as [number, number];
            return { option_id, criterion_id, value: roundTo(cell.mean, 2), votes: cell.votes };
          }),
          voterIds: votersOf(decision.mode, evaluations, weights),
        }
      : undefined;
    return { options, criteria, evaluations, weights, ranking, teamResults };
  }

  /** Options, criteria, votes and ranking: computed once per revision of the decision. */
  function matrixOf(decision: DecisionRow) {
    return matrixCache.get(decision.id, decision.revision, () => loadMatrix(decision));
  }

  /** Writes options, criteria and the caller's evaluations inside the given transaction. */
  async function applyMatrix(
    trx: Transaction<Database>,
    decisionId: number,
    userId: number,
    input: MatrixInput,
  ): Promise<{ optionIds: number[]; criterionIds: number[] }> {
    let optionIds = (await decisions.listOptions(decisionId, trx)).map((option) => option.id);
    let criterionIds = (await decisions.listCriteria(decisionId, trx)).map((criterion) => criterion.id);

    if (input.options) {
      const plan = planListUpdate(await decisions.listOptions(decisionId, trx), input.options);
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
      const plan = planListUpdate(await decisions.listCriteria(decisionId, trx), input.criteria);
      await decisions.deleteCriteria(plan.remove, trx);
      criterionIds = new Array<number>(input.criteria.length);
      for (const { id, input: criterion, position } of plan.keep) {
        await decisions.updateCriterion(id, criterion.name, criterion.importance, position, trx);
        criterionIds[position] = id;
      }
      for (const { input: criterion, position } of plan.insert) {
        criterionIds[position] = await decisions.insertCriterion(
          { decision_id: decisionId, name: criterion.name, importance: criterion.importance, position },
          trx,
        );
      }
    }

    if (input.evaluations) {
      const rows = input.evaluations.map((evaluation) => ({
        option_id: optionIds[evaluation.option_index]!,
        criterion_id: criterionIds[evaluation.criterion_index]!,
        value: evaluation.value,
        explanation: evaluation.explanation,
        generated_by: 'user' as const,
      }));
      await decisions.replaceUserEvaluations(decisionId, userId, rows, trx, { onlyGivenCells: false });
    }
    return { optionIds, criterionIds };
  }

  /** Keeps `decision.score` equal to the current top total (personal) or top team result. */
  async function refreshScore(trx: Transaction<Database>, decision: DecisionRow): Promise<void> {
    const [options, criteria, evaluations, weights] = await Promise.all([
      decisions.listOptions(decision.id, trx),
      decisions.listCriteria(decision.id, trx),
      decisions.listEvaluations(decision.id, trx),
      decision.type === 'team' ? decisions.listWeights(decision.id, trx) : Promise.resolve([]),
    ]);
    const score = topScore(computeRanking(decision, options, criteria, evaluations, weights));
    await decisions.updateDecision(decision.id, { score }, trx);
  }

  /** Who the caller is to the decision and which locks hold, read through `executor` when given. */
  async function accessTo(
    decision: DecisionRow,
    userId: number,
    isCompletedByAi: boolean,
    executor?: Transaction<Database>,
  ): Promise<DecisionAccess> {
    const teamRole =
      decision.type === 'team' ? await decisions.teamRoleOf(decision.id, userId, executor) : undefined;
    return {
      decision,
      userId,
      relation: relationOf(decision, userId, teamRole),
      state: {
        type: decision.type,
        isExpired: decision.timer !== null && new Date(decision.timer).getTime() <= Date.now(),
        isCompletedByAi,
      },
    };
  }

  async function loadAccess(decisionId: number, userId: number): Promise<DecisionAccess> {
    const decision = await decisions.findById(decisionId);
    if (!decision) throw new AppError('NOT_FOUND');
    const isCompletedByAi =
      decision.type === 'team' &&
      (await matrixOf(decision)).evaluations.some((evaluation) => evaluation.generated_by === 'ai');
    return accessTo(decision, userId, isCompletedByAi);
  }

  /**
   * Runs one write in one transaction: lock the decision first (the one lock order of every writer),
   * then check the caller's right and the locks (deadline, AI completion) as of that moment, then
   * write. A check made before the transaction may be stale when the write lands, e.g. as a deadline
   * passes or the owner removes an option. `action` null: the caller checks the access itself.
   * Inside `work`, every query must use `trx` (SQLite has one connection; PostgreSQL a small pool).
   */
  function writeLocked<T>(
    decisionId: number,
    userId: number,
    action: DecisionAction | null,
    work: (access: DecisionAccess, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return decisions.transaction(async (trx) => {
      const decision = await decisions.lockForWrite(decisionId, trx);
      if (!decision) throw new AppError('NOT_FOUND');
      const isCompletedByAi = decision.type === 'team' && (await decisions.hasAiEvaluations(decisionId, trx));
      const access = await accessTo(decision, userId, isCompletedByAi, trx);
      if (action) authorize(access.relation, action, access.state);
      return work(access, trx);
    });
  }

  /**
   * Refuses a matrix that does not fit the decision (duplicate names, indexes beyond the lists): early,
   * before slow work such as an AI call, and again inside the write under the lock.
   */
  async function assertValidUpdate(
    access: Pick<DecisionAccess, 'decision'>,
    input: MatrixInput,
    executor?: Transaction<Database>,
  ): Promise<void> {
    const [options, criteria] = await Promise.all([
      decisions.listOptions(access.decision.id, executor),
      decisions.listCriteria(access.decision.id, executor),
    ]);
    validateMatrix(input, {
      optionCount: options.length,
      criterionCount: criteria.length,
      type: access.decision.type,
    });
  }

  return {
    announceChange,
    followersOf,

    writeLocked,

    /** Keeps the score right after a write made elsewhere inside `writeLocked` (e.g. a member removed). */
    refreshScore,

    async markActivated(access: DecisionAccess): Promise<void> {
      await writeLocked(access.decision.id, access.userId, 'activate', (_, trx) =>
        decisions.updateDecision(access.decision.id, { activated_at: isoNow() }, trx),
      );
      await announceChange(access.decision.id);
    },

    async setTimer(access: DecisionAccess, timer: string | null): Promise<void> {
      await writeLocked(access.decision.id, access.userId, 'manageDeadline', (_, trx) =>
        decisions.updateDecision(access.decision.id, { timer }, trx),
      );
    },

    /** The caller's weights (0–100, null removes one); every criterion must belong to the decision. */
    async setWeights(access: DecisionAccess, weights: { criterion_id: number; weight: number | null }[]) {
      const updated = await writeLocked(access.decision.id, access.userId, 'weight', async (locked, trx) => {
        const { decision } = locked;
        const criterionIds = new Set(
          (await decisions.listCriteria(decision.id, trx)).map((criterion) => criterion.id),
        );
        const fields: Record<string, string> = {};
        const seen = new Set<number>();
        weights.forEach((weight, index) => {
          if (!criterionIds.has(weight.criterion_id))
            fields[`weights.${index}.criterion_id`] = 'validation.unknownCriterion';
          if (seen.has(weight.criterion_id)) fields[`weights.${index}`] = 'validation.duplicateCell';
          seen.add(weight.criterion_id);
        });
        if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
        await decisions.replaceUserWeights(decision.id, locked.userId, weights, trx);
        await refreshScore(trx, decision);
        return (await decisions.findById(decision.id, trx))!;
      });
      await announceChange(access.decision.id);
      return updated;
    },

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

    loadAccess,

    list(userId: number) {
      return decisions.listVisibleTo(userId);
    },

    async create(userId: number, input: DecisionInput): Promise<DecisionRow> {
      validateMatrix(input, { optionCount: 0, criterionCount: 0, type: input.type ?? 'private' });
      return decisions.transaction(async (trx) => {
        const now = isoNow();
        const decision = await decisions.insertDecision(
          {
            user_id: userId,
            name: input.name,
            description: input.description ?? '',
            mode: input.mode ?? 'manual',
            type: input.type ?? 'private',
            score: null,
            timer: input.timer ?? null,
            created_at: now,
            updated_at: now,
          },
          trx,
        );
        await applyMatrix(trx, decision.id, userId, input);
        await refreshScore(trx, decision);
        return (await decisions.findById(decision.id, trx))!;
      });
    },

    async update(access: DecisionAccess, input: DecisionInput): Promise<DecisionRow> {
      const updated = await writeLocked(access.decision.id, access.userId, 'edit', async (locked, trx) => {
        const { decision } = locked;
        // The kind of a decision never changes: team stays team, personal stays personal.
        if (input.type && (input.type === 'team') !== (decision.type === 'team')) {
          throw new AppError('VALIDATION_FAILED', { type: 'validation.typeChange' });
        }
        await assertValidUpdate(locked, input, trx);
        await decisions.updateDecision(
          decision.id,
          {
            name: input.name,
            description: input.description === undefined ? decision.description : (input.description ?? ''),
            mode: input.mode ?? decision.mode,
            type: input.type ?? decision.type,
          },
          trx,
        );
        await applyMatrix(trx, decision.id, locked.userId, input);
        await refreshScore(trx, (await decisions.findById(decision.id, trx))!);
        return (await decisions.findById(decision.id, trx))!;
      });
      await announceChange(access.decision.id);
      return updated;
    },

    /** Upserts the caller's values for the given cells; every id must belong to this decision. */
    async evaluate(access: DecisionAccess, evaluations: EvaluationInput[]): Promise<DecisionRow> {
      if (!evaluations.length) return access.decision;
      const updated = await writeLocked(access.decision.id, access.userId, 'vote', async (locked, trx) => {
        const { decision } = locked;
        // Read under the lock: an option the owner removed a moment ago is unknown now, not an orphan.
        const [options, criteria] = await Promise.all([
          decisions.listOptions(decision.id, trx),
          decisions.listCriteria(decision.id, trx),
        ]);
        const optionIds = new Set(options.map((option) => option.id));
        const criterionIds = new Set(criteria.map((criterion) => criterion.id));
        const fields: Record<string, string> = {};
        const cells = new Set<string>();
        evaluations.forEach((evaluation, index) => {
          if (!optionIds.has(evaluation.option_id))
            fields[`evaluations.${index}.option_id`] = 'validation.unknownOption';
          if (!criterionIds.has(evaluation.criterion_id)) {
            fields[`evaluations.${index}.criterion_id`] = 'validation.unknownCriterion';
          }
          const cell = `${evaluation.option_id}:${evaluation.criterion_id}`;
          if (cells.has(cell)) fields[`evaluations.${index}`] = 'validation.duplicateCell';
          cells.add(cell);
        });
        if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);

        const rows = evaluations.map((evaluation) => ({ ...evaluation, generated_by: 'user' as const }));
        await decisions.replaceUserEvaluations(decision.id, locked.userId, rows, trx, {
          onlyGivenCells: true,
        });
        await refreshScore(trx, decision);
        return (await decisions.findById(decision.id, trx))!;
      });
      await announceChange(access.decision.id);
      return updated;
    },

    assertValidUpdate,

    /**
     * Saves the sent title, description, options and criteria and stores the AI's cells
     * (generated_by 'ai', no user) in one transaction: the decision is then completed by AI.
     * Refuses with 409 when another run finished first.
     */
    async completeWithAi(
      access: DecisionAccess,
      input: DecisionInput,
      cells: IndexedEvaluation[],
    ): Promise<DecisionRow> {
      await assertValidUpdate(access, input);
      // The model answered after a wait: the lock re-checks role, deadline and an earlier AI run now.
      const updated = await writeLocked(access.decision.id, access.userId, 'startAi', async (locked, trx) => {
        const { decision } = locked;
        await assertValidUpdate(locked, input, trx);
        await decisions.updateDecision(
          decision.id,
          { name: input.name, description: input.description ?? decision.description, mode: 'ai' },
          trx,
        );
        const { optionIds, criterionIds } = await applyMatrix(trx, decision.id, locked.userId, {
          options: input.options,
          criteria: input.criteria,
        });
        await decisions.insertAiEvaluations(
          decision.id,
          cells.map((cell) => ({
            option_id: optionIds[cell.option_index]!,
            criterion_id: criterionIds[cell.criterion_index]!,
            value: cell.value,
            explanation: cell.explanation,
          })),
          trx,
        );
        await refreshScore(trx, (await decisions.findById(decision.id, trx))!);
        return (await decisions.findById(decision.id, trx))!;
      });
      await announceChange(access.decision.id);
      return updated;
    },

    /** Members are read fresh: their nicknames change without touching the decision. */
    async details(access: DecisionAccess) {
      const isTeam = access.decision.type === 'team';
      const [matrix, team] = await Promise.all([
        matrixOf(access.decision),
        isTeam
          ? decisions.listTeam(access.decision.id, access.decision.user_id, isoNow())
          : Promise.resolve(undefined),
      ]);
      return { ...matrix, team };
    },

    /** Followers learn of the deletion live; the audience is read before the rows go. */
    async remove(access: DecisionAccess): Promise<void> {
      const audience = await followersOf(access.decision);
      await writeLocked(access.decision.id, access.userId, 'delete', (_, trx) =>
        decisions.deleteDecision(access.decision.id, trx),
      );
      await eventBus.publish(audience, {
        type: 'decision-changed',
        data: { decision_id: access.decision.id },
      });
    },
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;

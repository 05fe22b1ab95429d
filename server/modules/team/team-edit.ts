import type { z } from 'zod';
import type { teamEditRequestSchema } from '../../../shared/api/team.ts';
import { scaleOfDecision } from '../../../shared/limits.ts';
import type { CriterionKind } from '../../../shared/scoring/measure.ts';
import { AppError } from '../../app-error.ts';
import {
  assertVisibilityChangeAllowed,
  authorize,
  validateMatrix,
  readStoredMatrix,
  recordSave,
  type DecisionAction,
  type DecisionWriteContext,
  type SavedLists,
} from '../decisions/index.ts';

export type TeamEditInput = z.output<typeof teamEditRequestSchema>;

function editsDecision(input: TeamEditInput): boolean {
  return (
    input.name !== undefined ||
    input.description !== undefined ||
    input.options !== undefined ||
    input.criteria !== undefined ||
    input.results_visibility !== undefined
  );
}

/** The rights a team edit needs: one per part it carries (nothing but 'view' for an empty edit). */
export function actionsFor(input: TeamEditInput): DecisionAction[] {
  const actions: DecisionAction[] = [];
  // Facts of measured criteria (issue 31) are part of the set-up: owner and admin, while voting is open.
  if (editsDecision(input) || input.facts) actions.push('edit');
  if (input.votes) actions.push('vote');
  if (input.weights) actions.push('weight');
  return actions;
}

interface RowReference {
  id?: number | undefined;
  index?: number | undefined;
}

/** The id a reference names among the rows after the save, or undefined when it names none. */
function resolve(ids: readonly number[], reference: RowReference): number | undefined {
  if (reference.id !== undefined) return ids.includes(reference.id) ? reference.id : undefined;
  return reference.index === undefined ? undefined : ids[reference.index];
}

/**
 * How many facts (a team's raw values on measured criteria, issue 31) a replacement by `next` changes:
 * cells added, removed or given another value. 0 when the save changes no fact.
 */
export function changedFactCount(
  stored: readonly {
    option_id: number;
    criterion_id: number;
    user_id: number | null;
    generated_by: string;
    measure: number | null;
  }[],
  next: readonly { option_id: number; criterion_id: number; measure: number }[],
): number {
  const cellOf = (row: { option_id: number; criterion_id: number }) => `${row.option_id}:${row.criterion_id}`;
  const before = new Map(
    stored
      .filter((row) => row.user_id === null && row.generated_by === 'fact')
      .map((row) => [cellOf(row), row.measure]),
  );
  const after = new Map(next.map((row) => [cellOf(row), row.measure]));
  let changed = 0;
  for (const cell of new Set([...before.keys(), ...after.keys()]))
    if (before.get(cell) !== after.get(cell)) changed += 1;
  return changed;
}

export interface ResolvedEdit {
  votes: { option_id: number; criterion_id: number; value: number }[] | undefined;
  weights: { criterion_id: number; weight: number | null }[] | undefined;
  facts: { option_id: number; criterion_id: number; measure: number }[] | undefined;
}

/**
 * Turns the votes' and weights' row references (id, or position in the lists after the save) into
 * ids. Refuses unknown rows and a second vote for one cell or weight for one criterion, naming each.
 */
export function resolveReferences(
  input: Pick<TeamEditInput, 'votes' | 'weights' | 'facts'>,
  lists: SavedLists,
  kinds: ReadonlyMap<number, CriterionKind> = new Map(),
): ResolvedEdit {
  const fields: Record<string, string> = {};
  const referenceField = (prefix: string, column: 'option' | 'criterion', reference: RowReference) =>
    `${prefix}.${column}_${reference.id !== undefined ? 'id' : 'index'}`;

  const cells = new Set<string>();
  const votes = input.votes?.flatMap((vote, index) => {
    const option = { id: vote.option_id, index: vote.option_index };
    const criterion = { id: vote.criterion_id, index: vote.criterion_index };
    const optionId = resolve(lists.optionIds, option);
    const criterionId = resolve(lists.criterionIds, criterion);
    if (optionId === undefined)
      fields[referenceField(`votes.${index}`, 'option', option)] = 'validation.unknownOption';
    if (criterionId === undefined)
      fields[referenceField(`votes.${index}`, 'criterion', criterion)] = 'validation.unknownCriterion';
    if (optionId === undefined || criterionId === undefined) return [];
    // Members vote on score criteria only; a measured criterion's values are facts (issue 31).
    if (kinds.get(criterionId) === 'measure') {
      fields[referenceField(`votes.${index}`, 'criterion', criterion)] = 'validation.voteOnMeasured';
      fields[`votes.${index}.value`] = 'validation.voteOnMeasured';
    }
    const cell = `${optionId}:${criterionId}`;
    if (cells.has(cell)) fields[`votes.${index}`] = 'validation.duplicateCell';
    cells.add(cell);
    return [{ option_id: optionId, criterion_id: criterionId, value: vote.value }];
  });

  const factCells = new Set<string>();
  const facts = input.facts?.flatMap((fact, index) => {
    const option = { id: fact.option_id, index: fact.option_index };
    const criterion = { id: fact.criterion_id, index: fact.criterion_index };
    const optionId = resolve(lists.optionIds, option);
    const criterionId = resolve(lists.criterionIds, criterion);
    if (optionId === undefined)
      fields[referenceField(`facts.${index}`, 'option', option)] = 'validation.unknownOption';
    if (criterionId === undefined)
      fields[referenceField(`facts.${index}`, 'criterion', criterion)] = 'validation.unknownCriterion';
    if (optionId === undefined || criterionId === undefined) return [];
    if (kinds.get(criterionId) !== 'measure') {
      fields[referenceField(`facts.${index}`, 'criterion', criterion)] = 'validation.factOnScore';
      fields[`facts.${index}.measure`] = 'validation.factOnScore';
    }
    const cell = `${optionId}:${criterionId}`;
    if (factCells.has(cell)) fields[`facts.${index}`] = 'validation.duplicateCell';
    factCells.add(cell);
    return [{ option_id: optionId, criterion_id: criterionId, measure: fact.measure }];
  });

  const weighted = new Set<number>();
  const weights = input.weights?.flatMap((weight, index) => {
    const criterion = { id: weight.criterion_id, index: weight.criterion_index };
    const criterionId = resolve(lists.criterionIds, criterion);
    if (criterionId === undefined) {
      fields[referenceField(`weights.${index}`, 'criterion', criterion)] = 'validation.unknownCriterion';
      return [];
    }
    if (weighted.has(criterionId)) fields[`weights.${index}`] = 'validation.duplicateCell';
    weighted.add(criterionId);
    return [{ criterion_id: criterionId, weight: weight.weight }];
  });

  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
  return { votes, weights, facts };
}

/**
 * PUT /api/team-decisions/{id}: title, lists, visibility, the caller's votes and weights in one transaction under
 * the decision's lock, each part authorized on its own (edit, vote, weight). Any refusal saves nothing.
 * An empty edit writes nothing and tells nobody; the caller reads the details afterwards.
 */
export function createTeamEdit({ decisions, writeLocked, matrix, emit, history }: DecisionWriteContext) {
  return async function saveTeamEdit(
    decisionId: number,
    userId: number,
    input: TeamEditInput,
  ): Promise<void> {
    const isWritten = await writeLocked(decisionId, userId, null, async (locked, trx) => {
      // The path names team decisions: a personal one is not found here, whoever asks and for what.
      if (locked.decision.type !== 'team') throw new AppError('NOT_FOUND');
      const actions = actionsFor(input);
      for (const action of actions.length ? actions : (['view'] as const))
        authorize(locked.relation, action, locked.state);
      if (!actions.length) return false;

      const { decision } = locked;
      validateMatrix(
        { options: input.options, criteria: input.criteria },
        { optionCount: 0, criteria: [], type: decision.type },
      );
      const visibility = input.results_visibility ?? decision.results_visibility;
      await assertVisibilityChangeAllowed(decisions, decision, visibility, trx);
      const listsBefore =
        input.options || input.criteria
          ? await readStoredMatrix(decisions, decision.id, trx, { cells: false })
          : null;
      const updated = editsDecision(input)
        ? await decisions.updateDecision(
            decision.id,
            {
              name: input.name ?? decision.name,
              description: input.description === undefined ? decision.description : (input.description ?? ''),
              results_visibility: visibility,
            },
            trx,
          )
        : decision;
      const lists = await matrix.saveLists(trx, decision.id, input);
      const kinds =
        input.votes || input.facts
          ? new Map((await decisions.listCriteria(decision.id, trx)).map((row) => [row.id, row.kind]))
          : new Map<number, CriterionKind>();
      const { votes, weights, facts } = resolveReferences(input, lists, kinds);
      // Read after the lists' save: facts of removed rows or of criteria that changed kind went with
      // them, and the list change records that itself.
      const factsChanged = facts
        ? changedFactCount(await decisions.listMeasuredEvaluations(decision.id, trx), facts)
        : 0;
      if (facts && factsChanged > 0) {
        const scale = scaleOfDecision(decision.type);
        // Scores follow in refreshScore, computed from every option's raw value.
        await decisions.replaceFacts(
          decision.id,
          facts.map((fact) => ({ ...fact, value: scale.min })),
          trx,
        );
      }
      if (votes) {
        const rows = votes.map((vote) => ({ ...vote, explanation: null, generated_by: 'user' as const }));
        await decisions.replaceUserEvaluations(decision.id, userId, rows, trx, { onlyGivenCells: false });
      }
      if (weights)
        await decisions.replaceUserWeights(decision.id, userId, weights, trx, { onlyGivenCriteria: false });
      await matrix.refreshScore(trx, updated);
      const counted = [
        // Facts are the same for everyone, yet the entry keeps to their count, like votes (issue 31).
        ...(factsChanged > 0 ? [{ kind: 'facts_saved' as const, field: 'facts', count: factsChanged }] : []),
        ...(votes ? [{ kind: 'vote_saved' as const, field: 'cells', count: votes.length }] : []),
        ...(weights ? [{ kind: 'weights_saved' as const, field: 'weights', count: weights.length }] : []),
      ];
      await history.record(
        trx,
        counted.map(({ kind, field, count }) => ({
          decisionId: decision.id,
          kind,
          actorId: userId,
          changes: [{ field, from: null, to: count }],
        })),
      );
      await recordSave(
        trx,
        { decisions, history },
        { actorId: userId, rowBefore: decision, rowAfter: updated, matrixBefore: listsBefore },
      );
      return true;
    });
    if (isWritten) await emit({ type: 'decision.changed', decisionId });
  };
}

import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { countRows } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, teamApi } from '../../test/team-factories.ts';

// Issue 27: the largest matrix the schema accepts (50 options × 30 criteria = 1,500 cells) is saved,
// evaluated and shrunk without a 500 on either engine. Before, SQLite refused a delete over 998 or more
// cells with "Expression tree is too large" (one OR per cell).
const { maxOptions, maxCriteria } = LIMITS.decision;
const CELLS = maxOptions * maxCriteria;

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);
const team = teamApi(() => app);
let owner: SignedInUser;

beforeAll(async () => {
  owner = await createSignedInUser(app);
});

const optionNames = Array.from({ length: maxOptions }, (_, index) => `Option ${index + 1}`);
const criteria = Array.from({ length: maxCriteria }, (_, index) => ({
  name: `Criterion ${index + 1}`,
  importance: 10,
}));

/** A value per cell that differs between neighbours, so a value landing in the wrong cell shows. */
const valueOf = (optionIndex: number, criterionIndex: number, shift: number, scale: { min: number }) =>
  scale.min + ((optionIndex * 7 + criterionIndex * 3 + shift) % (11 - scale.min));

function everyCell<T>(make: (optionIndex: number, criterionIndex: number) => T): T[] {
  return optionNames.flatMap((_, optionIndex) =>
    criteria.map((__, criterionIndex) => make(optionIndex, criterionIndex)),
  );
}

async function detailsOf(caller: SignedInUser, id: number): Promise<DecisionDetails> {
  const response = await api.details(caller, id);
  expect(response.statusCode).toBe(200);
  return response.json<DecisionDetails>();
}

/** The caller's values by "option name|criterion name", so ids and order do not matter. */
function valuesByCell(details: DecisionDetails, userId: number | null): Map<string, number> {
  const optionName = new Map(details.options.map((option) => [option.id, option.name]));
  const criterionName = new Map(details.criteria.map((criterion) => [criterion.id, criterion.name]));
  return new Map(
    details.evaluations
      .filter((evaluation) => userId === null || evaluation.user_id === userId)
      .map((evaluation) => [
        `${optionName.get(evaluation.option_id)}|${criterionName.get(evaluation.criterion_id)}`,
        evaluation.value,
      ]),
  );
}

function expectedValues(
  optionIndexes: number[],
  criterionIndexes: number[],
  shift: number,
  scale: { min: number },
): Map<string, number> {
  return new Map(
    optionIndexes.flatMap((optionIndex) =>
      criterionIndexes.map((criterionIndex) => [
        `${optionNames[optionIndex]}|${criteria[criterionIndex]?.name}`,
        valueOf(optionIndex, criterionIndex, shift, scale),
      ]),
    ),
  );
}

const range = (length: number) => Array.from({ length }, (_, index) => index);
const personalScale = { min: 1 };
const teamScale = { min: 0 };

describe(`a personal decision of ${maxOptions} × ${maxCriteria} = ${CELLS} cells`, () => {
  it('is created with every cell, evaluated in full, then loses options and criteria', async () => {
    const { decision, details, optionIds, criterionIds } = await createDecision(app, owner, {
      options: optionNames,
      criteria,
      evaluations: everyCell((option_index, criterion_index) => ({
        option_index,
        criterion_index,
        value: valueOf(option_index, criterion_index, 0, personalScale),
      })),
    });
    expect(details.evaluations).toHaveLength(CELLS);

    const evaluated = await api.evaluate(owner, decision.id, {
      evaluations: everyCell((optionIndex, criterionIndex) => ({
        option_id: optionIds[optionIndex],
        criterion_id: criterionIds[criterionIndex],
        value: valueOf(optionIndex, criterionIndex, 1, personalScale),
        explanation: `Cell ${optionIndex}/${criterionIndex}`,
      })),
    });
    expect(evaluated.statusCode).toBe(200);
    expect(valuesByCell(await detailsOf(owner, decision.id), null)).toEqual(
      expectedValues(range(maxOptions), range(maxCriteria), 1, personalScale),
    );

    // Every other option and criterion goes; the kept cells keep their values.
    const keptOptions = range(maxOptions).filter((index) => index % 2 === 0);
    const keptCriteria = range(maxCriteria).filter((index) => index % 2 === 0);
    const shrunk = await api.update(owner, decision.id, {
      name: decision.name,
      options: keptOptions.map((index) => ({ id: optionIds[index], name: optionNames[index] })),
      criteria: keptCriteria.map((index) => ({ ...criteria[index], id: criterionIds[index] })),
    });
    expect(shrunk.statusCode).toBe(200);
    const after = await detailsOf(owner, decision.id);
    expect(after.options).toHaveLength(keptOptions.length);
    expect(after.criteria).toHaveLength(keptCriteria.length);
    expect(valuesByCell(after, null)).toEqual(expectedValues(keptOptions, keptCriteria, 1, personalScale));
  });

  it('replaces every cell through PUT /api/decision/{id}, then is deleted with them', async () => {
    const { decision } = await createDecision(app, owner, {
      options: optionNames,
      criteria,
      evaluations: [],
    });
    const replaced = await api.update(owner, decision.id, {
      name: decision.name,
      options: optionNames,
      criteria,
      evaluations: everyCell((option_index, criterion_index) => ({
        option_index,
        criterion_index,
        value: valueOf(option_index, criterion_index, 2, personalScale),
      })),
    });
    expect(replaced.statusCode).toBe(200);
    expect(valuesByCell(await detailsOf(owner, decision.id), null)).toEqual(
      expectedValues(range(maxOptions), range(maxCriteria), 2, personalScale),
    );

    const evaluationsBefore = await countRows(app, 'evaluations');
    expect((await api.remove(owner, decision.id)).statusCode).toBe(200);
    expect(evaluationsBefore - (await countRows(app, 'evaluations'))).toBe(CELLS);
  });
});

describe(`a team decision of ${maxOptions} × ${maxCriteria} = ${CELLS} cells`, () => {
  it('takes every vote and weight of two members, then loses options and criteria', async () => {
    const { decision, optionIds, criterionIds } = await createTeamDecision(app, owner, {
      options: optionNames,
      criteria,
    });
    expect((await team.activate(owner, decision.id)).statusCode).toBe(200);
    const editor = await addMember(app, owner, decision.id, 'editor');

    // The owner votes through the team PUT (votes and weights in one request), the editor through evaluate.
    const saved = await team.teamEdit(owner, decision.id, {
      votes: everyCell((option_index, criterion_index) => ({
        option_index,
        criterion_index,
        value: valueOf(option_index, criterion_index, 3, teamScale),
      })),
      weights: criteria.map((_, criterion_index) => ({ criterion_index, weight: 50 })),
    });
    expect(saved.statusCode).toBe(200);
    const evaluated = await team.evaluate(
      editor,
      decision.id,
      everyCell((optionIndex, criterionIndex) => ({
        option_id: optionIds[optionIndex],
        criterion_id: criterionIds[criterionIndex],
        value: valueOf(optionIndex, criterionIndex, 4, teamScale),
        explanation: null,
      })),
    );
    expect(evaluated.statusCode).toBe(200);
    const weighted = await team.weights(
      editor,
      decision.id,
      criterionIds.map((criterion_id) => ({ criterion_id, weight: 25 })),
    );
    expect(weighted.statusCode).toBe(200);

    // Details carry the caller's own votes.
    expect(valuesByCell(await detailsOf(owner, decision.id), owner.user.id)).toEqual(
      expectedValues(range(maxOptions), range(maxCriteria), 3, teamScale),
    );
    expect(valuesByCell(await detailsOf(editor, decision.id), editor.user.id)).toEqual(
      expectedValues(range(maxOptions), range(maxCriteria), 4, teamScale),
    );

    const keptOptions = range(maxOptions).filter((index) => index % 3 !== 0);
    const keptCriteria = range(maxCriteria).filter((index) => index % 3 !== 0);
    const shrunk = await team.teamEdit(owner, decision.id, {
      options: keptOptions.map((index) => ({ id: optionIds[index], name: optionNames[index] })),
      criteria: keptCriteria.map((index) => ({ ...criteria[index], id: criterionIds[index] })),
    });
    expect(shrunk.statusCode).toBe(200);
    expect(valuesByCell(await detailsOf(owner, decision.id), owner.user.id)).toEqual(
      expectedValues(keptOptions, keptCriteria, 3, teamScale),
    );
    expect(valuesByCell(await detailsOf(editor, decision.id), editor.user.id)).toEqual(
      expectedValues(keptOptions, keptCriteria, 4, teamScale),
    );
  });
});

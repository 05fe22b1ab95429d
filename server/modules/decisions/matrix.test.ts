import { describe, expect, it } from 'vitest';
import type { AppError } from '../../app-error.ts';
import { refusal } from '../../test/refusal.ts';
import {
  assertEvaluationIndexes,
  assertUniqueNames,
  planListUpdate,
  type IndexedEvaluation,
} from './matrix.ts';

const SCALE = { min: 1, max: 10 };
/** n score criteria (issue 31: cells are checked against their criterion's kind). */
const scores = (count: number) => Array.from({ length: count }, () => 'score' as const);

const stored = [
  { id: 11, name: 'Alpha' },
  { id: 12, name: 'Beta' },
  { id: 13, name: 'Gamma' },
];

describe('planListUpdate', () => {
  it('keeps every row whose name did not change, at its new position', () => {
    const plan = planListUpdate(stored, [{ name: 'Gamma' }, { name: 'Alpha' }, { name: 'Beta' }]);
    expect(plan.keep).toEqual([
      { id: 13, input: { name: 'Gamma' }, position: 0 },
      { id: 11, input: { name: 'Alpha' }, position: 1 },
      { id: 12, input: { name: 'Beta' }, position: 2 },
    ]);
    expect(plan.insert).toEqual([]);
    expect(plan.remove).toEqual([]);
  });

  it('matches names case-insensitively, so a change of case keeps the id (and the new spelling)', () => {
    const plan = planListUpdate(stored, [{ name: 'ALPHA' }, { name: 'beta' }, { name: 'Gamma' }]);
    expect(plan.keep.map(({ id, input }) => [id, input.name])).toEqual([
      [11, 'ALPHA'],
      [12, 'beta'],
      [13, 'Gamma'],
    ]);
  });

  it('matches a stored name that carries stray spaces', () => {
    const plan = planListUpdate([{ id: 7, name: ' Legacy ' }], [{ name: 'legacy' }]);
    expect(plan.keep).toEqual([{ id: 7, input: { name: 'legacy' }, position: 0 }]);
  });

  it('keeps the id of a renamed row sent with its id', () => {
    const plan = planListUpdate(stored, [{ id: 12, name: 'Bravo' }, { name: 'Alpha' }, { name: 'Gamma' }]);
    expect(plan.keep).toEqual([
      { id: 12, input: { id: 12, name: 'Bravo' }, position: 0 },
      { id: 11, input: { name: 'Alpha' }, position: 1 },
      { id: 13, input: { name: 'Gamma' }, position: 2 },
    ]);
    expect(plan.remove).toEqual([]);
  });

  it('inserts new names and removes the stored rows nobody claimed', () => {
    const plan = planListUpdate(stored, [{ name: 'Beta' }, { name: 'Delta' }]);
    expect(plan.keep).toEqual([{ id: 12, input: { name: 'Beta' }, position: 0 }]);
    expect(plan.insert).toEqual([{ input: { name: 'Delta' }, position: 1 }]);
    expect(plan.remove.sort()).toEqual([11, 13]);
  });

  it('an explicit id wins over a name match: the row named like it is then free to be removed', () => {
    // Option 11 is renamed to "Beta"; the stored "Beta" (12) is not claimed by anyone.
    const plan = planListUpdate(stored, [{ id: 11, name: 'Beta' }, { name: 'Gamma' }]);
    expect(plan.keep).toEqual([
      { id: 11, input: { id: 11, name: 'Beta' }, position: 0 },
      { id: 13, input: { name: 'Gamma' }, position: 1 },
    ]);
    expect(plan.remove).toEqual([12]);
  });

  it('names can swap between ids without losing either row', () => {
    const plan = planListUpdate(stored.slice(0, 2), [
      { id: 11, name: 'Beta' },
      { id: 12, name: 'Alpha' },
    ]);
    expect(plan.keep.map(({ id, input }) => [id, input.name])).toEqual([
      [11, 'Beta'],
      [12, 'Alpha'],
    ]);
    expect(plan.insert).toEqual([]);
    expect(plan.remove).toEqual([]);
  });

  it('treats an id that is not one of the stored rows (e.g. of another decision) as a new name', () => {
    const plan = planListUpdate(stored, [
      { id: 999, name: 'Alpha' },
      { id: 998, name: 'Zeta' },
    ]);
    expect(plan.keep).toEqual([{ id: 11, input: { id: 999, name: 'Alpha' }, position: 0 }]);
    expect(plan.insert).toEqual([{ input: { id: 998, name: 'Zeta' }, position: 1 }]);
    expect(plan.remove.sort()).toEqual([12, 13]);
  });

  it('an empty list removes everything; an empty store inserts everything', () => {
    expect(planListUpdate(stored, [])).toEqual({ keep: [], insert: [], remove: [11, 12, 13] });
    expect(planListUpdate([], [{ name: 'A' }, { name: 'B' }])).toEqual({
      keep: [],
      insert: [
        { input: { name: 'A' }, position: 0 },
        { input: { name: 'B' }, position: 1 },
      ],
      remove: [],
    });
  });

  it('covers every position exactly once', () => {
    const incoming = [{ name: 'New 1' }, { name: 'beta' }, { id: 13, name: 'Renamed' }, { name: 'New 2' }];
    const plan = planListUpdate(stored, incoming);
    const positions = [...plan.keep, ...plan.insert].map((entry) => entry.position).sort();
    expect(positions).toEqual([0, 1, 2, 3]);
    expect(plan.remove).toEqual([11]);
  });
});

describe('assertUniqueNames', () => {
  it('accepts distinct names, and empty names are not duplicates of each other', () => {
    expect(() => assertUniqueNames('options', ['A', 'B', 'AB'])).not.toThrow();
    expect(() => assertUniqueNames('options', ['', ' '])).not.toThrow();
  });

  it('refuses a repeat compared trimmed and case-insensitive, naming the repeat position', () => {
    expect(refusal(() => assertUniqueNames('options', [' A ', 'a']))).toEqual({
      code: 'DUPLICATE_NAME',
      fields: { 'options.1.name': 'validation.duplicateName' },
    });
  });

  it('names every repeat in the list it checks', () => {
    expect(
      refusal(() => assertUniqueNames('criteria', ['Price', 'Speed', 'PRICE', 'speed ', 'price'])),
    ).toEqual({
      code: 'DUPLICATE_NAME',
      fields: {
        'criteria.2.name': 'validation.duplicateName',
        'criteria.3.name': 'validation.duplicateName',
        'criteria.4.name': 'validation.duplicateName',
      },
    });
  });

  it('is a 409', () => {
    try {
      assertUniqueNames('options', ['x', 'X']);
    } catch (error) {
      expect((error as AppError).status).toBe(409);
      return;
    }
    throw new Error('expected a refusal');
  });
});

describe('assertEvaluationIndexes', () => {
  const cell = (option_index: number, criterion_index: number): IndexedEvaluation => ({
    option_index,
    criterion_index,
    value: 5,
    explanation: null,
  });

  it('refuses values outside the given scale, per field', () => {
    const low = { ...cell(0, 0), value: 0 };
    const high = { ...cell(0, 1), value: 11 };
    expect(refusal(() => assertEvaluationIndexes([low, high], 1, scores(2), SCALE))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'evaluations.0.value': 'validation.valueRange',
        'evaluations.1.value': 'validation.valueRange',
      },
    });
    expect(() => assertEvaluationIndexes([low], 1, scores(1), { min: 0, max: 10 })).not.toThrow();
  });

  it('accepts every cell inside a 2 × 3 grid', () => {
    const grid = [0, 1].flatMap((o) => [0, 1, 2].map((c) => cell(o, c)));
    expect(() => assertEvaluationIndexes(grid, 2, scores(3), SCALE)).not.toThrow();
    expect(() => assertEvaluationIndexes([], 0, scores(0), SCALE)).not.toThrow();
  });

  it('refuses positions past the end of either list, per field', () => {
    expect(
      refusal(() => assertEvaluationIndexes([cell(0, 0), cell(2, 0), cell(1, 3)], 2, scores(3), SCALE)),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'evaluations.1.option_index': 'validation.unknownOption',
        'evaluations.2.criterion_index': 'validation.unknownCriterion',
      },
    });
  });

  it('refuses any index when a list is empty', () => {
    expect(refusal(() => assertEvaluationIndexes([cell(0, 0)], 0, scores(0), SCALE))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'evaluations.0.option_index': 'validation.unknownOption',
        'evaluations.0.criterion_index': 'validation.unknownCriterion',
      },
    });
  });

  it('refuses a second value for the same cell', () => {
    expect(
      refusal(() => assertEvaluationIndexes([cell(1, 1), cell(0, 1), cell(1, 1)], 2, scores(2), SCALE)),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { 'evaluations.2': 'validation.duplicateCell' },
    });
  });
});

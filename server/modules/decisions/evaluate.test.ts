import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { assertEvaluationCells } from './evaluate.ts';

const cell = (option_id: number, criterion_id: number, value = 5) => ({
  option_id,
  criterion_id,
  value,
  explanation: null,
});
const { personal, team } = LIMITS.scales;
const scoreCriteria = (...ids: number[]) => new Map(ids.map((id) => [id, 'score' as const]));

describe('assertEvaluationCells', () => {
  it('accepts cells of the decision’s rows', () => {
    expect(() =>
      assertEvaluationCells([cell(1, 3), cell(2, 3)], new Set([1, 2]), scoreCriteria(3), personal),
    ).not.toThrow();
  });

  it('holds values to the decision’s scale: 0 is a team vote, never a personal score', () => {
    const zero = [cell(1, 3, 0)];
    expect(() => assertEvaluationCells(zero, new Set([1]), scoreCriteria(3), team)).not.toThrow();
    expect(refusal(() => assertEvaluationCells(zero, new Set([1]), scoreCriteria(3), personal))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { 'evaluations.0.value': 'validation.valueRange' },
    });
    expect(() =>
      assertEvaluationCells([cell(1, 3, 1), cell(2, 3, 10)], new Set([1, 2]), scoreCriteria(3), personal),
    ).not.toThrow();
  });

  it('names each unknown option and criterion and each second value for one cell', () => {
    expect(
      refusal(() =>
        assertEvaluationCells(
          [cell(1, 3), cell(7, 3), cell(1, 8), cell(1, 3)],
          new Set([1, 2]),
          scoreCriteria(3),
          personal,
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'evaluations.1.option_id': 'validation.unknownOption',
        'evaluations.2.criterion_id': 'validation.unknownCriterion',
        'evaluations.3': 'validation.duplicateCell',
      },
    });
  });

  it('takes a raw value on a measured criterion and refuses one on a score criterion (issue 31)', () => {
    const kinds = new Map([
      [3, 'score' as const],
      [4, 'measure' as const],
    ]);
    const measured = { option_id: 1, criterion_id: 4, measure: 1299, explanation: null };
    expect(() => assertEvaluationCells([measured], new Set([1]), kinds, personal)).not.toThrow();
    expect(
      refusal(() =>
        assertEvaluationCells(
          [{ option_id: 1, criterion_id: 3, measure: 4, explanation: null }, cell(1, 4)],
          new Set([1]),
          kinds,
          personal,
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'evaluations.0.measure': 'validation.measureOnScore',
        'evaluations.1.measure': 'validation.measureRequired',
      },
    });
    expect(refusal(() => assertEvaluationCells([measured], new Set([1]), kinds, team, true))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'evaluations.0.criterion_id': 'validation.voteOnMeasured',
        'evaluations.0.measure': 'validation.voteOnMeasured',
      },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal.ts';
import { assertKnownCells } from './evaluate.ts';

const cell = (option_id: number, criterion_id: number) => ({
  option_id,
  criterion_id,
  value: 5,
  explanation: null,
});

describe('assertKnownCells', () => {
  it('accepts cells of the decision’s rows', () => {
    expect(() => assertKnownCells([cell(1, 3), cell(2, 3)], new Set([1, 2]), new Set([3]))).not.toThrow();
  });

  it('names each unknown option and criterion and each second value for one cell', () => {
    expect(
      refusal(() =>
        assertKnownCells([cell(1, 3), cell(7, 3), cell(1, 8), cell(1, 3)], new Set([1, 2]), new Set([3])),
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
});

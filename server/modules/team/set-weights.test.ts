import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal.ts';
import { assertKnownCriteria } from './set-weights.ts';

describe('assertKnownCriteria', () => {
  it('accepts weights for criteria of the decision, null included', () => {
    expect(() =>
      assertKnownCriteria(
        [
          { criterion_id: 1, weight: 50 },
          { criterion_id: 2, weight: null },
        ],
        new Set([1, 2]),
      ),
    ).not.toThrow();
  });

  it('names each unknown criterion and each second weight for one criterion', () => {
    expect(
      refusal(() =>
        assertKnownCriteria(
          [
            { criterion_id: 1, weight: 50 },
            { criterion_id: 9, weight: 10 },
            { criterion_id: 1, weight: 20 },
          ],
          new Set([1, 2]),
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'weights.1.criterion_id': 'validation.unknownCriterion',
        'weights.2': 'validation.duplicateCell',
      },
    });
  });
});

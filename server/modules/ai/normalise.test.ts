import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import {
  modelAnswerSchema,
  normaliseRecommendations,
  tidyExplanation,
  type ModelAnswer,
} from './normalise.ts';

const CONTEXT = { optionCount: 2, criterionCount: 2, scale: { min: 1, max: 10 } };

const cell = (criterion_index: number, value: number, explanation = 'Because.') => ({
  criterion_index,
  value,
  explanation,
});

describe('normaliseRecommendations', () => {
  it('leaves measured criteria to the user: never scored, never missing (issue 31)', () => {
    const answer: ModelAnswer = {
      recommendations: [
        { option_index: 0, bewertungen: [cell(0, 5), cell(1, 2)] },
        { option_index: 1, bewertungen: [cell(0, 6)] },
      ],
    };
    expect(normaliseRecommendations(answer, { ...CONTEXT, measured: new Set([0]) })).toEqual({
      recommendations: [{ option_index: 0, bewertungen: [cell(1, 2)] }],
      missing: [{ option_index: 1, criterion_index: 1 }],
      scoredCells: 1,
    });
  });

  it('passes a complete answer through, ordered by option and criterion', () => {
    const answer: ModelAnswer = {
      recommendations: [
        { option_index: 1, bewertungen: [cell(1, 4), cell(0, 3)] },
        { option_index: 0, bewertungen: [cell(0, 1), cell(1, 2)] },
      ],
    };
    expect(normaliseRecommendations(answer, CONTEXT)).toEqual({
      recommendations: [
        { option_index: 0, bewertungen: [cell(0, 1), cell(1, 2)] },
        { option_index: 1, bewertungen: [cell(0, 3), cell(1, 4)] },
      ],
      missing: [],
      scoredCells: 4,
    });
  });

  it('rounds to integers and clamps to the scale', () => {
    const answer: ModelAnswer = {
      recommendations: [{ option_index: 0, bewertungen: [cell(0, 10.6), cell(1, 0.4)] }],
    };
    const values = (scale: { min: number; max: number }) =>
      normaliseRecommendations(answer, { ...CONTEXT, scale }).recommendations[0]!.bewertungen.map(
        (c) => c.value,
      );
    expect(values({ min: 1, max: 10 })).toEqual([10, 1]);
    expect(values({ min: 0, max: 10 })).toEqual([10, 0]);
    expect(values({ min: 1, max: 5 })).toEqual([5, 1]);
  });

  it('skips -1, unknown, fractional and repeated indexes and lists every unscored cell', () => {
    const answer: ModelAnswer = {
      recommendations: [
        { option_index: -1, bewertungen: [cell(0, 9)] },
        { option_index: 2, bewertungen: [cell(0, 9)] },
        { option_index: 0.5, bewertungen: [cell(0, 9)] },
        { option_index: 0, bewertungen: [cell(-1, 9), cell(5, 9), cell(1, 6), cell(1, 2)] },
        { option_index: 1, bewertungen: [cell(0, Number.NaN)] },
      ],
    };
    const result = normaliseRecommendations(answer, CONTEXT);
    expect(result.recommendations).toEqual([{ option_index: 0, bewertungen: [cell(1, 6)] }]);
    expect(result.missing).toEqual([
      { option_index: 0, criterion_index: 0 },
      { option_index: 1, criterion_index: 0 },
      { option_index: 1, criterion_index: 1 },
    ]);
    expect(result.scoredCells).toBe(1);
  });

  it('reports an empty answer as nothing scored', () => {
    const result = normaliseRecommendations({ recommendations: [] }, CONTEXT);
    expect(result.scoredCells).toBe(0);
    expect(result.missing).toHaveLength(4);
  });
});

describe('modelAnswerSchema', () => {
  it('strips injected fields and refuses a different shape', () => {
    const parsed = modelAnswerSchema.parse({
      recommendations: [{ option_index: 0, extra: 1, bewertungen: [{ ...cell(0, 5), user_id: 3 }] }],
      admin: true,
    });
    expect(parsed).toEqual({ recommendations: [{ option_index: 0, bewertungen: [cell(0, 5)] }] });
    expect(modelAnswerSchema.safeParse({ hacked: true }).success).toBe(false);
    expect(
      modelAnswerSchema.safeParse({ recommendations: [{ option_index: '0', bewertungen: [] }] }).success,
    ).toBe(false);
  });
});

describe('tidyExplanation', () => {
  it('trims, joins lines and removes control characters', () => {
    expect(tidyExplanation('  Cheap\n\tand\u0007 close.  ')).toBe('Cheap and close.');
  });

  it('removes what single-line texts refuse, so a suggested name can be saved as shown', () => {
    expect(tidyExplanation('\u202eEl\u200bectric\u202c\u2028car\u0085')).toBe('Electric car');
    expect(tidyExplanation('👩\u200d💻 Remote')).toBe('👩\u200d💻 Remote');
  });

  it('cuts long reasons at a word boundary with an ellipsis', () => {
    const long = 'word '.repeat(200);
    const tidy = tidyExplanation(long);
    expect(tidy.length).toBeLessThanOrEqual(LIMITS.ai.explanationMax);
    expect(tidy).toMatch(/word…$/);
  });
});

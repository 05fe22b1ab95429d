import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits.ts';
import { scaleAnchorsText } from './scale-anchors.ts';

// The English text of `decisionForm.anchorPart`, enough to read the joined result.
const t = ((key: string, values: { score: number; text: string }) =>
  key === 'decisionForm.anchorPart' ? `${values.score} = ${values.text}` : key) as unknown as TFunction;

describe('scale anchors', () => {
  it('names what the ends of the scale mean, either end alone, or nothing', () => {
    const personal = LIMITS.scales.personal;
    expect(scaleAnchorsText(t, { low: '> 2,000 €', high: '< 800 €' }, personal)).toBe(
      '1 = > 2,000 € · 10 = < 800 €',
    );
    expect(scaleAnchorsText(t, { low: '', high: 'quiet' }, LIMITS.scales.team)).toBe('10 = quiet');
    expect(scaleAnchorsText(t, { low: ' ', high: '' }, personal)).toBeNull();
    expect(scaleAnchorsText(t, null, personal)).toBeNull();
  });
});

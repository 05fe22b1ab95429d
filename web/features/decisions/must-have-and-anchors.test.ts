import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import {
  anchorProblem,
  minimumProblem,
  mustHaveAndAnchorsOf,
  mustHaveAndAnchorsRequest,
} from './must-have-and-anchors.ts';

describe('must-have and anchors', () => {
  it('holds a minimum to the decision’s scale by the server’s schema', () => {
    expect(minimumProblem(null, LIMITS.scales.personal)).toBeUndefined();
    expect(minimumProblem(1, LIMITS.scales.personal)).toBeUndefined();
    expect(minimumProblem(0, LIMITS.scales.personal)).toBe('validation.minimumRange');
    expect(minimumProblem(0, LIMITS.scales.team)).toBeUndefined();
    expect(minimumProblem(2.5, LIMITS.scales.team)).toBe('validation.minimumRange');
    expect(minimumProblem(11, LIMITS.scales.team)).toBe('validation.minimumRange');
  });

  it('allows anchors up to their length, without control characters', () => {
    expect(anchorProblem('> 2,000 €')).toBeUndefined();
    expect(anchorProblem('x'.repeat(LIMITS.decision.anchorMax + 1))).toBe('validation.tooLong');
    expect(anchorProblem('a\u0007b')).toBe('validation.controlCharacters');
  });

  it('edits stored values and sends them back trimmed, clearing with null', () => {
    expect(mustHaveAndAnchorsOf({ minimum: 3, anchors: null })).toEqual({
      minimum: 3,
      anchors: { low: '', high: '' },
    });
    expect(mustHaveAndAnchorsRequest({ minimum: 3, anchors: { low: ' slow ', high: '' } })).toEqual({
      minimum: 3,
      anchors: { low: 'slow', high: '' },
    });
    expect(mustHaveAndAnchorsRequest({ minimum: null, anchors: { low: ' ', high: '' } })).toEqual({
      minimum: null,
      anchors: null,
    });
    expect(mustHaveAndAnchorsRequest({})).toEqual({ minimum: null, anchors: null });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '../../../shared/limits.ts';
import {
  anchorProblem,
  minimumProblem,
  mustHaveAndAnchorsOf,
  mustHaveAndAnchorsRequest,
  refineMinimums,
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

  it('takes a measured criterion’s must-have in its unit, any number (issue 31)', () => {
    expect(minimumProblem(1500, LIMITS.scales.personal, 'measure')).toBeUndefined();
    expect(minimumProblem(4.5, LIMITS.scales.team, 'measure')).toBeUndefined();
    expect(minimumProblem(-3, LIMITS.scales.team, 'measure')).toBeUndefined();
    expect(minimumProblem(1500, LIMITS.scales.personal, 'score')).toBe('validation.minimumRange');
    const rows = z.array(z.object({ minimum: z.number().nullable(), kind: z.enum(['score', 'measure']) }));
    const checked = rows.superRefine(refineMinimums(LIMITS.scales.personal)).safeParse([
      { minimum: 1500, kind: 'measure' },
      { minimum: 1500, kind: 'score' },
    ]);
    expect(checked.success ? [] : checked.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1, 'minimum'], 'validation.minimumRange'],
    ]);
  });

  it('sends no scale labels for a measured criterion', () => {
    expect(
      mustHaveAndAnchorsRequest({ kind: 'measure', minimum: 1500, anchors: { low: 'dear', high: 'cheap' } }),
    ).toEqual({ minimum: 1500, anchors: null });
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyseDecision,
  flipPointsOf,
  sweepLinesOf,
  totalOnLine,
  winProbabilityOf,
  WIN_PROBABILITY_SAMPLES,
  type AnalysisCriterion,
} from './analysis.ts';
import { cellKey } from './team.ts';

const A = 1;
const B = 2;
const C = 3;
const PRICE = 10;
const QUALITY = 11;
const SERVICE = 12;

function valuesOf(rows: Record<number, (number | undefined)[]>, criteriaIds: readonly number[]) {
  const values = new Map<string, number>();
  for (const [optionId, row] of Object.entries(rows)) {
    row.forEach((value, index) => {
      if (value !== undefined) values.set(cellKey(Number(optionId), criteriaIds[index]!), value);
    });
  }
  return values;
}

// The worked example of issue 17: A (8, 5, 6), B (5, 9, 8), C (6, 6, 6) on Price 50, Quality 30, Service 20.
const example = {
  options: [{ id: A }, { id: B }, { id: C }],
  criteria: [
    { id: PRICE, weight: 50 },
    { id: QUALITY, weight: 30 },
    { id: SERVICE, weight: 20 },
  ],
  values: valuesOf({ [A]: [8, 5, 6], [B]: [5, 9, 8], [C]: [6, 6, 6] }, [PRICE, QUALITY, SERVICE]),
  seed: 7,
};

describe('analyseDecision: the worked example', () => {
  const analysis = analyseDecision(example);

  it('names B the leader', () => {
    expect(analysis.leaders).toEqual([B]);
  });

  it('finds the flip points of every criterion', () => {
    expect(analysis.sensitivity).toEqual([
      { criterion_id: PRICE, share: 50, up: { at_share: 51.6, option_id: A }, down: null },
      { criterion_id: QUALITY, share: 30, up: null, down: { at_share: 28.2, option_id: A } },
      { criterion_id: SERVICE, share: 20, up: null, down: { at_share: 15.8, option_id: A } },
    ]);
  });

  it('labels it fragile by the flip nearest to its share', () => {
    expect(analysis.robustness).toEqual({
      label: 'fragile',
      nearest: { criterion_id: PRICE, share: 50, at_share: 51.6, option_id: A },
    });
  });

  it('gives win probabilities over 2,000 variations that add up to 1, best first', () => {
    expect(analysis.stability.samples).toBe(WIN_PROBABILITY_SAMPLES);
    const [first, second, third] = analysis.stability.options;
    expect(first!.option_id).toBe(B);
    expect(second!.option_id).toBe(A);
    expect(third).toEqual({ option_id: C, win_share: 0, mean_rank: 3 });
    expect(first!.win_share + second!.win_share).toBeCloseTo(1, 12);
    // A close race: B wins more often, but far from always.
    expect(first!.win_share).toBeGreaterThan(0.5);
    expect(first!.win_share).toBeLessThan(0.9);
    expect(first!.mean_rank + second!.mean_rank).toBeCloseTo(3, 1);
  });

  it('gives the same figures for the same seed and others for another', () => {
    expect(analyseDecision(example).stability).toEqual(analysis.stability);
    expect(analyseDecision({ ...example, seed: 8 }).stability).not.toEqual(analysis.stability);
  });

  it('knocks nobody out without minimums', () => {
    expect(analysis.knocked_out).toEqual([]);
  });
});

describe('analyseDecision: ties, a single criterion, missing cells, must-haves', () => {
  it('with two leaders names, per direction, the one that leads alone just past the current share', () => {
    // A (8, 4) and B (4, 8) on 50/50 tie at 6; more weight on the first criterion favours A.
    const analysis = analyseDecision({
      options: [{ id: A }, { id: B }],
      criteria: [
        { id: PRICE, weight: 50 },
        { id: QUALITY, weight: 50 },
      ],
      values: valuesOf({ [A]: [8, 4], [B]: [4, 8] }, [PRICE, QUALITY]),
      seed: 1,
    });
    expect(analysis.leaders).toEqual([A, B]);
    expect(analysis.sensitivity[0]).toEqual({
      criterion_id: PRICE,
      share: 50,
      up: { at_share: 50, option_id: A },
      down: { at_share: 50, option_id: B },
    });
    expect(analysis.robustness.label).toBe('fragile');
    const shares = analysis.stability.options.map((entry) => entry.win_share);
    expect(shares[0]! + shares[1]!).toBeCloseTo(1, 12);
  });

  it('splits a variation between options that always tie', () => {
    const stability = winProbabilityOf(
      [{ id: A }, { id: B }],
      [{ id: PRICE, weight: 1 }],
      valuesOf({ [A]: [5], [B]: [5] }, [PRICE]),
      3,
    );
    expect(stability.options).toEqual([
      { option_id: A, win_share: 0.5, mean_rank: 1.5 },
      { option_id: B, win_share: 0.5, mean_rank: 1.5 },
    ]);
  });

  it('has no flips with a single criterion: its share is always 100 %', () => {
    const analysis = analyseDecision({
      options: [{ id: A }, { id: B }],
      criteria: [{ id: PRICE, weight: 30 }],
      values: valuesOf({ [A]: [7], [B]: [5] }, [PRICE]),
      seed: 1,
    });
    expect(analysis.sensitivity).toEqual([{ criterion_id: PRICE, share: 100, up: null, down: null }]);
    expect(analysis.robustness).toEqual({ label: 'robust', nearest: null });
    expect(analysis.stability.options[0]).toEqual({ option_id: A, win_share: 1, mean_rank: 1 });
  });

  it('counts a missing cell as 0', () => {
    // B lacks Quality: 5 × 0.5 + 0 = 2.5 against A's 6.5.
    const analysis = analyseDecision({
      options: [{ id: A }, { id: B }],
      criteria: [
        { id: PRICE, weight: 50 },
        { id: QUALITY, weight: 50 },
      ],
      values: valuesOf({ [A]: [8, 5], [B]: [5, undefined] }, [PRICE, QUALITY]),
      seed: 1,
    });
    expect(analysis.leaders).toEqual([A]);
    // B catches up only where Quality no longer counts and Price alone decides: never (8 > 5).
    expect(analysis.sensitivity.every((entry) => entry.up === null && entry.down === null)).toBe(true);
    expect(analysis.robustness.label).toBe('robust');
  });

  it('knocks out options below a minimum or without a value, and leaves them out of leaders and chances', () => {
    const criteria: AnalysisCriterion[] = [
      { id: PRICE, weight: 50, minimum: 6 },
      { id: QUALITY, weight: 30 },
      { id: SERVICE, weight: 20, minimum: 7 },
    ];
    const values = valuesOf({ [A]: [8, 5, undefined], [B]: [5, 9, 8], [C]: [6, 6, 7] }, [
      PRICE,
      QUALITY,
      SERVICE,
    ]);
    const analysis = analyseDecision({ ...example, criteria, values });
    expect(analysis.knocked_out).toEqual([
      { option_id: A, criterion_id: SERVICE, value: null, minimum: 7 },
      { option_id: B, criterion_id: PRICE, value: 5, minimum: 6 },
    ]);
    expect(analysis.leaders).toEqual([C]);
    expect(analysis.stability.options).toEqual([{ option_id: C, win_share: 1, mean_rank: 1 }]);
    expect(analysis.robustness).toEqual({ label: 'robust', nearest: null });
  });

  it('leaves options nobody scored out of everything', () => {
    const analysis = analyseDecision({ ...example, unscored: new Set([B]) });
    expect(analysis.leaders).toEqual([A]);
    expect(analysis.stability.options.map((entry) => entry.option_id)).toEqual([A, C]);
  });

  it('has no leader when every option is knocked out', () => {
    const analysis = analyseDecision({
      ...example,
      criteria: [{ id: PRICE, weight: 50, minimum: 10 }, ...example.criteria.slice(1)],
    });
    expect(analysis.leaders).toEqual([]);
    expect(analysis.knocked_out).toHaveLength(3);
    expect(analysis.stability.options).toEqual([]);
  });
});

// Random decisions: 2–6 options, 1–5 criteria, integer values 0–10 (some missing), integer weights.
const decisions = fc
  .record({
    optionCount: fc.integer({ min: 2, max: 6 }),
    weights: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 }),
  })
  .chain(({ optionCount, weights }) =>
    fc.record({
      weights: fc.constant(weights),
      rows: fc.array(
        fc.array(fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }), {
          minLength: weights.length,
          maxLength: weights.length,
        }),
        { minLength: optionCount, maxLength: optionCount },
      ),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  )
  .map(({ weights, rows, seed }) => {
    const criteria = weights.map((weight, index) => ({ id: 100 + index, weight }));
    const options = rows.map((_, index) => ({ id: index + 1 }));
    const values = valuesOf(
      Object.fromEntries(rows.map((row, index) => [index + 1, row])),
      criteria.map((criterion) => criterion.id),
    );
    return { options, criteria, values, seed };
  });

interface SampleDecision {
  options: { id: number }[];
  criteria: AnalysisCriterion[];
  values: Map<string, number>;
}

/** The leaders (ties within 1e-9) when criterion k counts `share` % and the others keep their proportions. */
function leadersAt(decision: SampleDecision, criterionId: number, share: number) {
  const lines = sweepLinesOf(decision.options, decision.criteria, decision.values, criterionId);
  const totals = lines.map((line) => totalOnLine(line, share));
  const best = Math.max(...totals);
  return lines.filter((_, index) => best - totals[index]! <= 1e-9).map((line) => line.option_id);
}

describe('analysis properties', () => {
  it('shares add up to 100', () => {
    fc.assert(
      fc.property(decisions, (decision) => {
        const sum = analyseDecision({ ...decision, samples: 10 }).sensitivity.reduce(
          (total, entry) => total + entry.share,
          0,
        );
        // Each share is rounded to 1 decimal: at most 0.05 off per criterion.
        expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.05 * decision.criteria.length + 1e-9);
      }),
    );
  });

  it('a flip really changes the leader just past it, and not before', () => {
    fc.assert(
      fc.property(decisions, (decision) => {
        const weightSum = decision.criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
        for (const criterion of decision.criteria) {
          const share = (100 * criterion.weight) / weightSum;
          const lines = sweepLinesOf(decision.options, decision.criteria, decision.values, criterion.id);
          const { up, down } = flipPointsOf(lines, share);
          const now = leadersAt(decision, criterion.id, share);
          for (const [flip, direction] of [
            [up, 1],
            [down, -1],
          ] as const) {
            const edge = direction === 1 ? 100 : 0;
            if (!flip) {
              // No flip: a single leader stays the only one all the way to the edge.
              if (now.length === 1) {
                for (const step of [0.25, 0.5, 0.75, 1]) {
                  expect(leadersAt(decision, criterion.id, share + (edge - share) * step)).toEqual(now);
                }
              }
              continue;
            }
            const past = flip.at_share + direction * 1e-6;
            const leadersPast = leadersAt(decision, criterion.id, past);
            expect(leadersPast).toContain(flip.option_id);
            // Before the flip the leader of now is still strictly ahead of the flipping option (for a tie
            // that breaks at once, "before" is the current share itself). Lines are straight, so being
            // ahead halfway means being ahead all the way there; compared exactly, without a tie margin.
            if (Math.abs(flip.at_share - share) > 1e-6) {
              expect(now).not.toContain(flip.option_id);
              const halfway = (share + flip.at_share) / 2;
              const lineOf = (id: number) => lines.find((line) => line.option_id === id)!;
              for (const leader of now) {
                expect(totalOnLine(lineOf(leader), halfway)).toBeGreaterThan(
                  totalOnLine(lineOf(flip.option_id), halfway),
                );
              }
            } else {
              expect(leadersPast).toEqual([flip.option_id]);
            }
          }
        }
      }),
    );
  });

  it('win shares add up to 1 and mean ranks to n(n + 1)/2', () => {
    fc.assert(
      fc.property(decisions, (decision) => {
        const { options } = winProbabilityOf(
          decision.options,
          decision.criteria,
          decision.values,
          decision.seed,
          200,
        );
        const n = options.length;
        expect(options.reduce((sum, entry) => sum + entry.win_share, 0)).toBeCloseTo(1, 9);
        expect(options.reduce((sum, entry) => sum + entry.mean_rank, 0)).toBeCloseTo((n * (n + 1)) / 2, 1);
      }),
    );
  });

  it('does not depend on the order of the options', () => {
    fc.assert(
      fc.property(decisions, (decision) => {
        const forward = analyseDecision({ ...decision, samples: 200 });
        const backward = analyseDecision({
          ...decision,
          options: [...decision.options].reverse(),
          samples: 200,
        });
        expect(new Set(backward.leaders)).toEqual(new Set(forward.leaders));
        const byOption = (stability: typeof forward.stability) =>
          new Map(stability.options.map((entry) => [entry.option_id, entry]));
        expect(byOption(backward.stability)).toEqual(byOption(forward.stability));
        const flips = (analysis: typeof forward) =>
          analysis.sensitivity.map((entry) => [entry.up?.at_share ?? null, entry.down?.at_share ?? null]);
        expect(flips(backward)).toEqual(flips(forward));
        expect(backward.robustness.label).toBe(forward.robustness.label);
      }),
    );
  });
});

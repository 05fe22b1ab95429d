import { describe, expect, it } from 'vitest';
import { resultsOf, scoredCell } from '../../test-support/details-fixtures.ts';

import { abilitiesSchema, type DecisionDetails } from '../../../shared/api/decisions.ts';
import {
  analysisDataOf,
  hasChangedWeights,
  hasResultToAnalyse,
  importancesUpdateOf,
  knockoutsOfDetails,
  liveRankingOf,
  savedWeightsOf,
  sharesToSave,
  weightsWithChanges,
  whatIfAnalysisOf,
} from './analysis-model.ts';

const OWNER = 1;
const [A, B, C] = [1, 2, 3];
const [PRICE, QUALITY, SERVICE] = [10, 11, 12];

const cell = (option_id: number, criterion_id: number, value: number, user_id: number | null = OWNER) =>
  scoredCell(option_id, criterion_id, value, user_id);

/**
 * The worked example of issue 17: A (8, 5, 6), B (5, 9, 8), C (6, 6, 6) on Price 50, Quality 30,
 * Service 20. B leads with 6.8 (A 6.7, C 6.0); A takes the lead if Price counts 51.6 % instead of 50 %.
 */
function personalDetails(minimums: Partial<Record<number, number>> = {}): DecisionDetails {
  const values: Record<number, [number, number, number]> = { [A]: [8, 5, 6], [B]: [5, 9, 8], [C]: [6, 6, 6] };
  const criterion = (id: number, name: string, importance: number) => ({
    id,
    decision_id: 5,
    name,
    importance,
    minimum: minimums[id] ?? null,
    anchors: null,
    kind: 'score' as const,
    unit: null,
    direction: null,
    worst: null,
    best: null,
  });
  return {
    decision: {
      id: 5,
      user_id: OWNER,
      name: 'Supplier',
      title: 'Supplier',
      description: '',
      mode: 'manual',
      type: 'private',
      score: 6.8,
      timer: null,
      results_visibility: 'always',
      created_at: '2030-01-01T00:00:00.000Z',
      updated_at: '2030-01-01T00:00:00.000Z',
    },
    options: [A, B, C].map((id) => ({ id, decision_id: 5, name: ['A', 'B', 'C'][id - 1]! })),
    criteria: [
      criterion(PRICE, 'Price', 50),
      criterion(QUALITY, 'Quality', 30),
      criterion(SERVICE, 'Service', 20),
    ],
    evaluations: [
      ...[A, B, C].flatMap((option) =>
        [PRICE, QUALITY, SERVICE].map((criterionId, index) =>
          cell(option, criterionId, values[option]![index]!),
        ),
      ),
      // A former team member's value: never counted in a personal decision.
      cell(C, PRICE, 10, 99),
    ],
    userRole: 'owner',
    timer: null,
    outcome: null,
    voting_ended: null,
    next_reminder_at: null,
    reminder_recipients: null,
    weightsByUser: {},
    teamMembers: [],
    results: {
      ranking: [
        { option_id: B, total: 6.8, rank: 1, is_top: true, knocked_out: false },
        { option_id: A, total: 6.7, rank: 2, is_top: false, knocked_out: false },
        { option_id: C, total: 6, rank: 3, is_top: false, knocked_out: false },
      ],
      formula: '',
      complete: true,
      missing_cells: 0,
      no_result_reason: null,
    },
    teamResults: null,
    abilities: abilitiesSchema.parse(
      Object.fromEntries(
        Object.keys(abilitiesSchema.shape).map((ability) => [ability, ability === 'canEdit']),
      ),
    ),
    lock: null,
    status: 'open',
    participation: null,
    consensus: null,
    resultsHiddenUntil: null,
    resultsVisibilityLocked: false,
    aiOpinion: null,
    frozen_result: null,
    frozen_result_differs: false,
    workspace: null,
  };
}

/** A team decision where nobody voted on C; the team cells are means rounded to 2 decimals. */
function teamDetails(): DecisionDetails {
  const details = personalDetails({ [PRICE]: 6 });
  return {
    ...details,
    decision: { ...details.decision, type: 'team' },
    evaluations: [],
    teamResults: {
      weights: [
        { criterion_id: PRICE, weight: 33.3 },
        { criterion_id: QUALITY, weight: 33.3 },
        { criterion_id: SERVICE, weight: 33.4 },
      ],
      cells: [
        { option_id: A, criterion_id: PRICE, value: 7.5, votes: 2 },
        { option_id: A, criterion_id: QUALITY, value: 6, votes: 2 },
        { option_id: B, criterion_id: PRICE, value: 5.67, votes: 3 },
        { option_id: B, criterion_id: QUALITY, value: 9, votes: 3 },
      ],
    },
    results: resultsOf([
      { option_id: A, total: 4.5, rank: 1, is_top: true, knocked_out: false },
      { option_id: B, total: 4.89, rank: 2, is_top: false, knocked_out: true },
      { option_id: C, total: null, rank: null, is_top: false, knocked_out: false },
    ]),
  };
}

describe('analysisDataOf', () => {
  it('reads a personal decision: importances and the owner’s values only', () => {
    const data = analysisDataOf(personalDetails());
    expect(data.criteria.map((criterion) => criterion.weight)).toEqual([50, 30, 20]);
    expect(data.values.get(`${C}:${PRICE}`)).toBe(6);
    expect(data.unscored.size).toBe(0);
  });

  it('reads a team decision: team weights, team cells, and options nobody voted on as unscored', () => {
    const data = analysisDataOf(teamDetails());
    expect(data.criteria.map((criterion) => criterion.weight)).toEqual([33.3, 33.3, 33.4]);
    expect(data.values.get(`${B}:${PRICE}`)).toBe(5.67);
    expect([...data.unscored]).toEqual([C]);
  });
});

describe('the analysis under the saved weights', () => {
  it('gives the worked example’s answer: fragile, A leads from Price 51.6 %', () => {
    const data = analysisDataOf(personalDetails());
    const analysis = whatIfAnalysisOf(data, savedWeightsOf(data));
    expect(analysis.leaders).toEqual([B]);
    expect(analysis.robustness.label).toBe('fragile');
    expect(analysis.robustness.nearest).toEqual({
      criterion_id: PRICE,
      share: 50,
      at_share: 51.6,
      option_id: A,
    });
  });

  it('ranks like the server: B 6.8, A 6.7, C 6.0', () => {
    const data = analysisDataOf(personalDetails());
    expect(liveRankingOf(data, savedWeightsOf(data))).toEqual(personalDetails().results.ranking);
  });
});

describe('what-if weights', () => {
  it('put A ahead once Price weighs 100 of 150', () => {
    const data = analysisDataOf(personalDetails());
    const weights = weightsWithChanges(savedWeightsOf(data), new Map([[PRICE, 100]]));
    const ranking = liveRankingOf(data, weights);
    expect(ranking[0]).toMatchObject({ option_id: A, total: 7.13, is_top: true });
    expect(whatIfAnalysisOf(data, weights).leaders).toEqual([A]);
  });

  it('count as unchanged once every slider is back at its saved weight', () => {
    const saved = new Map([
      [PRICE, 50],
      [QUALITY, 30],
    ]);
    expect(hasChangedWeights(saved, weightsWithChanges(saved, new Map([[PRICE, 50]])))).toBe(false);
    expect(hasChangedWeights(saved, weightsWithChanges(saved, new Map([[PRICE, 51]])))).toBe(true);
  });

  it('keep the saved weight of a criterion added meanwhile and drop changes of a removed one', () => {
    const saved = new Map([
      [PRICE, 50],
      [SERVICE, 20],
    ]);
    const changes = new Map([
      [PRICE, 70],
      [QUALITY, 10],
    ]);
    expect([...weightsWithChanges(saved, changes)]).toEqual([
      [PRICE, 70],
      [SERVICE, 20],
    ]);
  });

  it('never let a knocked-out option lead, whatever the weights', () => {
    const data = analysisDataOf(personalDetails({ [PRICE]: 6 }));
    const weights = weightsWithChanges(savedWeightsOf(data), new Map([[PRICE, 0]]));
    const ranking = liveRankingOf(data, weights);
    // Without Price, B (9, 8) would lead by far, but its Price 5 misses the minimum 6.
    expect(ranking.map((entry) => [entry.option_id, entry.is_top, entry.knocked_out])).toEqual([
      [C, true, false],
      [A, false, false],
      [B, false, true],
    ]);
  });

  it('leave team options nobody voted on without a total', () => {
    const data = analysisDataOf(teamDetails());
    const ranking = liveRankingOf(data, new Map([[PRICE, 100]]));
    expect(ranking.at(-1)).toMatchObject({ option_id: C, total: null, rank: null, is_top: false });
  });
});

describe('knockoutsOfDetails', () => {
  it('names the minimum an option misses, with its value, or null when it has none', () => {
    const details = personalDetails({ [PRICE]: 6 });
    details.evaluations = details.evaluations.filter(
      (evaluation) => !(evaluation.option_id === C && evaluation.criterion_id === PRICE),
    );
    expect(Object.fromEntries(knockoutsOfDetails(details))).toEqual({
      [B]: [{ option_id: B, criterion_id: PRICE, value: 5, minimum: 6 }],
      [C]: [{ option_id: C, criterion_id: PRICE, value: null, minimum: 6 }],
    });
  });

  it('compares a measured must-have with the raw values in its unit, by direction (issue 31)', () => {
    const details = personalDetails({ [PRICE]: 1500 });
    details.criteria[0] = { ...details.criteria[0]!, kind: 'measure', unit: '€', direction: 'lower' };
    const prices: Record<number, number> = { [A]: 1299, [B]: 999, [C]: 1650 };
    details.evaluations = details.evaluations.map((evaluation) =>
      evaluation.criterion_id === PRICE && evaluation.user_id === OWNER
        ? { ...evaluation, measure: prices[evaluation.option_id]! }
        : evaluation,
    );
    // At most 1,500 €: only C (1,650 €) misses it, whatever the scores.
    expect(Object.fromEntries(knockoutsOfDetails(details))).toEqual({
      [C]: [{ option_id: C, criterion_id: PRICE, value: 1650, minimum: 1500 }],
    });
    const data = analysisDataOf(details);
    expect(liveRankingOf(data, savedWeightsOf(data)).find((entry) => entry.option_id === C)).toMatchObject({
      knocked_out: true,
    });
    expect(whatIfAnalysisOf(data, savedWeightsOf(data)).knocked_out).toEqual([
      { option_id: C, criterion_id: PRICE, value: 1650, minimum: 1500 },
    ]);
  });

  it('never knocks out a team option nobody voted on', () => {
    expect([...knockoutsOfDetails(teamDetails()).keys()]).toEqual([B]);
  });
});

describe('saving what-if weights', () => {
  it('saves whole percents that add up to 100', () => {
    const data = analysisDataOf(personalDetails());
    const shares = sharesToSave(data, weightsWithChanges(savedWeightsOf(data), new Map([[PRICE, 100]])));
    expect([...shares]).toEqual([
      [PRICE, 67],
      [QUALITY, 20],
      [SERVICE, 13],
    ]);
  });

  it('changes only the importances: criteria by id, nothing about options, cells or must-haves', () => {
    const request = importancesUpdateOf(
      personalDetails({ [PRICE]: 6 }),
      new Map([
        [PRICE, 67],
        [QUALITY, 20],
        [SERVICE, 13],
      ]),
    );
    expect(request).toEqual({
      name: 'Supplier',
      criteria: [
        { id: PRICE, name: 'Price', importance: 67 },
        { id: QUALITY, name: 'Quality', importance: 20 },
        { id: SERVICE, name: 'Service', importance: 13 },
      ],
    });
  });
});

describe('hasResultToAnalyse', () => {
  it('needs a total above 0 on a personal decision and any vote on a team decision', () => {
    const unscored = personalDetails();
    unscored.results.ranking = unscored.results.ranking.map((entry) => ({ ...entry, total: 0 }));
    expect(hasResultToAnalyse(unscored)).toBe(false);
    expect(hasResultToAnalyse(personalDetails())).toBe(true);
    expect(hasResultToAnalyse(teamDetails())).toBe(true);
  });

  it('is false without a result, except a team without weights, whose panel offers weights to try', () => {
    const incomplete = personalDetails();
    incomplete.results = {
      ...incomplete.results,
      complete: false,
      missing_cells: 2,
      no_result_reason: 'missing_cells',
    };
    expect(hasResultToAnalyse(incomplete)).toBe(false);
    const nobodyComplete = teamDetails();
    nobodyComplete.results = { ...nobodyComplete.results, no_result_reason: 'no_complete_voter' };
    expect(hasResultToAnalyse(nobodyComplete)).toBe(false);
    const unweighted = teamDetails();
    unweighted.results = {
      ...unweighted.results,
      ranking: unweighted.results.ranking.map((entry) => ({ ...entry, total: null })),
      no_result_reason: 'no_weights',
    };
    expect(hasResultToAnalyse(unweighted)).toBe(true);
  });

  it('is false while team results are hidden from the reader', () => {
    expect(hasResultToAnalyse({ ...teamDetails(), resultsHiddenUntil: 'close' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  analysisSchema,
  type AnalysisResponse,
  type DecisionAnalysis,
} from '../../../shared/api/analysis.ts';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, decisionApi, workedExample } from '../../test/decision-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  insertAiEvaluation,
  teamApi,
} from '../../test/team-factories.ts';

// Issue 17: GET /api/decision/{id}/analysis on the decision's current data, and the must-have
// minimum and scale anchors of criteria in every payload that carries them.

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);
const team = teamApi(() => app);

const analysisOf = (caller: SignedInUser | undefined, id: number | string) => api.analysis(caller, id);

async function analysis(caller: SignedInUser, id: number): Promise<DecisionAnalysis> {
  const response = await analysisOf(caller, id);
  expect(response.statusCode, response.body).toBe(200);
  return analysisSchema.strict().parse(response.json());
}

const WORKED_EXAMPLE = workedExample();

describe('GET /api/decision/{id}/analysis of a personal decision', () => {
  it('rounds shares and win chances so that they add up to exactly 100 (largest remainder)', async () => {
    const owner = await createSignedInUser(app);
    // Three equal importances (33.3… % each) and three options that each lead in one criterion.
    const { decision } = await createDecision(app, owner, {
      options: ['X', 'Y', 'Z'],
      criteria: [
        { name: 'A', importance: 1 },
        { name: 'B', importance: 1 },
        { name: 'C', importance: 1 },
      ],
      evaluations: [0, 1, 2].flatMap((option) =>
        [0, 1, 2].map((criterion) => ({
          option_index: option,
          criterion_index: criterion,
          value: option === criterion ? 10 : 1,
        })),
      ),
    });
    const result = await analysis(owner, decision.id);
    const shares = result.sensitivity.map((entry) => entry.share);
    expect([...shares].sort()).toEqual([33.3, 33.3, 33.4]);
    // In tenths, so the sum is exact whatever floating point does.
    expect(shares.reduce((sum, share) => sum + Math.round(share * 10), 0)).toBe(1000);
    const wins = result.stability.options.map((entry) => entry.win_share);
    expect(wins.every((share) => share > 0.25 && share < 0.4)).toBe(true);
    expect(wins.reduce((sum, share) => sum + Math.round(share * 1000), 0)).toBe(1000);
  });

  it('answers the worked example: leader, flip points, robustness, win probability', async () => {
    const owner = await createSignedInUser(app);
    const { decision, optionIds, criterionIds } = await createDecision(app, owner, WORKED_EXAMPLE);
    const [a, b, c] = optionIds as [number, number, number];
    const [price, quality, service] = criterionIds as [number, number, number];
    const result = await analysis(owner, decision.id);
    expect(result.leaders).toEqual([b]);
    expect(result.sensitivity).toEqual([
      { criterion_id: price, share: 50, up: { at_share: 51.6, option_id: a }, down: null },
      { criterion_id: quality, share: 30, up: null, down: { at_share: 28.2, option_id: a } },
      { criterion_id: service, share: 20, up: null, down: { at_share: 15.8, option_id: a } },
    ]);
    expect(result.robustness).toEqual({
      label: 'fragile',
      nearest: { criterion_id: price, share: 50, at_share: 51.6, option_id: a },
    });
    expect(result.stability.samples).toBeGreaterThanOrEqual(2000);
    expect(result.stability.options.map((entry) => entry.option_id)).toEqual([b, a, c]);
    const winShares = result.stability.options.reduce((sum, entry) => sum + entry.win_share, 0);
    expect(winShares).toBeCloseTo(1, 9);
    expect(result.knocked_out).toEqual([]);
  });

  it('gives the same figures for the same state, and follows every save', async () => {
    const owner = await createSignedInUser(app);
    const { decision, details } = await createDecision(app, owner, WORKED_EXAMPLE);
    const first = await analysis(owner, decision.id);
    expect(await analysis(owner, decision.id)).toEqual(first);
    // Price counts more: A now leads (A 8 × 60 …).
    const criteria = details.criteria.map((criterion, index) => ({
      id: criterion.id,
      name: criterion.name,
      importance: [60, 25, 15][index]!,
    }));
    expect((await api.update(owner, decision.id, { name: decision.name, criteria })).statusCode).toBe(200);
    const after = await analysis(owner, decision.id);
    expect(after.leaders).toEqual([details.options[0]!.id]);
  });

  it('a public decision’s reader gets it; outsiders and anonymous callers do not learn it exists', async () => {
    const owner = await createSignedInUser(app);
    const stranger = await createSignedInUser(app);
    const hidden = await createDecision(app, owner, WORKED_EXAMPLE);
    const shared = await createDecision(app, owner, { ...WORKED_EXAMPLE, type: 'public' });
    expect((await analysisOf(stranger, shared.decision.id)).statusCode).toBe(200);
    expectApiError(await analysisOf(stranger, hidden.decision.id), 404, 'NOT_FOUND');
    expectApiError(await analysisOf(stranger, 999_999), 404, 'NOT_FOUND');
    expectApiError(await analysisOf(undefined, hidden.decision.id), 401, 'UNAUTHORIZED');
    expectApiError(await analysisOf(owner, 'abc'), 400, 'VALIDATION_FAILED', { fields: ['id'] });
  });

  it('knocks out options below a minimum: ranked last, never top, listed with the reason', async () => {
    const owner = await createSignedInUser(app);
    const { decision, details, optionIds, criterionIds } = await createDecision(app, owner, {
      ...WORKED_EXAMPLE,
      criteria: [
        { name: 'Price', importance: 50, minimum: 6 },
        { name: 'Quality', importance: 30, anchors: { low: 'breaks soon', high: 'lasts for ever' } },
        { name: 'Service', importance: 20 },
      ],
    });
    const [a, b, c] = optionIds as [number, number, number];
    expect(details.criteria.map(({ minimum, anchors }) => ({ minimum, anchors }))).toEqual([
      { minimum: 6, anchors: null },
      { minimum: null, anchors: { low: 'breaks soon', high: 'lasts for ever' } },
      { minimum: null, anchors: null },
    ]);
    // B (6.8) would lead, but its Price 5 is below 6: A (6.7) leads, B follows C.
    expect(details.results.ranking).toEqual([
      { option_id: a, total: 6.7, rank: 1, is_top: true, knocked_out: false },
      { option_id: c, total: 6, rank: 2, is_top: false, knocked_out: false },
      { option_id: b, total: 6.8, rank: 3, is_top: false, knocked_out: true },
    ]);
    expect(details.decision.score).toBe(6.7);
    const result = await analysis(owner, decision.id);
    expect(result.knocked_out).toEqual([
      { option_id: b, criterion_id: criterionIds[0], value: 5, minimum: 6 },
    ]);
    expect(result.leaders).toEqual([a]);
    expect(result.stability.options.map((entry) => entry.option_id).sort()).toEqual([a, c].sort());
    const list = (await api.list(owner)).json<
      { id: number; score: number; leading_option: { id: number } }[]
    >();
    expect(list.find((item) => item.id === decision.id)).toMatchObject({
      score: 6.7,
      leading_option: { id: a },
    });
  });
});

describe('criteria minimum and anchors in payloads', () => {
  it('PUT keeps them when absent, replaces them when sent and clears them with null', async () => {
    const owner = await createSignedInUser(app);
    const { decision, details } = await createDecision(app, owner, {
      criteria: [
        { name: 'Price', importance: 60, minimum: 4, anchors: { low: '> 2,000 €', high: '< 800 €' } },
        { name: 'Comfort', importance: 40 },
      ],
    });
    const [price, comfort] = details.criteria as [
      DecisionDetails['criteria'][number],
      DecisionDetails['criteria'][number],
    ];
    const save = async (criteria: unknown[]) => {
      const response = await api.update(owner, decision.id, { name: decision.name, criteria });
      expect(response.statusCode, response.body).toBe(200);
      return (await api.details(owner, decision.id)).json<DecisionDetails>().criteria;
    };
    const kept = await save([
      { id: price.id, name: 'Price', importance: 60 },
      { id: comfort.id, name: 'Comfort', importance: 40 },
    ]);
    expect(kept[0]).toMatchObject({ minimum: 4, anchors: { low: '> 2,000 €', high: '< 800 €' } });
    const replaced = await save([
      { id: price.id, name: 'Price', importance: 60, minimum: 7, anchors: { low: '  expensive ', high: '' } },
      { id: comfort.id, name: 'Comfort', importance: 40, minimum: 1 },
    ]);
    expect(replaced.map(({ minimum, anchors }) => ({ minimum, anchors }))).toEqual([
      { minimum: 7, anchors: { low: 'expensive', high: '' } },
      { minimum: 1, anchors: null },
    ]);
    const cleared = await save([
      { id: price.id, name: 'Price', importance: 60, minimum: null, anchors: { low: '', high: '' } },
      { id: comfort.id, name: 'Comfort', importance: 40, anchors: null },
    ]);
    expect(cleared.map(({ minimum, anchors }) => ({ minimum, anchors }))).toEqual([
      { minimum: null, anchors: null },
      { minimum: 1, anchors: null },
    ]);
  });

  it('refuses a minimum off the decision’s scale, a fraction, and anchors too long, changing nothing', async () => {
    const owner = await createSignedInUser(app);
    const { decision, details } = await createDecision(app, owner);
    const criterion = (extra: object) => [
      { id: details.criteria[0]!.id, name: 'Price', importance: 60, ...extra },
      { id: details.criteria[1]!.id, name: 'Comfort', importance: 40 },
    ];
    for (const [extra, field] of [
      // Personal decisions score 1–10: a minimum of 0 could never knock anything out.
      [{ minimum: 0 }, 'criteria.0.minimum'],
      [{ minimum: 11 }, 'criteria.0.minimum'],
      [{ minimum: 5.5 }, 'criteria.0.minimum'],
      [{ minimum: '5' }, 'criteria.0.minimum'],
      [{ anchors: { low: 'x'.repeat(81), high: '' } }, 'criteria.0.anchors.low'],
      [{ anchors: { low: 'a\nb', high: '' } }, 'criteria.0.anchors.low'],
    ] as const) {
      const response = await expectNothingChanged(app, () =>
        api.update(owner, decision.id, { name: decision.name, criteria: criterion(extra) }),
      );
      expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [field] });
    }
    const body = expectApiError(
      await api.update(owner, decision.id, { name: decision.name, criteria: criterion({ minimum: 0 }) }),
      400,
      'VALIDATION_FAILED',
      { fields: ['criteria.0.minimum'] },
    );
    expect(body.fields?.['criteria.0.minimum']).toBe(en.validation.minimumRange);
    expectApiError(
      await api.create(owner, { name: 'New', criteria: [{ name: 'Price', importance: 1, minimum: 0 }] }),
      400,
      'VALIDATION_FAILED',
      { fields: ['criteria.0.minimum'] },
    );
  });

  it('team decisions take them on creation and in the team edit, with 0 as a valid minimum', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, {
      criteria: [
        { name: 'Cost', importance: 60, minimum: 0, anchors: { low: 'ruinous', high: 'free' } },
        { name: 'Weather', importance: 40 },
      ],
    });
    const details = await detailsOf(app, owner, created.decision.id);
    expect(details.criteria.map(({ minimum, anchors }) => ({ minimum, anchors }))).toEqual([
      { minimum: 0, anchors: { low: 'ruinous', high: 'free' } },
      { minimum: null, anchors: null },
    ]);
    const edited = await team.teamEdit(owner, created.decision.id, {
      criteria: [
        { id: created.criterionIds[0], name: 'Cost', importance: 60, minimum: 10 },
        {
          id: created.criterionIds[1],
          name: 'Weather',
          importance: 40,
          anchors: { low: 'rain', high: 'sun' },
        },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      edited.json<DecisionDetails>().criteria.map(({ minimum, anchors }) => ({ minimum, anchors })),
    ).toEqual([
      { minimum: 10, anchors: { low: 'ruinous', high: 'free' } },
      { minimum: null, anchors: { low: 'rain', high: 'sun' } },
    ]);
    expectApiError(
      await team.teamEdit(owner, created.decision.id, {
        criteria: [{ id: created.criterionIds[0], name: 'Cost', importance: 60, minimum: 11 }],
      }),
      400,
      'VALIDATION_FAILED',
      { fields: ['criteria.0.minimum'] },
    );
  });
});

describe('GET /api/decision/{id}/analysis of a team decision', () => {
  const vote = (option_id: number, criterion_id: number, value: number) => ({
    option_id,
    criterion_id,
    value,
  });

  async function votedTeam(overrides: Parameters<typeof createTeamDecision>[2] = {}) {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, {
      options: ['Lisbon', 'Oslo', 'Prague'],
      criteria: [
        { name: 'Cost', importance: 50 },
        { name: 'Weather', importance: 50 },
      ],
      ...overrides,
    });
    const id = created.decision.id;
    const [lisbon, oslo, prague] = created.optionIds as [number, number, number];
    const [cost, weather] = created.criterionIds as [number, number];
    const editor = await addMember(app, owner, id, 'editor');
    const viewer = await addMember(app, owner, id, 'viewer');
    // Team cells: Lisbon (7, 8), Oslo (4, 5), Prague: nobody voted.
    for (const [member, values] of [
      [owner, [8, 9, 3, 4]],
      [editor, [6, 7, 5, 6]],
    ] as const) {
      const response = await team.evaluate(member, id, [
        vote(lisbon, cost, values[0]),
        vote(lisbon, weather, values[1]),
        vote(oslo, cost, values[2]),
        vote(oslo, weather, values[3]),
      ]);
      expect(response.statusCode, response.body).toBe(200);
    }
    return { owner, editor, viewer, id, lisbon, oslo, prague, cost, weather };
  }

  it('uses the team weights and cells; an option nobody voted on takes no part', async () => {
    const fixture = await votedTeam();
    const result = await analysis(fixture.viewer, fixture.id);
    expect(result.leaders).toEqual([fixture.lisbon]);
    expect(result.stability.options).toEqual([
      { option_id: fixture.lisbon, win_share: 1, mean_rank: 1 },
      { option_id: fixture.oslo, win_share: 0, mean_rank: 2 },
    ]);
    // Lisbon is better in both criteria: no share of one criterion changes that.
    expect(result.robustness).toEqual({ label: 'robust', nearest: null });
    expect(result.sensitivity.map((entry) => entry.share)).toEqual([50, 50]);
    // Members' own weights move the team weights: Cost 90 from the editor, while the owner (who voted
    // but left the weights empty) counts with the importance: Cost (50 + 90) / 2 = 70, Weather 50.
    expect(
      (await team.weights(fixture.editor, fixture.id, [{ criterion_id: fixture.cost, weight: 90 }]))
        .statusCode,
    ).toBe(200);
    const reweighted = await analysis(fixture.owner, fixture.id);
    expect(reweighted.sensitivity.map((entry) => entry.share)).toEqual([58.3, 41.7]);
  });

  it('knocks out by the team value of a cell', async () => {
    const fixture = await votedTeam({
      criteria: [
        { name: 'Cost', importance: 50, minimum: 7 },
        { name: 'Weather', importance: 50 },
      ],
    });
    const result = await analysis(fixture.owner, fixture.id);
    expect(result.knocked_out).toEqual([
      { option_id: fixture.oslo, criterion_id: fixture.cost, value: 4, minimum: 7 },
    ]);
    // Nobody has voted on Prague, so nobody is complete: no leader yet, knocked out or not.
    const ranking = async () =>
      (await detailsOf(app, fixture.owner, fixture.id)).results.ranking.map(
        ({ option_id, knocked_out, is_top }) => [option_id, knocked_out, is_top],
      );
    expect(await ranking()).toEqual([
      [fixture.lisbon, false, false],
      [fixture.oslo, true, false],
      [fixture.prague, false, false],
    ]);
    await team.evaluate(fixture.owner, fixture.id, [
      vote(fixture.prague, fixture.cost, 7),
      vote(fixture.prague, fixture.weather, 1),
    ]);
    expect(await ranking()).toEqual([
      [fixture.lisbon, false, true],
      [fixture.prague, false, false],
      [fixture.oslo, true, false],
    ]);
  });

  it('answers { hidden: true } and nothing else while results are hidden from the caller', async () => {
    const fixture = await votedTeam({ results_visibility: 'after_close' });
    for (const caller of [fixture.owner, fixture.editor, fixture.viewer]) {
      const response = await analysisOf(caller, fixture.id);
      expect(response.statusCode).toBe(200);
      expect(response.json<AnalysisResponse>()).toStrictEqual({ hidden: true });
    }
    expect((await team.endVoting(fixture.owner, fixture.id)).statusCode).toBe(200);
    expect((await analysis(fixture.viewer, fixture.id)).leaders).toEqual([fixture.lisbon]);
  });

  it('after_vote: a voter sees it once their own complete vote is submitted', async () => {
    const fixture = await votedTeam({ results_visibility: 'after_vote' });
    const admin = await addMember(app, fixture.owner, fixture.id, 'admin');
    expect((await analysisOf(admin, fixture.id)).json()).toStrictEqual({ hidden: true });
    const cells = [fixture.lisbon, fixture.oslo, fixture.prague].flatMap((option) =>
      [fixture.cost, fixture.weather].map((criterion) => vote(option, criterion, 5)),
    );
    expect((await team.evaluate(admin, fixture.id, cells)).statusCode).toBe(200);
    // Complete but not submitted (issue 27): still hidden.
    expect((await analysisOf(admin, fixture.id)).json()).toStrictEqual({ hidden: true });
    expect((await team.submitVote(admin, fixture.id)).statusCode).toBe(200);
    expect((await analysis(admin, fixture.id)).leaders).toEqual([fixture.lisbon]);
  });

  it('in AI mode analyses the AI values only', async () => {
    const fixture = await votedTeam();
    const switched = await api.update(fixture.owner, fixture.id, { name: 'Team offsite', mode: 'ai' });
    expect(switched.statusCode, switched.body).toBe(200);
    await insertAiEvaluation(app, {
      decisionId: fixture.id,
      optionId: fixture.oslo,
      criterionId: fixture.cost,
      value: 9,
    });
    await insertAiEvaluation(app, {
      decisionId: fixture.id,
      optionId: fixture.lisbon,
      criterionId: fixture.cost,
      value: 2,
    });
    const result = await analysis(fixture.owner, fixture.id);
    // The members voted Lisbon ahead; the AI's values put Oslo first.
    expect(result.leaders).toEqual([fixture.oslo]);
    expect(result.stability.options.map((entry) => entry.option_id)).toEqual([fixture.oslo, fixture.lisbon]);
  });

  it('outsiders get 404 on a team decision', async () => {
    const fixture = await votedTeam();
    const stranger = await createSignedInUser(app);
    expectApiError(await analysisOf(stranger, fixture.id), 404, 'NOT_FOUND');
  });
});

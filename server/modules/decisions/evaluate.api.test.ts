import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import type { DecisionDetails, DecisionListItem } from '../../../shared/api/decisions.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, teamApi } from '../../test/team-factories.ts';

// One scale per decision on every endpoint (DESIGN.md): personal 1–10, team 0–10; the totals stay on it.
const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);
const team = teamApi(() => app);
let owner: SignedInUser;

beforeAll(async () => {
  owner = await createSignedInUser(app);
});

async function detailsOf(caller: SignedInUser, id: number): Promise<DecisionDetails> {
  const response = await api.details(caller, id);
  expect(response.statusCode).toBe(200);
  return response.json<DecisionDetails>();
}

async function listScoreOf(caller: SignedInUser, id: number): Promise<number | null | undefined> {
  const response = await api.list(caller);
  expect(response.statusCode).toBe(200);
  return response.json<DecisionListItem[]>().find((item) => item.id === id)?.score;
}

describe('POST /api/decision/{id}/evaluate on a personal decision (1–10)', () => {
  it('accepts 1 and 10, the ends of the scale', async () => {
    const { decision, optionIds, criterionIds } = await createDecision(app, owner);
    const response = await api.evaluate(owner, decision.id, {
      evaluations: [
        { option_id: optionIds[0], criterion_id: criterionIds[0], value: 1, explanation: null },
        { option_id: optionIds[1], criterion_id: criterionIds[1], value: 10, explanation: null },
      ],
    });
    expect(response.statusCode).toBe(200);
    const values = (await detailsOf(owner, decision.id)).evaluations.map((evaluation) => evaluation.value);
    expect(values).toContain(1);
    expect(values).toContain(10);
  });

  it.each([
    [0, 'en'],
    [0, 'de'],
    [11, 'en'],
  ] as const)(
    'refuses %i with 400 naming the cell in the caller’s language (%s), storing nothing',
    async (value, language) => {
      const { decision, optionIds, criterionIds } = await createDecision(app, owner);
      const response = await expectNothingChanged(app, () =>
        app.inject({
          method: 'POST',
          url: `/api/decision/${decision.id}/evaluate`,
          headers: { ...owner.headers, 'accept-language': language },
          payload: {
            evaluations: [
              { option_id: optionIds[0], criterion_id: criterionIds[0], value: 5, explanation: null },
              { option_id: optionIds[1], criterion_id: criterionIds[0], value, explanation: null },
            ],
          },
        }),
      );
      const body = expectApiError(response, 400, 'VALIDATION_FAILED', {
        language,
        fields: ['evaluations.1.value'],
      });
      expect(body.fields?.['evaluations.1.value']).toBe((language === 'de' ? de : en).validation.valueRange);
      // The score stays what it was: Alpha 8×0.6 + 5×0.4 = 6.8, Beta 6×0.6 + 9×0.4 = 7.2.
      expect((await detailsOf(owner, decision.id)).decision.score).toBe(7.2);
    },
  );

  it('refuses a 0 in the edit save (PUT) as well, so no screen can store one', async () => {
    const { decision } = await createDecision(app, owner);
    const response = await expectNothingChanged(app, () =>
      api.update(owner, decision.id, {
        name: 'Which car?',
        description: 'A family car',
        mode: 'manual',
        type: 'private',
        options: ['Alpha', 'Beta'],
        criteria: [
          { name: 'Price', importance: 60 },
          { name: 'Comfort', importance: 40 },
        ],
        evaluations: [{ option_index: 0, criterion_index: 0, value: 0, explanation: null }],
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['evaluations.0.value'] });
  });
});

describe('POST /api/decision/{id}/evaluate on a team decision (0–10)', () => {
  it('stores a 0 as a vote and refuses 11, storing nothing', async () => {
    const created = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    const [lisbon] = created.optionIds as [number, number];
    const [cost] = created.criterionIds as [number, number];

    const refused = await expectNothingChanged(app, () =>
      team.evaluate(editor, created.decision.id, [{ option_id: lisbon, criterion_id: cost, value: 11 }]),
    );
    expectApiError(refused, 400, 'VALIDATION_FAILED', { fields: ['evaluations.0.value'] });

    const accepted = await team.evaluate(editor, created.decision.id, [
      { option_id: lisbon, criterion_id: cost, value: 0 },
    ]);
    expect(accepted.statusCode).toBe(200);
    const details = await detailsOf(editor, created.decision.id);
    expect(details.evaluations).toEqual([
      expect.objectContaining({ option_id: lisbon, criterion_id: cost, value: 0, user_id: editor.user.id }),
    ]);
    // A vote of 0 is a result of 0, not "no votes yet".
    expect(details.results.ranking.find((entry) => entry.option_id === lisbon)?.total).toBe(0);
  });
});

describe('totals and the dashboard score follow Σ value × importance / Σ importance', () => {
  it('keeps a personal total on the 1–10 scale when the importances add up to 60', async () => {
    const { decision, optionIds } = await createDecision(app, owner, {
      options: ['Alpha', 'Beta'],
      criteria: [
        { name: 'Price', importance: 30 },
        { name: 'Comfort', importance: 30 },
      ],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 7 },
        { option_index: 0, criterion_index: 1, value: 7 },
        { option_index: 1, criterion_index: 0, value: 4 },
        { option_index: 1, criterion_index: 1, value: 8 },
      ],
    });
    // Alpha (7×30 + 7×30) / 60 = 7 (not 4.2 "out of 6"); Beta (4×30 + 8×30) / 60 = 6.
    const details = await detailsOf(owner, decision.id);
    expect(details.results.ranking).toEqual([
      { option_id: optionIds[0], total: 7, rank: 1, is_top: true, knocked_out: false },
      { option_id: optionIds[1], total: 6, rank: 2, is_top: false, knocked_out: false },
    ]);
    expect(details.decision.score).toBe(7);
    expect(await listScoreOf(owner, decision.id)).toBe(7);
  });

  it('never announces a team total of 0.00: criteria without importance and no weights name no leader', async () => {
    const created = await createTeamDecision(app, owner, {
      criteria: [{ name: 'Cost' }, { name: 'Weather' }],
    });
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    await team.evaluate(
      editor,
      created.decision.id,
      created.optionIds.flatMap((option_id) =>
        created.criterionIds.map((criterion_id) => ({ option_id, criterion_id, value: 8 })),
      ),
    );
    const details = await detailsOf(owner, created.decision.id);
    expect(details.results).toMatchObject({
      complete: false,
      missing_cells: 0,
      no_result_reason: 'no_weights',
    });
    expect(details.results.ranking.every((entry) => entry.total === null && !entry.is_top)).toBe(true);
    expect(details.decision.score).toBeNull();
    const item = (await api.list(owner)).json<DecisionListItem[]>().find((d) => d.id === created.decision.id);
    expect(item).toMatchObject({ score: null, leading_option: null });

    // One weight is enough: the editor's Cost 50, and Weather keeps its importance 0.
    await team.weights(editor, created.decision.id, [{ criterion_id: created.criterionIds[0]!, weight: 50 }]);
    const weighted = await detailsOf(owner, created.decision.id);
    expect(weighted.results).toMatchObject({ complete: true, no_result_reason: null });
    expect(weighted.decision.score).toBe(8);
  });

  it('gives a team decision no score and no ranked option before anyone voted, then the top result', async () => {
    const created = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    const [lisbon, oslo] = created.optionIds as [number, number];
    const [cost, weather] = created.criterionIds as [number, number];

    const before = await detailsOf(owner, created.decision.id);
    expect(before.decision.score).toBeNull();
    expect(before.results.ranking).toEqual([
      { option_id: lisbon, total: null, rank: null, is_top: false, knocked_out: false },
      { option_id: oslo, total: null, rank: null, is_top: false, knocked_out: false },
    ]);
    expect(await listScoreOf(owner, created.decision.id)).toBeNull();

    // Weights alone are no votes: still no score.
    await team.weights(editor, created.decision.id, [{ criterion_id: cost, weight: 40 }]);
    expect(await listScoreOf(owner, created.decision.id)).toBeNull();

    await team.evaluate(editor, created.decision.id, [
      { option_id: oslo, criterion_id: cost, value: 6 },
      { option_id: oslo, criterion_id: weather, value: 9 },
    ]);
    // Team weights: Cost 40 (the editor's), Weather 40 (the editor left it empty: its importance).
    // Oslo (6×40 + 9×40) / 80 = 7.5, provisional: nobody has voted in full yet (issue 25).
    const partial = await detailsOf(owner, created.decision.id);
    expect(partial.results.ranking).toEqual([
      { option_id: oslo, total: 7.5, rank: 1, is_top: false, knocked_out: false },
      { option_id: lisbon, total: null, rank: null, is_top: false, knocked_out: false },
    ]);
    expect(partial.results).toMatchObject({ complete: false, no_result_reason: 'no_complete_voter' });
    expect(partial.decision.score).toBeNull();
    expect(await listScoreOf(owner, created.decision.id)).toBeNull();

    await team.evaluate(editor, created.decision.id, [
      { option_id: lisbon, criterion_id: cost, value: 5 },
      { option_id: lisbon, criterion_id: weather, value: 5 },
    ]);
    const after = await detailsOf(owner, created.decision.id);
    expect(after.results.ranking).toEqual([
      { option_id: oslo, total: 7.5, rank: 1, is_top: true, knocked_out: false },
      { option_id: lisbon, total: 5, rank: 2, is_top: false, knocked_out: false },
    ]);
    expect(after.results).toMatchObject({ complete: true, missing_cells: 0, no_result_reason: null });
    expect(after.decision.score).toBe(7.5);
    expect(await listScoreOf(owner, created.decision.id)).toBe(7.5);
  });
});

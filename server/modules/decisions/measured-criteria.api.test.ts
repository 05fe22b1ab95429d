import { describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { csvRows, csvSection, pdfText } from '../../test/export-files.ts';
import { decisionApi } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, detailsOf, teamApi } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);
const team = teamApi(() => app);

const laptops = ['Aero', 'Brick', 'Carbon'];
const prices = [1299, 999, 1650];
const batteryHours = [10, 8, 14];

/** Issue 31's laptop decision: price (€, lower is better), battery (h, higher is better), looks (a score). */
function laptopPayload() {
  return {
    name: 'Which laptop?',
    options: laptops,
    criteria: [
      { name: 'Price', importance: 50, kind: 'measure', unit: '€', direction: 'lower' },
      { name: 'Battery', importance: 30, kind: 'measure', unit: 'h', direction: 'higher' },
      { name: 'Looks', importance: 20 },
    ],
    evaluations: laptops.flatMap((_, option) => [
      { option_index: option, criterion_index: 0, measure: prices[option] },
      { option_index: option, criterion_index: 1, measure: batteryHours[option] },
      { option_index: option, criterion_index: 2, value: 7 },
    ]),
  };
}

async function createLaptops(owner: SignedInUser): Promise<DecisionDetails> {
  const created = await api.create(owner, laptopPayload());
  expect(created.statusCode, created.body).toBe(201);
  return detailsOf(app, owner, created.json<{ id: number }>().id);
}

function cellOf(details: DecisionDetails, option: string, criterion: string) {
  const optionId = details.options.find((row) => row.name === option)!.id;
  const criterionId = details.criteria.find((row) => row.name === criterion)!.id;
  return details.evaluations.find((e) => e.option_id === optionId && e.criterion_id === criterionId);
}

describe('measured criteria in a personal decision (issue 31)', () => {
  it('round-trips kind, unit, direction, worst and best, and returns raw values with computed scores', async () => {
    const owner = await createSignedInUser(app);
    const details = await createLaptops(owner);
    expect(
      details.criteria.map(({ name, kind, unit, direction, worst, best }) => ({
        name,
        kind,
        unit,
        direction,
        worst,
        best,
      })),
    ).toEqual([
      { name: 'Price', kind: 'measure', unit: '€', direction: 'lower', worst: null, best: null },
      { name: 'Battery', kind: 'measure', unit: 'h', direction: 'higher', worst: null, best: null },
      { name: 'Looks', kind: 'score', unit: null, direction: null, worst: null, best: null },
    ]);
    // Price: 1 + 9 × (1299 − 1650) / (999 − 1650) = 5.85 → 5.9; battery 1 + 9 × 2/6 = 4.
    expect(cellOf(details, 'Aero', 'Price')).toMatchObject({ measure: 1299, value: 5.9 });
    expect(cellOf(details, 'Brick', 'Price')).toMatchObject({ measure: 999, value: 10 });
    expect(cellOf(details, 'Carbon', 'Price')).toMatchObject({ measure: 1650, value: 1 });
    expect(cellOf(details, 'Aero', 'Battery')).toMatchObject({ measure: 10, value: 4 });
    expect(cellOf(details, 'Aero', 'Looks')).toMatchObject({ measure: null, value: 7 });
    // Totals from the rounded scores: Brick (10 × 50 + 1 × 30 + 7 × 20) / 100 = 6.7.
    const totals = Object.fromEntries(
      details.results.ranking.map((entry) => [
        details.options.find((o) => o.id === entry.option_id)!.name,
        entry.total,
      ]),
    );
    expect(totals).toEqual({ Aero: 5.55, Brick: 6.7, Carbon: 4.9 });
  });

  it('recomputes the scores when worst and best are set, and defaults them again when cleared', async () => {
    const owner = await createSignedInUser(app);
    const details = await createLaptops(owner);
    const criteria = details.criteria.map(({ id, name, importance }) => ({ id, name, importance }));
    const withBounds = await api.update(owner, details.decision.id, {
      name: details.decision.name,
      criteria: [{ ...criteria[0], worst: 2000, best: 800 }, criteria[1], criteria[2]],
    });
    expect(withBounds.statusCode, withBounds.body).toBe(200);
    let after = await detailsOf(app, owner, details.decision.id);
    expect(after.criteria[0]).toMatchObject({ kind: 'measure', unit: '€', worst: 2000, best: 800 });
    // 1 + 9 × (1299 − 2000) / (800 − 2000) = 6.2575 → 6.3
    expect(cellOf(after, 'Aero', 'Price')).toMatchObject({ measure: 1299, value: 6.3 });
    await api.update(owner, details.decision.id, {
      name: details.decision.name,
      criteria: [{ ...criteria[0], worst: null, best: null }, criteria[1], criteria[2]],
    });
    after = await detailsOf(app, owner, details.decision.id);
    expect(after.criteria[0]).toMatchObject({ worst: null, best: null });
    expect(cellOf(after, 'Aero', 'Price')).toMatchObject({ value: 5.9 });
  });

  it.each([
    [
      'a measure on a score criterion',
      { criterion: { kind: 'score' }, cell: { measure: 4 } },
      'evaluations.0.measure',
    ],
    [
      'worst equal to best',
      { criterion: { kind: 'measure', worst: 5, best: 5 }, cell: { measure: 4 } },
      'criteria.0.worst',
    ],
    [
      'a unit over 12 characters',
      { criterion: { kind: 'measure', unit: 'kilowatthours' }, cell: { measure: 4 } },
      'criteria.0.unit',
    ],
    [
      'a non-finite number',
      { criterion: { kind: 'measure' }, cell: { measure: '1e999' } },
      'evaluations.0.measure',
    ],
    [
      'no raw value on a measured criterion',
      { criterion: { kind: 'measure' }, cell: { value: 4 } },
      'evaluations.0.measure',
    ],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_, { criterion, cell }, field) => {
    const owner = await createSignedInUser(app);
    const details = await createLaptops(owner);
    const cellJson = JSON.stringify({ option_index: 0, criterion_index: 0, ...cell }).replace(
      '"1e999"',
      '1e999',
    );
    const body = `{"name":"Which laptop?","options":["Aero"],"criteria":[${JSON.stringify({ name: 'Price', importance: 50, ...criterion })}],"evaluations":[${cellJson}]}`;
    for (const send of [
      () =>
        app.inject({
          method: 'POST',
          url: '/api/decision',
          payload: body,
          headers: { ...owner.headers, 'content-type': 'application/json' },
        }),
      () =>
        app.inject({
          method: 'PUT',
          url: `/api/decision/${details.decision.id}`,
          payload: body,
          headers: { ...owner.headers, 'content-type': 'application/json' },
        }),
    ]) {
      const response = await expectNothingChanged(app, send);
      const error = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [field] });
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
  });
});

describe('raw values, must-haves and history of measured criteria (issue 31)', () => {
  it('refuses a measure sent to POST …/evaluate on a score criterion, and takes one on a measured criterion', async () => {
    const owner = await createSignedInUser(app);
    const details = await createLaptops(owner);
    const [aero] = details.options;
    const [price, , looks] = details.criteria;
    const refused = await expectNothingChanged(app, () =>
      api.evaluate(owner, details.decision.id, {
        evaluations: [{ option_id: aero!.id, criterion_id: looks!.id, measure: 3 }],
      }),
    );
    expectApiError(refused, 400, 'VALIDATION_FAILED', { fields: ['evaluations.0.measure'] });
    const saved = await api.evaluate(owner, details.decision.id, {
      evaluations: [{ option_id: aero!.id, criterion_id: price!.id, measure: 999 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await detailsOf(app, owner, details.decision.id);
    // Two cheapest at 999 now: both score 10.
    expect(cellOf(after, 'Aero', 'Price')).toMatchObject({ measure: 999, value: 10 });
  });

  it('holds a must-have in the unit, by direction: "price at most 1,500 €" knocks out 1,650 €', async () => {
    const owner = await createSignedInUser(app);
    const payload = laptopPayload();
    const [price, ...others] = payload.criteria;
    const created = await api.create(owner, {
      ...payload,
      criteria: [{ ...price, minimum: 1500 }, ...others],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const details = await detailsOf(app, owner, id);
    expect(details.criteria[0]!.minimum).toBe(1500);
    const carbon = details.options.find((o) => o.name === 'Carbon')!.id;
    expect(details.results.ranking.find((r) => r.option_id === carbon)).toMatchObject({ knocked_out: true });
    const analysis = await api.analysis(owner, id);
    expect(analysis.statusCode, analysis.body).toBe(200);
    expect(analysis.json<{ knocked_out: unknown[] }>().knocked_out).toEqual([
      { option_id: carbon, criterion_id: details.criteria[0]!.id, value: 1650, minimum: 1500 },
    ]);
  });

  it('records changes of how a criterion is measured in the history', async () => {
    const owner = await createSignedInUser(app);
    const details = await createLaptops(owner);
    const criteria = details.criteria.map(({ id, name, importance }) => ({ id, name, importance }));
    await api.update(owner, details.decision.id, {
      name: details.decision.name,
      criteria: [{ ...criteria[0], unit: 'EUR', direction: 'higher', best: 2000 }, criteria[1], criteria[2]],
    });
    const history = await app.inject({
      method: 'GET',
      url: `/api/decision/${details.decision.id}/history`,
      headers: owner.headers,
    });
    expect(history.statusCode, history.body).toBe(200);
    const fields = history
      .json<{ entries: { kind: string; changes: { field: string; from: unknown; to: unknown }[] }[] }>()
      .entries.flatMap((entry) => entry.changes.map(({ field, from, to }) => ({ field, from, to })));
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'unit', from: '€', to: 'EUR' },
        { field: 'direction', from: 'lower', to: 'higher' },
        { field: 'best', from: null, to: 2000 },
      ]),
    );
  });
});

describe('facts in a team decision (issue 31)', () => {
  async function laptopTeam() {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, {
      name: 'Team laptop',
      options: laptops,
      criteria: [
        { name: 'Price', importance: 50, kind: 'measure', unit: '€', direction: 'lower' },
        { name: 'Battery', importance: 30, kind: 'measure', unit: 'h', direction: 'higher' },
        { name: 'Looks', importance: 20 },
      ],
    });
    const id = created.decision.id;
    const editor = await addMember(app, owner, id, 'editor');
    const admin = await addMember(app, owner, id, 'admin');
    const facts = laptops.flatMap((_, option) => [
      { option_index: option, criterion_index: 0, measure: prices[option]! },
      { option_index: option, criterion_index: 1, measure: batteryHours[option]! },
    ]);
    return { owner, editor, admin, id, facts, ...created };
  }

  it('owner and admin enter facts; details return them as evaluations with measure and value for everyone', async () => {
    const { owner, admin, editor, id, facts } = await laptopTeam();
    const saved = await team.teamEdit(admin, id, { facts });
    expect(saved.statusCode, saved.body).toBe(200);
    const details = await detailsOf(app, editor, id);
    const factRows = details.evaluations.filter((e) => e.generated_by === 'fact');
    expect(factRows).toHaveLength(6);
    // Team scale 0–10: Price 10 × (1299 − 1650) / (999 − 1650) = 5.39 → 5.4.
    expect(cellOf(details, 'Aero', 'Price')).toMatchObject({
      generated_by: 'fact',
      user_id: null,
      measure: 1299,
      value: 5.4,
    });
    expect(cellOf(details, 'Carbon', 'Battery')).toMatchObject({ measure: 14, value: 10 });
    // Present facts replace all facts.
    await team.teamEdit(owner, id, { facts: facts.slice(0, 2) });
    expect(
      (await detailsOf(app, owner, id)).evaluations.filter((e) => e.generated_by === 'fact'),
    ).toHaveLength(2);
  });

  it('refuses facts from an editor (403) and a member’s vote on a measured cell (400), changing nothing', async () => {
    const { editor, id, facts, optionIds, criterionIds } = await laptopTeam();
    const forbidden = await expectNothingChanged(app, () => team.teamEdit(editor, id, { facts }));
    expectApiError(forbidden, 403, 'FORBIDDEN');
    const voteOnMeasured = await expectNothingChanged(app, () =>
      team.teamEdit(editor, id, {
        votes: [{ option_id: optionIds[0], criterion_id: criterionIds[0], value: 5 }],
      }),
    );
    expectApiError(voteOnMeasured, 400, 'VALIDATION_FAILED', {
      fields: ['votes.0.criterion_id', 'votes.0.value'],
    });
    const evaluate = await expectNothingChanged(app, () =>
      api.evaluate(editor, id, {
        evaluations: [{ option_id: optionIds[0], criterion_id: criterionIds[0], value: 5 }],
      }),
    );
    expectApiError(evaluate, 400, 'VALIDATION_FAILED', {
      fields: ['evaluations.0.criterion_id', 'evaluations.0.value'],
    });
  });

  it('counts facts for every member; agreement and participation count score cells only', async () => {
    const { owner, editor, id, facts, optionIds, criterionIds } = await laptopTeam();
    await team.teamEdit(owner, id, { facts });
    const looks = criterionIds[2]!;
    const votes = (values: number[]) =>
      optionIds.map((optionId, index) => ({
        option_id: optionId,
        criterion_id: looks,
        value: values[index]!,
      }));
    expect((await team.teamEdit(owner, id, { votes: votes([8, 4, 6]) })).statusCode).toBe(200);
    expect((await team.teamEdit(editor, id, { votes: votes([6, 4, 6]) })).statusCode).toBe(200);
    const details = await detailsOf(app, owner, id);
    expect(details.participation).toEqual({ voters: 3, complete: 2 });
    const measuredIds = new Set(criterionIds.slice(0, 2));
    expect(details.consensus?.cells.length).toBe(3);
    expect(details.consensus?.cells.some((cell) => measuredIds.has(cell.criterion_id))).toBe(false);
    // Aero: (5.4 × 50 + 2.5 × 30 + 7 × 20) / 100 = 4.85 (battery 10 × (10 − 8) / 6 = 3.3).
    const aero = details.results.ranking.find((entry) => entry.option_id === optionIds[0]);
    expect(aero?.total).toBe(roundTotal(5.4 * 50 + 3.3 * 30 + 7 * 20));
    expect(details.results.no_result_reason).toBeNull();
  });

  it('locks facts like votes once voting ended (409)', async () => {
    const { owner, id, facts } = await laptopTeam();
    await team.teamEdit(owner, id, { facts });
    const ended = await app.inject({
      method: 'POST',
      url: `/api/decision/${id}/end-voting`,
      headers: owner.headers,
    });
    expect(ended.statusCode, ended.body).toBeLessThan(300);
    const locked = await expectNothingChanged(
      app,
      () => team.teamEdit(owner, id, { facts: facts.slice(0, 1) }),
      { except: ['decision_snapshots'] },
    );
    expect(locked.statusCode).toBe(409);
  });

  it('refuses a fact on a score criterion, naming the field', async () => {
    const { owner, id, optionIds, criterionIds } = await laptopTeam();
    const response = await expectNothingChanged(app, () =>
      team.teamEdit(owner, id, {
        facts: [{ option_id: optionIds[0], criterion_id: criterionIds[2], measure: 3 }],
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', {
      fields: ['facts.0.criterion_id', 'facts.0.measure'],
    });
  });
});

describe('exports with measured criteria (issue 31)', () => {
  const exportOf = (owner: SignedInUser, id: number, format: 'csv' | 'pdf', language: 'en' | 'de') =>
    app.inject({
      method: 'GET',
      url: `/api/decision/${id}/export.${format}`,
      headers: { ...owner.headers, 'accept-language': language },
    });

  it('writes Unit, Direction, Worst and Best under the CSV header and raw values in the option rows', async () => {
    const owner = await createSignedInUser(app);
    const details = await createLaptops(owner);
    const criteria = details.criteria.map(({ id, name, importance }) => ({ id, name, importance }));
    await api.update(owner, details.decision.id, {
      name: details.decision.name,
      criteria: [{ ...criteria[0], best: 899.5 }, criteria[1], criteria[2]],
    });
    const english = csvRows(await exportOf(owner, details.decision.id, 'csv', 'en'));
    const matrix = csvSection(english, 'Option');
    expect(matrix.slice(0, 6).map((row) => row.slice(0, 4))).toEqual([
      ['Option', 'Price', 'Battery', 'Looks'],
      ['Unit', '€', 'h', ''],
      ['Direction', 'lower', 'higher', ''],
      ['Worst', '', '', ''],
      ['Best', '899.5', '', ''],
      ['Weight (%)', '50', '30', '20'],
    ]);
    const aero = matrix.find((row) => row[0] === 'Aero')!;
    expect(aero.slice(1, 4)).toEqual(['1299', '10', '7']);

    const german = csvRows(await exportOf(owner, details.decision.id, 'csv', 'de'), ';');
    const deMatrix = csvSection(german, 'Option');
    expect(deMatrix.slice(1, 5).map((row) => row.slice(0, 3))).toEqual([
      ['Einheit', '€', 'h'],
      ['Richtung', 'niedriger', 'höher'],
      ['Schlechtester', '', ''],
      ['Bester', '899,5', ''],
    ]);
  });

  it('shows the raw value with its unit and the score in the PDF', async () => {
    const owner = await createSignedInUser(app);
    const details = await createLaptops(owner);
    const { text } = await pdfText(await exportOf(owner, details.decision.id, 'pdf', 'en'));
    expect(text).toContain('1,299 € → 5.9');
  });

  it('writes a team’s facts as raw values', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, {
      options: ['Aero', 'Brick'],
      criteria: [{ name: 'Price', importance: 100, kind: 'measure', unit: '€', direction: 'lower' }],
    });
    await team.teamEdit(owner, created.decision.id, {
      facts: [
        { option_index: 0, criterion_index: 0, measure: 1299 },
        { option_index: 1, criterion_index: 0, measure: 999 },
      ],
    });
    const matrix = csvSection(csvRows(await exportOf(owner, created.decision.id, 'csv', 'en')), 'Option');
    expect(matrix[1]?.slice(0, 2)).toEqual(['Unit', '€']);
    expect(matrix.find((row) => row[0] === 'Aero')?.[1]).toBe('1299');
  });
});

function roundTotal(weighted: number): number {
  return Math.round(weighted) / 100;
}

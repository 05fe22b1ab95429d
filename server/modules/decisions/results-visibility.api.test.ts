import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  decisionDetailsSchema,
  type DecisionDetails,
  type DecisionListItem,
  type ResultsVisibility,
} from '../../../shared/api/decisions.ts';
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  insertAiEvaluation,
  inviteByEmail,
  teamApi,
  type CreatedTeamDecision,
} from '../../test/team-factories.ts';
import { csvRows, pdfText } from '../../test/export-files.ts';

// Blind voting (issue 16): who sees a team decision's results before voting ended, and that nothing
// reveals them to anyone else: details, the dashboard list, CSV and PDF exports, write answers.

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);
const team = teamApi(() => app);

const SETTINGS: ResultsVisibility[] = ['always', 'after_vote', 'after_close'];

function expectOk(response: LightMyRequestResponse, status = 200): void {
  expect(response.statusCode, response.body).toBe(status);
}

async function visibilityRow(decisionId: number) {
  const row = await app.database.db
    .selectFrom('decisions')
    .select(['results_visibility'])
    .where('id', '=', decisionId)
    .executeTakeFirstOrThrow();
  return row.results_visibility;
}

async function cardOf(caller: SignedInUser, decisionId: number): Promise<DecisionListItem> {
  const response = await api.list(caller);
  expectOk(response);
  const card = response.json<DecisionListItem[]>().find((item) => item.id === decisionId);
  if (!card) throw new Error(`decision ${decisionId} is not listed`);
  return card;
}

describe('results_visibility on create', () => {
  it.each(SETTINGS)(
    'POST /api/team-decisions with %s: in the answer, the details and the list',
    async (setting) => {
      const owner = await createSignedInUser(app);
      const response = await team.createTeamDecision(owner, { name: 'Blind', results_visibility: setting });
      expectOk(response, 201);
      const created = response.json<{ id: number; results_visibility: string }>();
      expect(created.results_visibility).toBe(setting);
      expect((await detailsOf(app, owner, created.id)).decision.results_visibility).toBe(setting);
      expect((await cardOf(owner, created.id)).results_visibility).toBe(setting);
      expect(await visibilityRow(created.id)).toBe(setting);
    },
  );

  it('defaults to always; personal decisions are always `always`', async () => {
    const owner = await createSignedInUser(app);
    const response = await team.createTeamDecision(owner, { name: 'Default' });
    expect(response.json<{ results_visibility: string }>().results_visibility).toBe('always');
    const personal = await createDecision(app, owner);
    expect(personal.decision.results_visibility).toBe('always');
    expect(personal.details).toMatchObject({
      participation: null,
      consensus: null,
      resultsHiddenUntil: null,
    });
  });

  it('refuses an unknown value with 400 naming the field, and stores nothing', async () => {
    const owner = await createSignedInUser(app);
    for (const results_visibility of ['secret', '', 42, null]) {
      const response = await expectNothingChanged(app, () =>
        team.createTeamDecision(owner, { name: 'Bad', results_visibility }),
      );
      const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['results_visibility'] });
      if (results_visibility === 'secret') {
        expect(body.fields?.results_visibility).toBe(en.validation.resultsVisibility);
      }
    }
  });
});

describe('changing results_visibility', () => {
  interface Team {
    created: CreatedTeamDecision;
    owner: SignedInUser;
    admin: SignedInUser;
    editor: SignedInUser;
    viewer: SignedInUser;
  }

  async function teamWithRoles(): Promise<Team> {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, { name: 'Settings' });
    const id = created.decision.id;
    const admin = await addMember(app, owner, id, 'admin');
    const editor = await addMember(app, owner, id, 'editor');
    const viewer = await addMember(app, owner, id, 'viewer');
    return { created, owner, admin, editor, viewer };
  }

  const changes = {
    PATCH: (caller: SignedInUser, id: number, value: unknown) =>
      api.setResultsVisibility(caller, id, { results_visibility: value }),
    PUT: (caller: SignedInUser, id: number, value: unknown) =>
      api.update(caller, id, { name: 'Settings', results_visibility: value }),
  };

  it.each(Object.keys(changes) as (keyof typeof changes)[])(
    '%s: owner and admin change it while draft or open',
    async (method) => {
      const { created, owner, admin } = await teamWithRoles();
      const id = created.decision.id;
      const asOwner = await changes[method](owner, id, 'after_vote');
      expectOk(asOwner);
      expect(asOwner.json<{ results_visibility: string }>().results_visibility).toBe('after_vote');
      expect(await visibilityRow(id)).toBe('after_vote');

      // Still a draft; then open.
      expectOk(await team.activate(owner, id));
      const asAdmin = await changes[method](admin, id, 'after_close');
      expectOk(asAdmin);
      expect(await visibilityRow(id)).toBe('after_close');
      expect((await detailsOf(app, admin, id)).decision.results_visibility).toBe('after_close');
    },
  );

  it.each(Object.keys(changes) as (keyof typeof changes)[])(
    '%s: editors and viewers get 403, outsiders 404; nothing changes',
    async (method) => {
      const { created, editor, viewer } = await teamWithRoles();
      const outsider = await createSignedInUser(app);
      for (const caller of [editor, viewer]) {
        const response = await expectNothingChanged(app, () =>
          changes[method](caller, created.decision.id, 'after_close'),
        );
        expectApiError(response, 403, 'FORBIDDEN');
      }
      const response = await expectNothingChanged(app, () =>
        changes[method](outsider, created.decision.id, 'after_close'),
      );
      expectApiError(response, 404, 'NOT_FOUND');
    },
  );

  it.each(Object.keys(changes) as (keyof typeof changes)[])(
    '%s: 409 once voting ended or the AI completed the decision; nothing changes',
    async (method) => {
      const ended = await teamWithRoles();
      expectOk(await team.endVoting(ended.owner, ended.created.decision.id));
      const afterDeadline = await expectNothingChanged(app, () =>
        changes[method](ended.owner, ended.created.decision.id, 'after_close'),
      );
      expectApiError(afterDeadline, 409, 'DEADLINE_PASSED');

      const completed = await teamWithRoles();
      await insertAiEvaluation(app, {
        decisionId: completed.created.decision.id,
        optionId: completed.created.optionIds[0]!,
        criterionId: completed.created.criterionIds[0]!,
        value: 5,
      });
      const afterAi = await expectNothingChanged(app, () =>
        changes[method](completed.admin, completed.created.decision.id, 'after_close'),
      );
      expectApiError(afterAi, 409, 'COMPLETED_BY_AI');
    },
  );

  it.each(Object.keys(changes) as (keyof typeof changes)[])(
    '%s: a personal decision has no such setting (400 with the field); nothing changes',
    async (method) => {
      const owner = await createSignedInUser(app);
      const { decision } = await createDecision(app, owner, { name: 'Settings' });
      const response = await expectNothingChanged(app, () =>
        changes[method](owner, decision.id, 'after_close'),
      );
      const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['results_visibility'] });
      expect(body.fields?.results_visibility).toBe(en.validation.teamOnly);
    },
  );

  it.each(Object.keys(changes) as (keyof typeof changes)[])(
    '%s: an unknown value is 400 naming the field; nothing changes',
    async (method) => {
      const { created, owner } = await teamWithRoles();
      for (const value of ['everyone', 1, null]) {
        const response = await expectNothingChanged(app, () =>
          changes[method](owner, created.decision.id, value),
        );
        expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['results_visibility'] });
      }
    },
  );

  it('PUT without results_visibility keeps the stored value', async () => {
    const { created, owner } = await teamWithRoles();
    expectOk(await changes.PATCH(owner, created.decision.id, 'after_close'));
    expectOk(await api.update(owner, created.decision.id, { name: 'Renamed' }));
    expect(await visibilityRow(created.decision.id)).toBe('after_close');
  });
});

/**
 * A team of four with one setting: owner and editor score every cell, the admin only one, the viewer
 * reads along, and one invitation is pending. Every voter weights the criteria; then owner and editor
 * submit their complete votes (issue 27), unless `submitted` is false.
 * Lisbon: Cost 9 and 7 (mean 8), Weather 6 and 8 (7); Oslo: Cost 2 and 4 (+ admin 3), Weather 5 and 5.
 * Team weights: Cost (60 + 80 + 70) / 3 = 70, Weather (40 + 20 + 30) / 3 = 30.
 * Results: Lisbon (8 × 70 + 7 × 30) / 100 = 7.7, Oslo (3 × 70 + 5 × 30) / 100 = 3.6.
 */
async function blindTeam(setting: ResultsVisibility, { submitted = true } = {}) {
  const owner = await createSignedInUser(app);
  const created = await createTeamDecision(app, owner, {
    name: `Blind ${setting}`,
    results_visibility: setting,
  });
  const id = created.decision.id;
  const [lisbon, oslo] = created.optionIds as [number, number];
  const [cost, weather] = created.criterionIds as [number, number];
  const admin = await addMember(app, owner, id, 'admin');
  const editor = await addMember(app, owner, id, 'editor');
  const viewer = await addMember(app, owner, id, 'viewer');
  await inviteByEmail(app, owner, id, `pending-${id}@example.com`, 'editor');
  expectOk(await team.activate(owner, id));

  const grid = (values: [number, number, number, number]) => [
    { option_id: lisbon, criterion_id: cost, value: values[0] },
    { option_id: lisbon, criterion_id: weather, value: values[1] },
    { option_id: oslo, criterion_id: cost, value: values[2] },
    { option_id: oslo, criterion_id: weather, value: values[3] },
  ];
  expectOk(await team.evaluate(owner, id, grid([9, 6, 2, 5])));
  expectOk(await team.evaluate(editor, id, grid([7, 8, 4, 5])));
  expectOk(await team.evaluate(admin, id, [{ option_id: oslo, criterion_id: cost, value: 3 }]));
  const weigh = (cost_: number, weather_: number) => [
    { criterion_id: cost, weight: cost_ },
    { criterion_id: weather, weight: weather_ },
  ];
  expectOk(await team.weights(owner, id, weigh(60, 40)));
  expectOk(await team.weights(editor, id, weigh(80, 20)));
  expectOk(await team.weights(admin, id, weigh(70, 30)));
  if (submitted) {
    expectOk(await team.submitVote(owner, id));
    expectOk(await team.submitVote(editor, id));
  }
  return { id, owner, admin, editor, viewer, created };
}

type BlindTeam = Awaited<ReturnType<typeof blindTeam>>;
type Role = 'owner' | 'admin' | 'editor' | 'viewer';
const ROLES: Role[] = ['owner', 'admin', 'editor', 'viewer'];

function idsOf(fixture: BlindTeam): Record<Role, number> {
  return {
    owner: fixture.owner.user.id,
    admin: fixture.admin.user.id,
    editor: fixture.editor.user.id,
    viewer: fixture.viewer.user.id,
  };
}

// While open: owner and editor submitted their complete votes, the admin did not, the viewer never votes.
const HIDDEN_UNTIL: Record<ResultsVisibility, Record<Role, 'submit' | 'close' | null>> = {
  always: { owner: null, admin: null, editor: null, viewer: null },
  after_vote: { owner: null, admin: 'submit', editor: null, viewer: 'close' },
  after_close: { owner: 'close', admin: 'close', editor: 'close', viewer: 'close' },
};

function expectVisible(details: DecisionDetails, ids: Record<Role, number>) {
  expect(details.resultsHiddenUntil).toBeNull();
  expect(details.results.ranking.map((entry) => entry.total)).toEqual([7.7, 3.6]);
  expect(details.decision.score).toBe(7.7);
  expect(details.teamResults?.weights.map((w) => w.weight)).toEqual([70, 30]);
  expect(Object.keys(details.weightsByUser).sort()).toEqual(
    [ids.owner, ids.admin, ids.editor].map(String).sort(),
  );
  expect(details.consensus).not.toBeNull();
}

function expectHidden(details: DecisionDetails, reader: Role, ids: Record<Role, number>) {
  expect(details.results.ranking).toEqual([]);
  expect(details.teamResults).toBeNull();
  expect(details.decision.score).toBeNull();
  expect(details.consensus).toBeNull();
  // Only the reader's own weights (a viewer has none) and own votes.
  expect(Object.keys(details.weightsByUser)).toEqual(reader === 'viewer' ? [] : [String(ids[reader])]);
  expect(details.evaluations.every((e) => e.user_id === ids[reader])).toBe(true);
}

/** Under after_vote the admin completes their vote in two steps: no write answer carries a score meanwhile. */
async function completeAdminVote(fixture: BlindTeam): Promise<void> {
  const [lisbon, oslo] = fixture.created.optionIds as [number, number];
  const [cost, weather] = fixture.created.criterionIds as [number, number];
  const partial = await team.evaluate(fixture.admin, fixture.id, [
    { option_id: oslo, criterion_id: cost, value: 3 },
    { option_id: lisbon, criterion_id: cost, value: 8 },
  ]);
  expectOk(partial);
  // Still incomplete: the answer carries no score either.
  expect(partial.json<{ score: number | null }>().score).toBeNull();
  expect((await detailsOf(app, fixture.admin, fixture.id)).resultsHiddenUntil).toBe('submit');

  const complete = await team.evaluate(fixture.admin, fixture.id, [
    { option_id: lisbon, criterion_id: weather, value: 7 },
    { option_id: oslo, criterion_id: weather, value: 5 },
  ]);
  expectOk(complete);
  // Complete, but not submitted: no score in the answer either.
  expect(complete.json<{ score: number | null }>().score).toBeNull();
}

/**
 * Readers from whom the results stay hidden by every path while voting is open: each row readies its
 * reader (`prepare`), says what they wait for, and then (`afterwards`) what ends the wait, or that
 * loosening the setting to peek is refused.
 */
const HIDDEN_BY_EVERY_PATH: [
  name: string,
  {
    setting: ResultsVisibility;
    reader: Role;
    hiddenUntil: 'submit' | 'close';
    participation: { voters: number; complete: number };
    prepare(fixture: BlindTeam): Promise<void>;
    afterwards(fixture: BlindTeam): Promise<void>;
  },
][] = [
  [
    'after_vote: a complete but unsubmitted vote sees nothing; the admin sees results once they submit',
    {
      setting: 'after_vote',
      reader: 'admin',
      hiddenUntil: 'submit',
      participation: { voters: 3, complete: 3 },
      prepare: completeAdminVote,
      async afterwards(fixture) {
        expectOk(await team.submitVote(fixture.admin, fixture.id));
        const details = await detailsOf(app, fixture.admin, fixture.id);
        expect(details.resultsHiddenUntil).toBeNull();
        // Lisbon (8 × 70 + 7 × 30) / 100 = 7.7 still leads.
        expect(details.decision.score).toBe(7.7);
        expect((await cardOf(fixture.admin, fixture.id)).score).toBe(7.7);
        // The viewer still waits for the end.
        expect((await detailsOf(app, fixture.viewer, fixture.id)).resultsHiddenUntil).toBe('close');
      },
    },
  ],
  [
    'after_close: the owner sees nothing before the end by any path, submitted or not',
    {
      setting: 'after_close',
      reader: 'owner',
      hiddenUntil: 'close',
      participation: { voters: 3, complete: 2 },
      prepare: async () => {},
      async afterwards(fixture) {
        // Loosening the setting to peek is refused (issue 27), and so the owner still sees nothing.
        const loosen = await expectNothingChanged(app, () =>
          api.setResultsVisibility(fixture.owner, fixture.id, { results_visibility: 'always' }),
        );
        expectApiError(loosen, 409, 'VISIBILITY_LOCKED');
        expect((await detailsOf(app, fixture.owner, fixture.id)).results.ranking).toEqual([]);
      },
    },
  ],
];

describe('who sees results: details and list, per setting and role', () => {
  it.each(SETTINGS)('%s', async (setting) => {
    const fixture = await blindTeam(setting);
    const ids = idsOf(fixture);
    for (const role of ROLES) {
      const reader = fixture[role];
      const details = await detailsOf(app, reader, fixture.id);
      expect(decisionDetailsSchema.strict().safeParse(details).success).toBe(true);
      const expected = HIDDEN_UNTIL[setting][role];
      expect({ role, hiddenUntil: details.resultsHiddenUntil }).toEqual({ role, hiddenUntil: expected });
      // Participation stays visible to everyone: three voters, two of them complete.
      expect(details.participation).toEqual({ voters: 3, complete: 2 });
      if (expected === null) expectVisible(details, ids);
      else expectHidden(details, role, ids);

      const card = await cardOf(reader, fixture.id);
      expect(card.results_hidden_until).toBe(expected);
      expect(card.participation).toEqual({ voters: 3, complete: 2 });
      if (expected === null) {
        expect(card.score).toBe(7.7);
        expect(card.leading_option).toMatchObject({ name: 'Lisbon', total: 7.7 });
      } else {
        expect(card.score).toBeNull();
        expect(card.leading_option).toBeNull();
      }
    }

    // Once voting ended everyone sees the results.
    expectOk(await team.endVoting(fixture.owner, fixture.id));
    for (const role of ROLES) {
      expectVisible(await detailsOf(app, fixture[role], fixture.id), ids);
      expect((await cardOf(fixture[role], fixture.id)).score).toBe(7.7);
    }
  });

  it.each(HIDDEN_BY_EVERY_PATH)(
    '%s',
    async (_name, { setting, reader, hiddenUntil, participation, prepare, afterwards }) => {
      const fixture = await blindTeam(setting);
      await prepare(fixture);
      // Nothing in the details, the list's card or the analysis; who is missing is no result.
      const details = await detailsOf(app, fixture[reader], fixture.id);
      expect(details.resultsHiddenUntil).toBe(hiddenUntil);
      expect(details.participation).toEqual(participation);
      expectHidden(details, reader, idsOf(fixture));
      expect(details.aiOpinion).toBeNull();
      expect((await cardOf(fixture[reader], fixture.id)).score).toBeNull();
      const analysis = await app.inject({
        method: 'GET',
        url: `/api/decision/${fixture.id}/analysis`,
        headers: fixture[reader].headers,
      });
      expect(analysis.json()).toEqual({ hidden: true });
      await afterwards(fixture);
    },
  );

  it('after_close: write answers (weights, evaluate, PUT, team edit) carry no score, for the owner too', async () => {
    const fixture = await blindTeam('after_close', { submitted: false });
    const [cost] = fixture.created.criterionIds as [number, number];
    const weights = await team.weights(fixture.owner, fixture.id, [{ criterion_id: cost, weight: 50 }]);
    expect(weights.json<{ score: number | null }>().score).toBeNull();
    const put = await api.update(fixture.owner, fixture.id, { name: 'Renamed' });
    expectOk(put);
    expect(put.json<{ score: number | null }>().score).toBeNull();
    const edit = await team.teamEdit(fixture.owner, fixture.id, { name: 'Renamed again' });
    expectOk(edit);
    expect(edit.json<DecisionDetails>()).toMatchObject({
      resultsHiddenUntil: 'close',
      teamResults: null,
      consensus: null,
      results: { ranking: [] },
    });
    // The stored score is kept up to date meanwhile, for the moment voting ends.
    const row = await app.database.db
      .selectFrom('decisions')
      .select('score')
      .where('id', '=', fixture.id)
      .executeTakeFirstOrThrow();
    expect(row.score).not.toBeNull();
  });
});

function exportOf(caller: SignedInUser, decisionId: number, format: 'csv' | 'pdf') {
  return app.inject({
    method: 'GET',
    url: `/api/decision/${decisionId}/export.${format}`,
    headers: { ...caller.headers, 'accept-language': 'en' },
  });
}

describe('exports while results are hidden', () => {
  it.each([
    ['after_vote', 'admin', en.results.hiddenUntil.submit],
    ['after_vote', 'viewer', en.results.hiddenUntil.close],
    ['after_close', 'owner', en.results.hiddenUntil.close],
    ['after_close', 'editor', en.results.hiddenUntil.close],
  ] as const)('%s, %s: CSV and PDF say when results appear and carry none', async (setting, role, notice) => {
    const fixture = await blindTeam(setting);
    const reader = fixture[role];

    const rows = csvRows(await exportOf(reader, fixture.id, 'csv'));
    const cells = rows.flat();
    expect(rows).toContainEqual([en.export.results, notice]);
    expect(rows).toContainEqual([en.export.participation, '2 of 3 have voted']);
    for (const hidden of [
      en.export.teamResult,
      en.export.teamWeightRow,
      en.export.agreement,
      '7.70',
      '3.60',
    ]) {
      expect(cells).not.toContain(hidden);
    }
    // Other members' weights stay out of the members' table: only the reader's own.
    const members = rows.slice(rows.findIndex((row) => row[0] === en.export.members));
    const weightCells = members.slice(2).flatMap((row) => (row.length > 3 ? row.slice(3) : []));
    const own =
      role === 'viewer' ? [] : { owner: ['60', '40'], admin: ['70', '30'], editor: ['80', '20'] }[role];
    expect(weightCells.filter((cell) => cell !== '')).toEqual(own);

    const text = (await pdfText(await exportOf(reader, fixture.id, 'pdf'))).text;
    expect(text).toContain(notice);
    expect(text).toContain('2 of 3 have voted');
    for (const hidden of [en.export.chart, en.export.agreement, '7.70', '3.60'])
      expect(text).not.toContain(hidden);
  });

  it('always: exports carry participation and agreement', async () => {
    const fixture = await blindTeam('always');
    const rows = csvRows(await exportOf(fixture.viewer, fixture.id, 'csv'));
    expect(rows).toContainEqual([en.export.participation, '2 of 3 have voted']);
    expect(rows).toContainEqual([en.export.missing, fixture.admin.email.split('@')[0]!]);
    const details = await detailsOf(app, fixture.viewer, fixture.id);
    expect(rows).toContainEqual([en.export.overallAgreement, String(details.consensus!.overall)]);
    const text = (await pdfText(await exportOf(fixture.viewer, fixture.id, 'pdf'))).text;
    expect(text).toContain(en.export.agreement);
    expect(text).toContain('7.70');
  });
});

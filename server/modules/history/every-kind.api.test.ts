import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HISTORY_KINDS,
  type HistoryEntry,
  type HistoryKind,
  type HistoryPage,
} from '../../../shared/api/history.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { expectNothingChanged, type Table } from '../../test/db-snapshot.ts';
import { createDecision, decisionApi, workedExample } from '../../test/decision-factories.ts';
import { useFakeAiApps } from '../../test/fake-ai-apps.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote, lifecycleApi, teamWithRoles, type TeamWithRoles } from '../../test/lifecycle-factories.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  inviteByEmail,
  minutesFromNow,
  teamApi,
} from '../../test/team-factories.ts';

// Issue 30, every kind of history entry: each is made by the real API call (or, for a deadline, the
// scheduler's job), and the entries it adds are asserted exactly: id and time, kind, actor, subject,
// changes with from/to, and version_id. Before it, refused (and no-op) variants of the same call must
// leave the history, and every other table, as they were. Other members read exactly what the actor
// reads: votes and weights as counts, never a value or a weight, also while results are hidden.

// The AI kinds need a model: the whole file runs against the fake OpenAI-compatible server.
const ai = useFakeAiApps();
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = ai);
});
const decisions = decisionApi(() => app);
const team = teamApi(() => app);
const lifecycle = lifecycleApi(() => app);

const person = (user: SignedInUser) => ({
  user_id: user.user.id,
  display_name: displayNameOfAccount({ ...user.user, email: user.email }),
});
const SYSTEM = { kind: 'system' } as const;

async function entriesOf(caller: SignedInUser, decisionId: number): Promise<HistoryEntry[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/decision/${decisionId}/history`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HistoryPage>().entries;
}

/** One entry as the API must answer it: `id` and `at` are checked by the runner (order, time window). */
function entry(
  kind: HistoryKind,
  actor: HistoryEntry['actor'],
  rest: Partial<Pick<HistoryEntry, 'subject' | 'changes' | 'version_id'>> = {},
) {
  return {
    id: expect.any(Number),
    at: expect.any(String),
    kind,
    actor,
    subject: null,
    changes: [],
    version_id: null,
    ...rest,
  };
}

const restore = (caller: SignedInUser, decisionId: number, entryId: number) =>
  app.inject({
    method: 'POST',
    url: `/api/decision/${decisionId}/restore`,
    headers: caller.headers,
    payload: { entry_id: entryId },
  });

const completeWithAi = (caller: SignedInUser, decisionId: number) =>
  app.inject({
    method: 'POST',
    url: `/api/team-ai/recommendation/${decisionId}`,
    headers: caller.headers,
    payload: {
      decisionName: 'Team offsite',
      description: 'Where do we go?',
      options: ['Lisbon', 'Oslo'],
      criteria: [
        { name: 'Cost', importance: 60 },
        { name: 'Weather', importance: 40 },
      ],
    },
  });

const askAiOpinion = (caller: SignedInUser, decisionId: number) =>
  app.inject({ method: 'POST', url: `/api/decision/${decisionId}/ai-opinion`, headers: caller.headers });

/** The option that leads in the details right now, as `voting_ended` names it. */
async function leaderOf(caller: SignedInUser, decisionId: number) {
  const details = await detailsOf(app, caller, decisionId);
  const top = details.results.ranking.find((ranked) => ranked.is_top)!;
  const option = details.options.find((candidate) => candidate.id === top.option_id)!;
  return { option_id: option.id, name: option.name, total: top.total };
}

/** A call that must change nothing: refused with `status` and `code`, or a save with nothing to save. */
interface Unchanged {
  what: string;
  call: () => Promise<LightMyRequestResponse>;
  status: number;
  code?: ErrorCode;
  /** Tables the call may rightly touch (a no-op save still moves a revision or a time). */
  except?: readonly Table[];
  /** A no-op whose write touches rows (times, revisions): only the history is compared. */
  historyOnly?: boolean;
}

interface Base {
  /** The caller whose history read is compared; the actor unless said otherwise. */
  owner: SignedInUser;
  /** 0 when the call itself creates the decision. */
  decisionId: number;
}

interface KindCase<C extends Base> {
  name: string;
  arrange: () => Promise<C>;
  unchanged?: (c: C) => Unchanged[];
  act: (c: C) => Promise<LightMyRequestResponse | void>;
  /** The act's status (none for a job). */
  status?: number;
  /** A creation: the new decision's id from the act's answer. */
  createdIdOf?: (response: LightMyRequestResponse) => number;
  /** A personal save: every entry it adds shares one new version (`made.versionId`). */
  versioned?: boolean;
  /** The exact time of the entries (the deadline); otherwise the time of the act. */
  at?: (c: C) => string;
  /** The entries the act adds, newest first. */
  expected: (c: C, made: { versionId: number | null }) => unknown[] | Promise<unknown[]>;
  /** Others who must read exactly the same history (the counts, never a value or a weight). */
  readers?: (c: C) => SignedInUser[];
  also?: (c: C, added: HistoryEntry[]) => Promise<void> | void;
}

const kindCase = <C extends Base>(definition: KindCase<C>) => definition as unknown as KindCase<Base>;

// ---------------------------------------------------------------------------------------------------
// Fixtures: a personal decision (Alpha, Beta × Price 60, Comfort 40, every cell valued), public with a
// reader when asked, and a team decision with an admin, an editor and a viewer (Lisbon, Oslo × Cost 60,
// Weather 40).

async function personal(options: { public?: boolean } = {}) {
  const owner = await createSignedInUser(app);
  const reader = await createSignedInUser(app);
  const created = await createDecision(app, owner, options.public ? { type: 'public' } : {});
  const [alpha, beta] = created.optionIds as [number, number];
  const [price, comfort] = created.criterionIds as [number, number];
  return { owner, reader, decisionId: created.decision.id, alpha, beta, price, comfort };
}

async function teamCase(options: Parameters<typeof teamWithRoles>[2] = {}) {
  const owner = await createSignedInUser(app);
  const created = await teamWithRoles(app, owner, options);
  const [lisbon, oslo] = created.optionIds as [number, number];
  const [cost, weather] = created.criterionIds as [number, number];
  const outsider = await createSignedInUser(app);
  return { ...created, decisionId: created.decision.id, lisbon, oslo, cost, weather, outsider };
}
const everyMember = (c: TeamWithRoles) => [c.admin, c.editor, c.viewer];

/** Issue 31: a team decision whose Cost is measured in € (lower is better), with facts entered by the owner. */
async function measuredTeamCase() {
  const owner = await createSignedInUser(app);
  const created = await createTeamDecision(app, owner, {
    options: ['Lisbon', 'Oslo', 'Porto'],
    criteria: [
      { name: 'Cost', importance: 60, kind: 'measure', unit: '€', direction: 'lower' },
      { name: 'Weather', importance: 40 },
    ],
  });
  const decisionId = created.decision.id;
  const admin = await addMember(app, owner, decisionId, 'admin');
  const editor = await addMember(app, owner, decisionId, 'editor');
  const viewer = await addMember(app, owner, decisionId, 'viewer');
  expectOk(await team.activate(owner, decisionId));
  const [lisbon, oslo, porto] = created.optionIds as [number, number, number];
  const [cost, weather] = created.criterionIds as [number, number];
  const facts = [
    { option_id: lisbon, criterion_id: cost, measure: 900 },
    { option_id: oslo, criterion_id: cost, measure: 1200 },
    { option_id: porto, criterion_id: cost, measure: 1000 },
  ];
  expectOk(await team.teamEdit(owner, decisionId, { facts }));
  return { owner, admin, editor, viewer, decisionId, lisbon, oslo, porto, cost, weather, facts };
}

// Fixed deadlines, far enough ahead for the 5-minute rule.
const DEADLINE = minutesFromNow(24 * 60);
const LATER_DEADLINE = minutesFromNow(48 * 60);

const expectOk = (response: LightMyRequestResponse, status = 200) =>
  expect(response.statusCode, response.body).toBe(status);

async function endedTeam() {
  const c = await teamCase();
  expectOk(await team.evaluate(c.editor, c.decisionId, fullVote(c, 7)));
  expectOk(await team.endVoting(c.owner, c.decisionId));
  return c;
}

// ---------------------------------------------------------------------------------------------------

const CASES: KindCase<Base>[] = [
  kindCase({
    name: 'created: a personal decision, with its first version',
    arrange: async () => ({ owner: await createSignedInUser(app), decisionId: 0 }),
    unchanged: ({ owner }) => [
      {
        what: 'no name',
        call: () => decisions.create(owner, workedExample(undefined, { name: '' })),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
    ],
    act: ({ owner }) => decisions.create(owner, workedExample()),
    status: 201,
    createdIdOf: (response) => response.json<{ id: number }>().id,
    versioned: true,
    expected: ({ owner }, { versionId }) => [entry('created', person(owner), { version_id: versionId })],
  }),

  kindCase({
    name: 'created: a team decision (no versions)',
    arrange: async () => ({ owner: await createSignedInUser(app), decisionId: 0 }),
    unchanged: ({ owner }) => [
      {
        what: 'no name',
        call: () =>
          team.createTeamDecision(owner, {
            name: '',
            options: ['Lisbon'],
            criteria: [{ name: 'Cost', importance: 100 }],
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
    ],
    act: ({ owner }) =>
      team.createTeamDecision(owner, {
        name: 'Team offsite',
        options: ['Lisbon', 'Oslo'],
        criteria: [{ name: 'Cost', importance: 100 }],
        timer: minutesFromNow(120),
      }),
    status: 201,
    createdIdOf: (response) => response.json<{ id: number }>().id,
    expected: ({ owner }) => [entry('created', person(owner))],
  }),

  kindCase({
    name: 'edited: title and description',
    arrange: () => personal({ public: true }),
    unchanged: (c) => [
      {
        what: 'a reader',
        call: () => decisions.update(c.reader, c.decisionId, { name: 'Mine now' }),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an empty title',
        call: () => decisions.update(c.owner, c.decisionId, { name: ' ' }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'the same title and description again',
        call: () =>
          decisions.update(c.owner, c.decisionId, { name: 'Which car?', description: 'A family car' }),
        status: 200,
        historyOnly: true,
      },
    ],
    act: (c) =>
      decisions.update(c.owner, c.decisionId, { name: 'Which family car?', description: 'Seven seats' }),
    versioned: true,
    expected: (c, { versionId }) => [
      entry('edited', person(c.owner), {
        changes: [
          { field: 'title', from: 'Which car?', to: 'Which family car?' },
          { field: 'description', from: 'A family car', to: 'Seven seats' },
        ],
        version_id: versionId,
      }),
    ],
    readers: (c) => [c.reader],
  }),

  kindCase({
    name: 'options_changed: added, removed, renamed',
    arrange: () => personal(),
    unchanged: (c) => [
      {
        what: 'an option id out of range',
        call: () =>
          decisions.update(c.owner, c.decisionId, {
            name: 'Which car?',
            options: [
              { id: c.alpha, name: 'Alpha' },
              { id: 2_147_483_648, name: 'Ghost' },
            ],
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'an outsider',
        call: () => decisions.update(c.reader, c.decisionId, { name: 'Which car?', options: ['X', 'Y'] }),
        status: 404,
        code: 'NOT_FOUND',
      },
    ],
    act: (c) =>
      decisions.update(c.owner, c.decisionId, {
        name: 'Which car?',
        options: [{ id: c.alpha, name: 'Alpha prime' }, { name: 'Gamma' }],
      }),
    versioned: true,
    expected: async (c, { versionId }) => {
      const gamma = (await detailsOf(app, c.owner, c.decisionId)).options.find(
        (option) => option.name === 'Gamma',
      )!;
      return [
        entry('options_changed', person(c.owner), {
          changes: [
            {
              field: 'renamed',
              from: 'Alpha',
              to: 'Alpha prime',
              item: { type: 'option', id: c.alpha, name: 'Alpha prime' },
            },
            {
              field: 'added',
              from: null,
              to: 'Gamma',
              item: { type: 'option', id: gamma.id, name: 'Gamma' },
            },
            { field: 'removed', from: 'Beta', to: null, item: { type: 'option', id: c.beta, name: 'Beta' } },
          ],
          version_id: versionId,
        }),
      ];
    },
  }),

  kindCase({
    name: 'criteria_changed: added, removed, renamed, importance, minimum, anchors',
    arrange: () => personal(),
    unchanged: (c) => [
      {
        what: 'an importance above the range',
        call: () =>
          decisions.update(c.owner, c.decisionId, {
            name: 'Which car?',
            criteria: [{ id: c.price, name: 'Price', importance: 101 }],
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'a minimum off the personal scale',
        call: () =>
          decisions.update(c.owner, c.decisionId, {
            name: 'Which car?',
            criteria: [{ id: c.price, name: 'Price', importance: 60, minimum: 11 }],
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
    ],
    act: (c) =>
      decisions.update(c.owner, c.decisionId, {
        name: 'Which car?',
        criteria: [
          { id: c.price, name: 'Cost', importance: 50, minimum: 3, anchors: { low: 'dear', high: 'cheap' } },
          { name: 'Safety', importance: 50 },
        ],
      }),
    versioned: true,
    expected: async (c, { versionId }) => {
      const safety = (await detailsOf(app, c.owner, c.decisionId)).criteria.find(
        (criterion) => criterion.name === 'Safety',
      )!;
      const cost = { type: 'criterion' as const, id: c.price, name: 'Cost' };
      return [
        entry('criteria_changed', person(c.owner), {
          changes: [
            { field: 'renamed', from: 'Price', to: 'Cost', item: cost },
            { field: 'importance', from: 60, to: 50, item: cost },
            { field: 'minimum', from: null, to: 3, item: cost },
            { field: 'anchors', from: null, to: { low: 'dear', high: 'cheap' }, item: cost },
            {
              field: 'added',
              from: null,
              to: 'Safety',
              item: { type: 'criterion', id: safety.id, name: 'Safety' },
            },
            {
              field: 'removed',
              from: 'Comfort',
              to: null,
              item: { type: 'criterion', id: c.comfort, name: 'Comfort' },
            },
          ],
          version_id: versionId,
        }),
      ];
    },
  }),

  kindCase({
    name: 'criteria_changed: a minimum and anchors cleared',
    arrange: async () => {
      const c = await personal();
      expectOk(
        await decisions.update(c.owner, c.decisionId, {
          name: 'Which car?',
          criteria: [
            {
              id: c.price,
              name: 'Price',
              importance: 60,
              minimum: 4,
              anchors: { low: '> 40k', high: '< 20k' },
            },
            { id: c.comfort, name: 'Comfort', importance: 40 },
          ],
        }),
      );
      return c;
    },
    act: (c) =>
      decisions.update(c.owner, c.decisionId, {
        name: 'Which car?',
        criteria: [
          { id: c.price, name: 'Price', importance: 60, minimum: null, anchors: null },
          { id: c.comfort, name: 'Comfort', importance: 40 },
        ],
      }),
    versioned: true,
    expected: (c, { versionId }) => {
      const price = { type: 'criterion' as const, id: c.price, name: 'Price' };
      return [
        entry('criteria_changed', person(c.owner), {
          changes: [
            { field: 'minimum', from: 4, to: null, item: price },
            { field: 'anchors', from: { low: '> 40k', high: '< 20k' }, to: null, item: price },
          ],
          version_id: versionId,
        }),
      ];
    },
  }),

  kindCase({
    name: 'mode_changed: a personal decision to AI mode',
    arrange: () => personal({ public: true }),
    unchanged: (c) => [
      {
        what: 'a reader',
        call: () => decisions.update(c.reader, c.decisionId, { name: 'Which car?', mode: 'ai' }),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an unknown mode',
        call: () => decisions.update(c.owner, c.decisionId, { name: 'Which car?', mode: 'robot' }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
    ],
    act: (c) => decisions.update(c.owner, c.decisionId, { name: 'Which car?', mode: 'ai' }),
    versioned: true,
    expected: (c, { versionId }) => [
      entry('mode_changed', person(c.owner), {
        changes: [{ field: 'mode', from: 'manual', to: 'ai' }],
        version_id: versionId,
      }),
    ],
    readers: (c) => [c.reader],
  }),

  kindCase({
    name: 'visibility_changed: a personal decision made public',
    arrange: () => personal(),
    unchanged: (c) => [
      {
        what: 'turned into a team decision',
        call: () => decisions.update(c.owner, c.decisionId, { name: 'Which car?', type: 'team' }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'a results visibility on a personal decision',
        call: () =>
          decisions.setResultsVisibility(c.owner, c.decisionId, { results_visibility: 'after_close' }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
    ],
    act: (c) => decisions.update(c.owner, c.decisionId, { name: 'Which car?', type: 'public' }),
    versioned: true,
    expected: (c, { versionId }) => [
      entry('visibility_changed', person(c.owner), {
        changes: [{ field: 'visibility', from: 'private', to: 'public' }],
        version_id: versionId,
      }),
    ],
    // Public now: a reader reads the same.
    readers: (c) => [c.reader],
  }),

  kindCase({
    name: 'visibility_changed: a team’s results visibility, by an admin',
    arrange: async () => {
      const c = await teamCase({ results_visibility: 'after_vote' });
      expectOk(await team.evaluate(c.editor, c.decisionId, fullVote(c, 6)));
      return c;
    },
    unchanged: (c) => [
      {
        what: 'an editor',
        call: () =>
          decisions.setResultsVisibility(c.editor, c.decisionId, { results_visibility: 'after_close' }),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'looser once someone voted',
        call: () => decisions.setResultsVisibility(c.owner, c.decisionId, { results_visibility: 'always' }),
        status: 409,
        code: 'VISIBILITY_LOCKED',
      },
      {
        what: 'the same setting again',
        call: () =>
          decisions.setResultsVisibility(c.owner, c.decisionId, { results_visibility: 'after_vote' }),
        status: 200,
      },
    ],
    act: (c) => decisions.setResultsVisibility(c.admin, c.decisionId, { results_visibility: 'after_close' }),
    expected: (c) => [
      entry('visibility_changed', person(c.admin), {
        changes: [{ field: 'results_visibility', from: 'after_vote', to: 'after_close' }],
      }),
    ],
    readers: everyMember,
  }),

  kindCase({
    name: 'activated: by an admin',
    arrange: () => teamCase({ isActivated: false }),
    unchanged: (c) => [
      {
        what: 'an editor',
        call: () => team.activate(c.editor, c.decisionId),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an outsider',
        call: () => team.activate(c.outsider, c.decisionId),
        status: 404,
        code: 'NOT_FOUND',
      },
    ],
    act: (c) => team.activate(c.admin, c.decisionId),
    expected: (c) => [entry('activated', person(c.admin))],
    readers: everyMember,
  }),

  kindCase({
    name: 'deadline_changed: set',
    arrange: () => teamCase(),
    unchanged: (c) => [
      {
        what: 'an editor',
        call: () => team.setTimer(c.editor, c.decisionId, minutesFromNow(120)),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'too soon',
        call: () => team.setTimer(c.owner, c.decisionId, minutesFromNow(1)),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'no deadline again',
        call: () => team.setTimer(c.owner, c.decisionId, null),
        status: 200,
        historyOnly: true,
      },
    ],
    act: async (c) => team.setTimer(c.admin, c.decisionId, DEADLINE),
    expected: (c) => [
      entry('deadline_changed', person(c.admin), {
        changes: [{ field: 'deadline', from: null, to: DEADLINE }],
      }),
    ],
    readers: everyMember,
  }),

  kindCase({
    name: 'deadline_changed: moved, then removed',
    arrange: async () => {
      const c = await teamCase();
      expectOk(await team.setTimer(c.owner, c.decisionId, DEADLINE));
      expectOk(await team.setTimer(c.owner, c.decisionId, LATER_DEADLINE));
      return c;
    },
    act: (c) => team.setTimer(c.owner, c.decisionId, null),
    expected: (c) => [
      entry('deadline_changed', person(c.owner), {
        changes: [{ field: 'deadline', from: LATER_DEADLINE, to: null }],
      }),
    ],
    also: async (c) => {
      const [, moved] = await entriesOf(c.owner, c.decisionId);
      expect(moved).toEqual({
        ...entry('deadline_changed', person(c.owner), {
          changes: [{ field: 'deadline', from: DEADLINE, to: LATER_DEADLINE }],
        }),
        id: moved!.id,
        at: moved!.at,
      });
    },
  }),

  kindCase({
    name: 'member_invited: an account, by an admin',
    arrange: async () => ({ ...(await teamCase()), invitee: await createSignedInUser(app) }),
    unchanged: (c) => [
      {
        what: 'a viewer',
        call: () =>
          team.invite(c.viewer, { decision_id: c.decisionId, email: c.invitee.email, role: 'editor' }),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'a member',
        call: () =>
          team.invite(c.admin, { decision_id: c.decisionId, email: c.editor.email, role: 'editor' }),
        status: 409,
        code: 'ALREADY_MEMBER',
      },
    ],
    act: (c) => team.invite(c.admin, { decision_id: c.decisionId, email: c.invitee.email, role: 'viewer' }),
    status: 201,
    expected: (c) => [
      entry('member_invited', person(c.admin), {
        subject: person(c.invitee),
        changes: [{ field: 'role', from: null, to: 'viewer' }],
      }),
    ],
    readers: everyMember,
  }),

  kindCase({
    name: 'member_invited: an address without an account (no subject, never the address)',
    arrange: () => teamCase(),
    unchanged: (c) => [
      {
        what: 'an editor',
        call: () =>
          team.invite(c.editor, {
            decision_id: c.decisionId,
            email: 'nobody-yet@example.com',
            role: 'editor',
          }),
        status: 403,
        code: 'FORBIDDEN',
      },
    ],
    act: (c) =>
      team.invite(c.owner, { decision_id: c.decisionId, email: 'nobody-yet@example.com', role: 'editor' }),
    status: 201,
    expected: (c) => [
      entry('member_invited', person(c.owner), { changes: [{ field: 'role', from: null, to: 'editor' }] }),
    ],
    also: (_c, added) => expect(JSON.stringify(added)).not.toContain('nobody-yet'),
  }),

  kindCase({
    name: 'member_joined: accepting an invitation',
    arrange: async () => {
      const c = await teamCase();
      const invitee = await createSignedInUser(app);
      const invitation = await inviteByEmail(app, c.admin, c.decisionId, invitee.email, 'editor');
      return { ...c, invitee, token: invitation.invite_token };
    },
    unchanged: (c) => [
      {
        what: 'the inviter',
        call: () => team.accept(c.admin, c.token),
        status: 409,
        code: 'CANNOT_ACCEPT_OWN',
      },
      { what: 'a member', call: () => team.accept(c.editor, c.token), status: 409, code: 'ALREADY_MEMBER' },
      {
        what: 'an unknown token',
        call: () => team.accept(c.invitee, 'x'.repeat(43)),
        status: 404,
        code: 'INVALID_INVITATION',
      },
    ],
    act: (c) => team.accept(c.invitee, c.token),
    expected: (c) => [
      entry('member_joined', person(c.invitee), {
        subject: person(c.invitee),
        changes: [{ field: 'role', from: null, to: 'editor' }],
      }),
    ],
    readers: (c) => [...everyMember(c), c.invitee],
  }),

  kindCase({
    name: 'member_removed: by the owner',
    arrange: () => teamCase(),
    unchanged: (c) => [
      {
        what: 'an admin',
        call: () => team.removeMember(c.admin, c.decisionId, c.editor.user.id),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'not a member',
        call: () => team.removeMember(c.owner, c.decisionId, c.outsider.user.id),
        status: 404,
        code: 'NOT_FOUND',
      },
    ],
    act: (c) => team.removeMember(c.owner, c.decisionId, c.editor.user.id),
    expected: (c) => [entry('member_removed', person(c.owner), { subject: person(c.editor) })],
    readers: (c) => [c.admin, c.viewer],
  }),

  kindCase({
    name: 'role_changed: by the owner',
    arrange: () => teamCase(),
    unchanged: (c) => [
      {
        what: 'an admin',
        call: () => team.changeRole(c.admin, c.decisionId, c.viewer.user.id, 'editor'),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'not a member',
        call: () => team.changeRole(c.owner, c.decisionId, c.outsider.user.id, 'editor'),
        status: 404,
        code: 'NOT_FOUND',
      },
      {
        what: 'the same role again',
        call: () => team.changeRole(c.owner, c.decisionId, c.viewer.user.id, 'viewer'),
        status: 200,
        historyOnly: true,
      },
    ],
    act: (c) => team.changeRole(c.owner, c.decisionId, c.viewer.user.id, 'editor'),
    expected: (c) => [
      entry('role_changed', person(c.owner), {
        subject: person(c.viewer),
        changes: [{ field: 'role', from: 'viewer', to: 'editor' }],
      }),
    ],
    readers: everyMember,
  }),

  kindCase({
    name: 'vote_saved: a team vote, the count of cells for everyone',
    arrange: () => teamCase(),
    unchanged: (c) => [
      {
        what: 'a viewer',
        call: () => team.evaluate(c.viewer, c.decisionId, fullVote(c, 5)),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an unknown criterion',
        call: () =>
          team.evaluate(c.editor, c.decisionId, [
            { option_id: c.lisbon, criterion_id: 2_000_000_000, value: 5 },
          ]),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
    ],
    act: (c) =>
      team.evaluate(c.editor, c.decisionId, [
        { option_id: c.lisbon, criterion_id: c.cost, value: 3 },
        { option_id: c.oslo, criterion_id: c.cost, value: 9 },
        { option_id: c.oslo, criterion_id: c.weather, value: 2 },
      ]),
    expected: (c) => [
      entry('vote_saved', person(c.editor), { changes: [{ field: 'cells', from: null, to: 3 }] }),
    ],
    readers: (c) => [c.owner, c.admin, c.viewer],
  }),

  kindCase({
    name: 'vote_saved and weights_saved: while results are hidden (after_close), counts only',
    arrange: async () => ({ ...(await teamCase({ results_visibility: 'after_close' })) }),
    act: async (c) => {
      expectOk(await team.weights(c.editor, c.decisionId, [{ criterion_id: c.cost, weight: 37 }]));
      return team.evaluate(c.editor, c.decisionId, fullVote(c, 9));
    },
    expected: (c) => [
      entry('vote_saved', person(c.editor), { changes: [{ field: 'cells', from: null, to: 4 }] }),
      entry('weights_saved', person(c.editor), { changes: [{ field: 'weights', from: null, to: 1 }] }),
    ],
    readers: (c) => [c.editor, c.admin, c.viewer],
    also: async (c) => {
      // The premise: results are hidden from every one of them until voting ends.
      for (const reader of [c.owner, c.admin, c.editor, c.viewer])
        expect((await detailsOf(app, reader, c.decisionId)).resultsHiddenUntil).toBe('close');
    },
  }),

  kindCase({
    name: 'vote_saved and weights_saved: one team edit',
    arrange: () => teamCase(),
    unchanged: (c) => [
      {
        what: 'a viewer’s votes',
        call: () =>
          team.teamEdit(c.viewer, c.decisionId, {
            votes: [{ option_id: c.lisbon, criterion_id: c.cost, value: 4 }],
          }),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an editor’s title',
        call: () =>
          team.teamEdit(c.editor, c.decisionId, {
            name: 'Mine',
            weights: [{ criterion_id: c.cost, weight: 5 }],
          }),
        status: 403,
        code: 'FORBIDDEN',
      },
    ],
    act: (c) =>
      team.teamEdit(c.editor, c.decisionId, {
        votes: [
          { option_id: c.lisbon, criterion_id: c.cost, value: 4 },
          { option_id: c.oslo, criterion_id: c.weather, value: 8 },
        ],
        weights: [
          { criterion_id: c.cost, weight: 37 },
          { criterion_id: c.weather, weight: 63 },
        ],
      }),
    status: 200,
    expected: (c) => [
      entry('weights_saved', person(c.editor), { changes: [{ field: 'weights', from: null, to: 2 }] }),
      entry('vote_saved', person(c.editor), { changes: [{ field: 'cells', from: null, to: 2 }] }),
    ],
    readers: (c) => [c.owner, c.admin, c.viewer],
  }),

  kindCase({
    name: 'vote_saved: a personal save counts the changed values',
    arrange: () => personal({ public: true }),
    unchanged: (c) => [
      {
        what: 'a reader',
        call: () =>
          decisions.evaluate(c.reader, c.decisionId, {
            evaluations: [{ option_id: c.alpha, criterion_id: c.price, value: 1 }],
          }),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'a value off the personal scale',
        call: () =>
          decisions.evaluate(c.owner, c.decisionId, {
            evaluations: [{ option_id: c.alpha, criterion_id: c.price, value: 0 }],
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'the same values again',
        call: () =>
          decisions.evaluate(c.owner, c.decisionId, {
            evaluations: [{ option_id: c.alpha, criterion_id: c.price, value: 8 }],
          }),
        status: 200,
        historyOnly: true,
      },
    ],
    // Three cells sent, one of them as it was: two values changed.
    act: (c) =>
      decisions.evaluate(c.owner, c.decisionId, {
        evaluations: [
          { option_id: c.alpha, criterion_id: c.price, value: 8 },
          { option_id: c.alpha, criterion_id: c.comfort, value: 6, explanation: 'roomy' },
          { option_id: c.beta, criterion_id: c.price, value: 2 },
        ],
      }),
    versioned: true,
    expected: (c, { versionId }) => [
      entry('vote_saved', person(c.owner), {
        changes: [{ field: 'cells', from: null, to: 2 }],
        version_id: versionId,
      }),
    ],
    readers: (c) => [c.reader],
  }),

  kindCase({
    name: 'weights_saved: a member’s weights, the count for everyone',
    arrange: () => teamCase(),
    unchanged: (c) => [
      {
        what: 'a viewer',
        call: () => team.weights(c.viewer, c.decisionId, [{ criterion_id: c.cost, weight: 37 }]),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an unknown criterion',
        call: () => team.weights(c.editor, c.decisionId, [{ criterion_id: 2_000_000_000, weight: 37 }]),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
    ],
    act: (c) =>
      team.weights(c.editor, c.decisionId, [
        { criterion_id: c.cost, weight: 37 },
        { criterion_id: c.weather, weight: 63 },
      ]),
    expected: (c) => [
      entry('weights_saved', person(c.editor), { changes: [{ field: 'weights', from: null, to: 2 }] }),
    ],
    readers: (c) => [c.owner, c.admin, c.viewer],
  }),

  kindCase({
    name: 'facts_saved: an admin’s facts, the count of facts changed for everyone',
    arrange: () => measuredTeamCase(),
    unchanged: (c) => [
      {
        what: 'an editor’s facts',
        call: () => team.teamEdit(c.editor, c.decisionId, { facts: c.facts.slice(0, 1) }),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'a fact on a score criterion',
        call: () =>
          team.teamEdit(c.admin, c.decisionId, {
            facts: [{ option_id: c.lisbon, criterion_id: c.weather, measure: 3 }],
          }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'the same facts again',
        call: () => team.teamEdit(c.admin, c.decisionId, { facts: c.facts }),
        status: 200,
        historyOnly: true,
      },
    ],
    // Lisbon as it was, Oslo changed, Porto left out (removed): two facts changed.
    act: (c) =>
      team.teamEdit(c.admin, c.decisionId, {
        facts: [
          { option_id: c.lisbon, criterion_id: c.cost, measure: 900 },
          { option_id: c.oslo, criterion_id: c.cost, measure: 1100 },
        ],
      }),
    expected: (c) => [
      entry('facts_saved', person(c.admin), { changes: [{ field: 'facts', from: null, to: 2 }] }),
    ],
    readers: (c) => [c.owner, c.editor, c.viewer],
    also: async (c) => {
      // The owner's first facts were recorded too: three added.
      const first = (await entriesOf(c.owner, c.decisionId)).filter((each) => each.kind === 'facts_saved');
      expect(first.at(-1)).toEqual(
        entry('facts_saved', person(c.owner), { changes: [{ field: 'facts', from: null, to: 3 }] }),
      );
    },
  }),

  kindCase({
    name: 'ai_scored, mode_changed and voting_ended: an AI completion, all by the admin who started it',
    arrange: () => teamCase(),
    unchanged: (c) => [
      {
        what: 'an editor',
        call: () => completeWithAi(c.editor, c.decisionId),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an outsider',
        call: () => completeWithAi(c.outsider, c.decisionId),
        status: 404,
        code: 'NOT_FOUND',
      },
    ],
    act: (c) => completeWithAi(c.admin, c.decisionId),
    expected: async (c) => [
      entry('voting_ended', person(c.admin), {
        changes: [{ field: 'leader', from: null, to: await leaderOf(c.owner, c.decisionId) }],
      }),
      entry('ai_scored', person(c.admin), { changes: [{ field: 'cells', from: null, to: 4 }] }),
      entry('mode_changed', person(c.admin), { changes: [{ field: 'mode', from: 'manual', to: 'ai' }] }),
    ],
    readers: everyMember,
  }),

  kindCase({
    name: 'ai_opinion: who asked and how many cells',
    arrange: () => teamCase(),
    unchanged: (c) => [
      { what: 'an editor', call: () => askAiOpinion(c.editor, c.decisionId), status: 403, code: 'FORBIDDEN' },
      {
        what: 'the model failing',
        call: async () => {
          ai.fake.script(...Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 500 })));
          try {
            return await askAiOpinion(c.owner, c.decisionId);
          } finally {
            ai.fake.reset();
          }
        },
        status: 502,
        except: ['ai_usage'],
      },
    ],
    act: (c) => askAiOpinion(c.admin, c.decisionId),
    expected: (c) => [
      entry('ai_opinion', person(c.admin), { changes: [{ field: 'cells', from: null, to: 4 }] }),
    ],
    readers: everyMember,
  }),

  kindCase({
    name: 'voting_ended: “end voting now” by an admin',
    arrange: async () => {
      const c = await teamCase();
      expectOk(await team.evaluate(c.editor, c.decisionId, fullVote(c, 7)));
      expectOk(
        await team.evaluate(c.owner, c.decisionId, [{ option_id: c.oslo, criterion_id: c.cost, value: 9 }]),
      );
      return c;
    },
    unchanged: (c) => [
      {
        what: 'an editor',
        call: () => team.endVoting(c.editor, c.decisionId),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an outsider',
        call: () => team.endVoting(c.outsider, c.decisionId),
        status: 404,
        code: 'NOT_FOUND',
      },
    ],
    act: (c) => team.endVoting(c.admin, c.decisionId),
    expected: async (c) => {
      const leader = await leaderOf(c.owner, c.decisionId);
      expect(leader.name).toBe('Oslo');
      return [
        entry('voting_ended', person(c.admin), { changes: [{ field: 'leader', from: null, to: leader }] }),
      ];
    },
    readers: everyMember,
    also: async (c, [ended]) => {
      expect(ended!.at).toBe((await detailsOf(app, c.owner, c.decisionId)).voting_ended!.at);
    },
  }),

  kindCase({
    name: 'voting_ended: the deadline passing, by System at the deadline',
    arrange: async () => {
      const c = await teamCase();
      expectOk(await team.setTimer(c.owner, c.decisionId, DEADLINE));
      expectOk(await team.evaluate(c.editor, c.decisionId, fullVote(c, 6)));
      // The deadline passes: moved into the past as if the time had come, the job due now.
      const deadline = minutesFromNow(-1);
      await app.database.db
        .updateTable('decisions')
        .set({ timer: deadline })
        .where('id', '=', c.decisionId)
        .execute();
      await app.database.db
        .updateTable('scheduled_jobs')
        .set({ next_run_at: 0, locked_until: null })
        .execute();
      return { ...c, deadline };
    },
    unchanged: (c) => [
      {
        what: 'a vote after the deadline',
        call: () => team.evaluate(c.editor, c.decisionId, fullVote(c, 2)),
        status: 409,
        code: 'DEADLINE_PASSED',
      },
    ],
    act: async () => {
      await app.scheduler.runDueJobs();
    },
    at: (c) => c.deadline,
    expected: async (c) => [
      entry('voting_ended', SYSTEM, {
        changes: [{ field: 'leader', from: null, to: await leaderOf(c.owner, c.decisionId) }],
      }),
    ],
    readers: everyMember,
  }),

  kindCase({
    name: 'outcome_recorded: the first outcome',
    arrange: endedTeam,
    unchanged: (c) => [
      {
        what: 'a viewer',
        call: () => lifecycle.recordOutcome(c.viewer, c.decisionId, { option_id: c.lisbon }),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an unknown option',
        call: () => lifecycle.recordOutcome(c.owner, c.decisionId, { option_id: 2_000_000_000 }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'ending voting again',
        call: () => team.endVoting(c.owner, c.decisionId),
        status: 409,
        code: 'DEADLINE_PASSED',
      },
    ],
    act: (c) => lifecycle.recordOutcome(c.admin, c.decisionId, { option_id: c.lisbon }),
    expected: (c) => [
      entry('outcome_recorded', person(c.admin), {
        changes: [{ field: 'outcome', from: null, to: 'Lisbon' }],
      }),
    ],
    readers: everyMember,
  }),

  kindCase({
    name: 'outcome_recorded: another option',
    arrange: async () => {
      const c = await endedTeam();
      expectOk(await lifecycle.recordOutcome(c.owner, c.decisionId, { option_id: c.lisbon }));
      return c;
    },
    unchanged: (c) => [
      {
        what: 'the same outcome again',
        call: () => lifecycle.recordOutcome(c.owner, c.decisionId, { option_id: c.lisbon }),
        status: 200,
        historyOnly: true,
      },
    ],
    act: (c) => lifecycle.recordOutcome(c.owner, c.decisionId, { option_id: c.oslo }),
    expected: (c) => [
      entry('outcome_recorded', person(c.owner), {
        changes: [{ field: 'outcome', from: 'Lisbon', to: 'Oslo' }],
      }),
    ],
  }),

  kindCase({
    name: 'outcome_removed',
    arrange: async () => {
      const c = await endedTeam();
      expectOk(await lifecycle.recordOutcome(c.owner, c.decisionId, { option_id: c.oslo }));
      const undecided = await createDecision(app, c.owner);
      return { ...c, undecidedId: undecided.decision.id };
    },
    unchanged: (c) => [
      {
        what: 'a viewer',
        call: () => lifecycle.removeOutcome(c.viewer, c.decisionId),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'nothing to remove (another decision)',
        call: () => lifecycle.removeOutcome(c.owner, c.undecidedId),
        status: 204,
      },
    ],
    act: (c) => lifecycle.removeOutcome(c.admin, c.decisionId),
    status: 204,
    expected: (c) => [entry('outcome_removed', person(c.admin))],
    readers: everyMember,
  }),

  kindCase({
    name: 'restored: a version brought back, a version of its own',
    arrange: async () => {
      const c = await personal({ public: true });
      const [created] = await entriesOf(c.owner, c.decisionId);
      expectOk(
        await decisions.update(c.owner, c.decisionId, {
          name: 'Which car?',
          options: [{ id: c.alpha, name: 'Alpha' }, { name: 'Delta' }],
        }),
      );
      const other = await createDecision(app, c.owner);
      const [otherEntry] = await entriesOf(c.owner, other.decision.id);
      const teamDecision = await createTeamDecision(app, c.owner);
      const [teamEntry] = await entriesOf(c.owner, teamDecision.decision.id);
      return {
        ...c,
        created: created!,
        otherEntry: otherEntry!,
        teamId: teamDecision.decision.id,
        teamEntry: teamEntry!,
      };
    },
    unchanged: (c) => [
      {
        what: 'a reader',
        call: () => restore(c.reader, c.decisionId, c.created.id),
        status: 403,
        code: 'FORBIDDEN',
      },
      {
        what: 'an entry of another decision',
        call: () => restore(c.owner, c.decisionId, c.otherEntry.id),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        what: 'a team decision',
        call: () => restore(c.owner, c.teamId, c.teamEntry.id),
        status: 409,
        code: 'RESTORE_PERSONAL_ONLY',
      },
    ],
    act: (c) => restore(c.owner, c.decisionId, c.created.id),
    versioned: true,
    expected: (c, { versionId }) => [
      entry('restored', person(c.owner), {
        changes: [{ field: 'version', from: null, to: c.created.version_id }],
        version_id: versionId,
      }),
    ],
    readers: (c) => [c.reader],
  }),

  kindCase({
    name: 'one personal save of many kinds: every entry shares its version',
    arrange: () => personal(),
    act: (c) =>
      decisions.update(c.owner, c.decisionId, {
        name: 'Which family car?',
        type: 'public',
        mode: 'ai',
        options: [
          { id: c.alpha, name: 'Alpha' },
          { id: c.beta, name: 'Bravo' },
        ],
        criteria: [
          { id: c.price, name: 'Price', importance: 70 },
          { id: c.comfort, name: 'Comfort', importance: 30 },
        ],
        // Every cell as it was but one: one value changed.
        evaluations: [
          { option_index: 0, criterion_index: 0, value: 8 },
          { option_index: 0, criterion_index: 1, value: 5 },
          { option_index: 1, criterion_index: 0, value: 6 },
          { option_index: 1, criterion_index: 1, value: 3 },
        ],
      }),
    versioned: true,
    expected: (c, { versionId }) => {
      const by = person(c.owner);
      const version_id = versionId;
      return [
        entry('vote_saved', by, { changes: [{ field: 'cells', from: null, to: 1 }], version_id }),
        entry('criteria_changed', by, {
          changes: [
            {
              field: 'importance',
              from: 60,
              to: 70,
              item: { type: 'criterion', id: c.price, name: 'Price' },
            },
            {
              field: 'importance',
              from: 40,
              to: 30,
              item: { type: 'criterion', id: c.comfort, name: 'Comfort' },
            },
          ],
          version_id,
        }),
        entry('options_changed', by, {
          changes: [
            {
              field: 'renamed',
              from: 'Beta',
              to: 'Bravo',
              item: { type: 'option', id: c.beta, name: 'Bravo' },
            },
          ],
          version_id,
        }),
        entry('visibility_changed', by, {
          changes: [{ field: 'visibility', from: 'private', to: 'public' }],
          version_id,
        }),
        entry('mode_changed', by, { changes: [{ field: 'mode', from: 'manual', to: 'ai' }], version_id }),
        entry('edited', by, {
          changes: [{ field: 'title', from: 'Which car?', to: 'Which family car?' }],
          version_id,
        }),
      ];
    },
  }),
];

/** Every kind issue 30 lists. */
const ISSUE_KINDS: HistoryKind[] = [
  'created',
  'edited',
  'options_changed',
  'criteria_changed',
  'mode_changed',
  'deadline_changed',
  'visibility_changed',
  'activated',
  'member_invited',
  'member_joined',
  'member_removed',
  'role_changed',
  'vote_saved',
  'weights_saved',
  'facts_saved',
  'ai_scored',
  'ai_opinion',
  'voting_ended',
  'outcome_recorded',
  'outcome_removed',
  'restored',
];

/** Kinds whose entries a case asserted exactly (filled as the cases run, in order). */
const asserted = new Set<HistoryKind>();

/** Keys that would carry a value or a weight: none may appear anywhere in any entry. */
const FORBIDDEN_KEYS = new Set([
  'value',
  'values',
  'weight',
  'weights',
  'ai_value',
  'explanation',
  'evaluations',
]);
function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value !== null && typeof value === 'object')
    for (const [key, nested] of Object.entries(value)) {
      into.push(key);
      keysOf(nested, into);
    }
  return into;
}

describe('every history kind, asserted exactly', () => {
  it.each(CASES.map((kindCase) => [kindCase.name, kindCase] as const))('%s', async (_name, c) => {
    const ctx = await c.arrange();
    const { owner } = ctx;
    let decisionId = ctx.decisionId;
    const before = decisionId ? await entriesOf(owner, decisionId) : [];

    for (const unchanged of c.unchanged?.(ctx) ?? []) {
      const response = unchanged.historyOnly
        ? await unchanged.call()
        : await expectNothingChanged(app, unchanged.call, { except: unchanged.except });
      expect(response.statusCode, `${unchanged.what}: ${response.body}`).toBe(unchanged.status);
      if (unchanged.code) expect(response.json<{ code: string }>().code, unchanged.what).toBe(unchanged.code);
      if (decisionId) expect(await entriesOf(owner, decisionId), unchanged.what).toEqual(before);
    }

    const startedAt = Date.now();
    const response = await c.act(ctx);
    const endedAt = Date.now();
    if (response) expect(response.statusCode, response.body).toBe(c.status ?? 200);
    if (c.createdIdOf) decisionId = c.createdIdOf(response!);

    const after = await entriesOf(owner, decisionId);
    const added = after.slice(0, after.length - before.length);
    expect(added.length, 'entries added').toBeGreaterThan(0);
    // Append-only: what was there is untouched, below the new entries.
    expect(after.slice(added.length)).toEqual(before);
    // Newest first, every new id above the older ones.
    const ids = after.map((each) => each.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);

    const versionId = added.at(-1)!.version_id;
    if (c.versioned) {
      // One save, one new version: a number no older entry names, readable as a version.
      expect(versionId).toEqual(expect.any(Number));
      expect(before.map((each) => each.version_id)).not.toContain(versionId);
      const version = await app.inject({
        method: 'GET',
        url: `/api/decision/${decisionId}/versions/${versionId}`,
        headers: owner.headers,
      });
      expect(version.statusCode, version.body).toBe(200);
    }
    expect(added).toEqual(await c.expected(ctx, { versionId }));
    for (const each of added) asserted.add(each.kind);

    for (const each of added) {
      if (c.at) expect(each.at).toBe(new Date(c.at(ctx)).toISOString());
      else {
        const at = Date.parse(each.at);
        expect(at).toBeGreaterThanOrEqual(startedAt - 1);
        expect(at).toBeLessThanOrEqual(endedAt + 1);
      }
    }
    // Every other reader reads exactly the same history: no value, weight or more for anyone.
    for (const reader of c.readers?.(ctx) ?? []) expect(await entriesOf(reader, decisionId)).toEqual(after);
    const leaked = keysOf(after).filter((key) => FORBIDDEN_KEYS.has(key));
    expect(leaked).toEqual([]);
    await c.also?.(ctx, added);
  });

  // Runs after the cases (a file's tests run in order): each kind was made and asserted by one of them.
  it('asserted every kind the issue lists', () => {
    expect(ISSUE_KINDS.filter((kind) => !asserted.has(kind))).toEqual([]);
    // The contract knows no kind beyond these (a new one needs a case here).
    expect([...HISTORY_KINDS].sort()).toEqual([...ISSUE_KINDS].sort());
  });
});

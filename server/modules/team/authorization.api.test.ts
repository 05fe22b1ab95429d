import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../shared/errors.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { decisionApi, insertTeamDecision } from '../../test/decision-factories.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { insertAiEvaluation, insertInvitations, minutesFromNow, teamApi } from '../../test/team-factories.ts';
import { expectNothingChanged, snapshotAllTables } from '../../test/db-snapshot.ts';

// The permission table of DESIGN.md ("Roles"), written out independently of server/modules/decisions/policy.ts:
// owner and admin edit, set the mode and deadline, invite and vote; editors vote and weight; viewers read and
// comment; only the owner deletes the decision and manages members. Outsiders get 404, anonymous callers 401.
// After the deadline, or once the AI completed the decision, edits, votes, weights and member changes
// (removal, role) get 409: they would change which votes count in a closed result.

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const team = teamApi(() => app);
const decisions = decisionApi(() => app);

type Member = 'viewer' | 'editor' | 'admin' | 'owner';
type Caller = 'anonymous' | 'non-member' | Member;
type State = 'open' | 'deadline passed' | 'completed by AI';

const CALLERS: Caller[] = ['anonymous', 'non-member', 'viewer', 'editor', 'admin', 'owner'];
const STATES: State[] = ['open', 'deadline passed', 'completed by AI'];

let users: Record<Exclude<Caller, 'anonymous'>, SignedInUser> & { target: SignedInUser };

beforeAll(async () => {
  const [owner, admin, editor, viewer, outsider, target] = await Promise.all(
    Array.from({ length: 6 }, () => createSignedInUser(app)),
  );
  users = {
    owner: owner!,
    admin: admin!,
    editor: editor!,
    viewer: viewer!,
    'non-member': outsider!,
    target: target!,
  };
});

interface Fixture {
  decisionId: number;
  optionIds: number[];
  criterionIds: number[];
  /** A pending invitation of this decision. */
  invitationId: number;
  /** An editor the owner may re-role or remove. */
  targetUserId: number;
}

/** A fresh team decision with one member per role, a pending invitation and a comment, in the given state. */
async function teamFixture(state: State): Promise<Fixture> {
  const { decision, optionIds, criterionIds } = await insertTeamDecision(app, {
    ownerId: users.owner.user.id,
    name: 'Guarded decision',
    timer: state === 'deadline passed' ? minutesFromNow(-1) : minutesFromNow(60),
    members: [
      { userId: users.admin.user.id, role: 'admin' },
      { userId: users.editor.user.id, role: 'editor' },
      { userId: users.viewer.user.id, role: 'viewer' },
      { userId: users.target.user.id, role: 'editor' },
    ],
    options: ['Lisbon', 'Oslo'],
    criteria: [
      { name: 'Cost', importance: 60 },
      { name: 'Weather', importance: 40 },
    ],
  });
  const [invitation] = await insertInvitations(app, {
    decisionId: decision.id,
    inviterId: users.owner.user.id,
    count: 1,
    // Sent two days ago, so the fixtures do not use up the owner's daily invitations.
    createdAt: minutesFromNow(-2 * 24 * 60),
  });
  await app.database.db
    .insertInto('comments')
    .values({
      decision_id: decision.id,
      user_id: users.owner.user.id,
      text: 'Kick-off',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();
  if (state === 'completed by AI') {
    await insertAiEvaluation(app, {
      decisionId: decision.id,
      optionId: optionIds[0]!,
      criterionId: criterionIds[0]!,
      value: 6,
    });
  }
  return {
    decisionId: decision.id,
    optionIds,
    criterionIds,
    invitationId: invitation!.id,
    targetUserId: users.target.user.id,
  };
}

type Call = (
  caller: Pick<SignedInUser, 'headers'> | undefined,
  id: number | string,
  fixture: Fixture,
) => Promise<LightMyRequestResponse>;

interface Endpoint {
  call: Call;
  /** Roles that hold the right (DESIGN.md). */
  allowed: readonly Member[];
  /** Refused with 409 after the deadline and once completed by AI. */
  lockable: boolean;
  success: 200 | 201;
  /** Whether a successful call changes the database. */
  writes: boolean;
}

const OWNER_ADMIN = ['admin', 'owner'] as const;
const VOTERS = ['editor', 'admin', 'owner'] as const;
const EVERY_MEMBER = ['viewer', 'editor', 'admin', 'owner'] as const;

const ENDPOINTS: Record<string, Endpoint> = {
  'GET /api/decision/{id}/details': {
    call: (c, id) => decisions.details(c, id),
    allowed: EVERY_MEMBER,
    lockable: false,
    success: 200,
    writes: false,
  },
  'GET /api/decision/{id}/analysis': {
    call: (c, id) => decisions.analysis(c, id),
    allowed: EVERY_MEMBER,
    lockable: false,
    success: 200,
    writes: false,
  },
  'GET /api/decision/{id}/type': {
    call: (c, id) => decisions.type(c, id),
    allowed: EVERY_MEMBER,
    lockable: false,
    success: 200,
    writes: false,
  },
  'PUT /api/decision/{id}': {
    call: (c, id) => decisions.update(c, id, { name: 'Taken over', mode: 'ai' }),
    allowed: OWNER_ADMIN,
    lockable: true,
    success: 200,
    writes: true,
  },
  'PATCH /api/decision/{id}/results-visibility': {
    call: (c, id) => decisions.setResultsVisibility(c, id, { results_visibility: 'after_vote' }),
    allowed: OWNER_ADMIN,
    lockable: true,
    success: 200,
    writes: true,
  },
  'DELETE /api/decision/{id}': {
    call: (c, id) => decisions.remove(c, id),
    allowed: ['owner'],
    lockable: false,
    success: 200,
    writes: true,
  },
  'POST /api/decision/{id}/evaluate': {
    call: (c, id, fx) =>
      team.evaluate(c, id, [{ option_id: fx.optionIds[1], criterion_id: fx.criterionIds[1], value: 4 }]),
    allowed: VOTERS,
    lockable: true,
    success: 200,
    writes: true,
  },
  'POST /api/decision/{id}/weights': {
    call: (c, id, fx) => team.weights(c, id, [{ criterion_id: fx.criterionIds[0], weight: 70 }]),
    allowed: VOTERS,
    lockable: true,
    success: 200,
    writes: true,
  },
  'PATCH /api/decision/{id}/timer': {
    call: (c, id) => team.setTimer(c, id, minutesFromNow(120)),
    allowed: OWNER_ADMIN,
    lockable: true,
    success: 200,
    writes: true,
  },
  'POST /api/decision/{id}/end-voting': {
    call: (c, id) => team.endVoting(c, id),
    allowed: OWNER_ADMIN,
    lockable: true,
    success: 200,
    writes: true,
  },
  'POST /api/decision/{id}/activate': {
    call: (c, id) => team.activate(c, id),
    allowed: OWNER_ADMIN,
    lockable: true,
    success: 200,
    writes: true,
  },
  'POST /api/team/invite': {
    call: (c, id) => team.invite(c, { decision_id: id, email: uniqueEmail('guest'), role: 'viewer' }),
    allowed: OWNER_ADMIN,
    lockable: false,
    success: 201,
    writes: true,
  },
  'GET /api/team/team-members/{id}': {
    call: (c, id) => team.teamMembers(c, id),
    allowed: EVERY_MEMBER,
    lockable: false,
    success: 200,
    writes: false,
  },
  'PUT /api/team/{id}/members/{userId}': {
    call: (c, id, fx) => team.changeRole(c, id, fx.targetUserId, 'admin'),
    allowed: ['owner'],
    lockable: true,
    success: 200,
    writes: true,
  },
  'DELETE /api/team/{id}/members/{userId}': {
    call: (c, id, fx) => team.removeMember(c, id, fx.targetUserId),
    allowed: ['owner'],
    lockable: true,
    success: 200,
    writes: true,
  },
  'DELETE /api/team/{id}/invitations/{invitationId}': {
    call: (c, id, fx) => team.revokeInvitation(c, id, fx.invitationId),
    allowed: OWNER_ADMIN,
    lockable: false,
    success: 200,
    writes: true,
  },
  'GET /api/comments/{decisionId}': {
    call: (c, id) => decisions.listComments(c, id),
    allowed: EVERY_MEMBER,
    lockable: false,
    success: 200,
    writes: false,
  },
  'POST /api/comments': {
    call: (c, id) => decisions.postComment(c, { decision_id: id, text: 'My two cents' }),
    allowed: EVERY_MEMBER,
    lockable: false,
    success: 201,
    writes: true,
  },
};

type Expected = { status: 200 | 201; writes: boolean } | { status: number; code: ErrorCode };

function expectedFor(endpoint: Endpoint, caller: Caller, state: State): Expected {
  if (caller === 'anonymous') return { status: 401, code: 'UNAUTHORIZED' };
  if (caller === 'non-member') return { status: 404, code: 'NOT_FOUND' };
  if (!endpoint.allowed.includes(caller)) return { status: 403, code: 'FORBIDDEN' };
  if (endpoint.lockable && state === 'deadline passed') return { status: 409, code: 'DEADLINE_PASSED' };
  if (endpoint.lockable && state === 'completed by AI') return { status: 409, code: 'COMPLETED_BY_AI' };
  return { status: endpoint.success, writes: endpoint.writes };
}

const cases = Object.keys(ENDPOINTS).flatMap((name) =>
  STATES.flatMap((state) => CALLERS.map((caller) => [name, state, caller] as const)),
);

describe('team permission table', () => {
  it.each(cases)('%s on a team decision (%s) by %s', async (name, state, caller) => {
    const endpoint = ENDPOINTS[name]!;
    const fixture = await teamFixture(state);
    const user = caller === 'anonymous' ? undefined : users[caller];
    const expected = expectedFor(endpoint, caller, state);

    if ('code' in expected) {
      const response = await expectNothingChanged(app, () =>
        endpoint.call(user, fixture.decisionId, fixture),
      );
      expectApiError(response, expected.status, expected.code);
      return;
    }
    const before = await snapshotAllTables(app);
    const response = await endpoint.call(user, fixture.decisionId, fixture);
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: expected.status });
    const after = await snapshotAllTables(app);
    if (expected.writes) expect(after).not.toEqual(before);
    else expect(after).toEqual(before);
  });

  it.each(Object.keys(ENDPOINTS))(
    '%s: an unknown decision is 404 even for an owner of others',
    async (name) => {
      const fixture = await teamFixture('open');
      const response = await expectNothingChanged(app, () =>
        ENDPOINTS[name]!.call(users.owner, 987_654, fixture),
      );
      expectApiError(response, 404, 'NOT_FOUND');
    },
  );

  it.each(Object.keys(ENDPOINTS))('%s: a garbage bearer token is 401', async (name) => {
    const fixture = await teamFixture('open');
    const response = await expectNothingChanged(app, () =>
      ENDPOINTS[name]!.call(
        { headers: { authorization: 'Bearer not-a-session' } },
        fixture.decisionId,
        fixture,
      ),
    );
    expectApiError(response, 401, 'UNAUTHORIZED');
  });

  it('a removed member becomes an outsider (404) on every endpoint', async () => {
    const fixture = await teamFixture('open');
    expect((await team.removeMember(users.owner, fixture.decisionId, fixture.targetUserId)).statusCode).toBe(
      200,
    );
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const response = await expectNothingChanged(app, () =>
        endpoint.call(users.target, fixture.decisionId, fixture),
      );
      expect({ name, status: response.statusCode }).toEqual({ name, status: 404 });
    }
  });
});

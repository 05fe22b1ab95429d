import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../shared/errors.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { insertWorkspace, insertWorkspaceInvitation, workspaceApi } from '../../test/workspace-factories.ts';

// The rights of the issue, written out independently of policy.ts: owner and admins rename, invite,
// manage members and criteria sets; only the owner deletes and hands over; every member reads and may
// leave (the owner only after a hand-over: 409). Non-members (a removed member and a pending invitee
// among them) get 404 exactly as for an unknown id; anonymous callers 401. Every refusal changes nothing.

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const api = workspaceApi(() => app);

type Caller = 'owner' | 'admin' | 'member' | 'removed member' | 'pending invitee' | 'outsider' | 'anonymous';
const CALLERS: Caller[] = [
  'owner',
  'admin',
  'member',
  'removed member',
  'pending invitee',
  'outsider',
  'anonymous',
];

let users: Record<Exclude<Caller, 'anonymous'> | 'target', SignedInUser>;

beforeAll(async () => {
  const [owner, admin, member, removed, invitee, outsider, target] = await Promise.all(
    Array.from({ length: 7 }, () => createSignedInUser(app)),
  );
  users = {
    owner: owner!,
    admin: admin!,
    member: member!,
    'removed member': removed!,
    'pending invitee': invitee!,
    outsider: outsider!,
    target: target!,
  };
});

interface Fixture {
  workspaceId: number;
  invitationId: number;
  setId: number;
}

/** A fresh workspace: owner, an admin, a member, a target member, a removed member, a pending invitation, a set. */
async function workspaceFixture(): Promise<Fixture> {
  const workspace = await insertWorkspace(app, {
    ownerId: users.owner.user.id,
    members: [
      { userId: users.admin.user.id, role: 'admin' },
      { userId: users.member.user.id, role: 'member' },
      { userId: users.target.user.id, role: 'member' },
      { userId: users['removed member'].user.id, role: 'member' },
    ],
  });
  const removed = await api.removeMember(users.owner, workspace.id, users['removed member'].user.id);
  expect(removed.statusCode).toBe(204);
  const invitation = await insertWorkspaceInvitation(app, {
    workspaceId: workspace.id,
    inviterId: users.owner.user.id,
    email: users['pending invitee'].email,
  });
  const set = await api.createCriteriaSet(users.owner, workspace.id, {
    name: 'Vendor basics',
    criteria: [{ name: 'Cost', importance: 60 }],
  });
  expect(set.statusCode).toBe(201);
  return { workspaceId: workspace.id, invitationId: invitation.id, setId: set.json<{ id: number }>().id };
}

type Call = (
  caller: SignedInUser | undefined,
  id: number | string,
  fixture: Fixture,
  self: number,
) => Promise<LightMyRequestResponse>;

interface Endpoint {
  call: Call;
  /** The members who may (the rights). */
  allowed: readonly Caller[];
  success: 200 | 201 | 204;
  /** Allowed by role, refused by the rules with this code (the owner leaving). */
  conflicts?: Partial<Record<Caller, ErrorCode>>;
}

const SET = { name: 'Hiring', criteria: [{ name: 'Skills', importance: 50, minimum: 4 }] };
const MANAGERS = ['owner', 'admin'] as const;
const EVERYONE = ['owner', 'admin', 'member'] as const;

const ENDPOINTS: Record<string, Endpoint> = {
  'GET /api/workspaces/{id}': { call: (c, id) => api.details(c, id), allowed: EVERYONE, success: 200 },
  'PATCH /api/workspaces/{id}': {
    call: (c, id) => api.rename(c, id, { name: 'Sales' }),
    allowed: MANAGERS,
    success: 200,
  },
  'DELETE /api/workspaces/{id}': { call: (c, id) => api.remove(c, id), allowed: ['owner'], success: 204 },
  'POST /api/workspaces/{id}/invitations': {
    call: (c, id) => api.invite(c, id, { email: uniqueEmail('new'), role: 'member' }),
    allowed: MANAGERS,
    success: 201,
  },
  'POST /api/workspaces/{id}/invitations/{invitationId}/resend': {
    call: (c, id, f) => api.resend(c, id, f.invitationId),
    allowed: MANAGERS,
    success: 200,
  },
  'DELETE /api/workspaces/{id}/invitations/{invitationId}': {
    call: (c, id, f) => api.revoke(c, id, f.invitationId),
    allowed: MANAGERS,
    success: 204,
  },
  'PATCH /api/workspaces/{id}/members/{userId}': {
    call: (c, id) => api.changeRole(c, id, users.target.user.id, 'admin'),
    allowed: MANAGERS,
    success: 200,
  },
  'DELETE /api/workspaces/{id}/members/{userId} (someone else)': {
    call: (c, id) => api.removeMember(c, id, users.target.user.id),
    allowed: MANAGERS,
    success: 204,
  },
  'DELETE /api/workspaces/{id}/members/{userId} (oneself: leave)': {
    call: (c, id, _f, self) => api.removeMember(c, id, self),
    allowed: EVERYONE,
    success: 204,
    conflicts: { owner: 'OWNER_MUST_TRANSFER' },
  },
  'POST /api/workspaces/{id}/transfer': {
    call: (c, id) => api.transfer(c, id, users.admin.user.id),
    allowed: ['owner'],
    success: 200,
  },
  'GET /api/workspaces/{id}/criteria-sets': {
    call: (c, id) => api.criteriaSets(c, id),
    allowed: EVERYONE,
    success: 200,
  },
  'POST /api/workspaces/{id}/criteria-sets': {
    call: (c, id) => api.createCriteriaSet(c, id, SET),
    allowed: MANAGERS,
    success: 201,
  },
  'PUT /api/workspaces/{id}/criteria-sets/{setId}': {
    call: (c, id, f) => api.updateCriteriaSet(c, id, f.setId, SET),
    allowed: MANAGERS,
    success: 200,
  },
  'DELETE /api/workspaces/{id}/criteria-sets/{setId}': {
    call: (c, id, f) => api.deleteCriteriaSet(c, id, f.setId),
    allowed: MANAGERS,
    success: 204,
  },
};

function expectedOf(endpoint: Endpoint, caller: Caller): { status: number; code?: ErrorCode } {
  if (caller === 'anonymous') return { status: 401, code: 'UNAUTHORIZED' };
  if (!(EVERYONE as readonly Caller[]).includes(caller)) return { status: 404, code: 'NOT_FOUND' };
  if (!endpoint.allowed.includes(caller)) return { status: 403, code: 'FORBIDDEN' };
  const conflict = endpoint.conflicts?.[caller];
  if (conflict) return { status: 409, code: conflict };
  return { status: endpoint.success };
}

const CASES = Object.entries(ENDPOINTS).flatMap(([name, endpoint]) =>
  CALLERS.map((caller) => ({ name, endpoint, caller, expected: expectedOf(endpoint, caller) })),
);

describe('every workspace endpoint × every kind of caller', () => {
  it.each(CASES)('$name as $caller → $expected.status', async ({ endpoint, caller, expected }) => {
    const fixture = await workspaceFixture();
    const user = caller === 'anonymous' ? undefined : users[caller];
    const self = user?.user.id ?? users.member.user.id;
    const call = () => endpoint.call(user, fixture.workspaceId, fixture, self);
    if (expected.code) {
      const response = await expectNothingChanged(app, call);
      expectApiError(response, expected.status, expected.code);
    } else {
      const response = await call();
      expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: expected.status });
    }
  });

  it.each(['unknown id', 'id above the largest one'] as const)(
    'a %s answers 404 exactly as for a non-member, on every endpoint, changing nothing',
    async (kind) => {
      const fixture = await workspaceFixture();
      const id = kind === 'unknown id' ? fixture.workspaceId + 1000 : '2147483648';
      for (const endpoint of Object.values(ENDPOINTS)) {
        const response = await expectNothingChanged(app, () =>
          endpoint.call(users.owner, id, fixture, users.owner.user.id),
        );
        expectApiError(response, 404, 'NOT_FOUND');
      }
    },
  );

  it('ids of another workspace (invitation, criteria set, member) answer 404 and change nothing', async () => {
    const mine = await workspaceFixture();
    const theirs = await workspaceFixture();
    const calls = [
      () => api.resend(users.owner, mine.workspaceId, theirs.invitationId),
      () => api.revoke(users.owner, mine.workspaceId, theirs.invitationId),
      () => api.updateCriteriaSet(users.owner, mine.workspaceId, theirs.setId, SET),
      () => api.deleteCriteriaSet(users.owner, mine.workspaceId, theirs.setId),
      () => api.changeRole(users.owner, mine.workspaceId, users.outsider.user.id, 'admin'),
      () => api.removeMember(users.owner, mine.workspaceId, users.outsider.user.id),
    ];
    for (const call of calls) expectApiError(await expectNothingChanged(app, call), 404, 'NOT_FOUND');
  });
});

describe('endpoints without a workspace id', () => {
  it('GET and POST /api/workspaces answer 401 to anonymous callers and change nothing', async () => {
    expectApiError(await expectNothingChanged(app, () => api.list(undefined)), 401, 'UNAUTHORIZED');
    const created = await expectNothingChanged(app, () => api.create(undefined, { name: 'X' }));
    expectApiError(created, 401, 'UNAUTHORIZED');
  });

  it('POST /api/workspaces/accept answers 401 to anonymous callers, the invitation stays pending', async () => {
    const fixture = await workspaceFixture();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: fixture.workspaceId,
      inviterId: users.owner.user.id,
    });
    const response = await expectNothingChanged(app, () => api.accept(undefined, invitation.token));
    expectApiError(response, 401, 'UNAUTHORIZED');
    expect((await api.preview(invitation.token)).statusCode).toBe(200);
  });

  it('GET /api/workspaces/invitations/{token} needs no sign-in', async () => {
    const fixture = await workspaceFixture();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: fixture.workspaceId,
      inviterId: users.owner.user.id,
      role: 'admin',
    });
    const response = await api.preview(invitation.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ workspace_name: 'Marketing', role: 'admin' });
  });
});

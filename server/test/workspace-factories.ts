import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { WorkspaceRole } from '../db/schema.ts';
import { generateToken, hashToken } from '../modules/auth/index.ts';
import type { SignedInUser } from './factories.ts';
import { uniqueEmail } from './factories.ts';

type Caller = Pick<SignedInUser, 'headers'> | undefined;
type Body = Record<string, unknown>;

/** The workspace endpoints of issue 29, one function each (`caller` undefined: anonymous). */
export function workspaceApi(app: () => FastifyInstance) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    caller: Caller,
    payload?: Body,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app().inject({
      method,
      url,
      headers: { ...caller?.headers, ...headers },
      ...(payload ? { payload } : {}),
    });
  return {
    call,
    create: (caller: Caller, body: Body, headers?: Record<string, string>) =>
      call('POST', '/api/workspaces', caller, body, headers),
    list: (caller: Caller) => call('GET', '/api/workspaces', caller),
    details: (caller: Caller, id: number | string) => call('GET', `/api/workspaces/${id}`, caller),
    rename: (caller: Caller, id: number | string, body: Body) =>
      call('PATCH', `/api/workspaces/${id}`, caller, body),
    remove: (caller: Caller, id: number | string) => call('DELETE', `/api/workspaces/${id}`, caller),
    invite: (caller: Caller, id: number | string, body: Body, headers?: Record<string, string>) =>
      call('POST', `/api/workspaces/${id}/invitations`, caller, body, headers),
    resend: (caller: Caller, id: number | string, invitationId: number) =>
      call('POST', `/api/workspaces/${id}/invitations/${invitationId}/resend`, caller),
    revoke: (caller: Caller, id: number | string, invitationId: number) =>
      call('DELETE', `/api/workspaces/${id}/invitations/${invitationId}`, caller),
    preview: (token: string, headers?: Record<string, string>) =>
      call('GET', `/api/workspaces/invitations/${encodeURIComponent(token)}`, undefined, undefined, headers),
    accept: (caller: Caller, token: string) =>
      call('POST', '/api/workspaces/accept', caller, { invite_token: token }),
    changeRole: (caller: Caller, id: number | string, userId: number, role: string) =>
      call('PATCH', `/api/workspaces/${id}/members/${userId}`, caller, { role }),
    removeMember: (caller: Caller, id: number | string, userId: number) =>
      call('DELETE', `/api/workspaces/${id}/members/${userId}`, caller),
    transfer: (caller: Caller, id: number | string, userId: number) =>
      call('POST', `/api/workspaces/${id}/transfer`, caller, { user_id: userId }),
    criteriaSets: (caller: Caller, id: number | string) =>
      call('GET', `/api/workspaces/${id}/criteria-sets`, caller),
    createCriteriaSet: (caller: Caller, id: number | string, body: Body) =>
      call('POST', `/api/workspaces/${id}/criteria-sets`, caller, body),
    updateCriteriaSet: (caller: Caller, id: number | string, setId: number, body: Body) =>
      call('PUT', `/api/workspaces/${id}/criteria-sets/${setId}`, caller, body),
    deleteCriteriaSet: (caller: Caller, id: number | string, setId: number) =>
      call('DELETE', `/api/workspaces/${id}/criteria-sets/${setId}`, caller),
  };
}

/** A workspace written straight to the database: its owner and members with their roles. */
export async function insertWorkspace(
  app: FastifyInstance,
  seed: {
    ownerId: number;
    name?: string;
    members?: { userId: number; role: Exclude<WorkspaceRole, 'owner'> }[];
  },
): Promise<{ id: number; name: string }> {
  const now = new Date().toISOString();
  const workspace = await app.database.db
    .insertInto('workspaces')
    .values({ name: seed.name ?? 'Marketing', owner_id: seed.ownerId, created_at: now, updated_at: now })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  await app.database.db
    .insertInto('workspace_members')
    .values([
      { workspace_id: workspace.id, user_id: seed.ownerId, role: 'owner', joined_at: now },
      ...(seed.members ?? []).map((member) => ({
        workspace_id: workspace.id,
        user_id: member.userId,
        role: member.role,
        joined_at: now,
      })),
    ])
    .execute();
  return workspace;
}

/** A pending invitation written straight to the database (sent two days ago unless told: outside the daily mail cap), with its token. */
export async function insertWorkspaceInvitation(
  app: FastifyInstance,
  seed: {
    workspaceId: number;
    inviterId: number;
    email?: string;
    role?: 'admin' | 'member';
    createdAt?: string;
    expiresAt?: string;
  },
): Promise<{ id: number; token: string; email: string }> {
  const token = generateToken();
  const email = seed.email ?? uniqueEmail('invitee');
  const row = await app.database.db
    .insertInto('workspace_invitations')
    .values({
      workspace_id: seed.workspaceId,
      inviter_id: seed.inviterId,
      email,
      role: seed.role ?? 'member',
      token_hash: hashToken(token),
      created_at: seed.createdAt ?? new Date(Date.now() - 2 * 24 * 3600_000).toISOString(),
      expires_at: seed.expiresAt ?? new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, email };
}

/** The roles of a workspace's members by user id, straight from the database. */
export async function workspaceRoles(
  app: FastifyInstance,
  workspaceId: number,
): Promise<Record<number, string>> {
  const rows = await app.database.db
    .selectFrom('workspace_members')
    .select(['user_id', 'role'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.user_id, row.role]));
}

/**
 * Workspaces made and changed through their endpoints, as a user would (issue 29): create, invite and
 * accept, change a role, leave, delete. Remembers each workspace's owner, who acts for the workspace
 * (invites, changes roles, deletes). Every call expects success and throws otherwise.
 */
export function workspaceMemberships(app: () => FastifyInstance) {
  const api = workspaceApi(app);
  const owners = new Map<number, SignedInUser>();
  const expectStatus = (answer: LightMyRequestResponse, statuses: number[], what: string) => {
    if (!statuses.includes(answer.statusCode)) {
      throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
    }
    return answer;
  };
  const ownerOf = (workspaceId: number) => {
    const owner = owners.get(workspaceId);
    if (!owner) throw new Error(`workspace ${workspaceId} was not made by workspaceMemberships`);
    return owner;
  };
  return {
    /** POST /api/workspaces by `owner`; the new workspace's id. */
    async createWorkspace(owner: SignedInUser, name = 'Marketing'): Promise<number> {
      const created = expectStatus(await api.create(owner, { name }), [201], 'create workspace');
      const id = created.json<{ id: number }>().id;
      owners.set(id, owner);
      return id;
    },

    /**
     * The owner invites `user` with `role`, `user` accepts. `joinedAt` (optional) then backdates the
     * membership: a direct DB update, only for tests of "the longest-standing" member, since accepting
     * always stamps the present time.
     */
    async join(
      workspaceId: number,
      user: SignedInUser,
      role: 'admin' | 'member',
      joinedAt?: string,
    ): Promise<void> {
      const invited = expectStatus(
        await api.invite(ownerOf(workspaceId), workspaceId, { email: user.email, role }),
        [201],
        'invite to workspace',
      );
      expectStatus(
        await api.accept(user, invited.json<{ invite_token: string }>().invite_token),
        [200],
        'accept workspace invitation',
      );
      if (joinedAt) {
        // Test-only backdating of joined_at (see above); no endpoint sets it.
        await app()
          .database.db.updateTable('workspace_members')
          .set({ joined_at: joinedAt })
          .where('workspace_id', '=', workspaceId)
          .where('user_id', '=', user.user.id)
          .execute();
      }
    },

    /** DELETE …/members/{self}: `user` leaves the workspace. */
    async leave(workspaceId: number, user: SignedInUser): Promise<void> {
      expectStatus(await api.removeMember(user, workspaceId, user.user.id), [204], 'leave workspace');
    },

    /** DELETE …/members/{userId} by the owner: `user` is removed. */
    async remove(workspaceId: number, user: SignedInUser): Promise<void> {
      expectStatus(
        await api.removeMember(ownerOf(workspaceId), workspaceId, user.user.id),
        [204],
        'remove workspace member',
      );
    },

    /** PATCH …/members/{userId} by the owner. */
    async changeRole(workspaceId: number, user: SignedInUser, role: 'admin' | 'member'): Promise<void> {
      expectStatus(
        await api.changeRole(ownerOf(workspaceId), workspaceId, user.user.id, role),
        [200],
        'change workspace role',
      );
    },

    /** DELETE /api/workspaces/{id} by the owner. */
    async deleteWorkspace(workspaceId: number): Promise<void> {
      expectStatus(await api.remove(ownerOf(workspaceId), workspaceId), [204], 'delete workspace');
      owners.delete(workspaceId);
    },
  };
}

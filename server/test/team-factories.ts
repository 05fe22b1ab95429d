import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Decision, DecisionDetails } from '../../shared/api/decisions.ts';
import type { CreateTeamDecisionRequest, Notification } from '../../shared/api/team.ts';
import type { InvitationRole, TeamRole } from '../db/schema.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { createSignedInUser, type SignedInUser } from './factories.ts';

// Any headers, so a test can add Accept-Language to a signed-in caller's.
type Caller = { headers: Record<string, string> } | undefined;

export interface InviteResponse {
  message: string;
  invite_token: string;
  token: string;
  link: string;
  invitation_id: number;
  mail_held: boolean;
}

/** Thin wrappers over app.inject() for the team and notification endpoints; `undefined` caller = anonymous. */
export function teamApi(app: () => FastifyInstance) {
  const send = (caller: Caller, options: InjectOptions, headers: Record<string, string> = {}) =>
    app().inject({ ...options, headers: { ...caller?.headers, ...headers } });
  const json = (payload: unknown) => payload as InjectOptions['payload'];
  return {
    createTeamDecision: (caller: Caller, payload: unknown, headers?: Record<string, string>) =>
      send(caller, { method: 'POST', url: '/api/team-decisions', payload: json(payload) }, headers),
    invite: (caller: Caller, payload: unknown, headers?: Record<string, string>) =>
      send(caller, { method: 'POST', url: '/api/team/invite', payload: json(payload) }, headers),
    validate: (token: string, headers?: Record<string, string>) =>
      send(undefined, { method: 'GET', url: `/api/team/validate/${encodeURIComponent(token)}` }, headers),
    accept: (caller: Caller, token: unknown, headers?: Record<string, string>) =>
      send(
        caller,
        { method: 'POST', url: '/api/team/accept', payload: json({ invite_token: token }) },
        headers,
      ),
    teamMembers: (caller: Caller, decisionId: number | string) =>
      send(caller, { method: 'GET', url: `/api/team/team-members/${decisionId}` }),
    changeRole: (caller: Caller, decisionId: number | string, userId: number | string, role: unknown) =>
      send(caller, {
        method: 'PUT',
        url: `/api/team/${decisionId}/members/${userId}`,
        payload: json({ role }),
      }),
    removeMember: (caller: Caller, decisionId: number | string, userId: number | string) =>
      send(caller, { method: 'DELETE', url: `/api/team/${decisionId}/members/${userId}` }),
    revokeInvitation: (caller: Caller, decisionId: number | string, invitationId: number | string) =>
      send(caller, { method: 'DELETE', url: `/api/team/${decisionId}/invitations/${invitationId}` }),
    activate: (caller: Caller, decisionId: number | string) =>
      send(caller, { method: 'POST', url: `/api/decision/${decisionId}/activate` }),
    setTimer: (caller: Caller, decisionId: number | string, timer: unknown) =>
      send(caller, { method: 'PATCH', url: `/api/decision/${decisionId}/timer`, payload: json({ timer }) }),
    endVoting: (caller: Caller, decisionId: number | string) =>
      send(caller, { method: 'POST', url: `/api/decision/${decisionId}/end-voting` }),
    weights: (caller: Caller, decisionId: number | string, weights: unknown) =>
      send(caller, {
        method: 'POST',
        url: `/api/decision/${decisionId}/weights`,
        payload: json({ weights }),
      }),
    evaluate: (caller: Caller, decisionId: number | string, evaluations: unknown) =>
      send(caller, {
        method: 'POST',
        url: `/api/decision/${decisionId}/evaluate`,
        payload: json({ evaluations }),
      }),
    submitVote: (caller: Caller, decisionId: number | string) =>
      send(caller, { method: 'POST', url: `/api/decision/${decisionId}/submit` }),
    reopenVote: (caller: Caller, decisionId: number | string, userId: number | string) =>
      send(caller, { method: 'POST', url: `/api/decision/${decisionId}/members/${userId}/reopen` }),
    teamEdit: (caller: Caller, decisionId: number | string, payload: unknown) =>
      send(caller, { method: 'PUT', url: `/api/team-decisions/${decisionId}`, payload: json(payload) }),
    details: (caller: Caller, decisionId: number | string) =>
      send(caller, { method: 'GET', url: `/api/decision/${decisionId}/details` }),
    notifications: (caller: Caller, headers?: Record<string, string>) =>
      send(caller, { method: 'GET', url: '/api/notifications' }, headers),
    markRead: (caller: Caller, id: number | string) =>
      send(caller, { method: 'PUT', url: `/api/notifications/${id}/read` }),
    markAllRead: (caller: Caller) => send(caller, { method: 'PUT', url: '/api/notifications/read-all' }),
    acceptNotification: (caller: Caller, id: number | string) =>
      send(caller, { method: 'POST', url: `/api/notifications/${id}/accept` }),
  };
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status)
    throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
}

export interface CreatedTeamDecision {
  decision: Decision;
  /** Ids in the order the options and criteria were sent. */
  optionIds: number[];
  criterionIds: number[];
}

/** Creates a team decision through POST /api/team-decisions (default: two options, two criteria). */
export async function createTeamDecision(
  app: FastifyInstance,
  owner: SignedInUser,
  overrides: Partial<CreateTeamDecisionRequest> = {},
): Promise<CreatedTeamDecision> {
  const payload: CreateTeamDecisionRequest = {
    name: 'Team offsite',
    description: 'Where do we go?',
    options: ['Lisbon', 'Oslo'],
    criteria: [
      { name: 'Cost', importance: 60 },
      { name: 'Weather', importance: 40 },
    ],
    ...overrides,
  };
  const created = await app.inject({
    method: 'POST',
    url: '/api/team-decisions',
    payload,
    headers: owner.headers,
  });
  expectStatus(created, 201, 'create team decision');
  const decision = created.json<Decision>();
  const details = await detailsOf(app, owner, decision.id);
  return {
    decision,
    optionIds: details.options.map((option) => option.id),
    criterionIds: details.criteria.map((criterion) => criterion.id),
  };
}

export async function detailsOf(
  app: FastifyInstance,
  caller: SignedInUser,
  decisionId: number,
): Promise<DecisionDetails> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/decision/${decisionId}/details`,
    headers: caller.headers,
  });
  expectStatus(response, 200, 'load details');
  return response.json<DecisionDetails>();
}

/** Invites by e-mail through the API and returns the 201 answer (token, link, invitation id). */
export async function inviteByEmail(
  app: FastifyInstance,
  inviter: SignedInUser,
  decisionId: number,
  email: string,
  role: InvitationRole = 'editor',
): Promise<InviteResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/team/invite',
    payload: { decision_id: decisionId, email, role },
    headers: inviter.headers,
  });
  expectStatus(response, 201, 'invite');
  return response.json<InviteResponse>();
}

export async function acceptInvitation(app: FastifyInstance, invitee: SignedInUser, token: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/team/accept',
    payload: { invite_token: token },
    headers: invitee.headers,
  });
  expectStatus(response, 200, 'accept invitation');
}

/**
 * Makes `member` (a new signed-in user unless given) a member with `role` the way the product does:
 * the owner invites, the member accepts, and for admin the owner promotes.
 */
export async function addMember(
  app: FastifyInstance,
  owner: SignedInUser,
  decisionId: number,
  role: TeamRole,
  member?: SignedInUser,
): Promise<SignedInUser> {
  const user = member ?? (await createSignedInUser(app));
  const invitation = await inviteByEmail(
    app,
    owner,
    decisionId,
    user.email,
    role === 'viewer' ? 'viewer' : 'editor',
  );
  await acceptInvitation(app, user, invitation.invite_token);
  if (role === 'admin') {
    const promoted = await app.inject({
      method: 'PUT',
      url: `/api/team/${decisionId}/members/${user.user.id}`,
      payload: { role: 'admin' },
      headers: owner.headers,
    });
    expectStatus(promoted, 200, 'promote to admin');
  }
  return user;
}

export async function notificationsOf(
  app: FastifyInstance,
  reader: SignedInUser,
  headers: Record<string, string> = {},
): Promise<Notification[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { ...reader.headers, ...headers },
  });
  expectStatus(response, 200, 'list notifications');
  return response.json<Notification[]>();
}

/** Moves the decision's revision on, as every write of the app does, so no cached matrix is served. */
export async function bumpRevision(app: FastifyInstance, decisionId: number): Promise<void> {
  await app.database.db
    .updateTable('decisions')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', decisionId)
    .execute();
}

/** An AI-generated value (no user), written straight to the database as the AI run would. */
export async function insertAiEvaluation(
  app: FastifyInstance,
  cell: { decisionId: number; optionId: number; criterionId: number; value: number },
): Promise<void> {
  await app.database.db
    .insertInto('evaluations')
    .values({
      decision_id: cell.decisionId,
      option_id: cell.optionId,
      criterion_id: cell.criterionId,
      user_id: null,
      value: cell.value,
      explanation: 'Suggested by the AI',
      generated_by: 'ai',
      updated_at: new Date().toISOString(),
    })
    .execute();
  await bumpRevision(app, cell.decisionId);
}

/** Lets an invitation run out a minute ago, as if its days had passed. */
export async function expireInvitation(app: FastifyInstance, invitationId: number): Promise<void> {
  await app.database.db
    .updateTable('invitations')
    .set({ expires_at: minutesFromNow(-1) })
    .where('id', '=', invitationId)
    .execute();
}

/** Pending invitation rows written straight to the database (to reach limits quickly); returns their tokens. */
export async function insertInvitations(
  app: FastifyInstance,
  seed: {
    decisionId: number;
    inviterId: number;
    count: number;
    role?: InvitationRole;
    createdAt?: string;
    expiresAt?: string;
    email?: (index: number) => string;
  },
): Promise<{ id: number; token: string }[]> {
  const created: { id: number; token: string }[] = [];
  for (let index = 0; index < seed.count; index++) {
    const token = randomBytes(32).toString('base64url');
    const row = await app.database.db
      .insertInto('invitations')
      .values({
        decision_id: seed.decisionId,
        inviter_id: seed.inviterId,
        email: seed.email?.(index) ?? `seeded-${randomBytes(5).toString('hex')}@example.com`,
        role: seed.role ?? 'editor',
        token_hash: hashToken(token),
        created_at: seed.createdAt ?? new Date().toISOString(),
        expires_at: seed.expiresAt ?? new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    created.push({ id: row.id, token });
  }
  return created;
}

/** An ISO timestamp `minutes` from now (negative: in the past). */
export function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

/**
 * Moves the invitation mails to `email` for the decision `minutes` into the past, as if they had gone
 * out then: a test can send again once the once-an-hour rule (LIMITS.team) allows it.
 */
export async function ageInvitationMails(
  app: FastifyInstance,
  decisionId: number,
  email: string,
  minutes: number,
): Promise<void> {
  const mailed = await app.database.db
    .selectFrom('invitation_tokens')
    .innerJoin('invitations', 'invitations.id', 'invitation_tokens.invitation_id')
    .select(['invitation_tokens.token_hash', 'invitation_tokens.created_at'])
    .where('invitations.decision_id', '=', decisionId)
    .where('invitations.email', '=', email)
    .where('invitation_tokens.mailed', '=', 1)
    .execute();
  for (const row of mailed) {
    await app.database.db
      .updateTable('invitation_tokens')
      .set({ created_at: new Date(new Date(row.created_at).getTime() - minutes * 60_000).toISOString() })
      .where('token_hash', '=', row.token_hash)
      .execute();
  }
}

/**
 * `count` new accounts made members of the decision straight in the database, in two multi-row
 * inserts (to reach the member limit in a test without a thousand invitations). They cannot sign in.
 */
export async function insertMembers(
  app: FastifyInstance,
  seed: { decisionId: number; count: number; role?: TeamRole },
): Promise<number[]> {
  const db = app.database.db;
  const now = new Date().toISOString();
  const batch = randomBytes(5).toString('hex');
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: seed.count }, (_, index) => ({
        email: `member-${batch}-${index}@example.com`,
        password_hash: 'not a password hash: these accounts never sign in',
        language: 'en',
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('team_members')
    .values(
      users.map((user) => ({
        decision_id: seed.decisionId,
        user_id: user.id,
        role: seed.role ?? 'editor',
        created_at: now,
      })),
    )
    .execute();
  return users.map((user) => user.id);
}

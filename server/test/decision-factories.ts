import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Comment } from '../../shared/api/comments.ts';
import type { CreateDecisionRequest, Decision, DecisionDetails } from '../../shared/api/decisions.ts';
import type { DecisionType, TeamRole } from '../db/schema.ts';
import type { SignedInUser } from './factories.ts';

type Caller = Pick<SignedInUser, 'headers'> | undefined;

/** Thin wrappers over app.inject() for the decision and comment endpoints; `undefined` caller = anonymous. */
export function decisionApi(app: () => FastifyInstance) {
  const send = (caller: Caller, options: InjectOptions, headers: Record<string, string> = {}) =>
    app().inject({ ...options, headers: { ...caller?.headers, ...headers } });
  return {
    list: (caller: Caller) => send(caller, { method: 'GET', url: '/api/decision' }),
    create: (caller: Caller, payload: unknown, headers?: Record<string, string>) =>
      send(caller, { method: 'POST', url: '/api/decision', payload: payload as object }, headers),
    update: (caller: Caller, id: number | string, payload: unknown, headers?: Record<string, string>) =>
      send(caller, { method: 'PUT', url: `/api/decision/${id}`, payload: payload as object }, headers),
    details: (caller: Caller, id: number | string) =>
      send(caller, { method: 'GET', url: `/api/decision/${id}/details` }),
    setResultsVisibility: (caller: Caller, id: number | string, payload: unknown) =>
      send(caller, {
        method: 'PATCH',
        url: `/api/decision/${id}/results-visibility`,
        payload: payload as object,
      }),
    analysis: (caller: Caller, id: number | string) =>
      send(caller, { method: 'GET', url: `/api/decision/${id}/analysis` }),
    type: (caller: Caller, id: number | string) =>
      send(caller, { method: 'GET', url: `/api/decision/${id}/type` }),
    remove: (caller: Caller, id: number | string, headers?: Record<string, string>) =>
      send(caller, { method: 'DELETE', url: `/api/decision/${id}` }, headers),
    evaluate: (caller: Caller, id: number | string, payload: unknown) =>
      send(caller, { method: 'POST', url: `/api/decision/${id}/evaluate`, payload: payload as object }),
    listComments: (caller: Caller, decisionId: number | string, headers?: Record<string, string>) =>
      send(caller, { method: 'GET', url: `/api/comments/${decisionId}` }, headers),
    postComment: (caller: Caller, payload: unknown, headers?: Record<string, string>) =>
      send(caller, { method: 'POST', url: '/api/comments', payload: payload as object }, headers),
    editComment: (caller: Caller, id: number | string, payload: unknown, headers?: Record<string, string>) =>
      send(caller, { method: 'PUT', url: `/api/comments/${id}`, payload: payload as object }, headers),
    deleteComment: (caller: Caller, id: number | string, headers?: Record<string, string>) =>
      send(caller, { method: 'DELETE', url: `/api/comments/${id}` }, headers),
  };
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status)
    throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
}

export interface CreatedDecision {
  decision: Decision;
  details: DecisionDetails;
  /** Ids in the order the options and criteria were sent. */
  optionIds: number[];
  criterionIds: number[];
}

/** Creates a personal decision through the API (default: two options, two criteria, a full grid). */
export async function createDecision(
  app: FastifyInstance,
  owner: SignedInUser,
  overrides: Partial<CreateDecisionRequest> = {},
): Promise<CreatedDecision> {
  const payload: CreateDecisionRequest = {
    name: 'Which car?',
    description: 'A family car',
    type: 'private',
    options: ['Alpha', 'Beta'],
    criteria: [
      { name: 'Price', importance: 60 },
      { name: 'Comfort', importance: 40 },
    ],
    evaluations: [
      { option_index: 0, criterion_index: 0, value: 8 },
      { option_index: 0, criterion_index: 1, value: 5 },
      { option_index: 1, criterion_index: 0, value: 6 },
      { option_index: 1, criterion_index: 1, value: 9 },
    ],
    ...overrides,
  };
  const created = await app.inject({ method: 'POST', url: '/api/decision', payload, headers: owner.headers });
  expectStatus(created, 201, 'create decision');
  const decision = created.json<Decision>();
  const details = await app.inject({
    method: 'GET',
    url: `/api/decision/${decision.id}/details`,
    headers: owner.headers,
  });
  expectStatus(details, 200, 'load details');
  const parsed = details.json<DecisionDetails>();
  return {
    decision,
    details: parsed,
    optionIds: parsed.options.map((option) => option.id),
    criterionIds: parsed.criteria.map((criterion) => criterion.id),
  };
}

/**
 * Issue 17's worked example as a create payload: options A, B, C with `rows` of values (default
 * A (8, 5, 6), B (5, 9, 8), C (6, 6, 6)) on Price 50, Quality 30, Service 20. B leads with 6.8.
 */
export function workedExample(
  rows: number[][] = [
    [8, 5, 6],
    [5, 9, 8],
    [6, 6, 6],
  ],
  overrides: Partial<CreateDecisionRequest> = {},
): CreateDecisionRequest {
  return {
    name: 'Which supplier?',
    type: 'private',
    options: ['A', 'B', 'C'],
    criteria: [
      { name: 'Price', importance: 50 },
      { name: 'Quality', importance: 30 },
      { name: 'Service', importance: 20 },
    ],
    evaluations: rows.flatMap((row, option_index) =>
      row.map((value, criterion_index) => ({ option_index, criterion_index, value })),
    ),
    ...overrides,
  };
}

/** Posts a comment through the API (about one cell when `cell` is given) and returns it. */
export async function createComment(
  app: FastifyInstance,
  author: SignedInUser,
  decisionId: number,
  text = 'Looks good',
  cell?: { option_id: number; criterion_id: number },
): Promise<Comment> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/comments',
    payload: { decision_id: decisionId, text, ...cell },
    headers: author.headers,
  });
  expectStatus(response, 201, 'post comment');
  return response.json<Comment>();
}

/** Sets the user's nickname through the profile API. */
export async function setNickname(app: FastifyInstance, user: SignedInUser, nickname: string): Promise<void> {
  await setProfile(app, user, { nickname });
}

/** Saves profile fields through PUT /api/users/update (e.g. a first and last name without a nickname). */
export async function setProfile(
  app: FastifyInstance,
  user: SignedInUser,
  fields: { nickname?: string | null; first_name?: string | null; last_name?: string | null },
): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/users/update',
    payload: fields,
    headers: user.headers,
  });
  expectStatus(response, 200, 'set profile');
}

export interface TeamDecisionSeed {
  ownerId: number;
  members?: { userId: number; role: TeamRole }[];
  name?: string;
  /** ISO deadline; in the past makes the decision expired. */
  timer?: string | null;
  createdAt?: string;
  options?: string[];
  criteria?: { name: string; importance: number }[];
  type?: DecisionType;
}

/**
 * Inserts a team decision with members, options and criteria straight into the database
 * (the team API belongs to a later issue).
 */
export async function insertTeamDecision(app: FastifyInstance, seed: TeamDecisionSeed) {
  const db = app.database.db;
  const now = seed.createdAt ?? new Date().toISOString();
  const decision = await db
    .insertInto('decisions')
    .values({
      user_id: seed.ownerId,
      name: seed.name ?? 'Team offsite',
      description: '',
      mode: 'manual',
      type: seed.type ?? 'team',
      score: null,
      timer: seed.timer ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const member of seed.members ?? []) {
    await db
      .insertInto('team_members')
      .values({ decision_id: decision.id, user_id: member.userId, role: member.role, created_at: now })
      .execute();
  }
  const optionIds: number[] = [];
  for (const [position, name] of (seed.options ?? ['Lisbon', 'Oslo']).entries()) {
    const row = await db
      .insertInto('options')
      .values({ decision_id: decision.id, name, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    optionIds.push(row.id);
  }
  const criterionIds: number[] = [];
  for (const [position, criterion] of (seed.criteria ?? [{ name: 'Cost', importance: 100 }]).entries()) {
    const row = await db
      .insertInto('criteria')
      .values({ decision_id: decision.id, ...criterion, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    criterionIds.push(row.id);
  }
  return { decision, optionIds, criterionIds };
}

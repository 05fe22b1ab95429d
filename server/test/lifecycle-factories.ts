import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SignedInUser } from './factories.ts';
import { createSignedInUser } from './factories.ts';
import { addMember, createTeamDecision, teamApi, type CreatedTeamDecision } from './team-factories.ts';

type Caller = Pick<SignedInUser, 'headers'> | undefined;

/** Thin wrappers over app.inject() for reminders and outcomes; `undefined` caller = anonymous. */
export function lifecycleApi(app: () => FastifyInstance) {
  const send = (caller: Caller, options: InjectOptions, headers: Record<string, string> = {}) =>
    app().inject({ ...options, headers: { ...caller?.headers, ...headers } });
  return {
    remind: (caller: Caller, decisionId: number | string, headers?: Record<string, string>) =>
      send(caller, { method: 'POST', url: `/api/decision/${decisionId}/remind` }, headers),
    recordOutcome: (
      caller: Caller,
      decisionId: number | string,
      payload: unknown,
      headers?: Record<string, string>,
    ) =>
      send(
        caller,
        { method: 'PUT', url: `/api/decision/${decisionId}/outcome`, payload: payload as object },
        headers,
      ),
    removeOutcome: (caller: Caller, decisionId: number | string) =>
      send(caller, { method: 'DELETE', url: `/api/decision/${decisionId}/outcome` }),
  };
}

export interface TeamWithRoles extends CreatedTeamDecision {
  owner: SignedInUser;
  admin: SignedInUser;
  editor: SignedInUser;
  viewer: SignedInUser;
}

/**
 * A team decision (options Lisbon and Oslo, criteria Cost and Weather) with an admin, an editor and a
 * viewer who accepted, activated unless told otherwise.
 */
export async function teamWithRoles(
  app: FastifyInstance,
  owner: SignedInUser,
  options: {
    name?: string;
    isActivated?: boolean;
    timer?: string | null;
    results_visibility?: 'always' | 'after_vote' | 'after_close';
  } = {},
): Promise<TeamWithRoles> {
  const created = await createTeamDecision(app, owner, {
    name: options.name ?? 'Team offsite',
    timer: options.timer ?? null,
    results_visibility: options.results_visibility ?? 'always',
  });
  const [admin, editor, viewer] = await Promise.all([
    createSignedInUser(app),
    createSignedInUser(app),
    createSignedInUser(app),
  ]);
  await addMember(app, owner, created.decision.id, 'admin', admin);
  await addMember(app, owner, created.decision.id, 'editor', editor);
  await addMember(app, owner, created.decision.id, 'viewer', viewer);
  if (options.isActivated ?? true) {
    const activated = await teamApi(() => app).activate(owner, created.decision.id);
    if (activated.statusCode !== 200) throw new Error(`activate failed: ${activated.body}`);
  }
  return { ...created, owner, admin, editor, viewer };
}

/** Every cell of the matrix with `value`: a vote in full. */
export function fullVote(decision: Pick<CreatedTeamDecision, 'optionIds' | 'criterionIds'>, value: number) {
  return decision.optionIds.flatMap((option_id) =>
    decision.criterionIds.map((criterion_id) => ({ option_id, criterion_id, value })),
  );
}

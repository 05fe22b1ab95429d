import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './modules/auth/index.ts';
import { useTestApp } from './test/use-test-app.ts';
import { createDecision } from './test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from './test/factories.ts';
import { addMember, createTeamDecision } from './test/team-factories.ts';
import { workspaceApi, workspaceMemberships } from './test/workspace-factories.ts';
import { sql } from 'kysely';
import { isoNow } from './db/values.ts';

/**
 * Issue 26: sessions, users, decision rows and lists are cached in memory on every instance. Two
 * instances on one database (SQLite: two connections to one file, told by `PRAGMA data_version`;
 * PostgreSQL: two pools, told by the triggers' NOTIFY): whatever A changes, B must stop serving
 * within 1 s. Each test first makes B cache what it then checks.
 */
const WITHIN_MS = 1_000;

/** Asks `request` until `isDone` holds, for at most 1 s; the last answer is returned. */
async function within1s(
  request: () => Promise<LightMyRequestResponse>,
  isDone: (response: LightMyRequestResponse) => boolean,
): Promise<{ response: LightMyRequestResponse; afterMs: number }> {
  const started = performance.now();
  for (;;) {
    const response = await request();
    const afterMs = performance.now() - started;
    if (isDone(response) || afterMs > WITHIN_MS) return { response, afterMs };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const { app: a, testApp } = useTestApp();
let b: FastifyInstance;

beforeAll(async () => {
  b = await testApp.sibling();
});

const me = (instance: FastifyInstance, user: SignedInUser) =>
  instance.inject({ method: 'GET', url: '/api/users/me', headers: user.headers });
const details = (instance: FastifyInstance, user: SignedInUser, decisionId: number) =>
  instance.inject({ method: 'GET', url: `/api/decision/${decisionId}/details`, headers: user.headers });
const list = (instance: FastifyInstance, user: SignedInUser) =>
  instance.inject({ method: 'GET', url: '/api/decision', headers: user.headers });

/** B accepted the token (so it is cached there), then A did `revoke`: B refuses it within 1 s. */
async function expectRefusedOnB(user: SignedInUser, revoke: () => Promise<unknown>) {
  expect((await me(b, user)).statusCode).toBe(200);
  expect((await me(b, user)).statusCode).toBe(200);
  await revoke();
  const { response, afterMs } = await within1s(
    () => me(b, user),
    (answer) => answer.statusCode === 401,
  );
  expect(response.statusCode, `still accepted after ${afterMs.toFixed(0)} ms`).toBe(401);
}

describe('two instances: sessions and users revoked or changed on A are never served by B', () => {
  it('logout on A ends the session on B', async () => {
    const user = await createSignedInUser(a);
    await expectRefusedOnB(user, () =>
      a.inject({ method: 'POST', url: '/api/logout', headers: user.headers }),
    );
    // A, where the logout ran, refuses it at once.
    expect((await me(a, user)).statusCode).toBe(401);
  });

  it('a password change on A ends the other sessions on B; the changing session goes on', async () => {
    const user = await createSignedInUser(a);
    // The same account signed in a second time, e.g. on a laptop.
    const login = await a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    const other = { ...user, headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` } };
    await expectRefusedOnB(other, () =>
      a.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: user.headers,
        payload: { oldPassword: user.password, newPassword: 'a brand new pass phrase 42' },
      }),
    );
    expect((await me(b, user)).statusCode).toBe(200);
  });

  it('a password reset on A ends every session on B', async () => {
    const user = await createSignedInUser(a);
    const token = 'reset-token-for-the-cache-test-0123456789';
    await a.database.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.user.id,
        token_hash: hashToken(token),
        created_at: isoNow(),
        expires_at: isoNow(3_600_000),
      })
      .execute();
    await expectRefusedOnB(user, async () => {
      const reset = await a.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password: 'another fine pass phrase 7' },
      });
      expect(reset.statusCode).toBe(200);
    });
  });

  it('a session signed out from the sessions list on A (issue 28) is refused on B; the one that ended it goes on', async () => {
    const user = await createSignedInUser(a);
    const login = await a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    const phone = { ...user, headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` } };
    const listed = await a.inject({ method: 'GET', url: '/api/users/me/sessions', headers: user.headers });
    const phoneSession = listed
      .json<{ id: number; current: boolean }[]>()
      .find((session) => !session.current)!;
    await expectRefusedOnB(phone, async () => {
      const ended = await a.inject({
        method: 'DELETE',
        url: `/api/users/me/sessions/${phoneSession.id}`,
        headers: user.headers,
      });
      expect(ended.statusCode).toBe(204);
    });
    expect((await me(b, user)).statusCode).toBe(200);
  });

  it('a session deleted by any writer (here a plain DELETE on A’s connection) is refused on B', async () => {
    const user = await createSignedInUser(a);
    await expectRefusedOnB(user, () =>
      a.database.db.deleteFrom('sessions').where('user_id', '=', user.user.id).execute(),
    );
  });

  it('a profile change on A (the user row) is what B answers next', async () => {
    const user = await createSignedInUser(a);
    expect((await me(b, user)).json<{ language: string }>().language).toBe('en');
    const saved = await a.inject({
      method: 'PUT',
      url: '/api/users/update',
      headers: user.headers,
      payload: { language: 'de' },
    });
    expect(saved.statusCode).toBe(200);
    const { response } = await within1s(
      () => me(b, user),
      (answer) => answer.json<{ language: string }>().language === 'de',
    );
    expect(response.json<{ language: string }>().language).toBe('de');
  });

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: B’s listener cut and back: nothing revoked meanwhile or after is served by B',
    async () => {
      const user = await createSignedInUser(a);
      expect((await me(b, user)).statusCode).toBe(200);
      const listenerPid = b.eventBus.listenerProcessId?.();
      expect(listenerPid).toBeTypeOf('number');
      await sql`select pg_terminate_backend(${listenerPid})`.execute(a.database.db);
      // Ended while B may hear nothing of it: B must not answer from what it cached.
      await a.inject({ method: 'POST', url: '/api/logout', headers: user.headers });
      const { response } = await within1s(
        () => me(b, user),
        (answer) => answer.statusCode === 401,
      );
      expect(response.statusCode).toBe(401);

      const reconnectedBy = Date.now() + 10_000;
      while (b.eventBus.listenerProcessId?.() === listenerPid && Date.now() < reconnectedBy)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(b.eventBus.listenerProcessId?.()).not.toBe(listenerPid);

      // Right after the reconnection, B caches again and still hears every revocation.
      const again = await createSignedInUser(a);
      await expectRefusedOnB(again, () =>
        a.inject({ method: 'POST', url: '/api/logout', headers: again.headers }),
      );
    },
  );
});

describe('two instances: decisions changed on A are never served stale by B', () => {
  it('a role change on A: B refuses the demoted member’s vote', async () => {
    const owner = await createSignedInUser(a);
    const { decision, optionIds, criterionIds } = await createTeamDecision(a, owner);
    const member = await addMember(a, owner, decision.id, 'editor');
    const vote = (value: number) =>
      b.inject({
        method: 'POST',
        url: `/api/decision/${decision.id}/evaluate`,
        headers: member.headers,
        payload: { evaluations: [{ option_id: optionIds[0]!, criterion_id: criterionIds[0]!, value }] },
      });
    expect((await vote(4)).statusCode).toBe(200);
    const demoted = await a.inject({
      method: 'PUT',
      url: `/api/team/${decision.id}/members/${member.user.id}`,
      headers: owner.headers,
      payload: { role: 'viewer' },
    });
    expect(demoted.statusCode).toBe(200);
    const { response } = await within1s(
      () => vote(5),
      (answer) => answer.statusCode === 403,
    );
    expect(response.statusCode).toBe(403);
  });

  it('a removal on A: B no longer shows the decision to the removed member, in details or list', async () => {
    const owner = await createSignedInUser(a);
    const { decision } = await createTeamDecision(a, owner);
    const member = await addMember(a, owner, decision.id, 'editor');
    expect((await details(b, member, decision.id)).statusCode).toBe(200);
    expect((await list(b, member)).json<{ id: number }[]>().map((item) => item.id)).toContain(decision.id);
    const removed = await a.inject({
      method: 'DELETE',
      url: `/api/team/${decision.id}/members/${member.user.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    const { response } = await within1s(
      () => details(b, member, decision.id),
      (answer) => answer.statusCode === 404,
    );
    expect(response.statusCode).toBe(404);
    const { response: listed } = await within1s(
      () => list(b, member),
      (answer) => !answer.json<{ id: number }[]>().some((item) => item.id === decision.id),
    );
    expect(listed.json<{ id: number }[]>().map((item) => item.id)).not.toContain(decision.id);
  });

  it('blind voting switched on A hides the results on B at once', async () => {
    const owner = await createSignedInUser(a);
    const { decision } = await createTeamDecision(a, owner);
    const member = await addMember(a, owner, decision.id, 'editor');
    const hiddenUntil = (response: LightMyRequestResponse) =>
      response.json<{ resultsHiddenUntil: string | null }>().resultsHiddenUntil;
    expect(hiddenUntil(await details(b, member, decision.id))).toBeNull();
    const blind = await a.inject({
      method: 'PATCH',
      url: `/api/decision/${decision.id}/results-visibility`,
      headers: owner.headers,
      payload: { results_visibility: 'after_close' },
    });
    expect(blind.statusCode).toBe(200);
    const { response } = await within1s(
      () => details(b, member, decision.id),
      (answer) => hiddenUntil(answer) !== null,
    );
    expect(hiddenUntil(response)).toBe('close');
    const { response: listed } = await within1s(
      () => list(b, member),
      (answer) =>
        answer
          .json<{ id: number; results_hidden_until: string | null }[]>()
          .find((item) => item.id === decision.id)?.results_hidden_until !== null,
    );
    expect(
      listed
        .json<{ id: number; results_hidden_until: string | null }[]>()
        .find((item) => item.id === decision.id)?.results_hidden_until,
    ).toBe('close');
  });

  it('a decision scored, created or deleted on A shows so in B’s details and list', async () => {
    const owner = await createSignedInUser(a);
    const first = await createDecision(a, owner, { name: 'First' });
    const { id } = first.decision;
    const firstCell = (response: LightMyRequestResponse) =>
      response
        .json<{ evaluations: { option_id: number; criterion_id: number; value: number }[] }>()
        .evaluations.find(
          (cell) => cell.option_id === first.optionIds[0] && cell.criterion_id === first.criterionIds[0],
        )?.value;
    expect(firstCell(await details(b, owner, id))).toBe(8);
    const names = async () => (await list(b, owner)).json<{ name: string }[]>().map((item) => item.name);
    expect(await names()).toEqual(['First']);

    const scored = await a.inject({
      method: 'POST',
      url: `/api/decision/${id}/evaluate`,
      headers: owner.headers,
      payload: {
        evaluations: [{ option_id: first.optionIds[0]!, criterion_id: first.criterionIds[0]!, value: 3 }],
      },
    });
    expect(scored.statusCode).toBe(200);
    const { response } = await within1s(
      () => details(b, owner, id),
      (answer) => firstCell(answer) === 3,
    );
    expect(firstCell(response)).toBe(3);

    await createDecision(a, owner, { name: 'Second' });
    const { response: grown } = await within1s(
      () => list(b, owner),
      (answer) => answer.json<unknown[]>().length === 2,
    );
    expect(grown.json<{ name: string }[]>().map((item) => item.name)).toEqual(['Second', 'First']);

    const deleted = await a.inject({ method: 'DELETE', url: `/api/decision/${id}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(200);
    const { response: gone } = await within1s(
      () => details(b, owner, id),
      (answer) => answer.statusCode === 404,
    );
    expect(gone.statusCode).toBe(404);
  });
});

describe('two instances: a workspace renamed or deleted on A (issue 29)', () => {
  it('drops cached list pages at once on A and within 1 s on B: items show the new name, then none', async () => {
    const owner = await createSignedInUser(a);
    const member = await createSignedInUser(a);
    const memberships = workspaceMemberships(() => a);
    const workspaceId = await memberships.createWorkspace(owner, 'Marketing');
    await memberships.join(workspaceId, member, 'member');
    const created = await a.inject({
      method: 'POST',
      url: '/api/team-decisions',
      headers: owner.headers,
      payload: {
        name: 'Offsite',
        options: ['Lisbon', 'Oslo'],
        criteria: [{ name: 'Cost', importance: 60 }],
        workspace_id: workspaceId,
      },
    });
    expect(created.statusCode).toBe(201);
    type Item = { workspace: { id: number; name: string } | null };
    const workspaceOn = async (instance: FastifyInstance, user: SignedInUser) =>
      (await list(instance, user)).json<Item[]>()[0]?.workspace;
    // Both instances cache the page of both users (asked twice: the second answer is the cached one).
    for (const instance of [a, b]) {
      for (const user of [owner, member]) {
        expect(await workspaceOn(instance, user)).toEqual({ id: workspaceId, name: 'Marketing' });
        expect(await workspaceOn(instance, user)).toEqual({ id: workspaceId, name: 'Marketing' });
      }
    }

    const renamed = await workspaceApi(() => a).rename(owner, workspaceId, { name: 'Brand' });
    expect(renamed.statusCode).toBe(200);
    // A wrote it: its own pages are gone at once.
    expect(await workspaceOn(a, member)).toEqual({ id: workspaceId, name: 'Brand' });
    const { response } = await within1s(
      () => list(b, member),
      (answer) => answer.json<Item[]>()[0]?.workspace?.name === 'Brand',
    );
    expect(response.json<Item[]>()[0]?.workspace).toEqual({ id: workspaceId, name: 'Brand' });

    await memberships.deleteWorkspace(workspaceId);
    expect(await workspaceOn(a, owner)).toBeNull();
    const { response: detached } = await within1s(
      () => list(b, owner),
      (answer) => answer.json<Item[]>()[0]?.workspace === null,
    );
    expect(detached.json<Item[]>()[0]?.workspace).toBeNull();
  });
});

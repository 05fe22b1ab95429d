import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, stop, waitForStatus, type RunningProcess } from './processes.ts';

/**
 * Issue 26: every instance caches sessions, users and decision rows in memory. Two real processes on
 * one PostgreSQL schema: whatever A revokes or changes, B refuses or shows within 1 s, also right
 * after B's LISTEN connection was cut and came back. Needs DATABASE_URL; without it it fails.
 */
const databaseUrl = process.env.DATABASE_URL;
const PORTS = { a: 3253, b: 3254 } as const;
const A = `http://127.0.0.1:${PORTS.a}`;
const B = `http://127.0.0.1:${PORTS.b}`;
const PASSWORD = 'correct horse battery staple';
const schema = `cluster_cache_${randomBytes(5).toString('hex')}`;
const instances: Partial<Record<'a' | 'b', RunningProcess>> = {};

interface Account {
  id: number;
  email: string;
  headers: Record<string, string>;
}

async function call(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown> };
}

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function signIn(email: string, password = PASSWORD): Promise<Record<string, string>> {
  const login = await call(A, 'POST', '/api/login', {}, { email, password });
  expect(login.status).toBe(200);
  return { authorization: `Bearer ${login.json().token as string}` };
}

/** A confirmed account (as if the mailed link had been opened), signed in through A. */
async function newAccount(): Promise<Account> {
  const email = `cache-${randomBytes(4).toString('hex')}@example.com`;
  expect(
    (await call(A, 'POST', '/api/register', {}, { email, password: PASSWORD, inviteToken: null })).status,
  ).toBe(201);
  const [row] = (
    await withDatabase((client) =>
      client.query<{ id: number }>(
        `update "${schema}".users set email_verified_at = now() where email = $1 returning id`,
        [email],
      ),
    )
  ).rows;
  return { id: row!.id, email, headers: await signIn(email) };
}

/** Asks B until `isDone`, for at most 1 s; returns the last status and whether it came in time. */
async function onBWithin1s(
  ask: () => ReturnType<typeof call>,
  isDone: (answer: Awaited<ReturnType<typeof call>>) => boolean,
) {
  const started = Date.now();
  for (;;) {
    const answer = await ask();
    if (isDone(answer)) return { answer, afterMs: Date.now() - started };
    if (Date.now() - started > 1_000) return { answer, afterMs: Infinity };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const meOn = (base: string, account: Pick<Account, 'headers'>) =>
  call(base, 'GET', '/api/users/me', account.headers);

/** B has the session cached (two answers), A revokes it, B refuses it within 1 s. */
async function expectRevokedOnB(account: Pick<Account, 'headers'>, revoke: () => Promise<unknown>) {
  expect((await meOn(B, account)).status).toBe(200);
  expect((await meOn(B, account)).status).toBe(200);
  await revoke();
  const { answer, afterMs } = await onBWithin1s(
    () => meOn(B, account),
    (refused) => refused.status === 401,
  );
  expect(answer.status).toBe(401);
  expect(afterMs).toBeLessThanOrEqual(1_000);
}

/** A team decision of `owner` with `member` as an editor who accepted. */
async function teamWithMember(owner: Account, member: Account) {
  const created = await call(A, 'POST', '/api/team-decisions', owner.headers, {
    name: 'Offsite',
    description: '',
    options: ['Lisbon', 'Oslo'],
    criteria: [{ name: 'Cost', importance: 60 }],
  });
  expect(created.status).toBe(201);
  const decisionId = created.json().id as number;
  const invited = await call(A, 'POST', '/api/team/invite', owner.headers, {
    decision_id: decisionId,
    email: member.email,
    role: 'editor',
  });
  expect(invited.status).toBe(201);
  const accepted = await call(A, 'POST', '/api/team/accept', member.headers, {
    invite_token: invited.json().invite_token,
  });
  expect(accepted.status).toBe(200);
  return decisionId;
}

beforeAll(async () => {
  if (!databaseUrl) throw new Error('npm run test:cluster needs DATABASE_URL (a PostgreSQL database)');
  for (const name of ['a', 'b'] as const) {
    instances[name] = startInstance({
      name,
      port: PORTS[name],
      databaseUrl,
      databaseSchema: schema,
      env: { RATE_LIMIT_AUTH_PER_MINUTE: '1000', SHUTDOWN_DRAIN_MS: '0' },
    });
    // One after the other: B starts on the migrated schema.
    await waitForStatus(`http://127.0.0.1:${PORTS[name]}/api/ready`, 200, { process: instances[name] });
  }
}, 90_000);

afterAll(async () => {
  await Promise.all(Object.values(instances).map((instance) => stop(instance, 'SIGKILL')));
  if (databaseUrl) await withDatabase((client) => client.query(`drop schema if exists "${schema}" cascade`));
});

describe('caches of two instances on one PostgreSQL', () => {
  it('logout on A: B refuses the token within 1 s', async () => {
    const account = await newAccount();
    await expectRevokedOnB(account, () => call(A, 'POST', '/api/logout', account.headers));
  });

  it('a password change on A: B refuses the other sessions within 1 s, and keeps the changing one', async () => {
    const account = await newAccount();
    const laptop = { headers: await signIn(account.email) };
    await expectRevokedOnB(laptop, () =>
      call(A, 'POST', '/api/change-password', account.headers, {
        oldPassword: PASSWORD,
        newPassword: 'a brand new pass phrase 42',
      }),
    );
    expect((await meOn(B, account)).status).toBe(200);
  });

  it('a session signed out from the list on A (issue 28): B refuses it within 1 s, and keeps the one that ended it', async () => {
    const account = await newAccount();
    const phone = { headers: await signIn(account.email) };
    const sessions = (await call(A, 'GET', '/api/users/me/sessions', account.headers)).json() as unknown as {
      id: number;
      current: boolean;
    }[];
    const phoneSession = sessions.find((session) => !session.current)!;
    await expectRevokedOnB(phone, async () =>
      expect(
        (await call(A, 'DELETE', `/api/users/me/sessions/${phoneSession.id}`, account.headers)).status,
      ).toBe(204),
    );
    expect((await meOn(B, account)).status).toBe(200);
  });

  it('"sign out everywhere else" on A: B refuses every other session within 1 s', async () => {
    const account = await newAccount();
    const laptop = { headers: await signIn(account.email) };
    await expectRevokedOnB(laptop, async () =>
      expect((await call(A, 'DELETE', '/api/users/me/sessions', account.headers)).status).toBe(204),
    );
    expect((await meOn(B, account)).status).toBe(200);
  });

  it('a role change and a removal on A apply on B within 1 s', async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const decisionId = await teamWithMember(owner, member);
    const details = () => call(B, 'GET', `/api/decision/${decisionId}/details`, member.headers);
    const firstCell = (await details()).json() as { options: { id: number }[]; criteria: { id: number }[] };
    const vote = () =>
      call(B, 'POST', `/api/decision/${decisionId}/evaluate`, member.headers, {
        evaluations: [
          { option_id: firstCell.options[0]!.id, criterion_id: firstCell.criteria[0]!.id, value: 4 },
        ],
      });
    expect((await vote()).status).toBe(200);

    const demoted = await call(A, 'PUT', `/api/team/${decisionId}/members/${member.id}`, owner.headers, {
      role: 'viewer',
    });
    expect(demoted.status).toBe(200);
    expect((await onBWithin1s(vote, (answer) => answer.status === 403)).answer.status).toBe(403);

    const removed = await call(A, 'DELETE', `/api/team/${decisionId}/members/${member.id}`, owner.headers);
    expect(removed.status).toBe(200);
    expect((await onBWithin1s(details, (answer) => answer.status === 404)).answer.status).toBe(404);
  });

  it('blind voting switched on A hides the results on B within 1 s', async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const decisionId = await teamWithMember(owner, member);
    const details = () => call(B, 'GET', `/api/decision/${decisionId}/details`, member.headers);
    expect((await details()).json().resultsHiddenUntil).toBeNull();
    const blind = await call(A, 'PATCH', `/api/decision/${decisionId}/results-visibility`, owner.headers, {
      results_visibility: 'after_close',
    });
    expect(blind.status).toBe(200);
    const { answer } = await onBWithin1s(details, (hidden) => hidden.json().resultsHiddenUntil !== null);
    expect(answer.json().resultsHiddenUntil).toBe('close');
  });

  it('B’s listener cut: a logout meanwhile and one right after it is back are both refused on B', async () => {
    const listenerPid = async () =>
      (
        await withDatabase((client) =>
          client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
            `decision-compass listener ${instances.b!.child.pid}`,
          ]),
        )
      ).rows[0]?.pid;
    const before = await listenerPid();
    expect(before).toBeTypeOf('number');

    const during = await newAccount();
    expect((await meOn(B, during)).status).toBe(200);
    await withDatabase((client) => client.query('select pg_terminate_backend($1)', [before]));
    await call(A, 'POST', '/api/logout', during.headers);
    const { answer } = await onBWithin1s(
      () => meOn(B, during),
      (refused) => refused.status === 401,
    );
    expect(answer.status).toBe(401);

    const backBy = Date.now() + 10_000;
    let after = await listenerPid();
    while ((after === undefined || after === before) && Date.now() < backBy) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await listenerPid();
    }
    expect(after).toBeTypeOf('number');
    expect(after).not.toBe(before);

    const right = await newAccount();
    await expectRevokedOnB(right, () => call(A, 'POST', '/api/logout', right.headers));
  });
});

describe('workspaces across two instances (issue 29)', () => {
  it('racing accepts of one invitation on A and B give one membership, both answered 200', async () => {
    const owner = await newAccount();
    const invitee = await newAccount();
    const workspace = await call(A, 'POST', '/api/workspaces', owner.headers, { name: 'Marketing' });
    expect(workspace.status).toBe(201);
    const workspaceId = workspace.json().id as number;
    const invited = await call(A, 'POST', `/api/workspaces/${workspaceId}/invitations`, owner.headers, {
      email: invitee.email,
      role: 'member',
    });
    expect(invited.status).toBe(201);
    const token = invited.json().invite_token;
    const answers = await Promise.all(
      [A, B, A, B].map((base) =>
        call(base, 'POST', '/api/workspaces/accept', invitee.headers, { invite_token: token }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().workspace_id))).toEqual(new Set([workspaceId]));
    const { rows } = await withDatabase((client) =>
      client.query(
        `select user_id from "${schema}".workspace_members where workspace_id = $1 order by user_id`,
        [workspaceId],
      ),
    );
    expect(rows.map((row: { user_id: number }) => row.user_id)).toEqual(
      [owner.id, invitee.id].sort((a, b) => a - b),
    );
  });

  it('a member removed from the workspace on A loses its open decision on B within 1 s', async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const workspaceId = (await call(A, 'POST', '/api/workspaces', owner.headers, { name: 'Sales' })).json()
      .id as number;
    const invited = await call(A, 'POST', `/api/workspaces/${workspaceId}/invitations`, owner.headers, {
      email: member.email,
      role: 'member',
    });
    expect(
      (
        await call(B, 'POST', '/api/workspaces/accept', member.headers, {
          invite_token: invited.json().invite_token,
        })
      ).status,
    ).toBe(200);
    const created = await call(A, 'POST', '/api/team-decisions', owner.headers, {
      name: 'Offsite',
      options: ['Lisbon', 'Oslo'],
      criteria: [{ name: 'Cost', importance: 60 }],
      workspace_id: workspaceId,
    });
    expect(created.status).toBe(201);
    const decisionId = created.json().id as number;
    const details = () => call(B, 'GET', `/api/decision/${decisionId}/details`, member.headers);
    expect((await details()).status).toBe(200);
    expect((await details()).status).toBe(200);
    const removed = await call(
      A,
      'DELETE',
      `/api/workspaces/${workspaceId}/members/${member.id}`,
      owner.headers,
    );
    expect(removed.status).toBe(204);
    const { answer, afterMs } = await onBWithin1s(details, (refused) => refused.status === 404);
    expect(answer.status).toBe(404);
    expect(afterMs).toBeLessThanOrEqual(1_000);
  });

  it('parallel creations on A and B stop at 20 owned workspaces', async () => {
    const owner = await newAccount();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(i % 2 ? B : A, 'POST', '/api/workspaces', owner.headers, { name: `Team ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    const listed = await call(B, 'GET', '/api/workspaces', owner.headers);
    expect((listed.json() as unknown as unknown[]).length).toBe(20);
  });

  it('a workspace renamed on A shows in B’s dashboard list within 1 s', async () => {
    const owner = await newAccount();
    const workspaceId = (await call(A, 'POST', '/api/workspaces', owner.headers, { name: 'Research' })).json()
      .id as number;
    const created = await call(A, 'POST', '/api/team-decisions', owner.headers, {
      name: 'Lab equipment',
      options: ['Microscope', 'Centrifuge'],
      criteria: [{ name: 'Cost', importance: 60 }],
      workspace_id: workspaceId,
    });
    expect(created.status).toBe(201);
    type Item = { workspace: { id: number; name: string } | null };
    const listOnB = () => call(B, 'GET', '/api/decision', owner.headers);
    const workspaceOf = (answer: Awaited<ReturnType<typeof call>>) =>
      (answer.json() as unknown as Item[])[0]?.workspace;
    // B caches the page (the second answer comes from its cache).
    expect(workspaceOf(await listOnB())).toEqual({ id: workspaceId, name: 'Research' });
    expect(workspaceOf(await listOnB())).toEqual({ id: workspaceId, name: 'Research' });
    const renamed = await call(A, 'PATCH', `/api/workspaces/${workspaceId}`, owner.headers, { name: 'R&D' });
    expect(renamed.status).toBe(200);
    const { answer, afterMs } = await onBWithin1s(listOnB, (listed) => workspaceOf(listed)?.name === 'R&D');
    expect(workspaceOf(answer)).toEqual({ id: workspaceId, name: 'R&D' });
    expect(afterMs).toBeLessThanOrEqual(1_000);
  });
});

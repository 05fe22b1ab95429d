import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../server/test/sse.ts';
import {
  startInstance,
  startNginx,
  stop,
  waitForStatus,
  type InstanceOptions,
  type RunningProcess,
} from './processes.ts';

/**
 * Two instances of the app on one PostgreSQL schema behind a real nginx doing round-robin, as
 * docs/DEPLOY.md describes. Needs DATABASE_URL and nginx; without either it fails, never skips.
 */
const databaseUrl = process.env.DATABASE_URL;
const NGINX_PORT = 3250;
const PORTS = { a: 3251, b: 3252 } as const;
const PROXY = `http://127.0.0.1:${NGINX_PORT}`;
const direct = (port: number) => `http://127.0.0.1:${port}`;
const upstreamOf = (port: number) => `127.0.0.1:${port}`;
// Low enough to reach quickly; each proxied request is counted once, whichever instance answers it.
const AUTH_LIMIT = 8;
const DRAIN_MS = 3_000;

const schema = `cluster_${randomBytes(5).toString('hex')}`;
const instanceOptions = (name: 'a' | 'b'): InstanceOptions => ({
  name,
  port: PORTS[name],
  databaseUrl: databaseUrl!,
  databaseSchema: schema,
  env: {
    RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT),
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    // The write load creates decisions as fast as it can, beyond what one account may in a minute.
    RATE_LIMIT_DECISIONS_PER_MINUTE: '100000',
  },
});

const instances: Record<'a' | 'b', RunningProcess | undefined> = { a: undefined, b: undefined };
let nginx: (RunningProcess & { dir: string }) | undefined;
let auth: { authorization: string };

async function startAndWait(name: 'a' | 'b'): Promise<RunningProcess> {
  const instance = startInstance(instanceOptions(name));
  instances[name] = instance;
  await waitForStatus(`${direct(PORTS[name])}/api/ready`, 200, { process: instance });
  return instance;
}

async function postJson(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** One acknowledged-or-not write: a new personal decision whose name identifies it. */
async function createDecision(base: string, name: string) {
  const response = await postJson(
    base,
    '/api/decision',
    {
      name,
      description: 'cluster test',
      options: ['Alpha', 'Beta'],
      criteria: [{ name: 'Price', importance: 60 }],
      evaluations: [],
    },
    auth,
  );
  const body = response.ok ? ((await response.json()) as { id: number }) : await response.text();
  return { status: response.status, upstream: response.headers.get('x-upstream'), body };
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

beforeAll(async () => {
  if (!databaseUrl) throw new Error('npm run test:cluster needs DATABASE_URL (a PostgreSQL database)');
  // Started together on an empty schema: the migrations must still run once.
  await Promise.all([startAndWait('a'), startAndWait('b')]);
  nginx = startNginx(NGINX_PORT, [PORTS.a, PORTS.b]);
  await waitForStatus(`${PROXY}/api/ready`, 200, { process: nginx });

  const email = `cluster-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct horse battery staple';
  expect((await postJson(PROXY, '/api/register', { email, password, inviteToken: null })).status).toBe(201);
  const login = await postJson(PROXY, '/api/login', { email, password });
  expect(login.status).toBe(200);
  auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}, 90_000);

afterAll(async () => {
  await Promise.all(
    [nginx, instances.a, instances.b]
      .filter((process) => process !== undefined)
      .map((process) => stop(process, 'SIGKILL')),
  );
  if (databaseUrl) await withDatabase((client) => client.query(`drop schema if exists "${schema}" cascade`));
});

describe('two instances behind nginx on one PostgreSQL', () => {
  it('a rate limit holds across both: the (N+1)th request is refused although requests alternated', async () => {
    const answers: Response[] = [];
    for (let i = 0; i <= AUTH_LIMIT; i += 1) {
      // A forged X-Forwarded-For buys nothing: nginx appends the real peer, and the instances trust one hop.
      answers.push(
        await postJson(
          PROXY,
          '/api/forgot-password',
          { email: 'someone@example.com' },
          {
            'x-forwarded-for': `203.0.113.${i}`,
          },
        ),
      );
    }
    const upstreams = answers.map((answer) => answer.headers.get('x-upstream'));
    expect(new Set(upstreams)).toEqual(new Set([upstreamOf(PORTS.a), upstreamOf(PORTS.b)]));
    for (let i = 1; i < upstreams.length; i += 1) expect(upstreams[i]).not.toBe(upstreams[i - 1]);

    expect(answers.map((answer) => answer.status)).toEqual([...Array(AUTH_LIMIT).fill(202), 429]);
    expect(answers.slice(0, AUTH_LIMIT).map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual(
      Array.from({ length: AUTH_LIMIT }, (_, i) => String(AUTH_LIMIT - 1 - i)),
    );
    const refused = answers.at(-1)!;
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('a live event reaches a client whose stream is held by the other instance', async () => {
    const stream = await openEventStream(PROXY, auth);
    try {
      await stream.waitFor('ready');
      const streamUpstream = stream.response.headers.get('x-upstream');
      const otherPort = streamUpstream === upstreamOf(PORTS.a) ? PORTS.b : PORTS.a;
      expect([upstreamOf(PORTS.a), upstreamOf(PORTS.b)]).toContain(streamUpstream);

      // The write goes straight to the other instance, so only LISTEN/NOTIFY can carry the event over.
      const created = await createDecision(direct(otherPort), 'Seen from afar');
      expect(created.status).toBe(201);
      const { id } = created.body as { id: number };
      const renamed = await fetch(`${direct(otherPort)}/api/decision/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({
          name: 'Renamed elsewhere',
          options: ['Alpha', 'Beta'],
          criteria: [{ name: 'Price', importance: 60 }],
        }),
      });
      expect(renamed.status).toBe(200);
      await stream.waitFor('decision-changed', {
        where: (data) => (data as { decision_id: number }).decision_id === id,
        timeoutMs: 5_000,
      });
    } finally {
      await stream.close();
    }
  });

  it('SIGTERM: readiness turns 503 at once, in-flight and drain-time requests finish, nothing is lost', async () => {
    const b = instances.b!;
    // Writes sent straight to B, then the signal while they run.
    const inFlight = Array.from({ length: 12 }, (_, i) => createDecision(direct(PORTS.b), `in flight ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signalledAt = Date.now();
    b.child.kill('SIGTERM');

    await waitForStatus(`${direct(PORTS.b)}/api/ready`, 503, { timeoutMs: DRAIN_MS });
    const ready = await fetch(`${direct(PORTS.b)}/api/ready`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'draining' }]);
    // Still serving while draining (liveness too), so a proxy has time to stop routing here.
    expect((await fetch(`${direct(PORTS.b)}/api/health`)).status).toBe(200);
    const duringDrain = await createDecision(direct(PORTS.b), 'during drain');
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS);

    const finished = await Promise.all(inFlight);
    expect(finished.map((result) => result.status)).toEqual(Array(12).fill(201));
    expect(duringDrain.status).toBe(201);
    expect(await b.exited).toBe(0);

    // The other instance carries on alone behind the proxy.
    for (let i = 0; i < 4; i += 1) {
      const answer = await fetch(`${PROXY}/api/health`);
      // nginx may try the gone instance first and move on: the last upstream it names answered.
      const answeredBy = answer.headers.get('x-upstream')?.split(', ').at(-1);
      expect([answer.status, answeredBy]).toEqual([200, upstreamOf(PORTS.a)]);
    }
    const ids = [...finished, duringDrain].map((result) => (result.body as { id: number }).id);
    const stored = await withDatabase((client) =>
      client.query<{ id: number }>(`select id from "${schema}".decisions where id = any($1)`, [ids]),
    );
    expect(stored.rows.map((row) => row.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });

  it('SIGKILL during a write load: no acknowledged write is lost and the other instance keeps serving', async () => {
    // B back in rotation (nginx retries it once its fail_timeout passed).
    await startAndWait('b');
    await expect
      .poll(async () => (await fetch(`${PROXY}/api/health`)).headers.get('x-upstream'), { timeout: 10_000 })
      .toBe(upstreamOf(PORTS.b));

    const acknowledged: { id: number; name: string; upstream: string | null }[] = [];
    const refused: { status: number; upstream: string | null }[] = [];
    let sequence = 0;
    let isLoading = true;
    const worker = async () => {
      while (isLoading) {
        const name = `load ${sequence++}`;
        const result = await createDecision(PROXY, name);
        if (result.status === 201)
          acknowledged.push({ id: (result.body as { id: number }).id, name, upstream: result.upstream });
        else refused.push({ status: result.status, upstream: result.upstream });
      }
    };
    const workers = Array.from({ length: 4 }, worker);

    await expect
      .poll(() => acknowledged.length, { timeout: 10_000, interval: 20 })
      .toBeGreaterThanOrEqual(30);
    instances.b!.child.kill('SIGKILL');
    const acknowledgedBeforeKill = acknowledged.length;
    await instances.b!.exited;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    isLoading = false;
    await Promise.all(workers);

    // The load really was spread over both instances before the kill.
    const servedBy = new Set(acknowledged.slice(0, acknowledgedBeforeKill).map((write) => write.upstream));
    expect(servedBy).toEqual(new Set([upstreamOf(PORTS.a), upstreamOf(PORTS.b)]));
    expect(acknowledged.length).toBeGreaterThan(acknowledgedBeforeKill);
    // Only requests B held when it died may fail (nginx never resends a POST it already sent): a 502
    // naming B, never acknowledged. A handful at most, with four writers.
    expect(refused.length).toBeLessThanOrEqual(8);
    for (const failure of refused) expect(failure).toEqual({ status: 502, upstream: upstreamOf(PORTS.b) });

    // After the kill the proxy keeps answering, from A.
    for (let i = 0; i < 6; i += 1) {
      const after = await createDecision(PROXY, `after kill ${i}`);
      expect(after.status).toBe(201);
      expect(after.upstream?.split(', ').at(-1)).toBe(upstreamOf(PORTS.a));
      acknowledged.push({
        id: (after.body as { id: number }).id,
        name: `after kill ${i}`,
        upstream: after.upstream,
      });
    }

    // Every acknowledged write is in the database, as acknowledged.
    const stored = await withDatabase((client) =>
      client.query<{ id: number; name: string }>(
        `select id, name from "${schema}".decisions where id = any($1)`,
        [acknowledged.map((write) => write.id)],
      ),
    );
    const byId = new Map(stored.rows.map((row) => [row.id, row.name]));
    const lost = acknowledged.filter((write) => byId.get(write.id) !== write.name);
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(36);
  });
});

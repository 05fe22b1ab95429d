import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../shared/i18n/de.json' with { type: 'json' };
import en from '../../shared/i18n/en.json' with { type: 'json' };
import type { ApiErrorBody } from '../../shared/errors.ts';
import type { RequestLimits } from '../config.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { expectNothingChanged } from '../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../test/factories.ts';
import { solidImage } from '../test/images.ts';
import { fileUpload } from '../test/multipart.ts';
import {
  dropLingeringConnections,
  listenOnRandomPort,
  openEventStream,
  type EventStream,
} from '../test/sse.ts';

// Issue 27: a request must arrive within REQUEST_TIMEOUT_MS (headers within HEADERS_TIMEOUT_MS) while a
// live-events stream runs on; one client address holds at most MAX_CONNECTIONS_PER_CLIENT connections;
// API answers are never stored by browsers or proxies. Real sockets, small values.

/** A raw TCP connection that records what the server sends and when it closes. */
interface RawConnection {
  socket: net.Socket;
  received(): string;
  /** Resolves when the server closed the connection (rejects after `timeoutMs`). */
  closed(timeoutMs?: number): Promise<void>;
}

function connect(port: number, localAddress = '127.0.0.1'): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    let isClosed = false;
    const closing = new Promise<void>((done) =>
      socket.once('close', () => {
        isClosed = true;
        done();
      }),
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    // Writing into a connection the server just cut fails; the test reads what arrived instead.
    socket.on('error', () => {});
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => data,
        async closed(timeoutMs = 5_000) {
          if (isClosed) return;
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            closing,
            new Promise((_, fail) => {
              timer = setTimeout(
                () => fail(new Error(`still open after ${timeoutMs} ms: ${data}`)),
                timeoutMs,
              );
            }),
          ]).finally(() => clearTimeout(timer));
        },
      }),
    );
    socket.once('error', reject);
  });
}

/** Status line and JSON body of the (first) answer a raw connection received. */
function answerOf(text: string): { status: number; headers: string; body: ApiErrorBody } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    headers: head.toLowerCase(),
    body: JSON.parse(body) as ApiErrorBody,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}

const openSockets: net.Socket[] = [];
const openStreams: EventStream[] = [];
afterEach(async () => {
  for (const socket of openSockets.splice(0)) socket.destroy();
  for (const stream of openStreams.splice(0)) await stream.close();
});

async function appWith(limits: Partial<RequestLimits>, overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const testApp = await buildTestApp({
    authRateLimitPerMinute: 10_000,
    ...overrides,
    requests: { timeoutMs: 30_000, headersTimeoutMs: 30_000, maxConnectionsPerClient: 100, ...limits },
  });
  const baseUrl = await listenOnRandomPort(testApp.app);
  return { testApp, app: testApp.app, baseUrl, port: portOf(testApp.app) };
}

async function tracked(connection: Promise<RawConnection>): Promise<RawConnection> {
  const opened = await connection;
  openSockets.push(opened.socket);
  return opened;
}

describe('request timeouts (REQUEST_TIMEOUT_MS 600, HEADERS_TIMEOUT_MS 400)', () => {
  const TIMEOUT_MS = 600;
  const HEADERS_TIMEOUT_MS = 400;
  let setup: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    setup = await appWith({ timeoutMs: TIMEOUT_MS, headersTimeoutMs: HEADERS_TIMEOUT_MS });
  });
  afterAll(async () => {
    dropLingeringConnections(setup.app);
    await setup.testApp.close();
  });

  it('cuts a body sent a byte at a time with 408 REQUEST_TIMEOUT, registering nobody', async () => {
    const connection = await tracked(connect(setup.port));
    let trickle: NodeJS.Timeout | undefined;
    const started = Date.now();
    await expectNothingChanged(setup.app, async () => {
      connection.socket.write(
        'POST /api/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 200\r\n\r\n{"email":"slow@example.org","password":"',
      );
      trickle = setInterval(() => connection.socket.write('a'), 50);
      await connection.closed();
      clearInterval(trickle);
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_000);
    const answer = answerOf(connection.received());
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ error: en.errors.REQUEST_TIMEOUT, code: 'REQUEST_TIMEOUT' });
    expect(answer.headers).toContain('connection: close');
  });

  it('cuts headers sent a line at a time with 408 once HEADERS_TIMEOUT_MS passed', async () => {
    const connection = await tracked(connect(setup.port));
    const started = Date.now();
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => connection.socket.write('X-Slow: 1\r\n'), 50);
    await connection.closed();
    clearInterval(trickle);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_000);
    expect(answerOf(connection.received()).body.code).toBe('REQUEST_TIMEOUT');
  });

  it('answers requests that arrive in time as usual', async () => {
    const response = await fetch(`${setup.baseUrl}/api/health`);
    expect(response.status).toBe(200);
  });

  it('keeps a live-events stream open and delivering long past REQUEST_TIMEOUT_MS', async () => {
    const user = await createSignedInUser(setup.app);
    const stream = await openEventStream(setup.baseUrl, user.headers);
    openStreams.push(stream);
    expect(stream.response.status).toBe(200);
    await stream.waitFor('ready');
    await sleep(TIMEOUT_MS * 3);
    expect(stream.isEnded).toBe(false);
    await setup.app.eventBus.publish([user.user.id], { type: 'notification', data: { id: 1 } });
    await stream.waitFor('notification');
  });
});

describe('connections per client address (MAX_CONNECTIONS_PER_CLIENT 3)', () => {
  let setup: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    setup = await appWith({ maxConnectionsPerClient: 3 });
  });
  afterAll(async () => {
    dropLingeringConnections(setup.app);
    await setup.testApp.close();
  });

  const healthRequest = (language = 'en') =>
    `GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ${language}\r\nConnection: close\r\n\r\n`;

  it.each(['en', 'de'] as const)(
    'answers the fourth connection of one address 429 TOO_MANY_CONNECTIONS (%s) and closes it',
    async (language) => {
      for (let index = 0; index < 3; index++) await tracked(connect(setup.port));
      const fourth = await tracked(connect(setup.port));
      fourth.socket.write(healthRequest(language));
      await fourth.closed();
      const answer = answerOf(fourth.received());
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({
        error: (language === 'de' ? de : en).errors.TOO_MANY_CONNECTIONS,
        code: 'TOO_MANY_CONNECTIONS',
      });
      expect(answer.headers).toContain('connection: close');
    },
  );

  it('still serves another address, and the same address once one of its connections closed', async () => {
    const held = [];
    for (let index = 0; index < 3; index++) held.push(await tracked(connect(setup.port)));

    const other = await tracked(connect(setup.port, '127.0.0.2'));
    other.socket.write(healthRequest());
    await other.closed();
    expect(answerOf(other.received()).status).toBe(200);

    held[0]?.socket.destroy();
    await sleep(100); // the server sees the close
    const again = await tracked(connect(setup.port));
    again.socket.write(healthRequest());
    await again.closed();
    expect(answerOf(again.received()).status).toBe(200);
  });

  it('closes a connection beyond the limit that sends nothing', async () => {
    for (let index = 0; index < 3; index++) await tracked(connect(setup.port));
    const silent = await tracked(connect(setup.port));
    await silent.closed(4_000);
    expect(silent.received()).toBe('');
  });
});

describe('behind a trusted proxy: open requests per forwarded address (limit 2)', () => {
  let setup: Awaited<ReturnType<typeof appWith>>;
  let user: SignedInUser;
  beforeAll(async () => {
    setup = await appWith({ maxConnectionsPerClient: 2 }, { trustProxy: ['127.0.0.1'] });
    user = await createSignedInUser(setup.app);
  });
  afterAll(async () => {
    dropLingeringConnections(setup.app);
    await setup.testApp.close();
  });

  const streamFor = async (clientAddress: string) => {
    const stream = await openEventStream(setup.baseUrl, {
      ...user.headers,
      'x-forwarded-for': clientAddress,
    });
    openStreams.push(stream);
    return stream;
  };

  it('refuses a third live-events stream of one client, not of another, nor after one closed', async () => {
    const first = await streamFor('203.0.113.5');
    await streamFor('203.0.113.5');
    expect(first.response.status).toBe(200);

    const third = await streamFor('203.0.113.5');
    expect(third.response.status).toBe(429);
    expect(((await third.response.json()) as ApiErrorBody).code).toBe('TOO_MANY_CONNECTIONS');

    expect((await streamFor('203.0.113.6')).response.status).toBe(200);

    await first.close();
    await sleep(100); // the server sees the stream end
    expect((await streamFor('203.0.113.5')).response.status).toBe(200);
  });
});

describe('Cache-Control on API answers', () => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-web-'));
  // The build is laid out before the app starts and removed after it closed (afterAll runs in reverse).
  beforeAll(() => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-1a2b3c.js'), 'export {};');
  });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
  const { app } = useTestApp({ webDir, authRateLimitPerMinute: 10_000 });
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(app);
  });

  it('is no-store on every answer with personal data, refusals included', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers }),
      await app.inject({ method: 'GET', url: '/api/decision', headers: user.headers }),
      await app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers }),
      await app.inject({ method: 'GET', url: '/api/users/me' }),
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'wrong' },
      }),
      await app.inject({ method: 'GET', url: '/api/decision/999999/details', headers: user.headers }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 401, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching of avatars and the web app’s files', async () => {
    const { payload, headers } = fileUpload(await solidImage('png'), 'avatar.png', 'image/png');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      payload,
      headers: { ...headers, ...user.headers },
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const avatarUrl = uploaded.json<{ avatar_url: string }>().avatar_url;
    const avatar = await app.inject({ method: 'GET', url: avatarUrl });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['cache-control']).toMatch(/^public, max-age=\d+$/);

    const asset = await app.inject({ method: 'GET', url: '/assets/index-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cache-control']).not.toContain('no-store');
  });
});

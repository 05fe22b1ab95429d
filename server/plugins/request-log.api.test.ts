import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app.ts';
import { createSignedInUser } from '../test/factories.ts';

// Every line the app logs at the default level (info), parsed.
const lines: Record<string, unknown>[] = [];
const { testApp } = useTestApp(
  {},
  { logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } },
);

beforeEach(() => {
  lines.length = 0;
});

const requestLines = () => lines.filter((line) => line.msg === 'request');

describe('request log', () => {
  it('writes exactly one line per request: method, route pattern, status, duration and request id', async () => {
    const user = await createSignedInUser(testApp.app);
    lines.length = 0;
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/decision?filter=all',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.statusCode).toBe(200);

    // Exactly one line of this request (the app's own jobs may log meanwhile, under their own names).
    const ofThisRequest = lines.filter((line) => line.reqId === response.headers['x-request-id']);
    expect(ofThisRequest).toHaveLength(1);
    expect(requestLines()).toHaveLength(1);
    const [line] = requestLines();
    expect(line).toMatchObject({ level: 30, method: 'GET', route: '/api/decision', status: 200 });
    expect(line!.durationMs).toEqual(expect.any(Number));
    expect(line!.reqId).toBe(response.headers['x-request-id']);
    // The bearer token appears nowhere: no headers, no query string is logged.
    expect(JSON.stringify(lines)).not.toContain(user.token);
  });

  it('keeps a sane request id from the proxy and replaces anything else', async () => {
    const kept = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'nginx-3f2a.9' },
    });
    expect(kept.headers['x-request-id']).toBe('nginx-3f2a.9');
    const replaced = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': `evil\n${'x'.repeat(100)}` },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines().map((line) => line.reqId)).toEqual([
      'nginx-3f2a.9',
      replaced.headers['x-request-id'],
    ]);
  });

  it('logs a client error on the same line, and an unmatched path with its tokens redacted', async () => {
    const badJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/api/nothing-here?token=secret-token-1',
    });
    expect(unknown.statusCode).toBe(404);

    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ route: '/api/login', status: 400, clientError: expect.any(String) });
    expect(lines[1]).toMatchObject({ path: '/api/nothing-here?token=[redacted]', status: 404 });
    expect(JSON.stringify(lines)).not.toContain('secret-token-1');
  });
});

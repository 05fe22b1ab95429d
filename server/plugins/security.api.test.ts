import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../test/api-errors.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { createSignedInUser } from '../test/factories.ts';

function cspDirectives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = cspDirectives(response);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  // script-src must exist (no fallback to a looser default-src) and allow only our own origin.
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  for (const [name, sources] of csp) {
    if (name.startsWith('script-src') || name === 'default-src') {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
    }
  }
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
}

const { testApp } = useTestApp();

describe('security headers', () => {
  it('are sent with GET /api/health', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it('are sent with a 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
  });

  it('are sent with a 401', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expectSecurityHeaders(response);
  });
});

describe('unknown API routes', () => {
  it.each([
    ['GET', '/api/no-such-route'],
    ['POST', '/api/users/someone-else'],
    ['DELETE', '/api/login'],
    ['GET', '/api'],
  ] as const)('%s %s → 404 JSON NOT_FOUND', async (method, url) => {
    const response = await testApp.app.inject({ method, url });
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it('answers in German', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'de' },
    });
    expect(expectApiError(response, 404, 'NOT_FOUND', { language: 'de' }).error).toBe('Nicht gefunden.');
  });
});

describe('server errors hide internals', () => {
  const LEAKS =
    /stack|\bat [\w.<>]+ \(|sql|sqlite|postgres|relation|no such table|select |kysely|destroyed|node_modules|\/work\/|\/tmp\/|dc-test-|\.ts\b|\.js\b/i;

  it('a failing query → 500 INTERNAL without SQL, table names or paths', async () => {
    const broken = await buildTestApp();
    try {
      const user = await createSignedInUser(broken.app);
      // Sessions still resolve, loading the user then fails inside the database.
      await sql`alter table users rename to users_gone`.execute(broken.app.database.db);
      const response = await broken.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: user.headers,
      });
      expectApiError(response, 500, 'INTERNAL');
      expect(response.body).not.toMatch(LEAKS);
      expect(response.body).not.toContain('users_gone');
      expectSecurityHeaders(response);
    } finally {
      await broken.close();
    }
  });

  it('a destroyed database → 500 INTERNAL without details, in the caller’s language', async () => {
    const broken = await buildTestApp();
    try {
      const user = await createSignedInUser(broken.app);
      await broken.app.database.db.destroy();
      const response = await broken.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: user.headers,
      });
      expectApiError(response, 500, 'INTERNAL');
      expect(response.body).not.toMatch(LEAKS);

      const german = await broken.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...user.headers, 'accept-language': 'de' },
      });
      expect(expectApiError(german, 500, 'INTERNAL', { language: 'de' }).error).toBe(
        'Bei uns ist etwas schiefgelaufen. Bitte versuche es später erneut.',
      );
    } finally {
      await broken.close();
    }
  });
});

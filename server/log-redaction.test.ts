import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { logSerializers, redactUrl } from './log-redaction.ts';

const TOKEN = 'q3Zr-8Yx_0aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456';

describe('redactUrl', () => {
  it.each([
    [`/api/reset-password/validate/${TOKEN}`, '/api/reset-password/validate/[redacted]'],
    [`/api/team/validate/${TOKEN}`, '/api/team/validate/[redacted]'],
    [`/api/team/validate/${TOKEN}?lang=de`, '/api/team/validate/[redacted]?lang=de'],
    [`/api/team/validate/${TOKEN}/`, '/api/team/validate/[redacted]/'],
    [`/api/workspaces/invitations/${TOKEN}`, '/api/workspaces/invitations/[redacted]'],
    [`/api/workspace-invitations/${TOKEN}`, '/api/workspace-invitations/[redacted]'],
    ['/api/workspaces/12/invitations/34/resend', '/api/workspaces/12/invitations/34/resend'],
    [`/api/calendar/${TOKEN}.ics`, '/api/calendar/[redacted]'],
    [
      `https://app.example.com/api/calendar/${TOKEN}.ics?x=1`,
      'https://app.example.com/api/calendar/[redacted]?x=1',
    ],
    ['/api/users/me/calendar/reset', '/api/users/me/calendar/reset'],
    ['/api/decision/12/calendar.ics', '/api/decision/12/calendar.ics'],
    [`/reset-password?token=${TOKEN}`, '/reset-password?token=[redacted]'],
    [`/verify-email?token=${TOKEN}`, '/verify-email?token=[redacted]'],
    [`/invite?token=${TOKEN}`, '/invite?token=[redacted]'],
    [`/register?lang=de&inviteToken=${TOKEN}&x=1`, '/register?lang=de&inviteToken=[redacted]&x=1'],
    [`/invite?TOKEN=${TOKEN}#top`, '/invite?TOKEN=[redacted]#top'],
    [
      `https://app.example.com/reset-password?token=${TOKEN}`,
      'https://app.example.com/reset-password?token=[redacted]',
    ],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('redacts URLs quoted inside a message', () => {
    expect(redactUrl(`'/api/team/validate/${TOKEN}%' is not a valid url component`)).toBe(
      `'/api/team/validate/[redacted]' is not a valid url component`,
    );
  });

  it.each([
    '/api/team/team-members/12',
    '/api/decision/4/details',
    '/api/reset-password',
    '/api/team/validate/',
    '/dashboard?tokens=1&mytoken=2',
    '/api/decision/4/export.pdf?tz=Europe%2FBerlin',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('log serializers', () => {
  it('redact the URL of the request line', () => {
    const request = {
      method: 'GET',
      url: `/api/team/validate/${TOKEN}`,
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 4000 },
    } as unknown as Parameters<typeof logSerializers.req>[0];
    expect(logSerializers.req(request)).toEqual({
      method: 'GET',
      url: '/api/team/validate/[redacted]',
      host: 'localhost',
      remoteAddress: '127.0.0.1',
      remotePort: 4000,
    });
  });

  it('redact URLs an error message quotes, in the message and the stack', () => {
    const serialized = logSerializers.err(new Error(`'/reset-password?token=${TOKEN}' is not a valid url`));
    expect(serialized.message).toBe(`'/reset-password?token=[redacted]' is not a valid url`);
    expect(serialized.stack).not.toContain(TOKEN);
    expect(serialized.type).toBe('Error');
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-log-'));
  let app: FastifyInstance;

  beforeAll(async () => {
    // SQLite on purpose: only the logger is under test.
    const config = { ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }), databaseUrl: undefined };
    app = await buildApp(config, {
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('never contain the token of a mailed confirmation link', async () => {
    const secret = 'Zs3cr3t-verification-token_0123456789abcdef';
    await app.inject({ method: 'GET', url: `/verify-email?token=${secret}` });
    const logged = lines.join('');
    expect(logged).toContain('/verify-email?token=[redacted]');
    expect(logged).not.toContain(secret);
  });
});

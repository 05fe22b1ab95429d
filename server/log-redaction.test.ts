import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it.each([
    ['/verify-email?token=abc-DEF_123', '/verify-email?token=[redacted]'],
    ['/reset-password?token=abc&x=1', '/reset-password?token=[redacted]&x=1'],
    ['/register?inviteToken=abc', '/register?inviteToken=[redacted]'],
    ['/invite?lang=de&token=abc#top', '/invite?lang=de&token=[redacted]#top'],
    ['/api/health', '/api/health'],
  ])('%s → %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
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

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/limits.ts';
import { ConfigError, isTrustedProxyPeer, loadConfig } from './config.ts';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted an invalid environment');
}

describe('loadConfig: defaults and settings', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: false,
      authRateLimitPerMinute: LIMITS.auth.perIpPerMinute,
      decisionLimits: {
        maxPerUser: LIMITS.decision.maxPerUser,
        createdPerMinute: LIMITS.decision.createdPerUserPerMinute,
      },
    });
    expect(
      loadConfig({ MAX_DECISIONS_PER_USER: '5', RATE_LIMIT_DECISIONS_PER_MINUTE: '2' }).decisionLimits,
    ).toEqual({ maxPerUser: 5, createdPerMinute: 2 });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('reads the mail settings, with defaults for retries, contact language and contact limit', () => {
    expect(loadConfig({})).toMatchObject({
      contactTo: undefined,
      contactLanguage: 'en',
      mailRetryDelaysMs: [1_000, 5_000, 30_000],
      contactRateLimitPerHour: LIMITS.contact.perIpPerHour,
    });
    expect(
      loadConfig({
        CONTACT_TO: 'team@example.org',
        CONTACT_LANGUAGE: 'de',
        MAIL_RETRY_DELAYS_MS: '10,200',
        RATE_LIMIT_CONTACT_PER_HOUR: '20',
      }),
    ).toMatchObject({
      contactTo: 'team@example.org',
      contactLanguage: 'de',
      mailRetryDelaysMs: [10, 200],
      contactRateLimitPerHour: 20,
    });
    expect(configError({ MAIL_RETRY_DELAYS_MS: '1s,5s' }).message).toContain('MAIL_RETRY_DELAYS_MS="1s,5s"');
    expect(configError({ CONTACT_LANGUAGE: 'fr' }).message).toContain('CONTACT_LANGUAGE="fr"');
    expect(configError({ RATE_LIMIT_CONTACT_PER_HOUR: '0' }).message).toContain(
      'RATE_LIMIT_CONTACT_PER_HOUR',
    );
  });

  it('reads the per-user comment limits, defaulting to shared/limits.ts', () => {
    expect(loadConfig({}).commentRateLimit).toEqual({
      perMinute: LIMITS.comment.perUserPerMinute,
      perHour: LIMITS.comment.perUserPerHour,
    });
    expect(
      loadConfig({ RATE_LIMIT_COMMENTS_PER_MINUTE: '3', RATE_LIMIT_COMMENTS_PER_HOUR: '20' })
        .commentRateLimit,
    ).toEqual({ perMinute: 3, perHour: 20 });
    expect(configError({ RATE_LIMIT_COMMENTS_PER_HOUR: '0' }).message).toContain(
      'RATE_LIMIT_COMMENTS_PER_HOUR',
    );
  });

  it('reads the per-user vote write limit, defaulting to shared/limits.ts', () => {
    expect(loadConfig({}).voteWritesPerMinute).toBe(LIMITS.decision.voteWritesPerUserPerMinute);
    expect(loadConfig({ RATE_LIMIT_VOTES_PER_MINUTE: '7' }).voteWritesPerMinute).toBe(7);
    expect(configError({ RATE_LIMIT_VOTES_PER_MINUTE: '0' }).message).toContain(
      'RATE_LIMIT_VOTES_PER_MINUTE',
    );
  });

  it('reads the per-user avatar upload limit, defaulting to shared/limits.ts', () => {
    expect(loadConfig({}).avatarUploadRateLimitPerMinute).toBe(LIMITS.avatar.uploadsPerUserPerMinute);
    expect(loadConfig({ RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE: '3' }).avatarUploadRateLimitPerMinute).toBe(3);
    expect(configError({ RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE: '0' }).message).toContain(
      'RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE',
    );
  });

  it('reads the shutdown drain: a few seconds by default, 0 allowed, never negative', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '15000' }).shutdownDrainMs).toBe(15_000);
    expect(configError({ SHUTDOWN_DRAIN_MS: '-1' }).message).toContain('SHUTDOWN_DRAIN_MS="-1"');
  });

  it('reads DATABASE_SCHEMA as a plain identifier only (it goes into the search_path)', () => {
    expect(loadConfig({}).databaseSchema).toBeUndefined();
    expect(loadConfig({ DATABASE_SCHEMA: 'compass_2' }).databaseSchema).toBe('compass_2');
    expect(configError({ DATABASE_SCHEMA: 'x,public' }).message).toContain('DATABASE_SCHEMA="x,public"');
    expect(configError({ DATABASE_SCHEMA: 'Upper' }).message).toContain('DATABASE_SCHEMA');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: '', DATABASE_URL: '', APP_URL: '', LOG_LEVEL: '' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: 'var/app-data',
      DATABASE_URL: 'postgresql://app@db.internal:5432/app',
      APP_URL: 'https://decide.example.org/',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      RATE_LIMIT_AUTH_PER_MINUTE: '5',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('var/app-data'),
      databaseUrl: 'postgresql://app@db.internal:5432/app',
      appUrl: 'https://decide.example.org',
      logLevel: 'warn',
      trustProxy: 1,
      authRateLimitPerMinute: 5,
    });
  });
});

describe('loadConfig: proxies and invalid values', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,::1,fd00::/8', ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s as a hop count or a list of proxies', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true, saying what to set instead', () => {
    const message = configError({ TRUST_PROXY: 'true' }).message;
    expect(message).toContain('TRUST_PROXY="true"');
    expect(message).toContain('X-Forwarded-For');
    expect(message).toContain('TRUST_PROXY=1');
    expect(message).toContain('TRUST_PROXY=127.0.0.1,10.0.0.0/8');
  });

  it.each(['yes', '10.0.0.0/33', '1.2.3', '127.0.0.1,,', '-1', 'proxy.internal'])(
    'refuses TRUST_PROXY=%s, naming the entry',
    (value) => {
      expect(configError({ TRUST_PROXY: value }).message).toContain(`TRUST_PROXY=${JSON.stringify(value)}`);
    },
  );

  it('derives the default APP_URL from PORT, never from a request', () => {
    expect(loadConfig({ PORT: '4321' }).appUrl).toBe('http://localhost:4321');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://root@localhost/app'],
    ['DATABASE_URL', 'not a url'],
    ['LOG_LEVEL', 'verbose'],
    ['APP_URL', 'decide.example.org'],
    ['TRUST_PROXY', 'yes'],
    ['NODE_ENV', 'staging'],
    ['OPERATOR_EMAIL', 'not-an-address'],
  ])('refuses %s=%s with a ConfigError naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).toContain(name === 'DATABASE_URL' ? '(hidden)' : JSON.stringify(value));
  });

  it('lists every invalid variable at once', () => {
    const error = configError({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'sqlite:///tmp/x' });
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL']) expect(error.message).toContain(name);
    expect(error.message).not.toContain('DATA_DIR');
  });

  it('never repeats a credential-bearing value in the error message', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:s3cret@db.example.org/app' });
    expect(error.message).toContain('DATABASE_URL=(hidden)');
    expect(error.message).not.toContain('s3cret');
  });

  it('refuses an APP_URL without http or https', () => {
    expect(configError({ APP_URL: 'localhost:3000' }).message).toContain('APP_URL');
  });
});

describe('loadConfig: legal pages and AI providers', () => {
  it('reads the operator of the legal pages at run time, each value undefined while unset', () => {
    expect(loadConfig({}).operator).toEqual({ name: undefined, address: undefined, email: undefined });
    expect(
      loadConfig({
        OPERATOR_NAME: 'Erika Mustermann',
        OPERATOR_ADDRESS: 'Musterstraße 1, 10115 Berlin',
        OPERATOR_EMAIL: 'kontakt@example.org',
      }).operator,
    ).toEqual({
      name: 'Erika Mustermann',
      address: 'Musterstraße 1, 10115 Berlin',
      email: 'kontakt@example.org',
    });
  });

  it('leaves AI scoring off without a provider, with the documented limits', () => {
    expect(loadConfig({}).ai).toEqual({
      provider: undefined,
      timeoutMs: 60_000,
      ratePerMinute: LIMITS.ai.perUserPerMinute,
      dailyLimit: LIMITS.ai.perUserPerDay,
      dailyBudget: LIMITS.ai.instancePerDay,
    });
  });

  it('reads a local OpenAI-compatible model (Ollama) without a key', () => {
    const config = loadConfig({
      AI_PROVIDER: 'openai-compatible',
      AI_MODEL: 'llama3.1',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_TIMEOUT_MS: '30000',
      AI_RATE_LIMIT_PER_MINUTE: '3',
      AI_DAILY_LIMIT: '20',
      AI_DAILY_BUDGET: '400',
    });
    expect(config.ai).toEqual({
      provider: {
        provider: 'openai-compatible',
        model: 'llama3.1',
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: undefined,
      },
      timeoutMs: 30_000,
      ratePerMinute: 3,
      dailyLimit: 20,
      dailyBudget: 400,
    });
  });

  it.each([
    [{ AI_MODEL: 'gpt-4o-mini' }, 'AI_PROVIDER'],
    [{ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-secret' }, 'AI_MODEL'],
    [{ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini' }, 'AI_API_KEY'],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.1' }, 'AI_BASE_URL'],
    [{ AI_PROVIDER: 'mistral', AI_MODEL: 'x' }, 'AI_PROVIDER'],
    [{ AI_DAILY_LIMIT: '0' }, 'AI_DAILY_LIMIT'],
    [{ AI_DAILY_BUDGET: '0' }, 'AI_DAILY_BUDGET'],
  ])('refuses a half-configured AI %o, naming %s', (env, name) => {
    const error = configError(env);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain('sk-secret');
  });
});

describe('loadConfig: request limits (issue 27)', () => {
  it('bounds requests to 30 s and 256 connections per client by default', () => {
    expect(loadConfig({}).requests).toEqual({
      timeoutMs: 30_000,
      headersTimeoutMs: 30_000,
      maxConnectionsPerClient: 256,
    });
  });

  it('reads REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS and MAX_CONNECTIONS_PER_CLIENT', () => {
    expect(
      loadConfig({
        REQUEST_TIMEOUT_MS: '60000',
        HEADERS_TIMEOUT_MS: '10000',
        MAX_CONNECTIONS_PER_CLIENT: '20',
      }).requests,
    ).toEqual({ timeoutMs: 60_000, headersTimeoutMs: 10_000, maxConnectionsPerClient: 20 });
  });

  it.each([
    ['REQUEST_TIMEOUT_MS', '0'],
    ['HEADERS_TIMEOUT_MS', '-1'],
    ['MAX_CONNECTIONS_PER_CLIENT', '0'],
    ['MAX_CONNECTIONS_PER_CLIENT', 'many'],
  ])('refuses %s=%s', (name, value) => {
    expect(configError({ [name]: value }).message).toContain(`${name}="${value}"`);
  });

  it('refuses headers that may take longer than the whole request', () => {
    const message = configError({ REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '20000' }).message;
    expect(message).toContain('HEADERS_TIMEOUT_MS=20000');
    expect(message).toContain('REQUEST_TIMEOUT_MS=10000');
  });
});

describe('isTrustedProxyPeer: which connections come from a trusted proxy', () => {
  it('trusts no peer without proxies and every peer with a hop count', () => {
    expect(isTrustedProxyPeer(false)('127.0.0.1')).toBe(false);
    expect(isTrustedProxyPeer(1)('203.0.113.5')).toBe(true);
  });

  it.each([
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', true],
    ['::1', true],
    ['fd12::1', true],
    ['10.0.0.0', true],
    ['11.0.0.1', false],
    ['203.0.113.5', false],
    ['::ffff:203.0.113.5', false],
    ['2001:db8::1', false],
    [undefined, false],
  ])('with loopback, 10.0.0.0/8 and fd00::/8 trusts %s: %s', (address, expected) => {
    const isTrusted = isTrustedProxyPeer(['loopback', '10.0.0.0/8', 'fd00::/8']);
    expect(isTrusted(address)).toBe(expected);
  });

  it('trusts a single listed address and nothing next to it', () => {
    const isTrusted = isTrustedProxyPeer(['192.0.2.10', '2001:db8::5']);
    expect(isTrusted('192.0.2.10')).toBe(true);
    expect(isTrusted('192.0.2.11')).toBe(false);
    expect(isTrusted('2001:db8::5')).toBe(true);
  });
});

describe('loadConfig: passkeys (issue 28)', () => {
  it('takes the relying party from APP_URL: its host name as RP ID, its origin as the expected origin', () => {
    expect(loadConfig({}).passkeys).toEqual({
      rpId: 'localhost',
      rpName: 'Decision Compass',
      origin: 'http://localhost:3000',
    });
    expect(loadConfig({ APP_URL: 'https://app.example.com/' }).passkeys).toMatchObject({
      rpId: 'app.example.com',
      origin: 'https://app.example.com',
    });
  });

  it('accepts PASSKEY_RP_ID for the host or a domain it belongs to, and refuses any other', () => {
    const appUrl = 'https://app.example.com';
    expect(loadConfig({ APP_URL: appUrl, PASSKEY_RP_ID: 'example.com' }).passkeys.rpId).toBe('example.com');
    expect(loadConfig({ APP_URL: appUrl, PASSKEY_RP_ID: 'app.example.com' }).passkeys.rpId).toBe(
      'app.example.com',
    );
    for (const foreign of ['other.com', 'ample.com'])
      expect(configError({ APP_URL: appUrl, PASSKEY_RP_ID: foreign }).message).toContain(
        `PASSKEY_RP_ID=${foreign}: must be APP_URL's host name (app.example.com)`,
      );
    expect(configError({ PASSKEY_RP_ID: 'Example.COM' }).message).toContain('PASSKEY_RP_ID');
  });
});

import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES, LIMITS, type Language } from '../shared/limits.ts';
import { DEFAULT_SCHEDULER_POLL_MS } from './scheduler.ts';

/** A request's line, headers and body must all arrive within this (a live-events stream then runs on). */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * Open connections per client address. Browsers open at most six per host and a tab holds one live-events
 * stream, so 100 leaves room for an office behind one NAT address while a single client cannot hold
 * the server's sockets.
 */
const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 256;

// Issue 28's retention defaults (UNCONFIRMED_ACCOUNT_DAYS, NOTIFICATION_RETENTION_DAYS).
const DEFAULT_UNCONFIRMED_ACCOUNT_DAYS = 30;
const DEFAULT_NOTIFICATION_RETENTION_DAYS = 180;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  // Interpolated into the connection's search_path: a plain lower-case identifier only.
  DATABASE_SCHEMA: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[a-z_][a-z0-9_]{0,62}$/,
        'must be a lower-case identifier (a-z, 0-9, _), e.g. decision_compass',
      )
      .optional(),
  ),
  APP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // Passkeys: the domain they belong to; empty takes APP_URL's host name.
  PASSKEY_RP_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9.-]+$/, 'must be a lower-case domain name, e.g. example.com')
      .optional(),
  ),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  CONTACT_TO: optionalString,
  CONTACT_LANGUAGE: z.preprocess(emptyAsUndefined, z.enum(LANGUAGES).default('en')),
  MAIL_RETRY_DELAYS_MS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of milliseconds, e.g. 1000,5000,30000')
      .default('1000,5000,30000')
      .transform((value) => value.split(',').map(Number)),
  ),
  // Issue 32: waits before each further webhook attempt (5 delays: 6 attempts in all).
  WEBHOOK_RETRY_DELAYS_MS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of milliseconds, e.g. 60000,300000')
      .default('60000,300000,900000,1800000,3600000')
      .transform((value) => value.split(',').map(Number)),
  ),
  // Lets webhooks reach loopback and private addresses (development and tests only).
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
  // The legal notice and privacy policy name the operator; unset, the pages say it is not published yet.
  OPERATOR_NAME: optionalString,
  OPERATOR_ADDRESS: optionalString,
  OPERATOR_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an e-mail address').optional()),
  AI_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['openai', 'anthropic', 'openai-compatible']).optional(),
  ),
  AI_MODEL: optionalString,
  AI_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  AI_API_KEY: optionalString,
  AI_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(60_000)),
  AI_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.ai.perUserPerMinute),
  ),
  AI_DAILY_LIMIT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.ai.perUserPerDay),
  ),
  AI_DAILY_BUDGET: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.ai.instancePerDay),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('false')
      .transform((value, context) => {
        const trust = parseTrustProxy(value);
        if (typeof trust === 'string') context.addIssue({ code: 'custom', message: trust });
        return typeof trust === 'string' ? false : trust;
      }),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  RATE_LIMIT_AUTH_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.auth.perIpPerMinute),
  ),
  RATE_LIMIT_CONTACT_PER_HOUR: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.contact.perIpPerHour),
  ),
  RATE_LIMIT_COMMENTS_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.comment.perUserPerMinute),
  ),
  RATE_LIMIT_COMMENTS_PER_HOUR: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.comment.perUserPerHour),
  ),
  REQUEST_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(DEFAULT_REQUEST_TIMEOUT_MS),
  ),
  HEADERS_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(DEFAULT_REQUEST_TIMEOUT_MS),
  ),
  MAX_CONNECTIONS_PER_CLIENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(DEFAULT_MAX_CONNECTIONS_PER_CLIENT),
  ),
  RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.avatar.uploadsPerUserPerMinute),
  ),
  MAX_DECISIONS_PER_USER: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.decision.maxPerUser),
  ),
  RATE_LIMIT_DECISIONS_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.decision.createdPerUserPerMinute),
  ),
  RATE_LIMIT_VOTES_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.decision.voteWritesPerUserPerMinute),
  ),
  UNCONFIRMED_ACCOUNT_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(DEFAULT_UNCONFIRMED_ACCOUNT_DAYS),
  ),
  NOTIFICATION_RETENTION_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(DEFAULT_NOTIFICATION_RETENTION_DAYS),
  ),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(10_000)),
  SHUTDOWN_DRAIN_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(5_000)),
});

/** Fastify's `trustProxy`: nothing, a hop count, or the proxies' addresses/CIDRs (never "every hop"). */
export type TrustProxy = false | number | string[];

// proxy-addr's names for address ranges, accepted next to addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `true` would trust every X-Forwarded-For hop, so any client could pick its own address and slip
 * past every per-IP limit: only a hop count or the proxies' own addresses are accepted.
 * Answers the setting, or a message saying what to set instead.
 */
function parseTrustProxy(value: string): TrustProxy | string {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true')
    return (
      'true would trust every X-Forwarded-For hop (clients could choose their own address); set the number ' +
      'of reverse proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses/CIDRs ' +
      '(e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8)'
    );
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length)
    return (
      `expected false, a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs ` +
      `(e.g. 127.0.0.1,10.0.0.0/8); not an address: ${invalid.join(', ')}`
    );
  return entries;
}

/**
 * The value for Fastify's `trustProxy`. Fastify 5.12 ignores a bare hop count (it cannot check the
 * immediate peer), so a count becomes proxy-addr's classic rule: believe the last `hops` addresses.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

// proxy-addr's named ranges as subnets, for checking a socket's peer without a request.
const PROXY_RANGE_SUBNETS: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether a connection's peer is one of the trusted proxies, so its connections carry many clients
 * (per-client limits then go by the forwarded address). A hop count trusts whatever is directly in front.
 */
export function isTrustedProxyPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => true;
  const proxies = new BlockList();
  for (const entry of trust) {
    const named = PROXY_RANGE_SUBNETS[entry];
    if (named) for (const [network, prefix, type] of named) proxies.addSubnet(network, prefix, type);
    else {
      const [address = '', prefix] = entry.split('/');
      const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) proxies.addAddress(address, type);
      else proxies.addSubnet(address, Number(prefix), type);
    }
  }
  return (address) => {
    if (!address) return false;
    // A dual-stack listener reports IPv4 peers as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    return proxies.check(plain, isIP(plain) === 4 ? 'ipv4' : 'ipv6');
  };
}

export type AiProviderName = 'openai' | 'anthropic' | 'openai-compatible';

/** The AI model to call; undefined when AI scoring is not set up. */
export interface AiProviderConfig {
  provider: AiProviderName;
  model: string;
  baseUrl: string | undefined;
  apiKey: string | undefined;
}

export interface AiConfig {
  provider: AiProviderConfig | undefined;
  timeoutMs: number;
  ratePerMinute: number;
  dailyLimit: number;
  /** Upstream calls per UTC day for every user together (AI_DAILY_BUDGET). */
  dailyBudget: number;
}

/** Who runs this installation, as the legal notice and privacy policy show it; unset values stay undefined. */
export interface OperatorConfig {
  name: string | undefined;
  address: string | undefined;
  email: string | undefined;
}

/** How long data is kept (issue 28); the privacy page shows these numbers. */
export interface RetentionConfig {
  /** Accounts that never confirmed their address (and own nothing) are deleted after this many days. */
  unconfirmedAccountDays: number;
  /** Notifications are deleted this many days after they were created. */
  notificationDays: number;
}

export interface RequestLimits {
  /** Until the whole request (line, headers, body) has arrived; the answer, e.g. a live-events stream, is not bounded. */
  timeoutMs: number;
  /** Until the request line and headers have arrived (at most timeoutMs). */
  headersTimeoutMs: number;
  /** Open connections per client address; behind a trusted proxy, open requests per forwarded address. */
  maxConnectionsPerClient: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL when set, otherwise SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema of this deployment's tables (default public; tests isolate each file in its own). */
  databaseSchema?: string | undefined;
  appUrl: string;
  logLevel: string;
  /** Which X-Forwarded-For hops to believe (client IP for rate limits and logs). */
  trustProxy: TrustProxy;
  authRateLimitPerMinute: number;
  /** What one client may hold of the HTTP server (plugins/connection-limits.ts). */
  requests: RequestLimits;
  shutdownTimeoutMs: number;
  /** After SIGTERM/SIGINT: how long the instance keeps serving while /api/ready answers 503. */
  shutdownDrainMs: number;
  /** How often this instance looks for due periodic jobs; 0 never (tests run them by hand). */
  schedulerPollMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Recipient of the contact form; without it, contact mails go to the MAIL_FROM address. */
  contactTo: string | undefined;
  /** Language of the contact mail sent to CONTACT_TO. */
  contactLanguage: Language;
  /** Waits between SMTP attempts; after the last one the mail goes to the dead-letter folder. */
  mailRetryDelaysMs: number[];
  contactRateLimitPerHour: number;
  /** New comments per user (counted in the database, shared by every instance). */
  commentRateLimit: { perMinute: number; perHour: number };
  /** Avatar uploads per user and minute (each one decodes an image). */
  avatarUploadRateLimitPerMinute: number;
  /** Owned decisions per account, and new decisions per account and minute (issue 27). */
  decisionLimits: { maxPerUser: number; createdPerMinute: number };
  /** Vote writes (evaluate, weights, the team PUT) per user and minute, one count (issue 27). */
  voteWritesPerMinute: number;
  /** Issue 32: outbound webhooks (server/modules/webhooks). */
  webhooks: {
    /** Waits before the 2nd, 3rd, … attempt (WEBHOOK_RETRY_DELAYS_MS). */
    retryDelaysMs: number[];
    /** WEBHOOK_ALLOW_PRIVATE: loopback and private addresses allowed as targets. */
    allowPrivate: boolean;
    /** One attempt's limit, connection to answer. */
    timeoutMs: number;
    /** How often each instance looks for due deliveries besides the nudge after a write; 0 never. */
    pollMs: number;
  };
  operator: OperatorConfig;
  /** Passkeys (WebAuthn): the RP ID is a domain, the origin is APP_URL's; both from APP_URL by default. */
  passkeys: { rpId: string; rpName: string; origin: string };
  retention: RetentionConfig;
  ai: AiConfig;
  /** Directory of the built web app; undefined serves the API only. */
  webDir?: string | undefined;
}

export class ConfigError extends Error {}

// Values that may carry credentials are never repeated in error messages (they end up in logs).
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'SMTP_URL', 'AI_API_KEY']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(env[name] ?? '');
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problem = aiConfigProblem(e) ?? requestTimeoutProblem(e) ?? passkeyRpIdProblem(e);
  if (problem) throw new ConfigError(`Invalid configuration:\n  ${problem}`);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    appUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Decision Compass <no-reply@localhost>',
    contactTo: e.CONTACT_TO,
    contactLanguage: e.CONTACT_LANGUAGE,
    mailRetryDelaysMs: e.MAIL_RETRY_DELAYS_MS,
    contactRateLimitPerHour: e.RATE_LIMIT_CONTACT_PER_HOUR,
    commentRateLimit: {
      perMinute: e.RATE_LIMIT_COMMENTS_PER_MINUTE,
      perHour: e.RATE_LIMIT_COMMENTS_PER_HOUR,
    },
    authRateLimitPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    requests: {
      timeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    },
    avatarUploadRateLimitPerMinute: e.RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE,
    /** Issue 27: owned decisions per account, and new ones per account and minute (both creation routes). */
    decisionLimits: {
      maxPerUser: e.MAX_DECISIONS_PER_USER,
      createdPerMinute: e.RATE_LIMIT_DECISIONS_PER_MINUTE,
    },
    voteWritesPerMinute: e.RATE_LIMIT_VOTES_PER_MINUTE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    schedulerPollMs: DEFAULT_SCHEDULER_POLL_MS,
    webhooks: {
      retryDelaysMs: e.WEBHOOK_RETRY_DELAYS_MS,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: 10_000,
      pollMs: 15_000,
    },
    operator: { name: e.OPERATOR_NAME, address: e.OPERATOR_ADDRESS, email: e.OPERATOR_EMAIL },
    passkeys: {
      rpId: e.PASSKEY_RP_ID ?? new URL(appUrl).hostname,
      rpName: 'Decision Compass',
      origin: new URL(appUrl).origin,
    },
    retention: {
      unconfirmedAccountDays: e.UNCONFIRMED_ACCOUNT_DAYS,
      notificationDays: e.NOTIFICATION_RETENTION_DAYS,
    },
    ai: {
      provider:
        e.AI_PROVIDER && e.AI_MODEL
          ? { provider: e.AI_PROVIDER, model: e.AI_MODEL, baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY }
          : undefined,
      timeoutMs: e.AI_TIMEOUT_MS,
      ratePerMinute: e.AI_RATE_LIMIT_PER_MINUTE,
      dailyLimit: e.AI_DAILY_LIMIT,
      dailyBudget: e.AI_DAILY_BUDGET,
    },
  };
}

/** Node.js refuses to start a server whose headers may take longer than the whole request. */
function requestTimeoutProblem(e: z.infer<typeof envSchema>): string | undefined {
  return e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS
    ? `HEADERS_TIMEOUT_MS=${e.HEADERS_TIMEOUT_MS}: must not exceed REQUEST_TIMEOUT_MS=${e.REQUEST_TIMEOUT_MS} (the headers are part of the request)`
    : undefined;
}

/**
 * Browsers accept a passkey only for the page's own host or a domain it belongs to: anything else
 * would fail every registration, so it fails at start instead.
 */
function passkeyRpIdProblem(e: z.infer<typeof envSchema>): string | undefined {
  if (!e.PASSKEY_RP_ID) return undefined;
  const host = new URL(e.APP_URL ?? 'http://localhost').hostname;
  return host === e.PASSKEY_RP_ID || host.endsWith(`.${e.PASSKEY_RP_ID}`)
    ? undefined
    : `PASSKEY_RP_ID=${e.PASSKEY_RP_ID}: must be APP_URL's host name (${host}) or a domain it belongs to`;
}

/** A half-configured AI fails at start rather than on the first user's click. */
function aiConfigProblem(e: z.infer<typeof envSchema>): string | undefined {
  if (!e.AI_PROVIDER) {
    return e.AI_MODEL || e.AI_BASE_URL || e.AI_API_KEY
      ? 'AI_PROVIDER: required when AI_MODEL, AI_BASE_URL or AI_API_KEY is set (openai | anthropic | openai-compatible)'
      : undefined;
  }
  if (!e.AI_MODEL) return `AI_MODEL: required with AI_PROVIDER=${e.AI_PROVIDER}`;
  if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_BASE_URL)
    return 'AI_BASE_URL: required with AI_PROVIDER=openai-compatible (e.g. http://127.0.0.1:11434/v1)';
  if (e.AI_PROVIDER !== 'openai-compatible' && !e.AI_API_KEY)
    return `AI_API_KEY: required with AI_PROVIDER=${e.AI_PROVIDER}`;
  return undefined;
}

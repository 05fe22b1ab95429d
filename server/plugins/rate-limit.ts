import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '../../shared/errors.ts';
import { AppError } from '../app-error.ts';
import { requireSession } from './auth.ts';

/** Fixed-window counters every instance shares (implemented in db/rate-limit-counters.ts). */
export interface SharedRateCounters {
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  live(keys: readonly string[], now: number): Promise<Map<string, { count: number; resetAt: number }>>;
}

type StoreResult = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: StoreResult) => void;
/** What the plugin passes a store and its children (merged limiter options; `routeInfo` is {} for createRateLimit). */
type StoreOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/** Keys known to be over their limit, so refusals stay cheap; bounded (dropping one costs a query). */
const REFUSAL_CACHE_ENTRIES = 10_000;

/**
 * Remembers, per instance, which keys are over their limit and until when. A fixed window's count only
 * grows until it resets, so until `resetAt` every further request is refused anyway: answering from
 * memory changes no answer and spares the database a write per refused request (a flood of them would
 * otherwise cost one fsync'd SQLite commit each). Other instances learn it from the database once.
 */
function createRefusalCache() {
  const exceeded = new Map<string, { count: number; resetAt: number }>();
  return {
    get(key: string, now: number) {
      const entry = exceeded.get(key);
      if (entry && entry.resetAt <= now) exceeded.delete(key);
      return entry && entry.resetAt > now ? entry : undefined;
    },
    set(key: string, entry: { count: number; resetAt: number }, now: number): void {
      if (exceeded.size >= REFUSAL_CACHE_ENTRIES) {
        for (const [cached, { resetAt }] of exceeded) if (resetAt <= now) exceeded.delete(cached);
        // Still full: forget the oldest half; those keys are simply looked up again.
        let excess = exceeded.size - REFUSAL_CACHE_ENTRIES / 2;
        for (const cached of exceeded.keys()) {
          if (excess-- <= 0) break;
          exceeded.delete(cached);
        }
      }
      exceeded.set(key, entry);
    },
  };
}

/**
 * @fastify/rate-limit's store contract (callbacks; `ttl` = ms left in the window) on shared counters.
 * Each route gets a child whose keys start with the route (as the in-memory store keeps one table per
 * route), and with the window, because `createRateLimit` limiters have no route and one caller may be
 * limited over several windows (perUserRateLimit).
 */
function sharedStoreOn(counters: SharedRateCounters) {
  const refusals = createRefusalCache();
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // Typed `object` because the plugin's types describe route options, while the code passes the
    // merged limiter options (StoreOptions) to the constructor and to child().
    constructor(options: object, prefix = 'http') {
      const { continueExceeding, exponentialBackoff } = options as StoreOptions;
      if (continueExceeding || exponentialBackoff) {
        throw new Error('the shared rate-limit store counts fixed windows only');
      }
      this.prefix = prefix;
    }

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      const now = Date.now();
      const storedKey = this.keyOf(key, timeWindow);
      const refused = refusals.get(storedKey, now);
      if (refused) return callback(null, { current: refused.count, ttl: refused.resetAt - now });
      counters.hit(storedKey, timeWindow, now).then(
        (state) => {
          if (state.count > max) refusals.set(storedKey, state, now);
          callback(null, { current: state.count, ttl: state.resetAt - now });
        },
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = Date.now();
      const storedKey = this.keyOf(key, timeWindow);
      counters.live([storedKey], now).then(
        (states) => {
          const state = states.get(storedKey);
          callback(null, state ? { current: state.count, ttl: state.resetAt - now } : { current: 0, ttl: 0 });
        },
        (error: Error) => callback(error),
      );
    }

    child(options: object): FastifyRateLimitStore {
      const { method = '-', url = '-' } = (options as StoreOptions).routeInfo ?? {};
      return new SharedRateLimitStore(options, `http:${[method].flat().join(',')} ${url}`);
    }

    private keyOf(key: string, timeWindow: number): string {
      return `${this.prefix} ${timeWindow}ms|${key}`;
    }
  };
}

/**
 * Registered without a global limit; routes opt in through `config.rateLimit`. The counts live in the
 * database (`counters`), so every instance behind a proxy enforces one shared limit.
 */
export const rateLimitPlugin = fp<{ counters: SharedRateCounters }>(async (app, { counters }) => {
  await app.register(rateLimit, {
    global: false,
    store: sharedStoreOn(counters),
    // The thrown error reaches the central handler, which answers 429 with the translated message.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit exceeded, retry in ${context.after}`), { statusCode: 429 }),
  });
});

export interface RateWindow {
  max: number;
  timeWindow: string;
}

/** How perUserRateLimit counts and refuses; the defaults count per route and answer RATE_LIMITED. */
export interface PerUserRateLimitOptions {
  /** One count for every route given the same scope (e.g. both routes that create decisions). */
  scope?: string;
  code?: Extract<
    ErrorCode,
    'RATE_LIMITED' | 'DECISIONS_RATE_LIMITED' | 'VOTES_RATE_LIMITED' | 'DATA_EXPORT_RATE_LIMITED'
  >;
}

/**
 * Whom a per-user limit counts: the user when signed in, each API token on its own (issue 32), so a
 * token has a user's allowance and a runaway script does not use up its user's.
 */
export function rateLimitSubject(request: FastifyRequest): string {
  const caller = requireSession(request);
  return caller.apiToken ? `token:${caller.apiToken.id}` : `user:${caller.user.id}`;
}

/**
 * A preHandler limiting the signed-in caller (not the address: one account behind many addresses is
 * still one sender) over several windows at once, e.g. a burst per minute and a total per hour.
 * Route-level `config.rateLimit` allows one window only, and runs before the auth hook knows the user.
 */
export function perUserRateLimit(
  app: FastifyInstance,
  windows: RateWindow[],
  { scope, code = 'RATE_LIMITED' }: PerUserRateLimitOptions = {},
): preHandlerAsyncHookHandler {
  const limiters = windows.map((window) =>
    app.createRateLimit({
      ...window,
      // Such limiters have no route of their own: the route (or the scope) in the key keeps counts apart.
      keyGenerator: (request) =>
        `${scope ?? `${request.routeOptions.method} ${request.routeOptions.url}`} ${rateLimitSubject(request)}`,
    }),
  );
  return async (request) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(code, undefined, { retryAfterSeconds: result.ttlInSeconds });
      }
    }
  };
}

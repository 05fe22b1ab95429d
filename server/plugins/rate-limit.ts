import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error.ts';
import { requireSession } from './auth.ts';

// Registered without a global limit; routes opt in through `config.rateLimit`.
export const rateLimitPlugin = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    // The thrown error reaches the central handler, which answers 429 with the translated message.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit exceeded, retry in ${context.after}`), { statusCode: 429 }),
  });
});

export interface RateWindow {
  max: number;
  timeWindow: string;
}

/**
 * A preHandler limiting the signed-in caller (not the address: one account behind many addresses is
 * still one sender) over several windows at once, e.g. a burst per minute and a total per hour.
 * Route-level `config.rateLimit` allows one window only, and runs before the auth hook knows the user.
 */
export function perUserRateLimit(app: FastifyInstance, windows: RateWindow[]): preHandlerAsyncHookHandler {
  const limiters = windows.map((window) =>
    app.createRateLimit({ ...window, keyGenerator: (request) => `user:${requireSession(request).user.id}` }),
  );
  return async (request) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: result.ttlInSeconds });
      }
    }
  };
}

import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { perUserRateLimit } from '../../plugins/rate-limit.ts';

/**
 * RATE_LIMIT_DECISIONS_PER_MINUTE: new decisions per account and minute, one count shared by
 * POST /api/decision and POST /api/team-decisions (issue 27: one account made 160,000 in ten minutes).
 */
export function limitDecisionCreation(app: FastifyInstance, perMinute: number): preHandlerAsyncHookHandler {
  return perUserRateLimit(app, [{ max: perMinute, timeWindow: '1 minute' }], {
    scope: 'create decision',
    code: 'DECISIONS_RATE_LIMITED',
  });
}

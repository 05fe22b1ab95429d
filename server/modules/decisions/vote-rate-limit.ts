import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { perUserRateLimit } from '../../plugins/rate-limit.ts';

/**
 * RATE_LIMIT_VOTES_PER_MINUTE: vote writes per account and minute, one count shared by
 * POST /api/decision/{id}/evaluate, POST /api/decision/{id}/weights and PUT /api/team-decisions/{id}
 * (issue 27: every vote write of a large team costs the server; nobody may loop on them).
 */
export function limitVoteWrites(app: FastifyInstance, perMinute: number): preHandlerAsyncHookHandler {
  return perUserRateLimit(app, [{ max: perMinute, timeWindow: '1 minute' }], {
    scope: 'write votes',
    code: 'VOTES_RATE_LIMITED',
  });
}

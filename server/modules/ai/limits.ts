import { AppError } from '../../app-error.ts';
import type { AiConfig } from '../../config.ts';
import type { RateLimitCounters } from '../../db/rate-limit-counters.ts';
import { MalformedAnswerError } from './provider.ts';
import type { AiUsageRepo } from './usage-repo.ts';

const MINUTE_MS = 60_000;

/**
 * What an AI call may cost, all kept in the database so it holds across restarts and instances: a
 * burst per user and minute, a cap per user and UTC day, and a budget per UTC day for the whole
 * installation. The daily ones count upstream calls, a retry after a malformed answer too.
 */
export function createAiLimits(deps: {
  config: Pick<AiConfig, 'ratePerMinute' | 'dailyLimit' | 'dailyBudget'>;
  usage: Pick<AiUsageRepo, 'countUpstreamCall'>;
  counters: Pick<RateLimitCounters, 'hit'>;
}) {
  const { config, usage, counters } = deps;

  /**
   * Requests per user and minute: a fixed window in the shared counters, so it holds across instances
   * (refused attempts count too, which only keeps a hammering client out until it ends).
   */
  async function admitRequest(userId: number): Promise<void> {
    const now = Date.now();
    const burst = await counters.hit(`ai:minute:user:${userId}`, MINUTE_MS, now);
    if (burst.count > config.ratePerMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((burst.resetAt - now) / 1000));
      throw new AppError('AI_RATE_LIMITED', undefined, { retryAfterSeconds });
    }
  }

  /**
   * Counts one call to the model before it is made, against the caller's daily cap (AI_DAILY_LIMIT)
   * and the installation's daily budget (AI_DAILY_BUDGET), both or neither, in the database: both hold
   * across restarts and instances and end at midnight UTC. A refusal changes nothing.
   */
  async function countUpstreamCall(userId: number): Promise<void> {
    const now = Date.now();
    const midnight = new Date(now);
    midnight.setUTCHours(24, 0, 0, 0);
    const untilMidnightMs = midnight.getTime() - now;
    const refusal = await usage.countUpstreamCall({
      userId,
      day: new Date(now).toISOString().slice(0, 10),
      dailyLimit: config.dailyLimit,
      budget: { max: config.dailyBudget, windowMs: untilMidnightMs, now },
    });
    if (!refusal) return;
    const code = refusal === 'USER_DAILY_LIMIT' ? 'AI_DAILY_LIMIT' : 'AI_BUDGET_SPENT';
    throw new AppError(code, undefined, { retryAfterSeconds: Math.ceil(untilMidnightMs / 1000) });
  }

  /**
   * Asks once more when the answer is malformed (or scores nothing usable), then gives up. Every
   * attempt is an upstream call and is counted before it is made: a retry the limits refuse answers
   * their refusal.
   */
  async function askCounted<T>(userId: number, ask: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await countUpstreamCall(userId);
      try {
        return await ask();
      } catch (error) {
        if (!(error instanceof MalformedAnswerError)) throw error;
        if (attempt >= 2) throw new AppError('AI_INVALID_OUTPUT');
      }
    }
  }

  return { admitRequest, askCounted };
}

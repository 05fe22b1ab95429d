import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimitCounters } from './db/rate-limit-counters.ts';
import type { Database } from './db/schema.ts';
import { purgeSpentTokens } from './db/single-use-tokens.ts';
import type { Scheduler } from './scheduler.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Spent links stay this long after they were created: longer than any limit that counts them (reset
 * and confirmation mails per hour, invitation mails per day), so a purge never hands out a fresh budget.
 */
export const SPENT_LINK_RETENTION_MS = 7 * 24 * HOUR_MS;

export interface PurgeJobDeps {
  db: Kysely<Database>;
  counters: Pick<RateLimitCounters, 'purgeExpired'>;
  purgeExpiredSessions(): Promise<void>;
  deleteClosedInvitations(window: { now: string; countedSince: string }): Promise<number>;
  /** Issue 29: the same for workspace invitations (modules/workspaces). */
  deleteClosedWorkspaceInvitations(window: { now: string; countedSince: string }): Promise<number>;
  /** Second sign-in steps (modules/mfa) that are used, expired or spent by wrong codes. */
  purgeEndedSignInSteps(): Promise<number>;
  /** Passkey ceremonies nobody finished (modules/passkeys); answers how many. */
  purgeExpiredPasskeyChallenges(): Promise<number>;
  log: FastifyBaseLogger;
}

/** The housekeeping jobs; each runs once across all instances (see scheduler.ts). */
export function registerPurgeJobs(scheduler: Scheduler, deps: PurgeJobDeps): void {
  const { db, counters, log } = deps;

  // Expired sessions are refused anyway; purging keeps the table small.
  scheduler.register({
    name: 'purge-expired-sessions',
    everyMs: 6 * HOUR_MS,
    run: () => deps.purgeExpiredSessions(),
  });

  // Used, expired, accepted or revoked links can never be used again.
  scheduler.register({
    name: 'purge-spent-links',
    everyMs: 6 * HOUR_MS,
    async run(now) {
      const window = {
        now: new Date(now).toISOString(),
        countedSince: new Date(now - SPENT_LINK_RETENTION_MS).toISOString(),
      };
      const deleted = {
        passwordResetTokens: await purgeSpentTokens(db, 'password_reset_tokens', window),
        emailVerificationTokens: await purgeSpentTokens(db, 'email_verification_tokens', window),
        emailChangeTokens: await purgeSpentTokens(db, 'email_change_tokens', window),
        invitations: await deps.deleteClosedInvitations(window),
        workspaceInvitations: await deps.deleteClosedWorkspaceInvitations(window),
        signInSteps: await deps.purgeEndedSignInSteps(),
      };
      if (Object.values(deleted).some((count) => count > 0)) log.info({ deleted }, 'purged spent links');
    },
  });

  // A passkey challenge lives 5 minutes; the sign-in options are open to anyone, so clear them often.
  scheduler.register({
    name: 'purge-expired-passkey-challenges',
    everyMs: 10 * MINUTE_MS,
    run: async () => void (await deps.purgeExpiredPasskeyChallenges()),
  });

  // Rate-limit and failed-login counters whose window ended count as zero; this bounds the table.
  scheduler.register({
    name: 'purge-rate-limit-counters',
    everyMs: 10 * MINUTE_MS,
    run: async (now) => void (await counters.purgeExpired(now)),
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { RetentionConfig } from './config.ts';
import type { Scheduler } from './scheduler.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface RetentionJobDeps {
  retention: RetentionConfig;
  /** Deletes unconfirmed accounts created before the time that own nothing; answers their ids. */
  deleteUnconfirmedAccounts(createdBefore: string): Promise<number[]>;
  /** Ends the live event streams of deleted accounts on every instance. */
  endStreamsOf(userId: number): Promise<void>;
  deleteNotifications(createdBefore: string): Promise<number>;
  log: FastifyBaseLogger;
}

/**
 * How long data is kept (issue 28), each job run once across instances (scheduler.ts). Accounts that
 * never confirmed their address go after UNCONFIRMED_ACCOUNT_DAYS, unless they own a decision, are a
 * team member or wrote a comment: deleting those would take rows out of other people's decisions, so
 * they stay until confirmed or deleted by their owner. Notifications go after NOTIFICATION_RETENTION_DAYS.
 */
export function registerRetentionJobs(scheduler: Scheduler, deps: RetentionJobDeps): void {
  const { retention, log } = deps;
  const before = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString();

  scheduler.register({
    name: 'delete-unconfirmed-accounts',
    everyMs: 6 * HOUR_MS,
    async run(now) {
      const deleted = await deps.deleteUnconfirmedAccounts(before(now, retention.unconfirmedAccountDays));
      for (const userId of deleted) await deps.endStreamsOf(userId);
      if (deleted.length > 0) log.info({ count: deleted.length }, 'deleted unconfirmed accounts');
    },
  });

  scheduler.register({
    name: 'delete-old-notifications',
    everyMs: 6 * HOUR_MS,
    async run(now) {
      const count = await deps.deleteNotifications(before(now, retention.notificationDays));
      if (count > 0) log.info({ count }, 'deleted old notifications');
    },
  });
}

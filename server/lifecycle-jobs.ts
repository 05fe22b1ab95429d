import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from './scheduler.ts';

const MINUTE_MS = 60_000;

export interface LifecycleJobDeps {
  announceDueVotingEnds(now: number): Promise<number>;
  sendDueAutomaticReminders(now: number): Promise<number>;
  notifyDueReviews(now: number): Promise<number>;
  log: FastifyBaseLogger;
}

/**
 * The jobs of a decision's lifecycle (issue 16). Each runs once across instances (scheduler.ts), and
 * each thing it sends is claimed by a conditional UPDATE of a marker on the decision's row, so even
 * two runs at once (a lease that ran out) send it once. Every minute: nobody may be online when a
 * deadline passes, and a reminder or a review day should not wait long.
 */
export function registerLifecycleJobs(scheduler: Scheduler, deps: LifecycleJobDeps): void {
  const { log } = deps;
  const job = (name: string, run: (now: number) => Promise<number>) =>
    scheduler.register({
      name,
      everyMs: MINUTE_MS,
      async run(now) {
        const count = await run(now);
        if (count > 0) log.info({ job: name, count }, 'lifecycle job sent notices');
      },
    });

  // Deadlines that passed: every member hears that voting ended and how it came out.
  job('announce-voting-ends', (now) => deps.announceDueVotingEnds(now));
  // 24 hours before a deadline: the voters who have not voted in full (or not submitted) are reminded.
  job('automatic-reminders', (now) => deps.sendDueAutomaticReminders(now));
  // An outcome's review day: its owner is told.
  job('review-notices', (now) => deps.notifyDueReviews(now));
}

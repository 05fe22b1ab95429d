import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

export interface ScheduledJob {
  /** Unique and stable: the `scheduled_jobs` row every instance claims runs through. */
  name: string;
  /** Time between runs, across all instances together. */
  everyMs: number;
  run(now: number): Promise<void>;
}

export interface SchedulerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** How often each instance looks for due jobs; 0 starts no timer (tests call `runDueJobs`). */
  pollMs: number;
  /** How long a claimed run may take before another instance may start the job again. */
  leaseMs?: number;
  clock?: () => number;
}

/** Poll once a minute by default: a claim that finds nothing due is one UPDATE touching no row. */
export const DEFAULT_SCHEDULER_POLL_MS = 60_000;
const DEFAULT_LEASE_MS = 15 * 60_000;

/**
 * Periodic work that runs once across instances, not once per instance. Each job has one row in
 * `scheduled_jobs`; every instance polls, and the instance whose conditional UPDATE moves the row's
 * `next_run_at` on (only possible while it is due and not leased) runs the job. PostgreSQL re-checks
 * the WHERE clause of a row another transaction just updated, and SQLite runs one writer at a time,
 * so exactly one instance wins each run on either engine.
 */
export function createScheduler(options: SchedulerOptions) {
  const { db, log, pollMs, leaseMs = DEFAULT_LEASE_MS, clock = Date.now } = options;
  const jobs = new Map<string, ScheduledJob>();
  const rowsEnsured = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<unknown> | undefined;

  /** Creates the job's row on first sight (due at once); an existing row keeps its schedule. */
  async function ensureRow(job: ScheduledJob, now: number): Promise<void> {
    if (rowsEnsured.has(job.name)) return;
    await db
      .insertInto('scheduled_jobs')
      .values({ name: job.name, next_run_at: now, locked_until: null, last_finished_at: null })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    rowsEnsured.add(job.name);
  }

  async function claim(job: ScheduledJob, now: number): Promise<boolean> {
    const claimed = await db
      .updateTable('scheduled_jobs')
      .set({ next_run_at: now + job.everyMs, locked_until: now + leaseMs })
      .where('name', '=', job.name)
      .where('next_run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returning('name')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  async function release(job: ScheduledJob): Promise<void> {
    await db
      .updateTable('scheduled_jobs')
      .set({ locked_until: null, last_finished_at: clock() })
      .where('name', '=', job.name)
      .execute();
  }

  /** Claims and runs every due job; answers the names this instance ran. Failures are logged. */
  async function runDueJobs(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs.values()) {
      try {
        const now = clock();
        await ensureRow(job, now);
        if (!(await claim(job, now))) continue;
        ran.push(job.name);
        try {
          await job.run(now);
        } finally {
          await release(job);
        }
      } catch (err) {
        log.warn({ err, job: job.name }, 'scheduled job failed; it runs again at its next time');
      }
    }
    return ran;
  }

  return {
    /** One call per job; later issues register theirs the same way (e.g. deadline reminders). */
    register(job: ScheduledJob): void {
      if (jobs.has(job.name)) throw new Error(`scheduled job "${job.name}" is registered twice`);
      jobs.set(job.name, job);
    },

    runDueJobs,

    /** Starts polling (unref'd, so it never keeps the process alive); no-op when `pollMs` is 0. */
    start(): void {
      if (timer || pollMs <= 0) return;
      timer = setInterval(() => {
        // A poll still running (a slow job) is not started a second time beside itself.
        polling ??= runDueJobs().finally(() => (polling = undefined));
      }, pollMs);
      timer.unref();
    },

    /** Stops polling and waits for a run in progress, so the database is not closed under it. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await polling;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

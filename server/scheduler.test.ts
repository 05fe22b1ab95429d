import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { latestDatabase } from './test/migration-db.ts';
import { createScheduler, type ScheduledJob } from './scheduler.ts';

const T0 = 1_700_000_000_000;
const HOUR_MS = 3_600_000;
const silent = pino({ level: 'silent' });

/** Schedulers as on several instances: one database, each with its own registrations. */
async function instancesOnOneDatabase(count: number, clock: { now: number }) {
  const { db } = await latestDatabase();
  const ranBy: number[] = [];
  const schedulers = Array.from({ length: count }, (_, instance) => {
    const scheduler = createScheduler({ db, log: silent, pollMs: 0, clock: () => clock.now });
    scheduler.register({ name: 'purge', everyMs: HOUR_MS, run: async () => void ranBy.push(instance) });
    return scheduler;
  });
  return { db, schedulers, ranBy };
}

const stoppers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stoppers.splice(0)) await stop();
  vi.useRealTimers();
});

describe('scheduler', () => {
  it('runs a due job once across instances polling at the same moment', async () => {
    const clock = { now: T0 };
    const { schedulers, ranBy } = await instancesOnOneDatabase(4, clock);
    const results = await Promise.all(schedulers.map((scheduler) => scheduler.runDueJobs()));
    expect(results.flat()).toEqual(['purge']);
    expect(ranBy).toHaveLength(1);

    // Not again before its interval, whoever polls; then once more.
    clock.now += HOUR_MS - 1;
    expect((await Promise.all(schedulers.map((scheduler) => scheduler.runDueJobs()))).flat()).toEqual([]);
    clock.now += 1;
    expect((await Promise.all(schedulers.map((scheduler) => scheduler.runDueJobs()))).flat()).toEqual([
      'purge',
    ]);
    expect(ranBy).toHaveLength(2);
  });

  it('does not start a run beside one still in progress, until its lease runs out', async () => {
    const clock = { now: T0 };
    const { db } = await latestDatabase();
    let release: (() => void) | undefined;
    const slow: ScheduledJob = {
      name: 'slow',
      everyMs: 1_000,
      run: () => new Promise<void>((resolve) => (release = resolve)),
    };
    const [first, second] = [0, 1].map(() => {
      const scheduler = createScheduler({
        db,
        log: silent,
        pollMs: 0,
        leaseMs: 60_000,
        clock: () => clock.now,
      });
      scheduler.register(slow);
      return scheduler;
    });
    const running = first!.runDueJobs();
    await vi.waitFor(() => expect(release).toBeDefined());
    clock.now += 5_000; // due again, but leased
    expect(await second!.runDueJobs()).toEqual([]);
    release!();
    expect(await running).toEqual(['slow']);
    const finished = await db.selectFrom('scheduled_jobs').selectAll().executeTakeFirstOrThrow();
    expect(finished).toMatchObject({ name: 'slow', locked_until: null, last_finished_at: clock.now });

    // Released and still due: the next poll of any instance takes it.
    release = undefined;
    const next = second!.runDueJobs();
    await vi.waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await next).toEqual(['slow']);
  });

  it('logs a failed run and tries again at the next time, without stopping the other jobs', async () => {
    const clock = { now: T0 };
    const { db } = await latestDatabase();
    const warnings: unknown[] = [];
    const log = {
      ...silent,
      warn: (entry: unknown) => void warnings.push(entry),
    } as unknown as typeof silent;
    const scheduler = createScheduler({ db, log, pollMs: 0, clock: () => clock.now });
    let attempts = 0;
    scheduler.register({
      name: 'flaky',
      everyMs: HOUR_MS,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('database hiccup');
      },
    });
    let steady = 0;
    scheduler.register({ name: 'steady', everyMs: HOUR_MS, run: async () => void (steady += 1) });
    expect(await scheduler.runDueJobs()).toEqual(['flaky', 'steady']);
    expect(warnings).toEqual([expect.objectContaining({ job: 'flaky' })]);
    expect(await scheduler.runDueJobs()).toEqual([]);
    clock.now += HOUR_MS;
    expect(await scheduler.runDueJobs()).toEqual(['flaky', 'steady']);
    expect([attempts, steady]).toEqual([2, 2]);
  });

  it('refuses a name registered twice', async () => {
    const { db } = await latestDatabase();
    const scheduler = createScheduler({ db, log: silent, pollMs: 0 });
    const job = { name: 'twice', everyMs: 1, run: async () => {} };
    scheduler.register(job);
    expect(() => scheduler.register(job)).toThrow('"twice" is registered twice');
  });

  it('polls on an unref’d timer once started, and stop() ends it', async () => {
    const { db } = await latestDatabase();
    let runs = 0;
    const scheduler = createScheduler({ db, log: silent, pollMs: 20 });
    scheduler.register({ name: 'tick', everyMs: 1, run: async () => void (runs += 1) });
    scheduler.start();
    stoppers.push(() => scheduler.stop());
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 2_000 });
    await scheduler.stop();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(after);
  });
});

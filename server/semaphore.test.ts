import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.ts';

/** A task that runs until the test lets it finish, recording how many ran at once. */
function gatedTasks(count: number) {
  const releases: (() => void)[] = [];
  const started: number[] = [];
  let current = 0;
  let peak = 0;
  const tasks = Array.from({ length: count }, (_, index) => async () => {
    started.push(index);
    current++;
    peak = Math.max(peak, current);
    await new Promise<void>((resolve) => releases.push(resolve));
    current--;
    return `done ${index}`;
  });
  return { tasks, releases, started, peak: () => peak };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSemaphore', () => {
  it('runs 2 of 3 at once; the third waits and then succeeds', async () => {
    const slots = createSemaphore(2);
    const { tasks, releases, started, peak } = gatedTasks(3);

    const results = Promise.all(tasks.map((task) => slots.run(task)));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(slots.running).toBe(2);
    expect(slots.waiting).toBe(1);

    releases[0]?.();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(slots.running).toBe(2);
    expect(slots.waiting).toBe(0);

    releases[1]?.();
    releases[2]?.();
    expect(await results).toEqual(['done 0', 'done 1', 'done 2']);
    expect(peak()).toBe(2);
    expect(slots.running).toBe(0);
  });

  it('keeps arrival order and never exceeds the limit under a burst', async () => {
    const slots = createSemaphore(2);
    const { tasks, releases, started, peak } = gatedTasks(10);
    const results = Promise.all(tasks.map((task) => slots.run(task)));
    for (let finished = 0; finished < 10; finished++) {
      await settle();
      releases[finished]?.();
    }
    await results;
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak()).toBe(2);
  });

  it('frees the slot when a task fails, passing the error to its caller only', async () => {
    const slots = createSemaphore(1);
    const failing = slots.run(() => Promise.reject(new Error('decode failed')));
    const next = slots.run(async () => 'next ran');
    await expect(failing).rejects.toThrow('decode failed');
    expect(await next).toBe('next ran');
    expect(slots.running).toBe(0);
  });

  it('refuses a limit below 1', () => {
    expect(() => createSemaphore(0)).toThrow(RangeError);
  });
});

/**
 * Runs at most `limit` tasks at a time; later ones wait their turn in arrival order and never fail for
 * waiting. Bounds work whose memory grows with how many run at once, such as image decodes.
 */
export function createSemaphore(limit: number) {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`semaphore limit must be ≥ 1, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  function acquire(): Promise<void> {
    if (running < limit) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(): void {
    // The slot passes straight to the next in line, so a newcomer cannot overtake it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running now (for tests and diagnostics). */
    get running(): number {
      return running;
    },
    /** Tasks waiting for a slot. */
    get waiting(): number {
      return waiting.length;
    },
  };
}

export type Semaphore = ReturnType<typeof createSemaphore>;

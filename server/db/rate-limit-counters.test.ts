import { describe, expect, it } from 'vitest';
import { latestDatabase } from '../test/migration-db.ts';
import { createRateLimitCounters } from './rate-limit-counters.ts';

const T0 = 1_700_000_000_000;
const WINDOW_MS = 60_000;

// On SQLite, or on PostgreSQL with DATABASE_URL: the same SQL serves both.
describe('rate-limit counters', () => {
  it('counts hits in a fixed window that starts with the first hit, then starts afresh', async () => {
    const counters = createRateLimitCounters((await latestDatabase()).db);
    expect(await counters.hit('k', WINDOW_MS, T0)).toEqual({
      count: 1,
      resetAt: T0 + WINDOW_MS,
      lastHitAt: T0,
    });
    expect(await counters.hit('k', WINDOW_MS, T0 + 10)).toEqual({
      count: 2,
      resetAt: T0 + WINDOW_MS,
      lastHitAt: T0 + 10,
    });
    expect(await counters.hit('other', WINDOW_MS, T0 + 20)).toMatchObject({ count: 1 });
    expect(await counters.hit('k', WINDOW_MS, T0 + WINDOW_MS)).toEqual({
      count: 1,
      resetAt: T0 + 2 * WINDOW_MS,
      lastHitAt: T0 + WINDOW_MS,
    });
  });

  it('gives each of many parallel hits its own count (one atomic upsert, no lost update)', async () => {
    const handle = await latestDatabase();
    const counters = createRateLimitCounters(handle.db);
    const hits = await Promise.all(Array.from({ length: 25 }, () => counters.hit('burst', WINDOW_MS, T0)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('reads only live windows, and the purge drops exactly the ended ones', async () => {
    const handle = await latestDatabase();
    const counters = createRateLimitCounters(handle.db);
    await counters.hitMany(['a', 'b'], WINDOW_MS, T0);
    await counters.hit('c', 5 * WINDOW_MS, T0);
    expect([...(await counters.live(['a', 'c', 'missing'], T0 + 1)).keys()].sort()).toEqual(['a', 'c']);
    expect([...(await counters.live(['a', 'b', 'c'], T0 + WINDOW_MS)).keys()]).toEqual(['c']);

    expect(await counters.purgeExpired(T0 + WINDOW_MS)).toBe(2);
    const left = await handle.db.selectFrom('rate_limit_counters').select('key').execute();
    expect(left).toEqual([{ key: 'c' }]);
    await counters.remove('c');
    expect(await counters.live(['c'], T0)).toEqual(new Map());
  });

  it('counts within a cap and refuses beyond it without touching the row, until the window ends', async () => {
    const handle = await latestDatabase();
    const counters = createRateLimitCounters(handle.db);
    expect(await counters.hitWithin('cap', 2, WINDOW_MS, T0)).toBe(true);
    expect(await counters.hitWithin('cap', 2, WINDOW_MS, T0 + 1)).toBe(true);
    const full = await handle.db.selectFrom('rate_limit_counters').selectAll().execute();
    expect(await counters.hitWithin('cap', 2, WINDOW_MS, T0 + 2)).toBe(false);
    expect(await handle.db.selectFrom('rate_limit_counters').selectAll().execute()).toEqual(full);
    expect(await counters.hitWithin('cap', 2, WINDOW_MS, T0 + WINDOW_MS)).toBe(true);
    expect(await counters.live(['cap'], T0 + WINDOW_MS)).toEqual(
      new Map([['cap', { count: 1, resetAt: T0 + 2 * WINDOW_MS, lastHitAt: T0 + WINDOW_MS }]]),
    );
  });

  it('lets exactly the cap through of many parallel capped hits', async () => {
    const counters = createRateLimitCounters((await latestDatabase()).db);
    const taken = await Promise.all(
      Array.from({ length: 20 }, () => counters.hitWithin('race', 7, WINDOW_MS, T0)),
    );
    expect(taken.filter(Boolean)).toHaveLength(7);
  });

  it('slots allow N takes in any window, not 2N across a window boundary', async () => {
    const counters = createRateLimitCounters((await latestDatabase()).db);
    expect(await counters.takeSlot('mail', 3, WINDOW_MS, T0)).toBe(true);
    expect(await counters.takeSlot('mail', 3, WINDOW_MS, T0 + WINDOW_MS - 3)).toBe(true);
    expect(await counters.takeSlot('mail', 3, WINDOW_MS, T0 + WINDOW_MS - 2)).toBe(true);
    expect(await counters.takeSlot('mail', 3, WINDOW_MS, T0 + WINDOW_MS - 1)).toBe(false);
    // The first take's slot is free again; the two late ones still hold theirs.
    expect(await counters.takeSlot('mail', 3, WINDOW_MS, T0 + WINDOW_MS)).toBe(true);
    expect(await counters.takeSlot('mail', 3, WINDOW_MS, T0 + WINDOW_MS + 1)).toBe(false);
    expect(await counters.takeSlot('mail', 3, WINDOW_MS, T0 + 2 * WINDOW_MS - 3)).toBe(true);
  });
});

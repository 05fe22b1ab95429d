import type { ExpressionBuilder, Kysely, OnConflictDatabase, OnConflictTables } from 'kysely';
import type { Database, EpochMs } from './schema.ts';

export interface CounterState {
  count: number;
  /** When the window ends (epoch ms); from then on the key counts from zero again. */
  resetAt: EpochMs;
  lastHitAt: EpochMs;
}

/**
 * Fixed-window counters in the database, so every instance on it counts together: N instances give
 * a client the limit once, not N times. One SQL implementation for SQLite and PostgreSQL. `now` comes
 * from the caller (instances' clocks agree to well under a window; tests move it by hand).
 */
/**
 * The upsert's update of an existing key for one more hit: a key whose window ended (at or before the
 * hit) starts a new one with the inserted row's values, otherwise its count grows by one.
 */
function countedHit(
  eb: ExpressionBuilder<
    OnConflictDatabase<Database, 'rate_limit_counters'>,
    OnConflictTables<'rate_limit_counters'>
  >,
) {
  const windowEnded = eb('rate_limit_counters.reset_at', '<=', eb.ref('excluded.last_hit_at'));
  return {
    count: eb
      .case()
      .when(windowEnded)
      .then(eb.ref('excluded.count'))
      .else(eb('rate_limit_counters.count', '+', 1))
      .end(),
    reset_at: eb
      .case()
      .when(windowEnded)
      .then(eb.ref('excluded.reset_at'))
      .else(eb.ref('rate_limit_counters.reset_at'))
      .end(),
    last_hit_at: eb.ref('excluded.last_hit_at'),
  };
}

export function createRateLimitCounters(db: Kysely<Database>) {
  /**
   * Counts one hit for each key in one atomic upsert: a key whose window ended starts a new one at
   * `now`, otherwise its count grows. Parallel hits (on any instance) each see their own count.
   */
  async function hitMany(keys: readonly string[], windowMs: number, now: EpochMs): Promise<CounterState[]> {
    if (!keys.length) return [];
    const rows = await db
      .insertInto('rate_limit_counters')
      .values(keys.map((key) => ({ key, count: 1, reset_at: now + windowMs, last_hit_at: now })))
      .onConflict((conflict) => conflict.column('key').doUpdateSet(countedHit))
      .returning(['key', 'count', 'reset_at', 'last_hit_at'])
      .execute();
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return keys.map((key) => {
      const row = byKey.get(key)!;
      return { count: row.count, resetAt: Number(row.reset_at), lastHitAt: Number(row.last_hit_at) };
    });
  }

  /**
   * Counts one hit unless the key's running window already holds `max`: one conditional upsert, so
   * parallel callers (on any instance) never exceed it. Answers false, changing nothing, when full.
   * With `max` 1 a key is a slot held for `windowMs`: N slots keyed `…:0` to `…:N-1` allow N events
   * in any window of that length (a sliding limit, see `takeSlot`).
   */
  async function hitWithin(key: string, max: number, windowMs: number, now: EpochMs): Promise<boolean> {
    const row = await db
      .insertInto('rate_limit_counters')
      .values({ key, count: 1, reset_at: now + windowMs, last_hit_at: now })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet(countedHit)
          .where((eb) =>
            eb.or([
              eb('rate_limit_counters.reset_at', '<=', eb.ref('excluded.last_hit_at')),
              eb('rate_limit_counters.count', '<', max),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    hitMany,
    hitWithin,

    /**
     * Takes the first free one of `slots` slots under `prefix`, each held for `windowMs`: at most
     * `slots` takes in any window of that length, not only per fixed window. False when all are held.
     */
    async takeSlot(prefix: string, slots: number, windowMs: number, now: EpochMs): Promise<boolean> {
      for (let slot = 0; slot < slots; slot++) {
        if (await hitWithin(`${prefix}:${slot}`, 1, windowMs, now)) return true;
      }
      return false;
    },

    async hit(key: string, windowMs: number, now: EpochMs): Promise<CounterState> {
      const [state] = await hitMany([key], windowMs, now);
      return state!;
    },

    /** The keys whose window is still running at `now` (absent keys count as zero). */
    async live(keys: readonly string[], now: EpochMs): Promise<Map<string, CounterState>> {
      if (!keys.length) return new Map();
      const rows = await db
        .selectFrom('rate_limit_counters')
        .select(['key', 'count', 'reset_at', 'last_hit_at'])
        .where('key', 'in', keys)
        .where('reset_at', '>', now)
        .execute();
      return new Map(
        rows.map((row) => [
          row.key,
          { count: row.count, resetAt: Number(row.reset_at), lastHitAt: Number(row.last_hit_at) },
        ]),
      );
    },

    async remove(key: string): Promise<void> {
      await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
    },

    /** Drops every counter whose window ended (they count as zero anyway); answers how many. */
    async purgeExpired(now: EpochMs): Promise<number> {
      const result = await db
        .deleteFrom('rate_limit_counters')
        .where('reset_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RateLimitCounters = ReturnType<typeof createRateLimitCounters>;

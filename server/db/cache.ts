import type { ChangeFeed, TableChange } from './change-feed.ts';

/** The longest any entry lives, so a lost notification cannot keep a revoked token alive for long. */
export const CACHE_TTL_MS = 30_000;

/** The tags a change makes stale: 'all', some, or none (undefined). */
export type Invalidation = readonly string[] | 'all' | undefined;

interface Entry<V> {
  value: V;
  expiresAt: number;
  tags: readonly string[];
}

export interface CacheOptions {
  feed: ChangeFeed;
  /** Which entries (by tag) a committed change makes stale. */
  invalidatedBy(change: TableChange): Invalidation;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/** How a loaded value is kept: its tags, and an earlier end than the TTL when it has one (a deadline). */
export interface Keeping {
  tags: readonly string[];
  validUntil?: number;
}

/**
 * An in-memory cache of rows that other writers may change, kept honest by the change feed: a change
 * drops the entries it names (by tag) before anyone can read them again, nothing is served or stored
 * while the feed is unreliable, and every entry expires after the TTL anyway. A load that raced a change
 * is returned but not kept (the generation moved while it ran), so a stale read is never stored.
 */
export function createCache<V>(options: CacheOptions) {
  const { feed, invalidatedBy, ttlMs = CACHE_TTL_MS, maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, Entry<V>>();
  const keysByTag = new Map<string, Set<string>>();
  let generation = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  function invalidate(stale: Invalidation): void {
    if (!stale) return;
    generation += 1;
    if (stale === 'all') {
      entries.clear();
      keysByTag.clear();
      return;
    }
    for (const tag of stale) for (const key of [...(keysByTag.get(tag) ?? [])]) remove(key);
  }

  feed.subscribe((change) => invalidate(change.table === '*' ? 'all' : invalidatedBy(change)));

  function store(key: string, value: V, keeping: Keeping): void {
    remove(key);
    const expiresAt = Math.min(now() + ttlMs, keeping.validUntil ?? Infinity);
    entries.set(key, { value, expiresAt, tags: keeping.tags });
    for (const tag of keeping.tags) {
      const keys = keysByTag.get(tag) ?? new Set<string>();
      keysByTag.set(tag, keys);
      keys.add(key);
    }
    // Maps iterate in insertion order: the first key is the least recently stored.
    if (entries.size > maxEntries) remove(entries.keys().next().value!);
  }

  function peek(key: string): V | undefined {
    if (!feed.isReliable()) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    return entry.value;
  }

  return {
    peek,

    /** The cached value, or `load`'s (kept as `keep` says unless a change raced it; undefined is never kept). */
    async read<L extends V | undefined>(key: string, load: () => Promise<L>, keep: (value: V) => Keeping) {
      const hit = peek(key);
      if (hit !== undefined) return hit;
      const startedAt = generation;
      const value = await load();
      if (value !== undefined && feed.isReliable() && generation === startedAt)
        store(key, value, keep(value));
      return value;
    },

    /** Replaces a cached value after this process changed it (e.g. a slid session); absent keys stay absent. */
    replace(key: string, update: (value: V) => V): void {
      const entry = entries.get(key);
      if (entry) entry.value = update(entry.value);
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type Cache<V> = ReturnType<typeof createCache<V>>;

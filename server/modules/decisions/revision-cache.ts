/**
 * Caches a value computed from a decision by (key, revision). The revision lives in the database and
 * is bumped by every write, so a stale entry is never served, even with several instances.
 *
 * Bounded by entries and, with `sizeOf`, by a total size (e.g. rows held): a team of 1,000 members
 * holds far more than a personal decision, so a count alone would not bound the memory (issue 27).
 */
export function createRevisionCache<T>(
  maxEntries = 500,
  bySize?: { sizeOf: (value: T) => number; maxTotal: number },
) {
  const entries = new Map<string | number, { revision: number; value: T; size: number }>();
  let total = 0;

  function peek(key: string | number, revision: number): T | undefined {
    const hit = entries.get(key);
    return hit && hit.revision === revision ? hit.value : undefined;
  }

  function remove(key: string | number): void {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.size;
    entries.delete(key);
  }

  function set(key: string | number, revision: number, value: T): void {
    remove(key);
    const size = bySize?.sizeOf(value) ?? 0;
    // A value larger than the whole budget is not kept at all.
    if (bySize && size > bySize.maxTotal) return;
    entries.set(key, { revision, value, size });
    total += size;
    // Maps iterate in insertion order: the first key is the least recently loaded.
    while (entries.size > maxEntries || (bySize && total > bySize.maxTotal))
      remove(entries.keys().next().value!);
  }

  return {
    peek,
    set,
    async get(key: string | number, revision: number, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.revision === revision) return hit.value;
      const value = await load();
      set(key, revision, value);
      return value;
    },
  };
}

/**
 * Caches a value computed from a decision by (key, revision). The revision lives in the database and
 * is bumped by every write, so a stale entry is never served, even with several instances.
 */
export function createRevisionCache<T>(maxEntries = 500) {
  const entries = new Map<string | number, { revision: number; value: T }>();

  function peek(key: string | number, revision: number): T | undefined {
    const hit = entries.get(key);
    return hit && hit.revision === revision ? hit.value : undefined;
  }

  function set(key: string | number, revision: number, value: T): void {
    entries.delete(key);
    entries.set(key, { revision, value });
    // Maps iterate in insertion order: the first key is the least recently loaded.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
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

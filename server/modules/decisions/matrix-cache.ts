/**
 * Caches the computed matrix of a decision by (id, revision). The revision lives in the database and
 * is bumped by every write, so a stale entry is never served, even with several instances.
 */
export function createMatrixCache<T>(maxEntries = 500) {
  const entries = new Map<number, { revision: number; value: T }>();
  return {
    async get(decisionId: number, revision: number, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(decisionId);
      if (hit && hit.revision === revision) return hit.value;
      const value = await load();
      entries.delete(decisionId);
      entries.set(decisionId, { revision, value });
      // Maps iterate in insertion order: the first key is the least recently loaded.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}

/**
 * How option and criterion names are compared everywhere (SPEC.md section 5): trimmed, in any case.
 * Free of zod, so the lightest pages can use it too.
 */
export function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/** Positions of names that repeat an earlier one (empty names never count), for the UI and the server. */
export function findDuplicateNames(names: readonly string[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  names.forEach((name, index) => {
    const key = nameKey(name);
    if (!key) return;
    if (seen.has(key)) duplicates.push(index);
    seen.add(key);
  });
  return duplicates;
}

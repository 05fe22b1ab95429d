/**
 * Each weight's share of the total in percent (importances, team weights). Shares are what a weight
 * means: totals divide by the sum, so 30 of 120 counts as 25 %. All 0 when the weights sum to 0.
 */
export function sharesOf<K>(weights: ReadonlyMap<K, number>): Map<K, number> {
  const sum = [...weights.values()].reduce((total, weight) => total + weight, 0);
  return new Map([...weights].map(([key, weight]) => [key, sum > 0 ? (weight / sum) * 100 : 0]));
}

/**
 * Shares rounded to whole percents (or `decimals`) that still add up to exactly 100, by the largest
 * remainder method: 1/3 each shows as 34 %, 33 %, 33 %, never 33 %, 33 %, 33 %.
 */
export function roundedSharesOf<K>(weights: ReadonlyMap<K, number>, decimals = 0): Map<K, number> {
  const shares = sharesOf(weights);
  const factor = 10 ** decimals;
  const total = [...shares.values()].some((share) => share > 0) ? 100 * factor : 0;
  const floored = [...shares].map(([key, share]) => {
    const scaled = Number((share * factor).toPrecision(12));
    return { key, units: Math.floor(scaled), remainder: scaled - Math.floor(scaled) };
  });
  let missing = total - floored.reduce((sum, entry) => sum + entry.units, 0);
  for (const entry of [...floored].sort((a, b) => b.remainder - a.remainder)) {
    if (missing <= 0) break;
    entry.units += 1;
    missing -= 1;
  }
  return new Map(floored.map((entry) => [entry.key, entry.units / factor]));
}

/** Importances scaled so they add up to 100 (whole numbers, same proportions): "Scale to 100 %". */
export function scaledToHundred<K>(weights: ReadonlyMap<K, number>): Map<K, number> {
  return roundedSharesOf(weights, 0);
}

/**
 * Whole percents in the same proportions where equal weights stay equal (issue 25: equal pairwise
 * answers give equal weights): the largest remainder hands out the last points to whole groups of
 * equal weights only, so the sum is 100 unless equal weights cannot share them (three equal weights
 * give 33, 33, 33). Totals divide by the sum, so 99 counts exactly like 100.
 */
export function equalPreservingPercents(weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum <= 0) return weights.map(() => 0);
  const scaled = weights.map((weight) => Number(((weight / sum) * 100).toPrecision(12)));
  const percents = scaled.map((share) => Math.floor(share));
  const groups = new Map<number, number[]>();
  scaled.forEach((share, index) => groups.set(share, [...(groups.get(share) ?? []), index]));
  let missing = 100 - percents.reduce((total, percent) => total + percent, 0);
  const byRemainder = [...groups].sort(([a], [b]) => b - Math.floor(b) - (a - Math.floor(a)));
  for (const [, members] of byRemainder) {
    if (members.length > missing) continue;
    for (const index of members) percents[index]! += 1;
    missing -= members.length;
  }
  return percents;
}

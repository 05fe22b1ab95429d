/** Rounds half away from zero at `decimals`, immune to binary artefacts such as 1.005 → 1.00. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const shifted = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(shifted)) / factor;
}

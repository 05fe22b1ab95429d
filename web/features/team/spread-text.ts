import type { AgreementLevel, SpreadLabel } from '../../../shared/scoring/agreement.ts';

/** The spread of a cell's votes or a criterion's weights, as the consensus schema carries it. */
export interface SpreadEntry {
  min: number | null;
  max: number | null;
  spread: SpreadLabel | null;
}

/**
 * How a spread reads (issue 25: agreement as people read it, no σ): "from 3 to 7 · mixed", "everyone
 * gave 7 · close", or "not enough votes yet" below two values. `prefix` picks the weights' wording.
 * Returns an i18n key and its values; `label` is the key of the spread's plain label.
 */
export function spreadTextOf(
  entry: SpreadEntry,
  prefix: 'cell' | 'weights',
): { key: string; values: { min?: number; max?: number; value?: number; labelKey?: string } } {
  const keyOf = (name: 'range' | 'same' | 'notEnough') =>
    prefix === 'weights' ? `consensus.weights${name[0]!.toUpperCase()}${name.slice(1)}` : `consensus.${name}`;
  if (entry.spread === null || entry.min === null || entry.max === null)
    return { key: keyOf('notEnough'), values: {} };
  const labelKey = `consensus.spreadLabel.${entry.spread}`;
  if (entry.min === entry.max) return { key: keyOf('same'), values: { value: entry.min, labelKey } };
  return { key: keyOf('range'), values: { min: entry.min, max: entry.max, labelKey } };
}

/** The heat map's colour for a spread: close reads as high agreement, split as low. */
export function levelOfSpread(spread: SpreadLabel | null): AgreementLevel | 'none' {
  if (spread === null) return 'none';
  return spread === 'close' ? 'high' : spread === 'mixed' ? 'medium' : 'low';
}

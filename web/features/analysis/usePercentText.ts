import { roundTo } from '../../../shared/scoring/rounding.ts';
import { useFormatters } from '../../lib/format.ts';

/** A share in percent as the analysis reports it: up to 1 decimal, in the reader's locale (51.6 / 51,6; 50). */
export function usePercentText() {
  const format = useFormatters();
  return (share: number) => format.plain(roundTo(share, 1));
}

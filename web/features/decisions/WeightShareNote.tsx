import { useLocale } from '../../lib/format.ts';

interface WeightShareNoteProps {
  /** The weight as entered (an importance) or computed (a team weight, 1 decimal). */
  weight: number;
  /** Its share of all weights in whole percent: what it counts in the totals (shares add up to 100). */
  share: number;
  kind: 'importance' | 'team';
}

/** "30 → 25 %" under a criterion: the weight and the share it counts with; spoken in words. */
export function WeightShareNote({ weight, share, kind }: WeightShareNoteProps) {
  const { t, format } = useLocale();
  const params = { weight: format.plain(weight), share };
  return (
    <>
      <span aria-hidden>
        {t(kind === 'team' ? 'results.teamWeightShare' : 'results.weightShare', params)}
      </span>
      <span className="sr-only">
        {t(kind === 'team' ? 'results.teamWeightShareLabel' : 'results.weightShareLabel', params)}
      </span>
    </>
  );
}

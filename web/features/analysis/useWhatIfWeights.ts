import { useCallback, useMemo, useState } from 'react';
import { hasChangedWeights, weightsWithChanges, type Weights } from './analysis-model.ts';

/**
 * The what-if sliders' state: only the user's changes are kept, so while nothing was moved the sliders
 * follow the saved weights as they change (a team member's vote arriving live), and after a move they
 * keep what the user set on top of them.
 */
export function useWhatIfWeights(saved: Weights) {
  const [changes, setChanges] = useState<Map<number, number> | null>(null);
  const weights = useMemo(() => weightsWithChanges(saved, changes), [saved, changes]);
  const setWeight = useCallback(
    (criterionId: number, weight: number) =>
      setChanges((previous) => new Map(previous ?? []).set(criterionId, weight)),
    [],
  );
  const reset = useCallback(() => setChanges(null), []);
  return { weights, isChanged: hasChangedWeights(saved, weights), setWeight, reset };
}

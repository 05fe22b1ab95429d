import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';

/**
 * Keeps a form on the server's state while others change the decision: an untouched form follows
 * live updates; a touched one keeps the typing and reports when what it shows changed elsewhere
 * (only its own part counts: another member's vote does not disturb someone renaming an option).
 * `valuesOf` must be stable (useCallback).
 */
export function useServerBackedForm<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  details: DecisionDetails,
  valuesOf: (details: DecisionDetails) => Values,
) {
  // The server state the form's values started from.
  const [basedOn, setBasedOn] = useState(details);
  const { isDirty } = form.formState;
  const { reset } = form;
  if (basedOn !== details && !isDirty) setBasedOn(details);
  useEffect(() => reset(valuesOf(basedOn)), [basedOn, valuesOf, reset]);

  const isChangedElsewhere =
    isDirty && basedOn !== details && JSON.stringify(valuesOf(basedOn)) !== JSON.stringify(valuesOf(details));

  return {
    isChangedElsewhere,
    /** Drops the typing and shows the newest state. */
    loadLatest: () => setBasedOn(details),
    /** After a save: the answer is the state the form continues from. */
    continueFrom: setBasedOn,
  };
}

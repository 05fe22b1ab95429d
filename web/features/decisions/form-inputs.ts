import type { UseFormRegisterReturn } from 'react-hook-form';
import { scoreCharactersOnly } from '../../components/ui/GridCellInput.tsx';
import { clampPercent } from '../../lib/matrix-model.ts';

function withCleanedValue<Name extends string>(
  registration: UseFormRegisterReturn<Name>,
  clean: (value: string) => string,
): UseFormRegisterReturn<Name> {
  return {
    ...registration,
    onChange: (event: { target: HTMLInputElement; type?: string }) => {
      const cleaned = clean(event.target.value);
      if (cleaned !== event.target.value) event.target.value = cleaned;
      return registration.onChange(event);
    },
  };
}

/** SPEC.md section 5: option and criterion names are left-trimmed as they are typed. */
export function leftTrimmed<Name extends string>(registration: UseFormRegisterReturn<Name>) {
  return withCleanedValue(registration, (value) => value.trimStart());
}

/** Score cells: digits, and a decimal point or comma so that a decimal can be refused with a message. */
export function scoreCellInput<Name extends string>(registration: UseFormRegisterReturn<Name>) {
  return withCleanedValue(registration, scoreCharactersOnly);
}

/** Percent fields keep whole numbers in 0..100 as they are typed; empty or not a number reads 0. */
export function clampedPercentInput<Name extends string>(registration: UseFormRegisterReturn<Name>) {
  return withCleanedValue(registration, (value) => String(clampPercent(value) ?? 0));
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { digitsOnly } from '../../components/ui/GridCellInput.tsx';

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

export function digitsOnlyInput<Name extends string>(registration: UseFormRegisterReturn<Name>) {
  return withCleanedValue(registration, digitsOnly);
}

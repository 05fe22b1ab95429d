import type { ComponentProps } from 'react';
import { inputClasses } from './TextField.tsx';

/** A whole number from a small range in a narrow right-aligned field (importance, weights). */
export function PercentInput(
  props: Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'step' | 'className'>,
) {
  return (
    <input
      type="number"
      inputMode="numeric"
      step={1}
      className={`${inputClasses} h-10 px-2 text-right tabular-nums disabled:opacity-60`}
      {...props}
    />
  );
}

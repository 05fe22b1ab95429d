import type { ReactNode, Ref } from 'react';
import { Input, Label, NumberField as AriaNumberField, Text } from 'react-aria-components';
import { inputClasses } from './TextField.tsx';

interface NumberFieldProps {
  label: ReactNode;
  /** A line under the field; replaced by `error` while there is one. */
  hint?: ReactNode;
  error?: string | undefined;
  /** null: empty (no value). */
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  /** Bounds the value is clamped to; without them any number (a must-have in a unit, issue 31). */
  minValue?: number;
  maxValue?: number;
  step?: number;
  /** Decimals the field keeps: 0 for a whole number. */
  maximumFractionDigits?: number;
  isDisabled?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A whole number within a range (or a number with `maximumFractionDigits`), on React Aria: typed text is parsed in the reader's locale and
 * clamped to the range when the field is left; the arrow keys step. Empty is a value too (null).
 */
export function NumberField({
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  minValue,
  maxValue,
  step = 1,
  maximumFractionDigits = 0,
  isDisabled = false,
  className = '',
  inputRef,
}: NumberFieldProps) {
  return (
    <AriaNumberField
      // NaN is React Aria's empty value.
      value={value ?? Number.NaN}
      onChange={(next) => onChange(Number.isNaN(next) ? null : next)}
      onBlur={onBlur}
      {...(minValue === undefined ? {} : { minValue })}
      {...(maxValue === undefined ? {} : { maxValue })}
      // A number with decimals is not snapped to steps (React Aria snaps to `step` when it has one).
      {...(maximumFractionDigits > 0 ? {} : { step })}
      isDisabled={isDisabled}
      isInvalid={Boolean(error)}
      formatOptions={{ maximumFractionDigits }}
      className={`flex flex-col gap-1.5 ${className}`}
    >
      <Label className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</Label>
      {/* The width lives on a wrapper: inputClasses make the input as wide as its parent. */}
      <div className="w-24">
        <Input
          ref={inputRef}
          className={`${inputClasses} h-10 text-right tabular-nums disabled:opacity-60 data-[invalid]:border-red-600`}
        />
      </div>
      {error ? (
        <Text slot="errorMessage" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </Text>
      ) : hint ? (
        <Text slot="description" className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </Text>
      ) : null}
    </AriaNumberField>
  );
}

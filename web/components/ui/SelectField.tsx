import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { inputClasses } from './TextField.tsx';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select: keyboard and screen-reader behaviour come from the platform. */
export function SelectField({ label, hint, id, className = '', children, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select
        id={selectId}
        aria-describedby={`${selectId}-message`}
        className={`${inputClasses} h-10 ${className}`}
        {...selectProps}
      >
        {children}
      </select>
      <p id={`${selectId}-message`} className="min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
    </div>
  );
}

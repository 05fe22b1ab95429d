import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { useIsHydrated } from '../../lib/hydration.ts';

export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label above, control, then one reserved line for the hint or error so the form never jumps. */
function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      <p
        id={`${id}-message`}
        className={`min-h-5 text-sm ${error ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {error ?? hint}
      </p>
    </div>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

// Fields stay disabled until a prerendered page is hydrated: react-hook-form would reset what was
// typed before, and a native submit would put the values into the URL.
export function TextField({
  label,
  error,
  hint,
  id,
  className = '',
  disabled,
  ...inputProps
}: TextFieldProps) {
  const isHydrated = useIsHydrated();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-message`}
        className={`${inputClasses} h-10 ${className}`}
        disabled={disabled || !isHydrated}
        {...inputProps}
      />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({
  label,
  error,
  hint,
  id,
  className = '',
  disabled,
  ...textAreaProps
}: TextAreaFieldProps) {
  const isHydrated = useIsHydrated();
  const generatedId = useId();
  const textAreaId = id ?? generatedId;
  return (
    <FieldFrame id={textAreaId} label={label} error={error} hint={hint}>
      <textarea
        id={textAreaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${textAreaId}-message`}
        className={`${inputClasses} ${className}`}
        disabled={disabled || !isHydrated}
        {...textAreaProps}
      />
    </FieldFrame>
  );
}

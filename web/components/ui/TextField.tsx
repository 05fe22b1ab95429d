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

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** What a field's control gets from its frame: an id, the link to the message line, the disabled state. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
  disabled: boolean;
}

interface FieldFrameProps extends FieldProps {
  /** The control's own attributes; the frame reads its id and disabled state. */
  attributes: { id?: string | undefined; disabled?: boolean | undefined };
  renderControl: (control: ControlProps) => ReactNode;
}

// Fields stay disabled until a prerendered page is hydrated: react-hook-form would reset what was
// typed before, and a native submit would put the values into the URL.
/** Label above, control, then one reserved line for the hint or error so the form never jumps. */
function FieldFrame({ label, error, hint, attributes, renderControl }: FieldFrameProps) {
  const isHydrated = useIsHydrated();
  const generatedId = useId();
  const controlId = attributes.id ?? generatedId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {renderControl({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': `${controlId}-message`,
        disabled: Boolean(attributes.disabled) || !isHydrated,
      })}
      <p
        id={`${controlId}-message`}
        className={`min-h-5 text-sm ${error ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {error ?? hint}
      </p>
    </div>
  );
}

interface TextFieldProps extends FieldProps, InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, className = '', ...inputProps }: TextFieldProps) {
  const input = (control: ControlProps) => (
    <input {...inputProps} {...control} className={`${inputClasses} h-10 ${className}`} />
  );
  return <FieldFrame {...{ label, error, hint }} attributes={inputProps} renderControl={input} />;
}

interface TextAreaFieldProps extends FieldProps, TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, className = '', ...textAreaProps }: TextAreaFieldProps) {
  const textArea = (control: ControlProps) => (
    <textarea {...textAreaProps} {...control} className={`${inputClasses} ${className}`} />
  );
  return <FieldFrame {...{ label, error, hint }} attributes={textAreaProps} renderControl={textArea} />;
}

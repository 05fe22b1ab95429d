import { useId, type ReactNode } from 'react';
import { Label, Radio, RadioGroup as AriaRadioGroup, Text } from 'react-aria-components';

export interface RadioChoice<Value extends string> {
  value: Value;
  label: ReactNode;
  /** One line under the label, read by screen readers as the choice's description. */
  description?: ReactNode;
  /** This choice alone cannot be taken (the group's hint should say why). */
  isDisabled?: boolean;
}

interface RadioGroupProps<Value extends string> {
  label: ReactNode;
  /** A line under the group's label (what the choice is about). */
  hint?: ReactNode;
  value: Value;
  onChange: (value: Value) => void;
  choices: readonly RadioChoice<Value>[];
  isDisabled?: boolean;
  /** The form field name, so the choice also travels in a native form submission. */
  name?: string;
}

/**
 * One choice out of a few, on React Aria: arrow keys move the selection, Tab leaves the group, each
 * choice is a labelled radio with its description attached (aria-describedby).
 */
export function RadioGroup<Value extends string>({
  label,
  hint,
  value,
  onChange,
  choices,
  isDisabled = false,
  name,
}: RadioGroupProps<Value>) {
  const id = useId();
  return (
    <AriaRadioGroup
      value={value}
      onChange={(next) => onChange(next as Value)}
      isDisabled={isDisabled}
      name={name}
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</Label>
      {hint ? (
        <Text slot="description" className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </Text>
      ) : null}
      <div className="flex flex-col gap-2">
        {choices.map((choice) => {
          const descriptionId = `${id}-${choice.value}-description`;
          return (
            <div
              key={choice.value}
              className="rounded-xl border border-slate-200 px-3 py-2 has-[[data-selected]]:border-indigo-500 has-[[data-selected]]:bg-indigo-50 dark:border-slate-700 dark:has-[[data-selected]]:border-indigo-400 dark:has-[[data-selected]]:bg-indigo-950/40"
            >
              <Radio
                value={choice.value}
                isDisabled={choice.isDisabled ?? false}
                aria-describedby={choice.description ? descriptionId : undefined}
                className="group flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-900 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-70 dark:text-white"
              >
                <span
                  aria-hidden
                  className="flex size-4 shrink-0 items-center justify-center rounded-full border-2 border-slate-500 group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-indigo-600 group-data-[selected]:border-indigo-600 dark:border-slate-400 dark:group-data-[selected]:border-indigo-300"
                >
                  <span className="size-2 rounded-full bg-indigo-600 opacity-0 group-data-[selected]:opacity-100 dark:bg-indigo-300" />
                </span>
                {choice.label}
              </Radio>
              {choice.description ? (
                <p id={descriptionId} className="mt-0.5 pl-6 text-sm text-slate-600 dark:text-slate-400">
                  {choice.description}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </AriaRadioGroup>
  );
}

import { useId, type ReactNode } from 'react';

interface SliderProps {
  label: ReactNode;
  value: number;
  onChange: (value: number) => void;
  minValue?: number;
  maxValue?: number;
  step?: number;
  /** Shown beside the label instead of the bare number (e.g. "50 → 33 %"). */
  output?: ReactNode;
  isDisabled?: boolean;
}

/**
 * One value on a track: a native range input, so arrow keys move by a step, Page Up/Down by a tenth and
 * Home/End to the ends, and screen readers announce label and value. Native rather than React Aria's
 * Slider on purpose: its shared internals became chunks of their own, and each chunk grows the landing
 * page's route preload map past its budget (docs/ARCHITECTURE.md, "Performance budgets").
 */
export function Slider({
  label,
  value,
  onChange,
  minValue = 0,
  maxValue = 100,
  step = 1,
  output,
  isDisabled = false,
}: SliderProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-3">
        <label
          htmlFor={id}
          className="min-w-0 truncate text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {label}
        </label>
        <output htmlFor={id} className="shrink-0 text-sm text-slate-700 tabular-nums dark:text-slate-300">
          {output ?? value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={minValue}
        max={maxValue}
        step={step}
        value={value}
        disabled={isDisabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-7 w-full cursor-pointer accent-indigo-600 disabled:cursor-not-allowed dark:accent-indigo-400"
      />
    </div>
  );
}

import type { InputHTMLAttributes, KeyboardEvent, Ref } from 'react';

interface GridCellInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  row: number;
  column: number;
  isInvalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * Spreadsheet-like moves inside the closest `[data-grid]` (the table of a MatrixTable). Cells hold
 * one or two digits and select their text on focus, so the arrows always move between cells.
 */
function moveFocusWithArrows(event: KeyboardEvent<HTMLInputElement>) {
  const move = MOVES[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const input = event.currentTarget;
  const [rowStep, columnStep] = move;
  const row = Number(input.dataset.gridRow) + rowStep;
  const column = Number(input.dataset.gridColumn) + columnStep;
  const target = input
    .closest('[data-grid]')
    ?.querySelector<HTMLInputElement>(`input[data-grid-row="${row}"][data-grid-column="${column}"]`);
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.select();
}

/** One score cell of an evaluation grid: digits only, arrow keys move between cells. */
export function GridCellInput({
  row,
  column,
  isInvalid = false,
  className = '',
  onKeyDown,
  ...inputProps
}: GridCellInputProps) {
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={2}
      data-grid-row={row}
      data-grid-column={column}
      aria-invalid={isInvalid || undefined}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocusWithArrows(event);
      }}
      onFocus={(event) => event.currentTarget.select()}
      className={`h-10 w-16 rounded-lg border bg-white text-center text-sm font-semibold tabular-nums shadow-sm focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:bg-slate-900 ${
        isInvalid
          ? 'border-red-600 text-red-700 dark:border-red-500 dark:text-red-300'
          : 'border-slate-300 text-slate-900 focus-visible:border-indigo-500 dark:border-slate-700 dark:text-slate-100'
      } ${className}`}
      {...inputProps}
    />
  );
}

/** Cells accept digits only; anything else typed or pasted is dropped as it arrives. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

import { useId, type InputHTMLAttributes, type KeyboardEvent, type Ref } from 'react';

interface GridCellInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  row: number;
  column: number;
  isInvalid?: boolean;
  /** Shown under the cell while it is invalid and read with it (`aria-describedby`), e.g. "Only 1–10". */
  errorMessage?: string;
  ref?: Ref<HTMLInputElement>;
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

function focusCell(target: HTMLInputElement | null | undefined, event: KeyboardEvent<HTMLInputElement>) {
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.select();
}

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
  focusCell(
    input
      .closest('[data-grid]')
      ?.querySelector<HTMLInputElement>(`input[data-grid-row="${row}"][data-grid-column="${column}"]`),
    event,
  );
}

/**
 * Enter moves down the column, Shift+Enter up, as in a spreadsheet (Tab goes across the row); from a
 * column's last cell Enter continues at the top of the next column. It never submits the form around
 * the grid, also not in the last cell.
 */
function moveFocusWithEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  const input = event.currentTarget;
  const positionOf = (cell: HTMLInputElement) => [
    Number(cell.dataset.gridColumn),
    Number(cell.dataset.gridRow),
  ];
  const columnByColumn = [
    ...(input.closest('[data-grid]')?.querySelectorAll<HTMLInputElement>('input[data-grid-row]') ?? []),
  ]
    .filter((cell) => cell === input || !cell.disabled)
    .sort((first, second) => {
      const [firstColumn = 0, firstRow = 0] = positionOf(first);
      const [secondColumn = 0, secondRow = 0] = positionOf(second);
      return firstColumn - secondColumn || firstRow - secondRow;
    });
  focusCell(columnByColumn[columnByColumn.indexOf(input) + (event.shiftKey ? -1 : 1)], event);
}

/** One score cell of an evaluation grid: arrow keys, Enter and Tab move between cells. */
export function GridCellInput({
  row,
  column,
  isInvalid = false,
  errorMessage,
  className = '',
  onKeyDown,
  'aria-describedby': describedBy,
  ...inputProps
}: GridCellInputProps) {
  const errorId = useId();
  const showsError = isInvalid && Boolean(errorMessage);
  // Always the same wrapper, so the input keeps its focus when the message appears while typing.
  return (
    <span className="inline-flex flex-col items-center gap-1">
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        // Room for "7.5": a decimal stays visible and is refused with a message, never cut to "7".
        maxLength={4}
        data-grid-row={row}
        data-grid-column={column}
        aria-invalid={isInvalid || undefined}
        aria-describedby={
          [describedBy, showsError ? errorId : undefined].filter(Boolean).join(' ') || undefined
        }
        enterKeyHint="next"
        onKeyDown={(event) => {
          onKeyDown?.(event);
          // Enter inside an IME composition confirms the text; it must not move on.
          if (event.defaultPrevented || event.nativeEvent.isComposing) return;
          moveFocusWithArrows(event);
          if (!event.defaultPrevented) moveFocusWithEnter(event);
        }}
        onFocus={(event) => {
          event.currentTarget.select();
          // Centred in a sideways-scrolling grid, a cell never hides under the sticky name or total.
          event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'center' });
        }}
        // A 2px ring with an offset in a strong colour: visible on white, on the tinted top row and in dark mode.
        className={`h-10 w-16 rounded-lg border bg-white text-center text-sm font-semibold tabular-nums shadow-sm focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2 focus-visible:ring-offset-white focus-visible:outline-none dark:bg-slate-900 dark:focus-visible:ring-indigo-300 dark:focus-visible:ring-offset-slate-900 ${
          isInvalid
            ? 'border-red-600 text-red-700 dark:border-red-500 dark:text-red-300'
            : 'border-slate-300 text-slate-900 focus-visible:border-indigo-600 dark:border-slate-700 dark:text-slate-100 dark:focus-visible:border-indigo-300'
        } ${className}`}
        {...inputProps}
      />
      {showsError ? (
        <span id={errorId} className="text-xs font-medium whitespace-nowrap text-red-700 dark:text-red-400">
          {errorMessage}
        </span>
      ) : null}
    </span>
  );
}

/** Number cells accept digits only; anything else typed or pasted is dropped as it arrives. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Score cells keep digits and a decimal point or comma: a decimal is shown and refused with a message
 * (whole numbers only) instead of silently becoming another number; letters are dropped.
 */
export function scoreCharactersOnly(value: string): string {
  return value.replace(/[^\d.,]/g, '');
}

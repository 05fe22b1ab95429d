import { useState, type ReactNode } from 'react';

interface TooltipProps {
  /** Id of the tooltip; the focusable child points to it with `aria-describedby`. */
  id: string;
  /** Nothing to show: the child renders alone, without the marker. */
  text: string | null | undefined;
  children: ReactNode;
}

/**
 * A note on a focusable child (a cell's button or input), shown while it is hovered or has focus, and
 * after a tap or click until the next one, Escape or leaving it (touch screens have no hover, and
 * Safari does not focus a tapped button), marked by a violet dot (see AiReasonLegend). Pure CSS on purpose: React Aria's TooltipTrigger renders the tooltip only
 * while open and opens on focus only in keyboard modality, so an input could not always point to it
 * with `aria-describedby` and a programmatic focus would not show it.
 */
export function Tooltip({ id, text, children }: TooltipProps) {
  const [isPinned, setIsPinned] = useState(false);
  if (!text) return children;
  return (
    // The child is the focusable control; the wrapper only notices its taps, blur and Escape.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      className="group relative inline-flex"
      onClick={() => setIsPinned((wasPinned) => !wasPinned)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsPinned(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setIsPinned(false);
      }}
    >
      {children}
      <span
        aria-hidden
        className="absolute -top-1 -right-1 size-2 rounded-full bg-violet-500 dark:bg-violet-300"
      />
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute ${isPinned ? 'visible opacity-100' : 'invisible opacity-0'} top-full left-1/2 z-30 mt-2 w-64 -translate-x-1/2 rounded-lg bg-slate-900 px-3 py-2 text-left text-xs leading-snug font-normal whitespace-normal text-white shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:bg-slate-700`}
      >
        {text}
      </span>
    </span>
  );
}

/** The classes of a read-only value that carries a tooltip: a focusable button with a dotted underline. */
export const tooltipTriggerClasses =
  'rounded px-1 tabular-nums underline decoration-violet-400 decoration-dotted underline-offset-4 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none';

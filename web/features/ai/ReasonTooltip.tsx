import type { ReactNode } from 'react';

interface ReasonTooltipProps {
  /** Id of the tooltip; the focusable child points to it with aria-describedby. */
  id: string;
  reason: string | null | undefined;
  children: ReactNode;
}

/**
 * The AI's reason for one cell, shown while the cell is hovered or has focus (and read by screen
 * readers through aria-describedby on the child). Without a reason the child renders alone.
 */
export function ReasonTooltip({ id, reason, children }: ReasonTooltipProps) {
  if (!reason) return children;
  return (
    <span className="group relative inline-flex">
      {children}
      <span
        aria-hidden
        className="absolute -top-1 -right-1 size-2 rounded-full bg-violet-500 dark:bg-violet-300"
      />
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full left-1/2 z-30 mt-2 w-64 -translate-x-1/2 rounded-lg bg-slate-900 px-3 py-2 text-left text-xs leading-snug font-normal whitespace-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:bg-slate-700"
      >
        {reason}
      </span>
    </span>
  );
}

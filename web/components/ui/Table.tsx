import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

/**
 * The table kit: every grid and list table of the app is built from these pieces, so header, body
 * and highlight styles live in one place. Read-only tables are `comfortable`, input grids `compact`.
 */
export type TableDensity = 'comfortable' | 'compact';
export type CellAlign = 'start' | 'center' | 'end';
/** Where a cell sits in its row: the outer columns have no outer padding so they line up with the card. */
export type CellEdge = 'first' | 'middle' | 'last';

const padding: Record<TableDensity, Record<CellEdge, string>> = {
  comfortable: { first: 'py-3 pr-3', middle: 'px-3 py-3', last: 'py-3 pl-3' },
  compact: { first: 'py-2 pr-3', middle: 'px-2 py-2', last: 'py-2 pl-3' },
};
const alignment: Record<CellAlign, string> = {
  start: 'text-left',
  center: 'text-center',
  end: 'text-right',
};

/** A highlighted row (the top option): the row's background and its text colours. */
export const highlightRowClasses = 'bg-emerald-50 dark:bg-emerald-950/40';
const highlightTextClasses = 'text-emerald-900 dark:text-emerald-200';
const highlightTotalClasses = 'text-emerald-800 dark:text-emerald-300';
/** A muted row (an option knocked out by a must-have): greyed, so it never reads like a result. */
export const mutedRowClasses = 'bg-slate-100 dark:bg-slate-800/60';
const mutedTextClasses = 'text-slate-700 dark:text-slate-300';

interface TableProps {
  /** Read by screen readers as the table's name; the scroll region is labelled by it too. */
  caption: ReactNode;
  captionId: string;
  children: ReactNode;
  /** Classes of the scroll region, e.g. to let an input grid reach the card's edges. */
  className?: string;
  /** Marks the table as a grid whose inputs move focus with the arrow keys (see GridCellInput). */
  isGrid?: boolean;
  /** `fit` keeps the table as wide as its content (wide input rows), `full` spans the region. */
  width?: 'full' | 'fit';
  /** Classes of the table itself (e.g. the stacked cards of MatrixTable on a phone). */
  tableClassName?: string | undefined;
}

/** A table in a horizontally scrollable region that keyboard users can reach and scroll. */
export function Table({
  caption,
  captionId,
  children,
  className = '',
  isGrid = false,
  width = 'full',
  tableClassName = '',
}: TableProps) {
  return (
    <div
      className={`relative overflow-x-auto ${className}`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <table
        data-grid={isGrid || undefined}
        className={`${width === 'full' ? 'w-full' : ''} border-separate border-spacing-0 text-sm ${tableClassName}`}
      >
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** Which edge a cell sticks to while a wide table scrolls sideways on a narrow screen. */
export type StickySide = 'left' | 'right';

/**
 * Keeps a first-column cell (the name) or a last-column cell (the total) in view while a wide table
 * scrolls sideways on narrow screens; it needs its own opaque background, or the scrolled cells would
 * show through it, and a soft shadow on its inner side.
 */
function stickyCellClasses(isHighlighted: boolean, side: StickySide = 'left', isMuted = false): string {
  const background = isHighlighted
    ? 'max-sm:bg-emerald-50 dark:max-sm:bg-emerald-950'
    : isMuted
      ? 'max-sm:bg-slate-100 dark:max-sm:bg-slate-800'
      : 'max-sm:bg-white dark:max-sm:bg-slate-900';
  const edge =
    side === 'left'
      ? 'max-sm:left-0 max-sm:shadow-[6px_0_6px_-6px_rgb(15_23_42/0.25)]'
      : 'max-sm:right-0 max-sm:shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.25)]';
  return `max-sm:sticky max-sm:z-10 ${edge} ${background}`;
}

interface HeaderCellProps extends Omit<ThHTMLAttributes<HTMLTableCellElement>, 'align'> {
  density?: TableDensity;
  edge?: CellEdge;
  align?: CellAlign;
  /** Muted for the corner and list headers, strong for the headers that name data (criteria, totals). */
  tone?: 'muted' | 'strong';
  /** The corner above sticky row names, or (`stickySide="right"`) the header of a sticky total. */
  isSticky?: boolean;
  stickySide?: StickySide;
}

/** A column header cell (`scope="col"`). */
export function TH({
  density = 'comfortable',
  edge = 'middle',
  align = 'center',
  tone = 'strong',
  isSticky = false,
  stickySide = 'left',
  className = '',
  ...props
}: HeaderCellProps) {
  const toneClasses =
    tone === 'muted' ? 'text-slate-600 dark:text-slate-400' : 'text-slate-800 dark:text-slate-200';
  return (
    <th
      scope="col"
      className={`border-b border-slate-200 font-medium dark:border-slate-700 ${padding[density][edge]} ${alignment[align]} ${toneClasses} ${isSticky ? stickyCellClasses(false, stickySide) : ''} ${className}`}
      {...props}
    />
  );
}

const bodyBorder = 'border-b border-slate-100 dark:border-slate-800';

interface RowHeaderProps extends ThHTMLAttributes<HTMLTableCellElement> {
  density?: TableDensity;
  isHighlighted?: boolean;
  isMuted?: boolean;
  /** Keeps the row's name in view while a wide matrix scrolls sideways on narrow screens. */
  isSticky?: boolean;
}

/** The name cell of a body row (`scope="row"`). */
export function RowHeader({
  density = 'comfortable',
  isHighlighted = false,
  isMuted = false,
  isSticky = false,
  className = '',
  ...props
}: RowHeaderProps) {
  const textClasses = isHighlighted
    ? highlightTextClasses
    : isMuted
      ? mutedTextClasses
      : 'text-slate-900 dark:text-white';
  const stickyClasses = isSticky ? stickyCellClasses(isHighlighted, 'left', isMuted) : '';
  return (
    <th
      scope="row"
      className={`${bodyBorder} text-left font-medium ${padding[density].first} ${textClasses} ${stickyClasses} ${className}`}
      {...props}
    />
  );
}

interface DataCellProps extends Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> {
  density?: TableDensity;
  edge?: CellEdge;
  align?: CellAlign;
  isHighlighted?: boolean;
  isMuted?: boolean;
  /** A total: larger and bold, coloured on the highlighted row. */
  isTotal?: boolean;
  /** Keeps the cell (a total) at the right edge while the table scrolls sideways on a narrow screen. */
  isSticky?: boolean;
}

/** A body cell. */
export function TD({
  density = 'comfortable',
  edge = 'middle',
  align = 'center',
  isHighlighted = false,
  isMuted = false,
  isTotal = false,
  isSticky = false,
  className = '',
  ...props
}: DataCellProps) {
  const textClasses = isTotal
    ? `font-bold tabular-nums ${density === 'comfortable' ? 'text-base' : ''} ${
        isHighlighted ? highlightTotalClasses : isMuted ? mutedTextClasses : 'text-slate-900 dark:text-white'
      }`
    : isMuted
      ? mutedTextClasses
      : 'text-slate-800 dark:text-slate-200';
  return (
    <td
      className={`${bodyBorder} ${padding[density][edge]} ${alignment[align]} ${textClasses} ${isSticky ? stickyCellClasses(isHighlighted, 'right', isMuted) : ''} ${className}`}
      {...props}
    />
  );
}

interface RowProps extends HTMLAttributes<HTMLTableRowElement> {
  isHighlighted?: boolean;
  isMuted?: boolean;
}

/**
 * A body row; the highlighted one (top option) is tinted and carries `data-top`, a muted one (knocked
 * out) is greyed and carries `data-muted`.
 */
export function TR({ isHighlighted = false, isMuted = false, className = '', ...props }: RowProps) {
  return (
    <tr
      data-top={isHighlighted || undefined}
      data-muted={isMuted || undefined}
      className={`${isHighlighted ? highlightRowClasses : isMuted ? mutedRowClasses : ''} ${className}`}
      {...props}
    />
  );
}

import type { Key, ReactNode } from 'react';
import { RowHeader, Table, TD, TH, TR, type TableDensity } from './Table.tsx';

/** One row or column of a matrix: a key that stays while the label changes, and the label. */
export interface MatrixAxisItem {
  key: Key;
  label: string;
}

/** A column beside the matrix cells (a weight before them, a total or row actions after them). */
export interface MatrixExtraColumn<Row> {
  key: string;
  header: ReactNode;
  /** Hides the header visually (e.g. an actions column); screen readers still read it. */
  isHeaderHidden?: boolean;
  render: (row: Row, rowIndex: number) => ReactNode;
  align?: 'start' | 'center' | 'end';
}

interface MatrixTableProps<Row extends MatrixAxisItem, Column extends MatrixAxisItem> {
  caption: ReactNode;
  captionId: string;
  /** The header above the row names ("Option", "Criterion"). */
  cornerHeader: ReactNode;
  rows: readonly Row[];
  columns: readonly Column[];
  renderCell: (row: Row, column: Column, rowIndex: number, columnIndex: number) => ReactNode;
  /** Defaults to the label; input grids put the name input here. */
  renderRowHeader?: (row: Row, rowIndex: number) => ReactNode;
  renderColumnHeader?: (column: Column, columnIndex: number) => ReactNode;
  leadingColumns?: readonly MatrixExtraColumn<Row>[];
  trailingColumns?: readonly MatrixExtraColumn<Row>[];
  /**
   * The weighted total per row, right-aligned and bold; coloured on the highlighted row. On a narrow
   * screen it stays at the right edge beside the sticky row names, so name and total are always in view.
   */
  total?: {
    header: ReactNode;
    render: (row: Row, rowIndex: number) => ReactNode;
    testId?: string;
  };
  /**
   * `cardsOnPhone` (issue 25: the team result never needs sideways hunting): the total comes first
   * after the row name, and below the `sm` breakpoint each row becomes a card (name, total, then every
   * cell with its column's label). The table stays a table for screen readers.
   */
  layout?: 'table' | 'cardsOnPhone';
  /** Rank numbers before the row names (a ranking table); `label` names a rank for screen readers. */
  ranks?: {
    of: (row: Row, rowIndex: number) => number | null;
    label: (rank: number) => string;
  };
  /** The top row(s): tinted, with `data-top`. */
  highlightRow?: (row: Row, rowIndex: number) => boolean;
  /** Rows that do not count (options knocked out by a must-have): greyed, with `data-muted`. */
  muteRow?: (row: Row, rowIndex: number) => boolean;
  density?: TableDensity;
  width?: 'full' | 'fit';
  /**
   * Lets the scroll region reach the edges of the surrounding card (its padding is p-6). The outer
   * cells carry that padding instead of the region, so the sticky name and total columns stop at the
   * card's edge and no scrolled cell shows beside them.
   */
  isBleeding?: boolean;
}

/**
 * A column header of stacked lines: the name, a small note under it (a weight, a team weight), and
 * optionally a description that the column's inputs name in aria-describedby (what the scale's ends
 * mean for this criterion).
 */
export function StackedHeader({
  label,
  note,
  description,
  isTruncated = false,
}: {
  label: string;
  note?: ReactNode;
  description?: { id: string; text: string } | null;
  isTruncated?: boolean;
}) {
  return (
    <>
      <span
        className={isTruncated ? 'mx-auto block max-w-40 truncate' : 'block'}
        title={isTruncated ? label : undefined}
      >
        {label}
      </span>
      {note === undefined ? null : (
        <span className="block text-xs font-normal whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-400">
          {note}
        </span>
      )}
      {description ? (
        <span
          id={description.id}
          className="mx-auto block max-w-48 text-xs font-normal text-slate-600 dark:text-slate-400"
        >
          {description.text}
        </span>
      ) : null}
    </>
  );
}

/** A row's place in a ranking ("1"), read as "Rank 1"; "–" for a row without a total. */
export function RankBadge({ rank, label }: { rank: number | null; label: (rank: number) => string }) {
  return (
    <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-200">
      <span aria-hidden>{rank ?? '–'}</span>
      {rank === null ? null : <span className="sr-only">{label(rank)}</span>}
    </span>
  );
}

/**
 * A cell's column name on the phone's cards, as CSS generated content from `data-label`: it is not part
 * of the cell's text (which stays the value alone) and screen readers have the column header anyway.
 */
const STACKED_LABEL_CLASSES =
  'max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400';

/**
 * Below `sm` a stacked table shows each row as a card: the header row is kept for screen readers
 * only, each cell repeats its column's label visibly (`data-label`), and nothing scrolls sideways.
 */
const STACKED_CLASSES = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:flex max-sm:flex-col max-sm:gap-3',
  row: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-xl max-sm:border max-sm:border-slate-200 max-sm:p-3 dark:max-sm:border-slate-700',
  rowHeader: 'max-sm:col-span-2 max-sm:block max-sm:border-0 max-sm:p-0',
  total:
    'max-sm:col-span-2 max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:p-0 max-sm:text-left max-sm:before:text-sm max-sm:before:font-medium max-sm:before:text-slate-700 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300',
  cell: `max-sm:block max-sm:border-0 max-sm:p-0 max-sm:text-left ${STACKED_LABEL_CLASSES}`,
};

/** The label a stacked cell shows: the header text, when it is plain text. */
function labelOf(header: ReactNode): string | undefined {
  return typeof header === 'string' ? header : undefined;
}

/** The total's column header: last and sticky on a narrow screen, or first after the names (stacked). */
function TotalHeader({
  density,
  position,
  padding,
  children,
}: {
  density: TableDensity;
  position: 'start' | 'end';
  padding: string;
  children: ReactNode;
}) {
  const isEnd = position === 'end';
  return (
    <TH
      density={density}
      edge={isEnd ? 'last' : 'middle'}
      align={isEnd ? 'end' : 'center'}
      isSticky={isEnd}
      stickySide="right"
      className={isEnd ? padding : ''}
    >
      {children}
    </TH>
  );
}

/** A row's total: bold, at the right edge (sticky on a phone), or a card's headline when stacked. */
function TotalCell({
  density,
  isStacked,
  isHighlighted,
  isMuted,
  testId,
  label,
  padding,
  children,
}: {
  density: TableDensity;
  isStacked: boolean;
  isHighlighted: boolean;
  isMuted: boolean;
  testId: string | undefined;
  label: string | undefined;
  padding: string;
  children: ReactNode;
}) {
  return (
    <TD
      density={density}
      edge={isStacked ? 'middle' : 'last'}
      align={isStacked ? 'center' : 'end'}
      isTotal
      isSticky={!isStacked}
      isHighlighted={isHighlighted}
      isMuted={isMuted}
      data-testid={testId}
      data-label={isStacked ? label : undefined}
      className={`whitespace-nowrap ${isStacked ? STACKED_CLASSES.total : padding}`}
    >
      {children}
    </TD>
  );
}

/** The header row: the corner, the total first when stacked, the extra and the matrix columns. */
function MatrixHead<Row extends MatrixAxisItem, Column extends MatrixAxisItem>({
  className,
  density,
  isStacked,
  cornerHeader,
  columns,
  renderColumnHeader,
  leadingColumns,
  trailingColumns,
  lastColumn,
  lastTrailing,
  firstPad,
  lastPad,
  totalHeader,
}: {
  className: string | undefined;
  density: TableDensity;
  isStacked: boolean;
  cornerHeader: ReactNode;
  columns: readonly Column[];
  renderColumnHeader: (column: Column, columnIndex: number) => ReactNode;
  leadingColumns: readonly MatrixExtraColumn<Row>[];
  trailingColumns: readonly MatrixExtraColumn<Row>[];
  lastColumn: number;
  lastTrailing: number;
  firstPad: string;
  lastPad: string;
  totalHeader: (position: 'start' | 'end') => ReactNode;
}) {
  return (
    <thead className={className}>
      <tr>
        <TH
          density={density}
          edge="first"
          align="start"
          tone="muted"
          isSticky={!isStacked}
          className={firstPad}
        >
          {cornerHeader}
        </TH>
        {isStacked ? totalHeader('start') : null}
        {leadingColumns.map((extra) => (
          <TH key={extra.key} density={density} align={extra.align ?? 'start'} tone="muted">
            {extra.header}
          </TH>
        ))}
        {columns.map((column, columnIndex) => (
          <TH
            key={column.key}
            density={density}
            edge={columnIndex === lastColumn ? 'last' : 'middle'}
            className={`align-bottom ${columnIndex === lastColumn ? lastPad : ''}`}
          >
            {renderColumnHeader(column, columnIndex)}
          </TH>
        ))}
        {trailingColumns.map((extra, index) => (
          <TH
            key={extra.key}
            density={density}
            align={extra.align ?? 'end'}
            edge={index === lastTrailing ? 'last' : 'middle'}
            className={index === lastTrailing ? lastPad : ''}
          >
            {extra.isHeaderHidden ? <span className="sr-only">{extra.header}</span> : extra.header}
          </TH>
        ))}
        {isStacked ? null : totalHeader('end')}
      </tr>
    </thead>
  );
}

/**
 * The one rows × columns grid (options × criteria, or criteria × options on the calculator): header
 * row, a row header per row, a cell per pair, optional extra and total columns, the top row
 * highlighted, rank numbers before the names of a ranking, the row names and the total kept in view on
 * narrow screens. Inputs rendered in cells move with the arrow and Enter keys (GridCellInput inside the
 * table's `data-grid`).
 */
export function MatrixTable<Row extends MatrixAxisItem, Column extends MatrixAxisItem>({
  caption,
  captionId,
  cornerHeader,
  rows,
  columns,
  renderCell,
  renderRowHeader = (row) => row.label,
  renderColumnHeader = (column) => column.label,
  leadingColumns = [],
  trailingColumns = [],
  total,
  highlightRow = () => false,
  muteRow = () => false,
  ranks,
  density = 'comfortable',
  width = 'full',
  isBleeding = false,
  layout = 'table',
}: MatrixTableProps<Row, Column>) {
  const isStacked = layout === 'cardsOnPhone';
  const stacked = isStacked ? STACKED_CLASSES : null;
  // Bleeding tables pad their outer cells by the card's padding (see `isBleeding`).
  const firstPad = isBleeding ? 'pl-6' : '';
  const lastPad = isBleeding ? 'pr-6' : '';
  // A total placed first (stacked layout) leaves the last column to the trailing columns or cells.
  const trailingTotal = total && !isStacked ? total : null;
  const lastTrailing = trailingTotal ? -1 : trailingColumns.length - 1;
  const lastColumn = trailingTotal || trailingColumns.length ? -1 : columns.length - 1;
  const totalHeader = (position: 'start' | 'end') =>
    total ? (
      <TotalHeader density={density} position={position} padding={lastPad}>
        {total.header}
      </TotalHeader>
    ) : null;
  const totalCell = (row: Row, rowIndex: number, isHighlighted: boolean, isMuted: boolean) =>
    total ? (
      <TotalCell
        density={density}
        isStacked={isStacked}
        isHighlighted={isHighlighted}
        isMuted={isMuted}
        testId={total.testId}
        label={labelOf(total.header)}
        padding={lastPad}
      >
        {total.render(row, rowIndex)}
      </TotalCell>
    ) : null;
  return (
    <Table
      caption={caption}
      captionId={captionId}
      isGrid
      width={width}
      className={isBleeding ? '-mx-6' : ''}
      tableClassName={stacked?.table}
    >
      <MatrixHead
        className={stacked?.head}
        density={density}
        isStacked={isStacked}
        cornerHeader={cornerHeader}
        columns={columns}
        renderColumnHeader={renderColumnHeader}
        leadingColumns={leadingColumns}
        trailingColumns={trailingColumns}
        lastColumn={lastColumn}
        lastTrailing={lastTrailing}
        firstPad={firstPad}
        lastPad={lastPad}
        totalHeader={totalHeader}
      />
      <tbody className={stacked?.body}>
        {rows.map((row, rowIndex) => {
          const isHighlighted = highlightRow(row, rowIndex);
          const isMuted = !isHighlighted && muteRow(row, rowIndex);
          return (
            <TR key={row.key} isHighlighted={isHighlighted} isMuted={isMuted} className={stacked?.row}>
              <RowHeader
                density={density}
                isHighlighted={isHighlighted}
                isMuted={isMuted}
                isSticky={!isStacked}
                className={`${firstPad} ${stacked?.rowHeader ?? ''}`}
              >
                {ranks ? (
                  <span className="flex items-center gap-2">
                    <RankBadge rank={ranks.of(row, rowIndex)} label={ranks.label} />
                    {renderRowHeader(row, rowIndex)}
                  </span>
                ) : (
                  renderRowHeader(row, rowIndex)
                )}
              </RowHeader>
              {isStacked ? totalCell(row, rowIndex, isHighlighted, isMuted) : null}
              {leadingColumns.map((extra) => (
                <TD
                  key={extra.key}
                  density={density}
                  align={extra.align ?? 'start'}
                  data-label={isStacked ? labelOf(extra.header) : undefined}
                  className={stacked?.cell}
                >
                  {extra.render(row, rowIndex)}
                </TD>
              ))}
              {columns.map((column, columnIndex) => (
                <TD
                  key={column.key}
                  density={density}
                  isMuted={isMuted}
                  edge={columnIndex === lastColumn ? 'last' : 'middle'}
                  data-label={isStacked ? column.label : undefined}
                  className={`tabular-nums ${columnIndex === lastColumn ? lastPad : ''} ${stacked?.cell ?? ''}`}
                >
                  {renderCell(row, column, rowIndex, columnIndex)}
                </TD>
              ))}
              {trailingColumns.map((extra, index) => (
                <TD
                  key={extra.key}
                  density={density}
                  align={extra.align ?? 'end'}
                  edge={index === lastTrailing ? 'last' : 'middle'}
                  data-label={isStacked ? labelOf(extra.header) : undefined}
                  className={`${index === lastTrailing ? lastPad : ''} ${stacked?.cell ?? ''}`}
                >
                  {extra.render(row, rowIndex)}
                </TD>
              ))}
              {isStacked ? null : totalCell(row, rowIndex, isHighlighted, isMuted)}
            </TR>
          );
        })}
      </tbody>
    </Table>
  );
}

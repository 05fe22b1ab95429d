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
  /** The weighted total per row, right-aligned and bold; coloured on the highlighted row. */
  total?: {
    header: ReactNode;
    render: (row: Row, rowIndex: number) => ReactNode;
    testId?: string;
  };
  /** The top row(s): tinted, with `data-top`. */
  highlightRow?: (row: Row, rowIndex: number) => boolean;
  density?: TableDensity;
  width?: 'full' | 'fit';
  /** Lets the scroll region reach the edges of the surrounding card (its padding is p-6). */
  isBleeding?: boolean;
}

/** A column header of two lines: the name, and a small note under it (a weight, a team weight). */
export function StackedHeader({
  label,
  note,
  isTruncated = false,
}: {
  label: string;
  note: ReactNode;
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
      <span className="block text-xs font-normal text-slate-600 tabular-nums dark:text-slate-400">
        {note}
      </span>
    </>
  );
}

/**
 * The one rows × columns grid (options × criteria, or criteria × options on the calculator): header
 * row, a row header per row, a cell per pair, optional extra and total columns, the top row
 * highlighted, the row names kept in view on narrow screens. Inputs rendered in cells move with the
 * arrow keys (GridCellInput inside the table's `data-grid`).
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
  density = 'comfortable',
  width = 'full',
  isBleeding = false,
}: MatrixTableProps<Row, Column>) {
  return (
    <Table
      caption={caption}
      captionId={captionId}
      isGrid
      width={width}
      className={isBleeding ? '-mx-6 px-6' : ''}
    >
      <thead>
        <tr>
          <TH density={density} edge="first" align="start" tone="muted" isSticky>
            {cornerHeader}
          </TH>
          {leadingColumns.map((extra) => (
            <TH key={extra.key} density={density} align={extra.align ?? 'start'} tone="muted">
              {extra.header}
            </TH>
          ))}
          {columns.map((column, columnIndex) => (
            <TH key={column.key} density={density} className="align-bottom">
              {renderColumnHeader(column, columnIndex)}
            </TH>
          ))}
          {trailingColumns.map((extra) => (
            <TH key={extra.key} density={density} align={extra.align ?? 'end'}>
              {extra.isHeaderHidden ? <span className="sr-only">{extra.header}</span> : extra.header}
            </TH>
          ))}
          {total ? (
            <TH density={density} edge="last" align="end">
              {total.header}
            </TH>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => {
          const isHighlighted = highlightRow(row, rowIndex);
          return (
            <TR key={row.key} isHighlighted={isHighlighted}>
              <RowHeader density={density} isHighlighted={isHighlighted} isSticky>
                {renderRowHeader(row, rowIndex)}
              </RowHeader>
              {leadingColumns.map((extra) => (
                <TD key={extra.key} density={density} align={extra.align ?? 'start'}>
                  {extra.render(row, rowIndex)}
                </TD>
              ))}
              {columns.map((column, columnIndex) => (
                <TD key={column.key} density={density} className="tabular-nums">
                  {renderCell(row, column, rowIndex, columnIndex)}
                </TD>
              ))}
              {trailingColumns.map((extra) => (
                <TD key={extra.key} density={density} align={extra.align ?? 'end'}>
                  {extra.render(row, rowIndex)}
                </TD>
              ))}
              {total ? (
                <TD
                  density={density}
                  edge="last"
                  align="end"
                  isTotal
                  isHighlighted={isHighlighted}
                  data-testid={total.testId}
                  className="whitespace-nowrap"
                >
                  {total.render(row, rowIndex)}
                </TD>
              ) : null}
            </TR>
          );
        })}
      </tbody>
    </Table>
  );
}

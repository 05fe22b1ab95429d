import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { LIMITS } from '../../../shared/limits.ts';
import type { LayoutWarning, SheetCell, SheetGrid } from './sheet-layout.ts';
import { unpackedZipSize } from './zip-size.ts';

/** What a file or a paste holds: its cells, or why it is no table at all. */
export type SheetReading =
  | { ok: true; grid: SheetGrid; warnings: LayoutWarning[] }
  | { ok: false; reason: 'notATable' | 'unpacksTooLarge' };

// Far more than a decision needs (50 options, 30 criteria, plus an export's sections after them):
// what lies beyond cannot change the result, and the grid of a huge sheet stays small.
const MAX_ROWS = 10_000;
const MAX_COLUMNS = 1_000;

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads an uploaded file: XLSX by its ZIP signature, anything else as CSV or TSV text. */
export async function readSheetFile(bytes: Buffer): Promise<SheetReading> {
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) return readXlsx(bytes);
  const text = decodeText(bytes);
  return text === null ? { ok: false, reason: 'notATable' } : readSheetText(text);
}

/** Reads pasted cells or a CSV/TSV file's text; the delimiter (tab, `;` or `,`) is detected. */
export function readSheetText(text: string): SheetReading {
  // Control characters other than tab and line breaks mean a binary file, not a table.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return { ok: false, reason: 'notATable' };
  const delimiter = detectDelimiter(text);
  const grid = parseDelimited(text, delimiter);
  return grid ? { ok: true, grid, warnings: [] } : { ok: false, reason: 'notATable' };
}

/** UTF-8 (with or without BOM), UTF-16 with BOM (Excel's "Unicode text"), else Windows-1252 (Excel's CSV). */
function decodeText(bytes: Buffer): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * A spreadsheet's copied cells are tab-separated, so a tab in the first lines decides. Otherwise the
 * separator that splits the first lines into the most cells wins, `;` before `,` on a tie (German
 * files use `;` because their numbers hold commas).
 */
export function detectDelimiter(text: string): string {
  const sample = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 50);
  if (sample.some((line) => line.includes('\t'))) return '\t';
  const splits = (separator: string) =>
    sample.reduce((sum, line) => sum + line.split(separator).length - 1, 0);
  return splits(',') > splits(';') ? ',' : ';';
}

function parseDelimited(text: string, delimiter: string): SheetGrid | null {
  const options = {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    to_line: MAX_ROWS,
  };
  let records: string[][];
  try {
    records = parse(text, options) as string[][];
  } catch {
    // An unclosed quote (12" screen) in pasted cells: read the text as it stands.
    try {
      records = parse(text, { ...options, quote: false }) as string[][];
    } catch {
      return null;
    }
  }
  return records.map((record) => record.slice(0, MAX_COLUMNS));
}

async function readXlsx(bytes: Buffer): Promise<SheetReading> {
  const unpacked = unpackedZipSize(bytes, LIMITS.import.xlsxUnpackedMaxBytes);
  if (unpacked === 'tooLarge') return { ok: false, reason: 'unpacksTooLarge' };
  if (unpacked === 'invalid') return { ok: false, reason: 'notATable' };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { ok: false, reason: 'notATable' };
  }
  const sheet =
    workbook.worksheets.find((candidate) => candidate.state === 'visible' && candidate.actualRowCount > 0) ??
    workbook.worksheets[0];
  if (!sheet) return { ok: false, reason: 'notATable' };

  const grid: SheetGrid = [];
  const warnings: LayoutWarning[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber > MAX_ROWS) return;
    const cells: SheetCell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
      if (columnNumber > MAX_COLUMNS) return;
      // A merged range holds its value once, in its top-left cell.
      if (cell.isMerged && cell.master.address !== cell.address) return;
      const value = cellValue(cell);
      if (value === undefined)
        warnings.push({ row: rowNumber, column: columnNumber, key: 'import.warning.formulaWithoutResult' });
      cells[columnNumber - 1] = value ?? null;
    });
    grid[rowNumber - 1] = Array.from(cells, (cell) => cell ?? null);
  });
  return { ok: true, grid: Array.from(grid, (row) => row ?? []), warnings };
}

type CellResult = ExcelJS.CellValue | ExcelJS.CellFormulaValue['result'];

/**
 * A cell as the sheet shows it. A formula is never evaluated: its cached result (what the program
 * that saved the file computed) is read, and a formula saved without one is undefined.
 */
function cellValue(cell: ExcelJS.Cell): SheetCell | undefined {
  if (cell.type === ExcelJS.ValueType.Formula) {
    const result = cell.result as CellResult;
    return result === undefined ? undefined : plainValue(result);
  }
  return plainValue(cell.value);
}

function plainValue(value: CellResult): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value).toUpperCase();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : null;
  if ('error' in value) return value.error;
  if ('result' in value) return value.result === undefined ? null : plainValue(value.result);
  return null;
}

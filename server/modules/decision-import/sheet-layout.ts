import type { ImportedCriterion, ImportedEvaluation } from '../../../shared/api/decision-import.ts';
import { oneLinePlainText } from '../../../shared/api/text.ts';
import { LIMITS, type Language } from '../../../shared/limits.ts';
import { nameKey } from '../../../shared/names.ts';
import { roundTo } from '../../../shared/scoring/rounding.ts';
import { readNumber } from './number-notation.ts';

/** One cell as a sheet holds it: text, a number (XLSX cells are typed), or nothing. */
export type SheetCell = string | number | null;
export type SheetGrid = SheetCell[][];

/** A warning before translation: 1-based sheet row and column, an i18n key and its values. */
export interface LayoutWarning {
  row: number;
  column: number;
  key: string;
  params?: Record<string, string | number>;
}

export interface DecisionTable {
  options: string[];
  criteria: ImportedCriterion[];
  evaluations: ImportedEvaluation[];
  warnings: LayoutWarning[];
}

export type LayoutResult =
  | ({ ok: true } & DecisionTable)
  | { ok: false; reason: 'notATable' }
  | { ok: false; reason: 'tooManyOptions' | 'tooManyCriteria'; count: number; max: number };

export interface LayoutSettings {
  /** The caller's language: numbers such as "1.299" are read in its notation. */
  language: Language;
  /** The decision's scale: score cells outside it are left empty. */
  scale: { min: number; max: number };
}

type RowRole = 'weight' | 'unit' | 'direction' | 'worst' | 'best' | 'share';

/**
 * Labels of the optional rows under the header, in both languages, as written by people and by the
 * CSV export ("Weight (%)", "Team weight (%)", "Share of the total (%)": the parenthetical is dropped).
 */
const ROW_LABELS: Record<string, RowRole> = {
  weight: 'weight',
  gewichtung: 'weight',
  'team weight': 'weight',
  teamgewichtung: 'weight',
  unit: 'unit',
  einheit: 'unit',
  direction: 'direction',
  richtung: 'direction',
  worst: 'worst',
  schlechtester: 'worst',
  best: 'best',
  bester: 'best',
  'share of the total': 'share',
  'anteil an der summe': 'share',
};

/** The CSV export's labels: its first row ("Decision"), its matrix header ("Option") and rank column. */
const EXPORT_TITLE_LABELS: Record<string, Language> = { decision: 'en', entscheidung: 'de' };
const EXPORT_MATRIX_LABEL = 'option';
const EXPORT_RANK_LABELS: Record<string, Language> = { rank: 'en', rang: 'de' };

const DIRECTION_WORDS: Record<string, 'higher' | 'lower'> = {
  higher: 'higher',
  höher: 'higher',
  hoeher: 'higher',
  lower: 'lower',
  niedriger: 'lower',
};

const { decision: D } = LIMITS;
const EMPTY_MARKS = new Set(['-', '–', '—']);

function textOf(cell: SheetCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'number' ? String(cell) : cell.trim();
}

function isEmptyRow(row: readonly SheetCell[] | undefined): boolean {
  return !row || row.every((cell) => textOf(cell) === '');
}

/** "Weight (%)" → "weight": lower case, without a trailing parenthetical or colon. */
export function rowLabelOf(cell: SheetCell | undefined): string {
  return textOf(cell)
    .replace(/\s*\([^()]*\)\s*$/, '')
    .replace(/\s*:$/, '')
    .trim()
    .toLocaleLowerCase();
}

/** Where the matrix starts and in which language an export of ours wrote its numbers. */
interface MatrixStart {
  headerIndex: number;
  exportLanguage: Language | null;
}

function findMatrixStart(grid: SheetGrid): MatrixStart | null {
  let first = grid.findIndex((row) => !isEmptyRow(row));
  if (first < 0) return null;
  const titleLanguage = EXPORT_TITLE_LABELS[rowLabelOf(grid[first]![0])];
  if (titleLanguage) {
    // Our export: key/value rows, then the matrix header whose first cell is "Option".
    const header = grid.findIndex(
      (row, index) => index > first && rowLabelOf(row[0]) === EXPORT_MATRIX_LABEL,
    );
    return header < 0 ? null : { headerIndex: header, exportLanguage: titleLanguage };
  }
  // A title above the table (only its first cell filled) is not the header.
  while (first + 1 < grid.length && isTitleRow(grid[first]!) && !isEmptyRow(grid[first + 1])) first++;
  return { headerIndex: first, exportLanguage: null };
}

function isTitleRow(row: readonly SheetCell[]): boolean {
  return textOf(row[0]) !== '' && row.slice(1).every((cell) => textOf(cell) === '');
}

/** A name cell made fit for a name: one line, no invisible formatting, at most `max` characters. */
function cleanName(
  cell: SheetCell | undefined,
  max: number,
  position: { row: number; column: number },
  warnings: LayoutWarning[],
): string {
  // The CSV export guards cells starting like a formula with an apostrophe: read back without it.
  const name = oneLinePlainText(textOf(cell)).replace(/^'(?=[=+\-@])/, '');
  if ([...name].length <= max) return name;
  warnings.push({ ...position, key: 'import.warning.nameShortened', params: { max } });
  return [...name].slice(0, max).join('').trim();
}

interface Column {
  /** 0-based column in the sheet. */
  index: number;
  criterion: ImportedCriterion;
}

/**
 * Reads a decision from a sheet: the first row names the criteria (its first cell is ignored), each
 * further row is an option with its name in the first column. Optional rows directly under the
 * header, in any order and in either language, carry weights, units, directions, worst and best
 * values. The app's own CSV export reads back: its header block, share row, total and rank columns and
 * everything after the option rows are skipped. Nothing a cell says is refused outright: what cannot
 * be read is left empty with a warning naming its row and column.
 */
export function readDecisionTable(grid: SheetGrid, settings: LayoutSettings): LayoutResult {
  const start = findMatrixStart(grid);
  if (!start) return { ok: false, reason: 'notATable' };
  const header = grid[start.headerIndex]!;
  const numberLanguage = start.exportLanguage ?? exportMatrixLanguage(header) ?? settings.language;
  const warnings: LayoutWarning[] = [];
  const sheetRow = (index: number) => index + 1;

  // The export's matrix ends with its total and rank columns: skipped, not criteria.
  let headerEnd = header.length - 1;
  while (headerEnd > 0 && textOf(header[headerEnd]) === '') headerEnd--;
  const isExportMatrix =
    rowLabelOf(header[0]) === EXPORT_MATRIX_LABEL &&
    EXPORT_RANK_LABELS[rowLabelOf(header[headerEnd])] !== undefined;
  const span = { criteriaEnd: isExportMatrix ? headerEnd - 2 : headerEnd, skippedEnd: headerEnd };

  // Optional rows directly under the header.
  const roleRows = new Map<RowRole, number>();
  let rowIndex = start.headerIndex + 1;
  for (; rowIndex < grid.length; rowIndex++) {
    const role = ROW_LABELS[rowLabelOf(grid[rowIndex]![0])];
    if (!role) break;
    if (roleRows.has(role))
      warnings.push({ row: sheetRow(rowIndex), column: 1, key: 'import.warning.repeatedRow' });
    else roleRows.set(role, rowIndex);
  }

  // Option rows: up to the first empty row; what follows (an export's analysis) is not the matrix.
  const optionRowIndexes: number[] = [];
  for (; rowIndex < grid.length && !isEmptyRow(grid[rowIndex]); rowIndex++) optionRowIndexes.push(rowIndex);
  const laterRow = grid.findIndex((row, index) => index > rowIndex && !isEmptyRow(row));
  if (laterRow >= 0 && start.exportLanguage === null)
    warnings.push({ row: sheetRow(laterRow), column: 1, key: 'import.warning.rowsAfterGap' });

  const columns = readColumns(grid, header, span, optionRowIndexes, warnings, start.headerIndex);
  if (columns.length > D.maxCriteria)
    return { ok: false, reason: 'tooManyCriteria', count: columns.length, max: D.maxCriteria };

  const options = readOptionNames(grid, optionRowIndexes, warnings);
  if (options.length > D.maxOptions)
    return { ok: false, reason: 'tooManyOptions', count: options.length, max: D.maxOptions };
  if (columns.length === 0 || options.length === 0) return { ok: false, reason: 'notATable' };

  const reader = new CellReader(numberLanguage, warnings);
  applyRoleRows(grid, roleRows, columns, reader, warnings, start.headerIndex);

  const evaluations: ImportedEvaluation[] = [];
  options.forEach(({ rowIndex: optionRow }, optionIndex) => {
    columns.forEach(({ index: columnIndex, criterion }, criterionIndex) => {
      const cell = grid[optionRow]![columnIndex];
      const position = { row: sheetRow(optionRow), column: columnIndex + 1 };
      if (criterion.kind === 'measure') {
        const measure = reader.number(cell, position, criterion.unit);
        if (measure !== null)
          evaluations.push({ option_index: optionIndex, criterion_index: criterionIndex, measure });
        return;
      }
      const value = reader.number(cell, position);
      if (value === null) return;
      if (!Number.isInteger(value) || value < settings.scale.min || value > settings.scale.max) {
        warnings.push({
          ...position,
          key: 'import.warning.scoreOutsideScale',
          params: { text: textOf(cell), min: settings.scale.min, max: settings.scale.max },
        });
        return;
      }
      evaluations.push({ option_index: optionIndex, criterion_index: criterionIndex, value });
    });
  });

  return {
    ok: true,
    options: options.map((option) => option.name),
    criteria: columns.map((column) => column.criterion),
    evaluations,
    warnings,
  };
}

/** A matrix pasted from our export without its header block still says its language by "Rank"/"Rang". */
function exportMatrixLanguage(header: readonly SheetCell[]): Language | null {
  if (rowLabelOf(header[0]) !== EXPORT_MATRIX_LABEL) return null;
  const last = [...header].reverse().find((cell) => textOf(cell) !== '');
  return EXPORT_RANK_LABELS[rowLabelOf(last)] ?? null;
}

function readColumns(
  grid: SheetGrid,
  header: readonly SheetCell[],
  span: { criteriaEnd: number; skippedEnd: number },
  optionRowIndexes: number[],
  warnings: LayoutWarning[],
  headerIndex: number,
): Column[] {
  const columns: Column[] = [];
  const seen = new Set<string>();
  const hasData = (index: number) => optionRowIndexes.some((row) => textOf(grid[row]![index]) !== '');
  const widest = Math.max(span.skippedEnd, ...optionRowIndexes.map((index) => grid[index]!.length - 1));
  for (let index = 1; index <= widest; index++) {
    const position = { row: headerIndex + 1, column: index + 1 };
    if (index > span.criteriaEnd) {
      // Cells under no header are no criterion; the export's total and rank are skipped silently.
      if (index > span.skippedEnd && hasData(index))
        warnings.push({ ...position, key: 'import.warning.columnWithoutName' });
      continue;
    }
    const name = cleanName(header[index], D.criterionNameMax, position, warnings);
    if (!name) {
      if (hasData(index)) warnings.push({ ...position, key: 'import.warning.columnWithoutName' });
      continue;
    }
    if (seen.has(nameKey(name))) {
      warnings.push({ ...position, key: 'import.warning.duplicateCriterion', params: { name } });
      continue;
    }
    seen.add(nameKey(name));
    columns.push({ index, criterion: { name, importance: 0 } });
  }
  return columns;
}

function readOptionNames(
  grid: SheetGrid,
  optionRowIndexes: number[],
  warnings: LayoutWarning[],
): { name: string; rowIndex: number }[] {
  const options: { name: string; rowIndex: number }[] = [];
  const seen = new Set<string>();
  for (const rowIndex of optionRowIndexes) {
    const position = { row: rowIndex + 1, column: 1 };
    const name = cleanName(grid[rowIndex]![0], D.optionNameMax, position, warnings);
    if (!name) {
      warnings.push({ ...position, key: 'import.warning.rowWithoutName' });
      continue;
    }
    if (seen.has(nameKey(name))) {
      warnings.push({ ...position, key: 'import.warning.duplicateOption', params: { name } });
      continue;
    }
    seen.add(nameKey(name));
    options.push({ name, rowIndex });
  }
  return options;
}

/** Weight, unit, direction, worst and best rows applied to the columns' criteria. */
function applyRoleRows(
  grid: SheetGrid,
  roleRows: Map<RowRole, number>,
  columns: Column[],
  reader: CellReader,
  warnings: LayoutWarning[],
  headerIndex: number,
): void {
  const cellOf = (role: RowRole, column: Column) => {
    const rowIndex = roleRows.get(role);
    if (rowIndex === undefined) return null;
    return { cell: grid[rowIndex]![column.index], position: { row: rowIndex + 1, column: column.index + 1 } };
  };

  if (!roleRows.has('weight') && columns.length > 0) {
    const equal = roundTo(100 / columns.length, 1);
    for (const { criterion } of columns) criterion.importance = equal;
    warnings.push({ row: headerIndex + 1, column: 1, key: 'import.warning.noWeights' });
  }

  for (const column of columns) {
    const { criterion } = column;
    const weight = cellOf('weight', column);
    if (weight) {
      // "50 %" as a spreadsheet saves a percentage in CSV.
      const importance = reader.number(weight.cell, weight.position, '%');
      if (importance === null) {
        if (textOf(weight.cell) === '')
          warnings.push({ ...weight.position, key: 'import.warning.weightMissing' });
      } else if (importance < D.importance.min || importance > D.importance.max) {
        warnings.push({
          ...weight.position,
          key: 'import.warning.weightOutside',
          params: { text: textOf(weight.cell) },
        });
      } else {
        criterion.importance = importance;
      }
    }
    applyMeasureRows(column, cellOf, reader, warnings);
  }
}

function applyMeasureRows(
  column: Column,
  cellOf: (
    role: RowRole,
    column: Column,
  ) => { cell: SheetCell | undefined; position: { row: number; column: number } } | null,
  reader: CellReader,
  warnings: LayoutWarning[],
): void {
  const { criterion } = column;
  const unitCell = cellOf('unit', column);
  const directionCell = cellOf('direction', column);
  let unit = oneLinePlainText(textOf(unitCell?.cell));
  const directionText = textOf(directionCell?.cell);
  if (!unit && !directionText) return;

  if (unitCell && [...unit].length > LIMITS.decision.unitMax) {
    unit = [...unit].slice(0, LIMITS.decision.unitMax).join('').trim();
    warnings.push({
      ...unitCell.position,
      key: 'import.warning.unitShortened',
      params: { max: LIMITS.decision.unitMax },
    });
  }
  let direction = DIRECTION_WORDS[directionText.toLocaleLowerCase().split(/[\s,;:(]/)[0] ?? ''];
  if (!direction) {
    direction = 'higher';
    const position = directionCell?.position ?? unitCell!.position;
    warnings.push(
      directionText
        ? {
            ...position,
            key: 'import.warning.directionUnreadable',
            params: { text: directionText, name: criterion.name },
          }
        : { ...position, key: 'import.warning.directionAssumed', params: { name: criterion.name } },
    );
  }
  Object.assign(criterion, { kind: 'measure', unit, direction });

  const worstCell = cellOf('worst', column);
  const bestCell = cellOf('best', column);
  const worst = worstCell ? reader.number(worstCell.cell, worstCell.position, unit) : null;
  const best = bestCell ? reader.number(bestCell.cell, bestCell.position, unit) : null;
  if (worst !== null && best !== null && worst === best) {
    warnings.push({ ...bestCell!.position, key: 'import.warning.worstEqualsBest' });
    return;
  }
  if (worst !== null) criterion.worst = worst;
  if (best !== null) criterion.best = best;
}

/** Reads number cells in one notation, warning about each cell it cannot read. */
class CellReader {
  constructor(
    private readonly language: Language,
    private readonly warnings: LayoutWarning[],
  ) {}

  /** The cell's number, or null when empty or unreadable (then with a warning). A unit around it is dropped. */
  number(
    cell: SheetCell | undefined,
    position: { row: number; column: number },
    unit?: string,
  ): number | null {
    if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
    const text = textOf(cell);
    // A dash is how many sheets (and our screens) write "no value".
    if (text === '' || EMPTY_MARKS.has(text)) return null;
    const reading = readNumber(withoutUnit(text, unit), this.language);
    if ('value' in reading) return reading.value;
    this.warnings.push({
      ...position,
      key:
        reading.problem === 'ambiguous'
          ? 'import.warning.numberAmbiguous'
          : 'import.warning.numberUnreadable',
      params: { text },
    });
    return null;
  }
}

function withoutUnit(text: string, unit: string | undefined): string {
  if (!unit) return text;
  if (text.endsWith(unit)) return text.slice(0, -unit.length).trim();
  if (text.startsWith(unit)) return text.slice(unit.length).trim();
  return text;
}

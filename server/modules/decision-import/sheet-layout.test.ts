import { describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { LIMITS, type Language } from '../../../shared/limits.ts';
import { readDecisionTable, rowLabelOf, type LayoutResult } from './sheet-layout.ts';
import { readSheetText } from './sheet-reader.ts';

const personal = LIMITS.scales.personal;

function read(
  text: string,
  language: Language = 'en',
  scale: { min: number; max: number } = personal,
): LayoutResult {
  const sheet = readSheetText(text);
  if (!sheet.ok) throw new Error('not a sheet');
  return readDecisionTable(sheet.grid, { language, scale });
}

function table(text: string, language: Language = 'en', scale: { min: number; max: number } = personal) {
  const result = read(text, language, scale);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

describe('readDecisionTable: the plain layout', () => {
  it('reads criteria from the first row and an option from each further row (CSV)', () => {
    const result = table('Laptop,Price,Battery\nAlpha,7,9\nBeta,8,\n');
    expect(result.options).toEqual(['Alpha', 'Beta']);
    expect(result.criteria).toEqual([
      { name: 'Price', importance: 50 },
      { name: 'Battery', importance: 50 },
    ]);
    expect(result.evaluations).toEqual([
      { option_index: 0, criterion_index: 0, value: 7 },
      { option_index: 0, criterion_index: 1, value: 9 },
      { option_index: 1, criterion_index: 0, value: 8 },
    ]);
    // Without a weight row every criterion weighs the same, and the preview says so.
    expect(result.warnings).toEqual([{ row: 1, column: 1, key: 'import.warning.noWeights' }]);
  });

  it('reads pasted cells (tab-separated, as a spreadsheet copies them) and TSV alike', () => {
    const pasted = table('\tPrice\tBattery\r\nWeight\t60 %\t40%\r\nAlpha\t7\t9\r\n');
    expect(pasted.criteria).toEqual([
      { name: 'Price', importance: 60 },
      { name: 'Battery', importance: 40 },
    ]);
    expect(pasted.options).toEqual(['Alpha']);
    expect(pasted.warnings).toEqual([]);
  });

  it('reads `;`-separated files with German numbers for a German caller', () => {
    const result = table(
      'Wohnung;Miete;Fläche\nGewichtung;70,5;29,5\nEinheit;€;m²\nRichtung;niedriger;höher\nAltbau;1.299,50;68\nNeubau;1.450;72,5\n',
      'de',
    );
    expect(result.criteria).toEqual([
      { name: 'Miete', importance: 70.5, kind: 'measure', unit: '€', direction: 'lower' },
      { name: 'Fläche', importance: 29.5, kind: 'measure', unit: 'm²', direction: 'higher' },
    ]);
    expect(result.evaluations).toEqual([
      { option_index: 0, criterion_index: 0, measure: 1299.5 },
      { option_index: 0, criterion_index: 1, measure: 68 },
      { option_index: 1, criterion_index: 0, measure: 1450 },
      { option_index: 1, criterion_index: 1, measure: 72.5 },
    ]);
  });

  it('reads "1.299" in the caller’s notation: 1.299 in English, 1299 in German', () => {
    const text = 'x\tPrice\nUnit\t€\nDirection\tlower\nA\t1.299\n';
    expect(table(text, 'en').evaluations).toEqual([{ option_index: 0, criterion_index: 0, measure: 1.299 }]);
    expect(table(text, 'de').evaluations).toEqual([{ option_index: 0, criterion_index: 0, measure: 1299 }]);
  });

  it('takes the optional rows in any order with labels in either language, any case, with a parenthetical', () => {
    const result = table(
      [
        '\tPrice\tBattery\tLooks',
        'BEST (€)\t800\t12\t',
        'Richtung\tlower\thöher\t',
        'Weight (%)\t50\t30\t20',
        'Einheit\t€\th\t',
        'schlechtester\t2000\t4\t',
        'A\t1,299.50 €\t9.5\t8',
      ].join('\n'),
    );
    expect(result.criteria).toEqual([
      {
        name: 'Price',
        importance: 50,
        kind: 'measure',
        unit: '€',
        direction: 'lower',
        worst: 2000,
        best: 800,
      },
      {
        name: 'Battery',
        importance: 30,
        kind: 'measure',
        unit: 'h',
        direction: 'higher',
        worst: 4,
        best: 12,
      },
      { name: 'Looks', importance: 20 },
    ]);
    expect(result.evaluations).toEqual([
      { option_index: 0, criterion_index: 0, measure: 1299.5 },
      { option_index: 0, criterion_index: 1, measure: 9.5 },
      { option_index: 0, criterion_index: 2, value: 8 },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('reads a column with a unit but no direction as measured, higher is better, and asks to confirm', () => {
    const result = table('\tRange\nWeight\t100\nUnit\tkm\nA\t420\n');
    expect(result.criteria).toEqual([
      { name: 'Range', importance: 100, kind: 'measure', unit: 'km', direction: 'higher' },
    ]);
    expect(result.warnings).toEqual([
      { row: 3, column: 2, key: 'import.warning.directionAssumed', params: { name: 'Range' } },
    ]);
  });

  it('leaves unreadable, ambiguous and off-scale cells empty, each with a warning naming its row and column', () => {
    const result = table(
      '\tA\tB\tC\tD\nWeight\t25\t25\t25\t25\nX\tgood\t1,5\t11\t7.5\nY\t–\t3\t0\t10\n',
      'en',
    );
    expect(result.evaluations).toEqual([
      { option_index: 1, criterion_index: 1, value: 3 },
      { option_index: 1, criterion_index: 3, value: 10 },
    ]);
    expect(result.warnings).toEqual([
      { row: 3, column: 2, key: 'import.warning.numberUnreadable', params: { text: 'good' } },
      { row: 3, column: 3, key: 'import.warning.numberAmbiguous', params: { text: '1,5' } },
      { row: 3, column: 4, key: 'import.warning.scoreOutsideScale', params: { text: '11', min: 1, max: 10 } },
      {
        row: 3,
        column: 5,
        key: 'import.warning.scoreOutsideScale',
        params: { text: '7.5', min: 1, max: 10 },
      },
      { row: 4, column: 4, key: 'import.warning.scoreOutsideScale', params: { text: '0', min: 1, max: 10 } },
    ]);
  });

  it('holds a team import to the team scale 0–10', () => {
    const result = table('\tA\nWeight\t100\nX\t0\n', 'en', LIMITS.scales.team);
    expect(result.evaluations).toEqual([{ option_index: 0, criterion_index: 0, value: 0 }]);
  });
});

describe('readDecisionTable: what it leaves out', () => {
  it('skips duplicate and nameless rows and columns with warnings; a title above the table is no header', () => {
    const result = table('My laptops\n\tPrice\t\tprice\nWeight\t100\t\t\nA\t5\t6\t7\na\t6\t\t\n\t7\t\t\n');
    expect(result.options).toEqual(['A']);
    expect(result.criteria.map((c) => c.name)).toEqual(['Price']);
    expect(result.warnings.map((w) => [w.row, w.column, w.key])).toEqual([
      [2, 3, 'import.warning.columnWithoutName'],
      [2, 4, 'import.warning.duplicateCriterion'],
      [5, 1, 'import.warning.duplicateOption'],
      [6, 1, 'import.warning.rowWithoutName'],
    ]);
  });

  it('stops at the first empty row and says so when more follows', () => {
    const result = table('\tA\nWeight\t100\nX\t5\n\nY\t6\n');
    expect(result.options).toEqual(['X']);
    expect(result.warnings).toEqual([{ row: 5, column: 1, key: 'import.warning.rowsAfterGap' }]);
  });

  it('warns about weights that cannot be used and a unit longer than a unit may be', () => {
    const result = table('\tA\tB\tC\nWeight\t\t120\t30\nUnit\t\t\tkilowatt-hours\nX\t5\t6\t7\n');
    expect(result.criteria).toEqual([
      { name: 'A', importance: 0 },
      { name: 'B', importance: 0 },
      { name: 'C', importance: 30, kind: 'measure', unit: 'kilowatt-hou', direction: 'higher' },
    ]);
    expect(result.warnings.map((w) => [w.row, w.column, w.key])).toEqual([
      [2, 2, 'import.warning.weightMissing'],
      [2, 3, 'import.warning.weightOutside'],
      [3, 4, 'import.warning.unitShortened'],
      [3, 4, 'import.warning.directionAssumed'],
    ]);
  });

  it('refuses a text that is no table, and more options or criteria than a decision may have', () => {
    expect(read('just a sentence')).toEqual({ ok: false, reason: 'notATable' });
    expect(read('\tPrice\n')).toEqual({ ok: false, reason: 'notATable' });
    const manyOptions = ['\tA', ...Array.from({ length: 51 }, (_, i) => `O${i}\t1`)].join('\n');
    expect(read(manyOptions)).toEqual({ ok: false, reason: 'tooManyOptions', count: 51, max: 50 });
    const manyCriteria = ['', ...Array.from({ length: 31 }, (_, i) => `C${i}`)].join('\t') + '\nX\n';
    expect(read(manyCriteria)).toEqual({ ok: false, reason: 'tooManyCriteria', count: 31, max: 30 });
  });
});

describe('readDecisionTable: the app’s own CSV export', () => {
  const englishExport = [
    'Decision,Laptops',
    'Type,Private',
    'Mode,manual',
    'Created,"1 Jan 2025, 10:00"',
    '',
    'Option,Price,Battery,Weight kg,Total,Rank',
    'Unit,€,h,kg,,',
    'Direction,lower,higher,lower,,',
    'Worst,2000,,,,',
    'Best,800,,,,',
    'Weight (%),50,30,20,,',
    'Share of the total (%),50,30,20,,',
    'Beta,1299.5,9,1.4,7.2,1',
    "'-Alpha,1650,12,,6.5,2",
    '',
    'How solid is this result?',
    'Option,Win probability %,Mean rank',
    'Beta,80,1.2',
    '',
    'Formula',
    'Total = Σ value × weight / Σ weight',
  ].join('\r\n');

  it('skips its header block, share row, total and rank columns and everything after the options', () => {
    const result = table(englishExport, 'de');
    expect(result.options).toEqual(['Beta', '-Alpha']);
    expect(result.criteria).toEqual([
      {
        name: 'Price',
        importance: 50,
        kind: 'measure',
        unit: '€',
        direction: 'lower',
        worst: 2000,
        best: 800,
      },
      { name: 'Battery', importance: 30, kind: 'measure', unit: 'h', direction: 'higher' },
      { name: 'Weight kg', importance: 20, kind: 'measure', unit: 'kg', direction: 'lower' },
    ]);
    // Numbers read in the export's language (English here), whatever the caller's.
    expect(result.evaluations).toEqual([
      { option_index: 0, criterion_index: 0, measure: 1299.5 },
      { option_index: 0, criterion_index: 1, measure: 9 },
      { option_index: 0, criterion_index: 2, measure: 1.4 },
      { option_index: 1, criterion_index: 0, measure: 1650 },
      { option_index: 1, criterion_index: 1, measure: 12 },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('reads the German export (`;`, decimal commas, German labels) for an English caller', () => {
    const germanExport = [
      'Entscheidung;Wohnungen',
      'Typ;Privat',
      '',
      'Option;Miete;Lage;Summe;Rang',
      'Einheit;€;;;',
      'Richtung;niedriger;;;',
      'Gewichtung (%);66,67;33,33;;',
      'Anteil an der Summe (%);66,67;33,33;;',
      'Altbau;1.299,5;8;7,3;1',
      'Neubau;1450;;5,1;2',
      '',
      'Formel',
    ].join('\r\n');
    const result = table(germanExport, 'en');
    expect(result.options).toEqual(['Altbau', 'Neubau']);
    expect(result.criteria).toEqual([
      { name: 'Miete', importance: 66.67, kind: 'measure', unit: '€', direction: 'lower' },
      { name: 'Lage', importance: 33.33 },
    ]);
    expect(result.evaluations).toEqual([
      { option_index: 0, criterion_index: 0, measure: 1299.5 },
      { option_index: 0, criterion_index: 1, value: 8 },
      { option_index: 1, criterion_index: 0, measure: 1450 },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('knows the export’s row labels in both languages (kept in step with the export’s texts)', () => {
    for (const catalog of [en, de]) {
      for (const label of [catalog.export.weightRow, catalog.export.teamWeightRow, catalog.export.shareRow]) {
        const result = table(
          `${catalog.export.decision};X\n\n${catalog.export.option};A;${catalog.export.total};${catalog.export.rank}\n${label};100;;\nO;5;5;1\n`,
        );
        expect(
          result.criteria.map((c) => c.name),
          label,
        ).toEqual(['A']);
        expect(result.options, label).toEqual(['O']);
      }
    }
    expect(rowLabelOf('  Anteil an der Summe (%) ')).toBe('anteil an der summe');
  });
});

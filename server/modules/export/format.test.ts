import { describe, expect, it } from 'vitest';
import {
  asciiFileStem,
  contentDisposition,
  formatFixed,
  formatNumber,
  neutraliseFormula,
  unicodeFileStem,
} from './format.ts';

describe('neutraliseFormula', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    }
  });
  it('leaves other cells alone', () => {
    for (const cell of ['', 'Price', '7.5', 'a=b', "'quoted"]) expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('file names', () => {
  it('transliterates umlauts and strips what headers and file systems refuse', () => {
    expect(asciiFileStem('Größe: "Ärger"/Übung?')).toBe('Groesse-Aerger-Uebung');
    expect(asciiFileStem('日本')).toBe('decision');
    expect(asciiFileStem('Crème brûlée')).toBe('Creme-brulee');
  });
  it('drops invisible formatting a title stored before issue 27 may hold', () => {
    expect(unicodeFileStem('Invoice \u202efdp.exe\u202c')).toBe('Invoice fdp.exe');
    expect(unicodeFileStem('\ufeffNew\u2028car\u200b?')).toBe('New car');
    expect(unicodeFileStem('👩\u200d💻 Team')).toBe('👩\u200d💻 Team');
    expect(contentDisposition('Plan\u2066B\u2069', 'pdf')).toBe(
      `attachment; filename="Plan-B.pdf"; filename*=UTF-8''PlanB.pdf`,
    );
  });
  it('sends an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Bob\'s (1) "plan"', 'csv')).toBe(
      `attachment; filename="Bob-s-1-plan.csv"; filename*=UTF-8''Bob%27s%20%281%29%20plan.csv`,
    );
  });
});

describe('formatNumber', () => {
  it('uses a decimal comma in German, no grouping, at most two decimals', () => {
    expect(formatNumber(1234.5678, 'de')).toBe('1234,57');
    expect(formatNumber(1234.5678, 'en')).toBe('1234.57');
    expect(formatNumber(7, 'de')).toBe('7');
  });
});

describe('formatFixed', () => {
  it('shows exactly the screens’ decimals, rounded half away from zero', () => {
    expect(formatFixed(6, 'de', 1)).toBe('6,0');
    expect(formatFixed(6.85, 'en', 1)).toBe('6.9');
    expect(formatFixed(1.005, 'en', 2)).toBe('1.01');
    expect(formatFixed(7.25, 'de', 2)).toBe('7,25');
  });
});

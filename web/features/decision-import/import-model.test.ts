import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../shared/api/decision-import.ts';
import {
  columnLetters,
  hasMeasuredValues,
  hasScoreValues,
  personalCreateRequest,
  previewColumns,
  previewPath,
  previewRows,
  teamCreateRequest,
  teamFactsRequest,
} from './import-model.ts';

const preview: ImportPreview = {
  name: 'Laptops',
  options: ['Alpha', 'Beta'],
  criteria: [
    { name: 'Price', importance: 60, kind: 'measure', unit: '€', direction: 'lower', best: 800 },
    { name: 'Looks', importance: 40 },
  ],
  evaluations: [
    { option_index: 0, criterion_index: 0, measure: 1299.5 },
    { option_index: 1, criterion_index: 1, value: 7 },
  ],
  warnings: [{ row: 3, column: 2, message: '“abc” is not a number; the cell was left empty.' }],
};

describe('the import preview model', () => {
  it('lays the preview out as options × criteria, empty cells as null, measured cells with their unit', () => {
    expect(previewRows(preview)).toEqual([
      {
        name: 'Alpha',
        cells: [
          { value: 1299.5, unit: '€' },
          { value: null, unit: null },
        ],
      },
      {
        name: 'Beta',
        cells: [
          { value: null, unit: '€' },
          { value: 7, unit: null },
        ],
      },
    ]);
    expect(previewColumns(preview)).toEqual([
      { name: 'Price', importance: 60, measure: { unit: '€', direction: 'lower', best: 800 } },
      { name: 'Looks', importance: 40, measure: null },
    ]);
  });

  it('names sheet columns by letters', () => {
    expect([1, 2, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AZ', 'AAA']);
  });

  it('builds the personal create request with everything, the team one without score cells', () => {
    expect(personalCreateRequest(preview, ' My laptops ')).toEqual({
      name: 'My laptops',
      type: 'private',
      options: ['Alpha', 'Beta'],
      criteria: preview.criteria,
      evaluations: preview.evaluations,
    });
    expect(teamCreateRequest(preview, 'Team laptops')).toEqual({
      name: 'Team laptops',
      options: [{ name: 'Alpha' }, { name: 'Beta' }],
      criteria: preview.criteria,
    });
    expect(hasScoreValues(preview)).toBe(true);
    expect(hasScoreValues({ ...preview, evaluations: [preview.evaluations[0]!] })).toBe(false);
  });

  it('sends a team import’s measured raw values as facts by position, and nothing without any', () => {
    expect(teamFactsRequest(preview)).toEqual({
      facts: [{ option_index: 0, criterion_index: 0, measure: 1299.5 }],
    });
    expect(hasMeasuredValues(preview)).toBe(true);
    const scoresOnly = { ...preview, evaluations: [preview.evaluations[1]!] };
    expect(teamFactsRequest(scoresOnly)).toBeNull();
    expect(hasMeasuredValues(scoresOnly)).toBe(false);
  });

  it('asks for the team scale on the team page', () => {
    expect(previewPath('personal')).toBe('/api/decision/import/preview');
    expect(previewPath('team')).toBe('/api/decision/import/preview?target=team');
  });
});

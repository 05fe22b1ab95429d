import { describe, expect, it } from 'vitest';
import { cellKey } from '../../lib/matrix-model.ts';
import {
  canRemoveRow,
  emptySimpleTable,
  invalidInputs,
  simpleScoresOf,
  withCriterionAdded,
  withCriterionChange,
  withOptionName,
  withoutCriterion,
  withoutOption,
  withRating,
  type SimpleTable,
} from './simple-scoring-model.ts';

function filledTable(): SimpleTable {
  const table = emptySimpleTable();
  const criteria = table.criteria.map((criterion, index) => ({
    ...criterion,
    name: `C${index}`,
    weight: '50',
  }));
  const options = table.options.map((option, index) => ({ ...option, name: `O${index}` }));
  const ratings: Record<string, string> = {};
  for (const option of options)
    for (const criterion of criteria) ratings[cellKey(option.key, criterion.key)] = '3';
  return { criteria, options, ratings };
}

describe('simple scoring model', () => {
  it('gives every row of a new table its own key', () => {
    const table = emptySimpleTable();
    const keys = [...table.criteria, ...table.options].map((row) => row.key);
    expect(new Set(keys).size).toBe(4);
  });

  it('lets a complete table through', () => {
    expect(invalidInputs(filledTable()).size).toBe(0);
  });

  it('blocks missing names, weights off 0–100 and ratings off 1–5 or missing', () => {
    const table = filledTable();
    const [firstCriterion, secondCriterion] = table.criteria;
    const [firstOption, secondOption] = table.options;
    table.criteria = [
      { ...firstCriterion!, weight: '101' },
      { ...secondCriterion!, name: ' ' },
    ];
    table.options = [firstOption!, { ...secondOption!, name: '' }];
    table.ratings[cellKey(firstOption!.key, firstCriterion!.key)] = '6';
    delete table.ratings[cellKey(secondOption!.key, secondCriterion!.key)];
    expect([...invalidInputs(table)].sort()).toEqual(
      [
        `weight-${firstCriterion!.key}`,
        cellKey(firstOption!.key, firstCriterion!.key),
        `name-${secondCriterion!.key}`,
        cellKey(secondOption!.key, secondCriterion!.key),
        `name-${secondOption!.key}`,
      ].sort(),
    );
  });
});

describe('simple scoring edits and result', () => {
  it('renames and reweighs only the row edited, never keeping a leading space', () => {
    const table = filledTable();
    const [first, second] = table.criteria;
    const edited = withCriterionChange(table, first!.key, { name: '  Price', weight: '80' });
    expect(edited.criteria).toEqual([{ ...first!, name: 'Price', weight: '80' }, second]);
    expect(withOptionName(table, table.options[1]!.key, ' Van').options.map((row) => row.name)).toEqual([
      'O0',
      'Van',
    ]);
  });

  it('adds an empty row and removes one by key; the last row of a kind stays', () => {
    const table = filledTable();
    const added = withCriterionAdded(table);
    expect(added.criteria).toHaveLength(3);
    expect(added.criteria[2]).toMatchObject({ name: '', weight: '' });
    expect(withoutCriterion(table, table.criteria[0]!.key).criteria.map((row) => row.name)).toEqual(['C1']);
    expect(withoutOption(table, table.options[1]!.key).options.map((row) => row.name)).toEqual(['O0']);
    expect(canRemoveRow(2)).toBe(true);
    expect(canRemoveRow(1)).toBe(false);
  });

  it('ranks the options by weighted rating, best first, or gives nothing while an input is missing', () => {
    let table = filledTable();
    const [price, comfort] = table.criteria;
    const [first, second] = table.options;
    table = withCriterionChange(table, price!.key, { weight: '60' });
    table = withCriterionChange(table, comfort!.key, { weight: '40' });
    table = withRating(table, cellKey(second!.key, price!.key), '5');
    table = withRating(table, cellKey(first!.key, comfort!.key), '1');
    // O1: 5 × 0.6 + 3 × 0.4 = 4.2; O0: 3 × 0.6 + 1 × 0.4 = 2.2
    expect(simpleScoresOf(table)).toEqual([
      { option: 'O1', score: 4.2, isTop: true },
      { option: 'O0', score: 2.2, isTop: false },
    ]);
    expect(simpleScoresOf(withRating(table, cellKey(first!.key, price!.key), ''))).toBeNull();
  });
});

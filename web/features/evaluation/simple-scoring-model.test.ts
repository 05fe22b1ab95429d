import { describe, expect, it } from 'vitest';
import { cellKey } from '../../lib/matrix-model.ts';
import { emptySimpleTable, invalidInputs, type SimpleTable } from './simple-scoring-model.ts';

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

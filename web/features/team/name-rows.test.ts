import { describe, expect, it } from 'vitest';
import { criterionFieldErrors, newRow } from './name-rows.ts';

describe('criterionFieldErrors', () => {
  it('places the server’s criterion errors on the form rows, past blank and repeated rows', () => {
    // Saved list: Cost (form row 0), Time (form row 2); the blank row and the second "cost" are left out.
    const rows = [
      newRow({ name: 'Cost' }),
      newRow({ name: ' ' }),
      newRow({ name: 'Time' }),
      newRow({ name: 'cost' }),
    ];
    expect(
      criterionFieldErrors(
        {
          'criteria.1.minimum': 'validation.minimumRange',
          'criteria.0.anchors.high': 'validation.tooLong',
          'criteria.5.minimum': 'validation.minimumRange',
          'criteria.0.name': 'validation.nameEmpty',
          name: 'validation.titleRequired',
        },
        rows,
      ),
    ).toEqual([
      { path: 'criteria.2.minimum', message: 'validation.minimumRange' },
      { path: 'criteria.0.anchors.high', message: 'validation.tooLong' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal.ts';
import { actionsFor, resolveReferences } from './team-edit.ts';

const lists = { optionIds: [11, 12, 13], criterionIds: [21, 22] };

describe('actionsFor', () => {
  it('needs one right per part the edit carries', () => {
    expect(actionsFor({})).toEqual([]);
    expect(actionsFor({ description: null })).toEqual(['edit']);
    expect(actionsFor({ options: [] })).toEqual(['edit']);
    expect(actionsFor({ votes: [] })).toEqual(['vote']);
    expect(actionsFor({ weights: [] })).toEqual(['weight']);
    expect(actionsFor({ name: 'N', criteria: [], votes: [], weights: [] })).toEqual([
      'edit',
      'vote',
      'weight',
    ]);
  });
});

describe('resolveReferences', () => {
  it('turns ids and positions into the ids of the rows after the save', () => {
    expect(
      resolveReferences(
        {
          votes: [
            { option_id: 12, criterion_index: 1, value: 4 },
            { option_index: 2, criterion_id: 21, value: 0 },
          ],
          weights: [
            { criterion_index: 0, weight: 30 },
            { criterion_id: 22, weight: null },
          ],
        },
        lists,
      ),
    ).toEqual({
      votes: [
        { option_id: 12, criterion_id: 22, value: 4 },
        { option_id: 13, criterion_id: 21, value: 0 },
      ],
      weights: [
        { criterion_id: 21, weight: 30 },
        { criterion_id: 22, weight: null },
      ],
    });
  });

  it('leaves absent parts absent (they keep what is stored)', () => {
    expect(resolveReferences({}, lists)).toEqual({ votes: undefined, weights: undefined });
  });

  it('names every unknown id, position beyond the lists and repeated cell or criterion', () => {
    expect(
      refusal(() =>
        resolveReferences(
          {
            votes: [
              { option_id: 99, criterion_id: 21, value: 1 },
              { option_index: 3, criterion_index: 0, value: 1 },
              { option_id: 11, criterion_id: 98, value: 1 },
              { option_index: 0, criterion_index: 0, value: 1 },
              { option_id: 11, criterion_id: 21, value: 2 },
            ],
            weights: [
              { criterion_index: 2, weight: 1 },
              { criterion_id: 22, weight: 1 },
              { criterion_index: 1, weight: 2 },
            ],
          },
          lists,
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'votes.0.option_id': 'validation.unknownOption',
        'votes.1.option_index': 'validation.unknownOption',
        'votes.2.criterion_id': 'validation.unknownCriterion',
        'votes.4': 'validation.duplicateCell',
        'weights.0.criterion_index': 'validation.unknownCriterion',
        'weights.2': 'validation.duplicateCell',
      },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { cellKey } from '../../lib/matrix-model.ts';
import { isPartialVote, voteCompletenessOf } from './vote-completeness.ts';

const options = [{ key: 'o1' }, { key: 'o2' }];
const criteria = [{ key: 'c1' }, { key: 'c2' }];

describe('voteCompletenessOf', () => {
  it('is not started while every cell is empty', () => {
    const completeness = voteCompletenessOf(options, criteria, { [cellKey('o1', 'c1')]: ' ' });
    expect(completeness.started).toBe(false);
    expect(completeness.emptyKeys.size).toBe(4);
    expect(isPartialVote(completeness)).toBe(false);
  });

  it('names the empty cells of a started vote; 0 is a value', () => {
    const completeness = voteCompletenessOf(options, criteria, {
      [cellKey('o1', 'c1')]: '0',
      [cellKey('o1', 'c2')]: '7',
      [cellKey('o2', 'c1')]: '',
    });
    expect(completeness.started).toBe(true);
    expect([...completeness.emptyKeys]).toEqual([cellKey('o2', 'c1'), cellKey('o2', 'c2')]);
    expect(isPartialVote(completeness)).toBe(true);
  });

  it('is complete with a value in every cell', () => {
    const votes = Object.fromEntries(
      options.flatMap((option) => criteria.map((criterion) => [cellKey(option.key, criterion.key), '5'])),
    );
    const completeness = voteCompletenessOf(options, criteria, votes);
    expect(completeness.emptyKeys.size).toBe(0);
    expect(isPartialVote(completeness)).toBe(false);
  });
});

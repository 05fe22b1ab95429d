import { describe, expect, it } from 'vitest';
import en from './i18n/en.json' with { type: 'json' };
import { noResultMessageOf } from './no-result.ts';
import type { NoResultReason } from './api/decisions.ts';

const detailsOf = (type: 'private' | 'team', reason: NoResultReason | null, missing = 0) => ({
  decision: { type },
  results: { ranking: [], formula: '', complete: false, missing_cells: missing, no_result_reason: reason },
});

describe('noResultMessageOf', () => {
  it('is null while an option leads', () => {
    expect(noResultMessageOf(detailsOf('private', null))).toBeNull();
  });

  it('counts the empty cells of a personal decision', () => {
    expect(noResultMessageOf(detailsOf('private', 'missing_cells', 3))).toEqual({
      key: 'results.noResult.missing_cells',
      count: 3,
    });
  });

  it('speaks of importances in a personal decision and of weights in a team', () => {
    expect(noResultMessageOf(detailsOf('private', 'no_weights'))?.key).toBe('results.noResult.no_importance');
    expect(noResultMessageOf(detailsOf('team', 'no_weights'))?.key).toBe('results.noResult.no_weights');
  });

  it('has a text for every reason', () => {
    const reasons: NoResultReason[] = [
      'no_matrix',
      'missing_cells',
      'no_complete_voter',
      'no_weights',
      'all_knocked_out',
    ];
    const texts = en.results.noResult as Record<string, string>;
    for (const type of ['private', 'team'] as const) {
      for (const reason of reasons) {
        const message = noResultMessageOf(detailsOf(type, reason, 2))!;
        expect(
          texts[message.key.split('.').pop()!] ?? texts[`${message.key.split('.').pop()!}_other`],
        ).toBeTruthy();
      }
    }
  });
});

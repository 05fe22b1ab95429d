import { describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { submitStateOf } from './vote-submission-model.ts';

const ME = 7;

function detailsWith(
  me: Partial<DecisionDetails['teamMembers'][number]>,
  { visibility = 'after_vote', canSubmitVote = true, mode = 'manual' } = {},
) {
  return {
    decision: { results_visibility: visibility, mode } as DecisionDetails['decision'],
    abilities: { canSubmitVote } as DecisionDetails['abilities'],
    teamMembers: [
      { user_id: ME, accepted: true, complete: false, submitted_at: null, reopened: false, ...me },
    ] as DecisionDetails['teamMembers'],
  };
}

describe('submitStateOf (issue 27)', () => {
  it('a submitted vote shows as final, whatever the setting', () => {
    const submitted = detailsWith({ submitted_at: '2026-01-02T10:00:00.000Z' }, { visibility: 'always' });
    expect(submitStateOf(submitted, ME, false)).toEqual({
      kind: 'submitted',
      submittedAt: '2026-01-02T10:00:00.000Z',
    });
  });

  it('under after_vote: enabled once the saved vote is complete, else says why', () => {
    expect(submitStateOf(detailsWith({ complete: true }), ME, false)).toEqual({
      kind: 'open',
      isReopened: false,
      blockedBy: null,
    });
    expect(submitStateOf(detailsWith({ complete: true }), ME, true)).toMatchObject({
      blockedBy: 'submitUnsaved',
    });
    expect(submitStateOf(detailsWith({}), ME, false)).toMatchObject({ blockedBy: 'submitIncomplete' });
    expect(submitStateOf(detailsWith({}, { mode: 'ai' }), ME, false)).toMatchObject({
      blockedBy: 'submitIncompleteAi',
    });
  });

  it('offered elsewhere only to a reopened vote; never without the right or to a non-member', () => {
    expect(submitStateOf(detailsWith({ complete: true }, { visibility: 'always' }), ME, false)).toEqual({
      kind: 'none',
    });
    expect(
      submitStateOf(
        detailsWith({ complete: true, reopened: true }, { visibility: 'after_close' }),
        ME,
        false,
      ),
    ).toMatchObject({ kind: 'open', isReopened: true });
    expect(submitStateOf(detailsWith({ complete: true }, { canSubmitVote: false }), ME, false)).toEqual({
      kind: 'none',
    });
    expect(submitStateOf(detailsWith({ complete: true }), 99, false)).toEqual({ kind: 'none' });
  });
});

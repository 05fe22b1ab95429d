import { describe, expect, it } from 'vitest';
import type { ResultsVisibility, TeamRole } from '../../db/schema.ts';
import { reminderRecipientsOf } from './reminder-recipients.ts';

const SUBMITTED = '2026-01-01T00:00:00.000Z';

/** A team of the owner (1) and one member (2) in `role`, with the owner's and the member's votes as told. */
function teamWith(member: {
  role: TeamRole;
  isComplete: boolean;
  submittedAt: string | null;
  visibility: ResultsVisibility;
}) {
  return {
    visibility: member.visibility,
    // The owner voted in full and submitted: never reminded, so each row is about the member alone.
    team: {
      owner: { id: 1, submitted_at: SUBMITTED },
      members: [{ user_id: 2, role: member.role, submitted_at: member.submittedAt }],
    },
    teamResults: { completeIds: new Set(member.isComplete ? [1, 2] : [1]) },
  };
}

describe('reminderRecipientsOf', () => {
  const team = {
    owner: { id: 1, submitted_at: null },
    members: [
      { user_id: 2, role: 'admin' as const, submitted_at: null },
      { user_id: 3, role: 'editor' as const, submitted_at: null },
      { user_id: 4, role: 'viewer' as const, submitted_at: null },
      { user_id: 5, role: 'editor' as const, submitted_at: SUBMITTED },
    ],
  };
  const toVote = (userId: number) => ({ userId, left: 'vote' });

  it('is every voter not complete, never a viewer or the sender', () => {
    const parts = { visibility: 'always' as const, team, teamResults: { completeIds: new Set([5, 4]) } };
    expect(reminderRecipientsOf(parts, 2)).toEqual([1, 3].map(toVote));
    // The automatic reminder has no sender: the owner is reminded too.
    expect(reminderRecipientsOf(parts, null)).toEqual([1, 2, 3].map(toVote));
  });

  it('never reaches a former member (a deleted account kept in a decision reopened since)', () => {
    const withFormer = {
      ...team,
      members: [
        ...team.members,
        {
          user_id: 6,
          role: 'editor' as const,
          submitted_at: null,
          deleted_at: '2026-01-01T00:00:00.000Z',
        },
      ],
    };
    const reached = reminderRecipientsOf(
      { visibility: 'always', team: withFormer, teamResults: { completeIds: new Set() } },
      null,
    );
    expect(reached).toEqual([1, 2, 3, 5].map(toVote));
  });

  it('is nobody for a personal decision', () => {
    expect(reminderRecipientsOf({ visibility: 'always', team: undefined }, 1)).toEqual([]);
  });

  // Issue 27: under `after_vote` a voter sees results only once they submit, so a complete vote that
  // is not submitted (never, or reopened since: submitted_at null again) still has something left.
  it.each`
    visibility       | role        | isComplete | submittedAt  | left
    ${'always'}      | ${'editor'} | ${false}   | ${null}      | ${'vote'}
    ${'always'}      | ${'editor'} | ${true}    | ${null}      | ${null}
    ${'always'}      | ${'admin'}  | ${true}    | ${SUBMITTED} | ${null}
    ${'after_vote'}  | ${'editor'} | ${false}   | ${null}      | ${'vote'}
    ${'after_vote'}  | ${'editor'} | ${true}    | ${null}      | ${'submit'}
    ${'after_vote'}  | ${'admin'}  | ${true}    | ${null}      | ${'submit'}
    ${'after_vote'}  | ${'editor'} | ${true}    | ${SUBMITTED} | ${null}
    ${'after_vote'}  | ${'viewer'} | ${true}    | ${null}      | ${null}
    ${'after_vote'}  | ${'viewer'} | ${false}   | ${null}      | ${null}
    ${'after_close'} | ${'editor'} | ${false}   | ${null}      | ${'vote'}
    ${'after_close'} | ${'editor'} | ${true}    | ${null}      | ${null}
  `(
    '$visibility, $role, complete $isComplete, submitted $submittedAt: left to do $left',
    ({ visibility, role, isComplete, submittedAt, left }) => {
      const expected = left === null ? [] : [{ userId: 2, left }];
      expect(reminderRecipientsOf(teamWith({ visibility, role, isComplete, submittedAt }), null)).toEqual(
        expected,
      );
      // Whatever is left, the sender is never reminded by themself.
      expect(reminderRecipientsOf(teamWith({ visibility, role, isComplete, submittedAt }), 2)).toEqual([]);
    },
  );

  it('counts the owner like any voter: complete but not submitted under after_vote, they are asked to submit', () => {
    const parts = {
      visibility: 'after_vote' as const,
      team: { owner: { id: 1, submitted_at: null }, members: [] },
      teamResults: { completeIds: new Set([1]) },
    };
    expect(reminderRecipientsOf(parts, null)).toEqual([{ userId: 1, left: 'submit' }]);
  });
});

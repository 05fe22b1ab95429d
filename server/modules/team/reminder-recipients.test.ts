import { describe, expect, it } from 'vitest';
import { reminderRecipientsOf } from './reminder-recipients.ts';

describe('reminderRecipientsOf', () => {
  const team = {
    owner: { id: 1 },
    members: [
      { user_id: 2, role: 'admin' as const },
      { user_id: 3, role: 'editor' as const },
      { user_id: 4, role: 'viewer' as const },
      { user_id: 5, role: 'editor' as const },
    ],
  };

  it('is every voter not complete, never a viewer or the sender', () => {
    const parts = { team, teamResults: { completeIds: new Set([5, 4]) } };
    expect(reminderRecipientsOf(parts, 2)).toEqual([1, 3]);
    // The automatic reminder has no sender: the owner is reminded too.
    expect(reminderRecipientsOf(parts, null)).toEqual([1, 2, 3]);
  });

  it('never reaches a former member (a deleted account kept in a decision reopened since)', () => {
    const withFormer = {
      ...team,
      members: [
        ...team.members,
        { user_id: 6, role: 'editor' as const, deleted_at: '2026-01-01T00:00:00.000Z' },
      ],
    };
    expect(reminderRecipientsOf({ team: withFormer, teamResults: { completeIds: new Set() } }, null)).toEqual(
      [1, 2, 3, 5],
    );
  });

  it('is nobody for a personal decision', () => {
    expect(reminderRecipientsOf({ team: undefined }, 1)).toEqual([]);
  });
});

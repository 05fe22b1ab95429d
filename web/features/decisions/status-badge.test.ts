import { describe, expect, it } from 'vitest';
import { statusBadgeOf } from './status-badge.ts';

describe('statusBadgeOf', () => {
  it('names where a team decision stands, a recorded outcome first', () => {
    const team = (status: 'draft' | 'open' | 'closed' | 'decided', lock: 'deadline' | 'ai' | null = null) =>
      statusBadgeOf({ type: 'team', status, lock });
    expect(team('draft')).toBe('draft');
    expect(team('open')).toBe('open');
    expect(team('closed', 'deadline')).toBe('votingEnded');
    expect(team('closed', 'ai')).toBe('completedByAi');
    expect(team('decided', 'ai')).toBe('decided');
  });

  it('gives a personal decision a badge only once decided', () => {
    expect(statusBadgeOf({ type: 'private', status: 'open', lock: null })).toBeNull();
    expect(statusBadgeOf({ type: 'public', status: 'decided', lock: null })).toBe('decided');
  });
});

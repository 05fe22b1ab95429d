import { describe, expect, it } from 'vitest';
import { abilitiesSchema, type Abilities } from '../../../shared/api/decisions.ts';
import { decisionAccessAt, teamEditLayoutOf } from './decision-lock.ts';

// Every ability granted, whatever the schema lists.
const allowed: Abilities = abilitiesSchema.parse(
  Object.fromEntries(Object.keys(abilitiesSchema.shape).map((ability) => [ability, true])),
);
const NOW = Date.parse('2030-01-01T12:00:00Z');

function details(
  timer: string | null,
  lock: 'deadline' | 'ai' | null = null,
  type: 'team' | 'private' = 'team',
) {
  return { lock, abilities: allowed, decision: { type, timer } };
}

describe('decisionAccessAt', () => {
  it('keeps the server’s word while the deadline is ahead', () => {
    expect(decisionAccessAt(details('2030-01-01T12:01:00Z'), NOW)).toEqual({
      lock: null,
      abilities: allowed,
    });
  });

  it('locks a team decision whose deadline passed while the page was open', () => {
    const access = decisionAccessAt(details('2030-01-01T11:59:00Z'), NOW);
    expect(access.lock).toBe('deadline');
    expect(access.abilities).toEqual({
      ...allowed,
      canEdit: false,
      canVote: false,
      canWeight: false,
      canManageMembers: false,
      canManageDeadline: false,
      canActivate: false,
      canStartAi: false,
      canRemind: false,
    });
  });

  it('never locks a personal decision by its timer', () => {
    expect(decisionAccessAt(details('2029-01-01T00:00:00Z', null, 'private'), NOW).lock).toBeNull();
  });

  it('passes a lock the server already reported through unchanged', () => {
    const access = decisionAccessAt(details(null, 'ai'), NOW);
    expect(access).toEqual({ lock: 'ai', abilities: allowed });
  });
});

describe('teamEditLayoutOf', () => {
  const open = { lock: null, abilities: allowed };
  const editor = { ...allowed, canEdit: false, canDelete: false, canInvite: false, canManageMembers: false };
  const viewer = { ...editor, canVote: false, canWeight: false };

  it('follows the abilities while nothing is locked', () => {
    expect(teamEditLayoutOf({ userRole: 'admin' }, open)).toBe('voteAndSetUp');
    expect(teamEditLayoutOf({ userRole: 'editor' }, { lock: null, abilities: editor })).toBe('voteOnly');
    expect(teamEditLayoutOf({ userRole: 'viewer' }, { lock: null, abilities: viewer })).toBe('readOnly');
  });

  it('keeps the role’s page, disabled, when a lock took the abilities away', () => {
    const locked = { lock: 'deadline' as const, abilities: viewer };
    expect(teamEditLayoutOf({ userRole: 'owner' }, locked)).toBe('voteAndSetUp');
    expect(teamEditLayoutOf({ userRole: 'editor' }, locked)).toBe('voteOnly');
    expect(teamEditLayoutOf({ userRole: 'viewer' }, locked)).toBe('readOnly');
  });
});

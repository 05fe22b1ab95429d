import { useMemo } from 'react';
import type { Abilities, DecisionDetails, DecisionLock } from '../../../shared/api/decisions.ts';

/** The abilities a lock takes away (the server's LOCKABLE actions in decisions/policy.ts). */
const LOCKABLE_ABILITIES = [
  'canEdit',
  'canVote',
  'canWeight',
  'canManageMembers',
  'canManageDeadline',
  'canActivate',
  'canStartAi',
  'canRemind',
] as const satisfies readonly (keyof Abilities)[];

export interface DecisionAccess {
  lock: DecisionLock;
  abilities: Abilities;
}

type LockInput = Pick<DecisionDetails, 'lock' | 'abilities'> & {
  decision: Pick<DecisionDetails['decision'], 'type' | 'timer'>;
};

/**
 * The server's lock and abilities, plus the one thing it cannot send: a team deadline that passes
 * while the page is open (the page ticks `now`). Then the abilities the lock forbids count as false.
 */
export function decisionAccessAt(details: LockInput, now: number): DecisionAccess {
  const { timer, type } = details.decision;
  const hasDeadlinePassedHere = type === 'team' && timer !== null && new Date(timer).getTime() <= now;
  if (details.lock !== null || !hasDeadlinePassedHere)
    return { lock: details.lock, abilities: details.abilities };
  const abilities = { ...details.abilities };
  for (const ability of LOCKABLE_ABILITIES) abilities[ability] = false;
  return { lock: 'deadline', abilities };
}

export function useDecisionLock(details: LockInput, now: number): DecisionAccess {
  return useMemo(() => decisionAccessAt(details, now), [details, now]);
}

/**
 * What the team edit page offers: owner and admin vote and set up, editors vote, viewers read.
 */
export type TeamEditLayout = 'voteAndSetUp' | 'voteOnly' | 'readOnly';

/** What a role would be offered on the edit page while nothing is locked. */
const LAYOUT_WHILE_LOCKED: Record<DecisionDetails['userRole'], TeamEditLayout> = {
  owner: 'voteAndSetUp',
  admin: 'voteAndSetUp',
  editor: 'voteOnly',
  viewer: 'readOnly',
  reader: 'readOnly',
};

/**
 * Which tabs the team edit page shows: the abilities say it. A lock or a submitted vote takes those
 * abilities away but not the tabs (the owner still sees both, disabled), so then the layout comes
 * from the role.
 */
export function teamEditLayoutOf(
  details: Pick<DecisionDetails, 'userRole'>,
  access: DecisionAccess,
): TeamEditLayout {
  if (access.lock !== null) return LAYOUT_WHILE_LOCKED[details.userRole];
  if (access.abilities.canEdit) return 'voteAndSetUp';
  // A submitted vote (issue 27) takes `canVote` away but not the vote tab: it shows the final vote,
  // locked, with its notice. So the role says which tabs a voter has.
  return access.abilities.canVote ? 'voteOnly' : LAYOUT_WHILE_LOCKED[details.userRole];
}

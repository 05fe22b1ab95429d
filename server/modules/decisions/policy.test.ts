import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../shared/errors.ts';
import { AppError } from '../../app-error.ts';
import type { DecisionType } from '../../db/schema.ts';
import {
  abilitiesOf,
  assertVisibilityChange,
  lockOf,
  authorize,
  can,
  relationOf,
  resultsHiddenUntil,
  statusOf,
  type DecisionAction,
  type DecisionState,
  type Relation,
} from './policy.ts';

const ACTIONS: DecisionAction[] = [
  'view',
  'edit',
  'delete',
  'vote',
  'weight',
  'invite',
  'comment',
  'manageMembers',
  'startAi',
  'manageWebhooks',
];
const RELATIONS: Relation[] = ['owner', 'admin', 'editor', 'viewer', 'reader', 'none'];

const state = (type: DecisionType, locks: Partial<Omit<DecisionState, 'type'>> = {}): DecisionState => ({
  type,
  isExpired: false,
  isCompletedByAi: false,
  isActivated: true,
  ...locks,
});

/** What `authorize` does: 'ok', or the code of the refusal it throws. */
function outcome(relation: Relation, action: DecisionAction, decisionState: DecisionState): 'ok' | ErrorCode {
  try {
    authorize(relation, action, decisionState);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

function table(decisionState: DecisionState) {
  return Object.fromEntries(
    RELATIONS.map((relation) => [
      relation,
      Object.fromEntries(ACTIONS.map((action) => [action, outcome(relation, action, decisionState)])),
    ]),
  );
}

const ok = 'ok' as const;
const F = 'FORBIDDEN' as const;
const N = 'NOT_FOUND' as const;
const allNotFound = Object.fromEntries(ACTIONS.map((action) => [action, N]));

// Columns: view, edit, delete, vote, weight, invite, comment, manageMembers, startAi, manageWebhooks.
const row = (...outcomes: ('ok' | ErrorCode)[]) =>
  Object.fromEntries(ACTIONS.map((action, i) => [action, outcomes[i]]));

const PERSONAL_TABLE = {
  owner: row(ok, ok, ok, ok, F, F, ok, F, F, F),
  // Team roles mean nothing on a personal decision: invisible like any outsider.
  admin: allNotFound,
  editor: allNotFound,
  viewer: allNotFound,
  reader: row(ok, F, F, F, F, F, ok, F, F, F),
  none: allNotFound,
};

const TEAM_TABLE = {
  owner: row(ok, ok, ok, ok, ok, ok, ok, ok, ok, ok),
  admin: row(ok, ok, F, ok, ok, ok, ok, F, ok, ok),
  editor: row(ok, F, F, ok, ok, F, ok, F, F, F),
  viewer: row(ok, F, F, F, F, F, ok, F, F, F),
  // "reader" is the public-decision relation; it grants nothing on a team decision.
  reader: allNotFound,
  none: allNotFound,
};

describe('authorize: personal decisions', () => {
  it.each(['private', 'public'] as const)(
    '%s: owner does everything personal, readers view and comment',
    (type) => {
      expect(table(state(type))).toEqual(PERSONAL_TABLE);
    },
  );

  it('ignores deadline and AI locks (they apply to team decisions only)', () => {
    expect(table(state('public', { isExpired: true, isCompletedByAi: true }))).toEqual(PERSONAL_TABLE);
  });
});

describe('authorize: team decisions', () => {
  it('grants per role as DESIGN.md "Roles" says', () => {
    expect(table(state('team'))).toEqual(TEAM_TABLE);
  });

  const lockedTable = (code: ErrorCode) =>
    Object.fromEntries(
      Object.entries(TEAM_TABLE).map(([relation, actions]) => [
        relation,
        Object.fromEntries(
          Object.entries(actions).map(([action, result]) => [
            action,
            // A lock only matters to someone who had the right; others keep 403/404.
            result === ok && ['edit', 'vote', 'weight', 'startAi', 'manageMembers'].includes(action)
              ? code
              : result,
          ]),
        ),
      ]),
    );

  it('after the deadline, edit/vote/weight/startAi/manageMembers give 409 DEADLINE_PASSED; everything else is unchanged', () => {
    const locked = table(state('team', { isExpired: true }));
    expect(locked).toEqual(lockedTable('DEADLINE_PASSED'));
    // Removing a member or changing a role would change which votes count in a closed result.
    expect(locked.owner).toMatchObject({ view: ok, delete: ok, invite: ok, comment: ok });
    expect(locked.owner?.manageMembers).toBe('DEADLINE_PASSED');
  });

  it('once completed by AI, edit/vote/weight/startAi/manageMembers give 409 COMPLETED_BY_AI (the AI runs once)', () => {
    expect(table(state('team', { isCompletedByAi: true }))).toEqual(lockedTable('COMPLETED_BY_AI'));
  });

  it('names the AI completion when both locks apply', () => {
    expect(table(state('team', { isExpired: true, isCompletedByAi: true }))).toEqual(
      lockedTable('COMPLETED_BY_AI'),
    );
  });

  it('throws AppErrors carrying the HTTP status of the code', () => {
    const statusOf = (relation: Relation, action: DecisionAction, decisionState: DecisionState) => {
      try {
        authorize(relation, action, decisionState);
      } catch (error) {
        return (error as AppError).status;
      }
      return 200;
    };
    expect(statusOf('none', 'view', state('team'))).toBe(404);
    expect(statusOf('viewer', 'vote', state('team'))).toBe(403);
    expect(statusOf('editor', 'vote', state('team', { isExpired: true }))).toBe(409);
    expect(statusOf('editor', 'vote', state('team', { isCompletedByAi: true }))).toBe(409);
  });
});

describe('can and abilitiesOf', () => {
  const states = [
    state('private'),
    state('public'),
    state('team'),
    state('team', { isExpired: true }),
    state('team', { isCompletedByAi: true }),
  ];

  it('can() is true exactly when authorize() lets the action through', () => {
    for (const decisionState of states) {
      for (const relation of RELATIONS) {
        for (const action of ACTIONS) {
          expect(can(relation, action, decisionState), `${decisionState.type} ${relation} ${action}`).toBe(
            outcome(relation, action, decisionState) === ok,
          );
        }
      }
    }
  });

  it('abilities mirror can() for each ability the UI offers', () => {
    for (const decisionState of states) {
      for (const relation of RELATIONS) {
        expect(abilitiesOf(relation, decisionState)).toEqual({
          canEdit: can(relation, 'edit', decisionState),
          canDelete: can(relation, 'delete', decisionState),
          canVote: can(relation, 'vote', decisionState),
          canWeight: can(relation, 'weight', decisionState),
          canInvite: can(relation, 'invite', decisionState),
          canComment: can(relation, 'comment', decisionState),
          canManageMembers: can(relation, 'manageMembers', decisionState),
          canManageDeadline: can(relation, 'manageDeadline', decisionState),
          canActivate: can(relation, 'activate', decisionState),
          canStartAi: can(relation, 'startAi', decisionState),
          canRemind: can(relation, 'remind', decisionState),
          canDecide: can(relation, 'decide', decisionState),
          canAskAiOpinion: can(relation, 'askAiOpinion', decisionState),
          canSubmitVote: can(relation, 'submitVote', decisionState),
          canReopenVotes: can(relation, 'reopenVote', decisionState),
        });
      }
    }
  });

  it('a personal owner may edit, delete, vote, comment and decide, but not weight, invite, manage members or remind', () => {
    expect(abilitiesOf('owner', state('private'))).toEqual({
      canEdit: true,
      canDelete: true,
      canVote: true,
      canWeight: false,
      canInvite: false,
      canComment: true,
      canManageMembers: false,
      canManageDeadline: false,
      canActivate: false,
      canStartAi: false,
      canRemind: false,
      canDecide: true,
      canAskAiOpinion: false,
      canSubmitVote: false,
      canReopenVotes: false,
    });
  });

  it('an editor after the deadline may only comment', () => {
    expect(abilitiesOf('editor', state('team', { isExpired: true }))).toEqual({
      canEdit: false,
      canDelete: false,
      canVote: false,
      canWeight: false,
      canInvite: false,
      canComment: true,
      canManageMembers: false,
      canManageDeadline: false,
      canActivate: false,
      canStartAi: false,
      canRemind: false,
      canDecide: false,
      canAskAiOpinion: false,
      canSubmitVote: false,
      canReopenVotes: false,
    });
  });
});

describe('binding votes (issue 27)', () => {
  it('a submitted vote refuses votes and weights with VOTE_SUBMITTED, and nothing else', () => {
    const submitted = state('team', { isVoteSubmitted: true });
    for (const relation of ['owner', 'admin', 'editor'] as const) {
      for (const action of ['vote', 'weight'] as const) {
        expect(outcome(relation, action, submitted)).toBe('VOTE_SUBMITTED');
        expect(can(relation, action, submitted)).toBe(false);
      }
      expect(can(relation, 'comment', submitted)).toBe(true);
      expect(abilitiesOf(relation, submitted).canSubmitVote).toBe(false);
      expect(abilitiesOf(relation, state('team')).canSubmitVote).toBe(true);
    }
    // A closed vote says why it is closed, not that it was submitted.
    expect(outcome('editor', 'vote', state('team', { isVoteSubmitted: true, isExpired: true }))).toBe(
      'DEADLINE_PASSED',
    );
  });

  it('owner and admin reopen votes; editors and viewers do not; viewers never submit', () => {
    const open = state('team');
    expect(RELATIONS.filter((relation) => can(relation, 'reopenVote', open))).toEqual(['owner', 'admin']);
    expect(RELATIONS.filter((relation) => can(relation, 'submitVote', open))).toEqual([
      'owner',
      'admin',
      'editor',
    ]);
  });

  it('visibility only becomes stricter once anyone voted', () => {
    const order = ['always', 'after_vote', 'after_close'] as const;
    for (const from of order) {
      for (const to of order) {
        expect(() => assertVisibilityChange(from, to, false)).not.toThrow();
        const isLooser = order.indexOf(to) < order.indexOf(from);
        let refusal: string | null = null;
        try {
          assertVisibilityChange(from, to, true);
        } catch (error) {
          refusal = error instanceof AppError ? error.code : 'unexpected';
        }
        expect({ from, to, refusal }).toEqual({ from, to, refusal: isLooser ? 'VISIBILITY_LOCKED' : null });
      }
    }
  });
});

describe('authorize: the lifecycle actions remind and decide (issue 16)', () => {
  const lifecycle = (decisionState: DecisionState) =>
    Object.fromEntries(
      RELATIONS.map((relation) => [
        relation,
        [outcome(relation, 'remind', decisionState), outcome(relation, 'decide', decisionState)],
      ]),
    );
  const C = 'VOTING_NOT_OPEN' as const;
  const E = 'VOTING_NOT_ENDED' as const;

  it('team, open: owner and admin remind; nobody decides before voting ended', () => {
    expect(lifecycle(state('team'))).toEqual({
      owner: [ok, E],
      admin: [ok, E],
      editor: [F, F],
      viewer: [F, F],
      reader: [N, N],
      none: [N, N],
    });
  });

  it('team, draft: reminding waits for the activation', () => {
    expect(lifecycle(state('team', { isActivated: false }))).toMatchObject({
      owner: [C, E],
      admin: [C, E],
      editor: [F, F],
    });
  });

  it('team, voting ended (deadline or AI): owner and admin decide, reminders are locked', () => {
    expect(lifecycle(state('team', { isExpired: true }))).toMatchObject({
      owner: ['DEADLINE_PASSED', ok],
      admin: ['DEADLINE_PASSED', ok],
      editor: [F, F],
      viewer: [F, F],
    });
    expect(lifecycle(state('team', { isCompletedByAi: true, isActivated: false }))).toMatchObject({
      owner: ['COMPLETED_BY_AI', ok],
      admin: ['COMPLETED_BY_AI', ok],
    });
  });

  it('personal: the owner decides at any time and has no voting to remind of; readers do neither', () => {
    expect(lifecycle(state('public'))).toEqual({
      owner: [C, ok],
      admin: [N, N],
      editor: [N, N],
      viewer: [N, N],
      reader: [F, F],
      none: [N, N],
    });
  });
});

describe('statusOf', () => {
  const row = (type: DecisionType, activated: boolean, outcome: number | null = null) => ({
    type,
    activated_at: activated ? '2026-01-01T00:00:00.000Z' : null,
    outcome_option_id: outcome,
  });

  it('team: draft → open → closed → decided; personal: open → decided; decided wins', () => {
    expect(statusOf(row('team', false), null)).toBe('draft');
    expect(statusOf(row('team', true), null)).toBe('open');
    expect(statusOf(row('team', true), 'deadline')).toBe('closed');
    expect(statusOf(row('team', false), 'ai')).toBe('closed');
    expect(statusOf(row('team', true, 5), 'deadline')).toBe('decided');
    expect(statusOf(row('private', false), null)).toBe('open');
    expect(statusOf(row('public', false, 5), null)).toBe('decided');
  });
});

describe('lockOf', () => {
  it('names why a team decision no longer changes, and never locks a personal one', () => {
    expect(lockOf(state('team'))).toBeNull();
    expect(lockOf(state('team', { isExpired: true }))).toBe('deadline');
    expect(lockOf(state('team', { isCompletedByAi: true }))).toBe('ai');
    expect(lockOf(state('team', { isExpired: true, isCompletedByAi: true }))).toBe('ai');
    expect(lockOf(state('private', { isExpired: true }))).toBeNull();
  });
});

describe('relationOf', () => {
  const OWNER = 1;
  const OTHER = 2;

  it('the creator is the owner of any decision, whatever team row exists', () => {
    for (const type of ['private', 'public', 'team'] as const) {
      expect(relationOf({ user_id: OWNER, type }, OWNER, 'viewer')).toBe('owner');
    }
  });

  it('others see a public decision as readers and a private one not at all', () => {
    expect(relationOf({ user_id: OWNER, type: 'public' }, OTHER, undefined)).toBe('reader');
    expect(relationOf({ user_id: OWNER, type: 'private' }, OTHER, undefined)).toBe('none');
  });

  it('a stray team role does not open a personal decision', () => {
    expect(relationOf({ user_id: OWNER, type: 'private' }, OTHER, 'admin')).toBe('none');
    expect(relationOf({ user_id: OWNER, type: 'public' }, OTHER, 'admin')).toBe('reader');
  });

  it('on a team decision members have their role and non-members none', () => {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      expect(relationOf({ user_id: OWNER, type: 'team' }, OTHER, role)).toBe(role);
    }
    expect(relationOf({ user_id: OWNER, type: 'team' }, OTHER, undefined)).toBe('none');
  });
});

describe('resultsHiddenUntil: who sees results, per role × setting × status', () => {
  type Shown = 'shown' | 'submit' | 'close';
  const STATUSES = ['draft', 'open', 'closed', 'decided'] as const;
  const SETTINGS = ['always', 'after_vote', 'after_close'] as const;
  const TEAM_RELATIONS = ['owner', 'admin', 'editor', 'viewer'] as const;

  /** What the policy says for every status, for a caller who submitted their vote and one who did not. */
  function shownFor(relation: Relation, visibility: (typeof SETTINGS)[number]) {
    return Object.fromEntries(
      STATUSES.map((status) => [
        status,
        ([true, false] as const).map(
          (isSubmitted): Shown =>
            resultsHiddenUntil({ relation, visibility, status, isSubmitted }) ?? 'shown',
        ),
      ]),
    );
  }

  // Per status: [submitted voter, unsubmitted voter] (a viewer never votes, both columns alike).
  const S: Shown[] = ['shown', 'shown'];
  const EXPECTED: Record<(typeof SETTINGS)[number], Record<string, Record<string, Shown[]>>> = {
    always: {
      owner: { draft: S, open: S, closed: S, decided: S },
      admin: { draft: S, open: S, closed: S, decided: S },
      editor: { draft: S, open: S, closed: S, decided: S },
      viewer: { draft: S, open: S, closed: S, decided: S },
    },
    after_vote: {
      owner: { draft: ['shown', 'submit'], open: ['shown', 'submit'], closed: S, decided: S },
      admin: { draft: ['shown', 'submit'], open: ['shown', 'submit'], closed: S, decided: S },
      editor: { draft: ['shown', 'submit'], open: ['shown', 'submit'], closed: S, decided: S },
      viewer: { draft: ['close', 'close'], open: ['close', 'close'], closed: S, decided: S },
    },
    after_close: {
      owner: { draft: ['close', 'close'], open: ['close', 'close'], closed: S, decided: S },
      admin: { draft: ['close', 'close'], open: ['close', 'close'], closed: S, decided: S },
      editor: { draft: ['close', 'close'], open: ['close', 'close'], closed: S, decided: S },
      viewer: { draft: ['close', 'close'], open: ['close', 'close'], closed: S, decided: S },
    },
  };

  it.each(SETTINGS)('%s', (visibility) => {
    const actual = Object.fromEntries(
      TEAM_RELATIONS.map((relation) => [relation, shownFor(relation, visibility)]),
    );
    expect(actual).toEqual(EXPECTED[visibility]);
  });

  it('a reader of a public decision (always `always`) sees results', () => {
    expect(
      resultsHiddenUntil({ relation: 'reader', visibility: 'always', status: 'open', isSubmitted: false }),
    ).toBeNull();
  });
});

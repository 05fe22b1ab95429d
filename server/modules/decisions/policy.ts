import {
  RESULTS_VISIBILITY_STRICTNESS,
  type Abilities,
  type DecisionLock,
  type DecisionStatus,
  type ResultsHiddenUntil,
} from '../../../shared/api/decisions.ts';
import { AppError } from '../../app-error.ts';
import type { DecisionMode, DecisionType, ResultsVisibility, TeamRole } from '../../db/schema.ts';

/** How the caller relates to a decision; `none` means the decision is invisible to them. */
export type Relation = 'owner' | TeamRole | 'reader' | 'none';

export type DecisionAction =
  | 'view'
  | 'edit'
  | 'delete'
  | 'vote'
  | 'weight'
  | 'invite'
  | 'comment'
  | 'manageMembers'
  // Team lifecycle: the deadline (set, clear, end voting now) and activation.
  | 'manageDeadline'
  | 'activate'
  // Team decisions: run the AI evaluation (then the decision is completed by AI).
  | 'startAi'
  // Team decisions: remind the voters who have not voted in full (issue 16).
  | 'remind'
  // Record, change or remove the outcome (issue 16).
  | 'decide'
  // Team decisions in manual mode: ask the AI for its opinion, kept apart from the votes (issue 18).
  | 'askAiOpinion'
  // Team decisions (issue 27): make one's own complete vote final, and reopen a member's.
  | 'submitVote'
  | 'reopenVote'
  // Team decisions (issue 32): add, list and remove outbound webhooks, also once voting ended.
  | 'manageWebhooks';

type Table = Partial<Record<Relation, readonly DecisionAction[]>>;

// Personal decisions: the owner does everything; anyone signed in may read and comment a public one.
const PERSONAL: Table = {
  // `remind` is held back by the phase below (409): a personal decision never has voting to remind of.
  owner: ['view', 'edit', 'delete', 'vote', 'comment', 'decide', 'remind'],
  reader: ['view', 'comment'],
};

// Team decisions (DESIGN.md "Roles"). Only the owner deletes and changes roles.
const TEAM: Table = {
  owner: [
    'view',
    'edit',
    'delete',
    'vote',
    'weight',
    'invite',
    'comment',
    'manageMembers',
    'manageDeadline',
    'activate',
    'startAi',
    'remind',
    'decide',
    'askAiOpinion',
    'submitVote',
    'reopenVote',
    'manageWebhooks',
  ],
  admin: [
    'view',
    'edit',
    'vote',
    'weight',
    'invite',
    'comment',
    'manageDeadline',
    'activate',
    'startAi',
    'remind',
    'decide',
    'askAiOpinion',
    'submitVote',
    'reopenVote',
    'manageWebhooks',
  ],
  editor: ['view', 'vote', 'weight', 'comment', 'submitVote'],
  viewer: ['view', 'comment'],
};

/**
 * Actions a passed deadline or a completed AI run forbids (team decisions only): everything that
 * changes which votes and weights count. Removing a member drops their votes; a role decides who votes.
 */
const LOCKABLE: ReadonlySet<DecisionAction> = new Set([
  'edit',
  'vote',
  'weight',
  'manageMembers',
  'manageDeadline',
  'activate',
  'startAi',
  'remind',
  'submitVote',
  'reopenVote',
]);

/**
 * Actions a submitted vote forbids its voter (issue 27): their votes and weights are final until the
 * owner or an admin reopens them, whichever path would change them.
 */
const BOUND_BY_SUBMISSION: ReadonlySet<DecisionAction> = new Set(['vote', 'weight']);

/**
 * Actions that need a phase of the team lifecycle to have begun: reminders make sense only once the
 * decision was activated (a draft's members were not even told yet), an outcome only once voting
 * ended. A personal decision has no voting to remind of and may be decided at any time.
 */
const NEEDED_PHASE: Partial<Record<DecisionAction, 'votingStarted' | 'votingEnded'>> = {
  remind: 'votingStarted',
  decide: 'votingEnded',
};

export interface DecisionState {
  type: DecisionType;
  /** Absent counts as manual. */
  mode?: DecisionMode;
  isExpired: boolean;
  isCompletedByAi: boolean;
  /** Team decisions: activated by the owner or an admin (no longer a draft). */
  isActivated: boolean;
  /** The caller submitted their vote (issue 27), so it is final until reopened; absent counts as not. */
  isVoteSubmitted?: boolean;
}

export function relationOf(
  decision: { user_id: number; type: DecisionType },
  userId: number,
  teamRole: TeamRole | undefined,
): Relation {
  if (decision.user_id === userId) return 'owner';
  if (decision.type === 'team') return teamRole ?? 'none';
  return decision.type === 'public' ? 'reader' : 'none';
}

function isGranted(relation: Relation, action: DecisionAction, type: DecisionType): boolean {
  return (type === 'team' ? TEAM : PERSONAL)[relation]?.includes(action) ?? false;
}

function isLocked(state: DecisionState, action: DecisionAction): boolean {
  return state.type === 'team' && hasVotingEnded(state) && LOCKABLE.has(action);
}

function hasVotingEnded(state: Pick<DecisionState, 'isExpired' | 'isCompletedByAi'>): boolean {
  return state.isExpired || state.isCompletedByAi;
}

/**
 * Actions only a manual-mode decision allows: the AI's opinion is a second opinion beside the
 * members' votes; in AI mode the AI's values already are the result.
 */
const MANUAL_MODE_ONLY: ReadonlySet<DecisionAction> = new Set(['askAiOpinion']);

/** The phase refusal of `action`, if its phase has not begun (see NEEDED_PHASE) or the mode forbids it. */
function phaseRefusal(
  state: DecisionState,
  action: DecisionAction,
): 'VOTING_NOT_OPEN' | 'VOTING_NOT_ENDED' | 'AI_OPINION_MANUAL_ONLY' | null {
  if (MANUAL_MODE_ONLY.has(action) && state.mode === 'ai') return 'AI_OPINION_MANUAL_ONLY';
  const phase = NEEDED_PHASE[action];
  if (phase === 'votingStarted') return state.type === 'team' && state.isActivated ? null : 'VOTING_NOT_OPEN';
  if (phase === 'votingEnded')
    return state.type !== 'team' || hasVotingEnded(state) ? null : 'VOTING_NOT_ENDED';
  return null;
}

/**
 * Throws 404 for outsiders (they never learn the decision exists), 403 for a missing right, 409 when
 * locked or when the action's phase has not begun.
 */
export function authorize(relation: Relation, action: DecisionAction, state: DecisionState): void {
  if (!isGranted(relation, 'view', state.type)) throw new AppError('NOT_FOUND');
  if (!isGranted(relation, action, state.type)) throw new AppError('FORBIDDEN');
  if (isLocked(state, action))
    throw new AppError(state.isCompletedByAi ? 'COMPLETED_BY_AI' : 'DEADLINE_PASSED');
  const refusal = phaseRefusal(state, action);
  if (refusal) throw new AppError(refusal);
  if (isBoundBySubmission(state, action)) throw new AppError('VOTE_SUBMITTED');
}

function isBoundBySubmission(state: DecisionState, action: DecisionAction): boolean {
  return state.type === 'team' && state.isVoteSubmitted === true && BOUND_BY_SUBMISSION.has(action);
}

export function can(relation: Relation, action: DecisionAction, state: DecisionState): boolean {
  return (
    isGranted(relation, action, state.type) &&
    !isLocked(state, action) &&
    !phaseRefusal(state, action) &&
    !isBoundBySubmission(state, action)
  );
}

/** What the UI may offer; sent with every decision so clients never re-derive roles. */
export function abilitiesOf(relation: Relation, state: DecisionState): Abilities {
  return {
    canEdit: can(relation, 'edit', state),
    canDelete: can(relation, 'delete', state),
    canVote: can(relation, 'vote', state),
    canWeight: can(relation, 'weight', state),
    canInvite: can(relation, 'invite', state),
    canComment: can(relation, 'comment', state),
    canManageMembers: can(relation, 'manageMembers', state),
    canManageDeadline: can(relation, 'manageDeadline', state),
    canActivate: can(relation, 'activate', state),
    canStartAi: can(relation, 'startAi', state),
    canRemind: can(relation, 'remind', state),
    canDecide: can(relation, 'decide', state),
    canAskAiOpinion: can(relation, 'askAiOpinion', state),
    // Submitting again changes nothing: offered only while the caller's vote is not final.
    canSubmitVote: can(relation, 'submitVote', state) && state.isVoteSubmitted !== true,
    canReopenVotes: can(relation, 'reopenVote', state),
  };
}

/** Why nothing that counts may change any more; an AI completion outranks a deadline. */
export function lockOf(state: Pick<DecisionState, 'type' | 'isExpired' | 'isCompletedByAi'>): DecisionLock {
  if (state.type !== 'team') return null;
  if (state.isCompletedByAi) return 'ai';
  return state.isExpired ? 'deadline' : null;
}

/**
 * Where a decision stands: a team decision is a draft until its owner or an admin activates it, open
 * while voting is possible, closed once locked (deadline passed, voting ended, completed by AI), and
 * decided once an outcome is recorded, which wins over the rest (personal decisions: open or decided).
 */
export function statusOf(
  decision: { type: DecisionType; activated_at: unknown; outcome_option_id: number | null },
  lock: DecisionLock,
): DecisionStatus {
  if (decision.outcome_option_id !== null) return 'decided';
  if (decision.type !== 'team') return 'open';
  if (lock !== null) return 'closed';
  return decision.activated_at === null ? 'draft' : 'open';
}

/** Who votes in a team: the owner, admins and editors (viewers read along and never count). */
export function isVoterRelation(relation: Relation): boolean {
  return relation === 'owner' || relation === 'admin' || relation === 'editor';
}

/** From when a reader sees a decision's results before voting ended: at once, once submitted, at the end. */
type ResultsShownFrom = 'now' | 'submit' | 'close';

// Results visibility (issue 16) per setting for voters and for everyone else (viewers; readers of a
// public decision, whose setting is always `always`). Once voting ended, everyone sees them.
const RESULTS_SHOWN_FROM: Record<ResultsVisibility, Record<'voter' | 'reader', ResultsShownFrom>> = {
  always: { voter: 'now', reader: 'now' },
  // A voter once they submitted their complete vote (a complete draft is not enough: it could still
  // change after a peek). A viewer never votes, so they wait for the end.
  after_vote: { voter: 'submit', reader: 'close' },
  // The owner included: nobody is swayed by a running result.
  after_close: { voter: 'close', reader: 'close' },
};

/**
 * Whether a voter's results under `visibility` wait for their submitted vote (issue 27): then a complete
 * but unsubmitted vote is not done yet, and reminders ask for the submission.
 */
export function isSubmissionAwaited(visibility: ResultsVisibility): boolean {
  return RESULTS_SHOWN_FROM[visibility].voter === 'submit';
}

/**
 * The one rule for who sees results (details, list, exports and live events all ask it): null when the
 * caller sees them, otherwise what they wait for, their own submitted vote or the end of voting.
 */
export function resultsHiddenUntil(reader: {
  relation: Relation;
  visibility: ResultsVisibility;
  status: DecisionStatus;
  /** The caller submitted their vote (POST …/submit) and nobody reopened it since. */
  isSubmitted: boolean;
}): ResultsHiddenUntil {
  // Voting ended: closed, or decided (a team's outcome is only recorded once voting ended).
  if (reader.status === 'closed' || reader.status === 'decided') return null;
  const shownFrom =
    RESULTS_SHOWN_FROM[reader.visibility][isVoterRelation(reader.relation) ? 'voter' : 'reader'];
  if (shownFrom === 'now') return null;
  if (shownFrom === 'submit') return reader.isSubmitted ? null : 'submit';
  return 'close';
}

/**
 * Who sees a team decision's AI opinion (issue 18), so the model cannot anchor anyone: a voter once
 * their own vote is complete, everyone else once voting ended; never while the results themselves are
 * hidden from the caller (blind voting), and always after voting ended.
 */
export function isAiOpinionVisible(reader: {
  relation: Relation;
  status: DecisionStatus;
  isComplete: boolean;
  resultsHiddenUntil: ResultsHiddenUntil;
}): boolean {
  if (reader.resultsHiddenUntil !== null) return false;
  if (reader.status === 'closed' || reader.status === 'decided') return true;
  return isVoterRelation(reader.relation) && reader.isComplete;
}

/**
 * Once a team decision has a vote or a weight, its results visibility may only become stricter
 * (`always` → `after_vote` → `after_close`): loosening it mid-vote would let whoever may set it peek
 * and switch back, unseen. The same rule on every path that sets it (PATCH, PUT, the team edit).
 */
export function assertVisibilityChange(
  from: ResultsVisibility,
  to: ResultsVisibility,
  hasVotes: boolean,
): void {
  if (hasVotes && RESULTS_VISIBILITY_STRICTNESS[to] < RESULTS_VISIBILITY_STRICTNESS[from])
    throw new AppError('VISIBILITY_LOCKED');
}

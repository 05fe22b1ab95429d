import { displayNameOf, displayNameOfAccount, FORMER_MEMBER_NAME_KEY } from '../../../shared/display-name.ts';
import type {
  Consensus,
  Criterion,
  Decision,
  DecisionDetails,
  DecisionListItem,
} from '../../../shared/api/decisions.ts';
import type { Language } from '../../../shared/limits.ts';
import type { DecisionResult } from '../../../shared/scoring/decision-data.ts';
import { PERSONAL_TOTAL_FORMULA, topScore } from '../../../shared/scoring/personal.ts';
import { participationOf, TEAM_RESULT_FORMULA } from '../../../shared/scoring/team.ts';
import type { InvitationRole, TeamRole, Timestamp } from '../../db/schema.ts';
import { toIsoString } from '../../db/values.ts';
import { translate } from '../../i18n.ts';
import { abilitiesOf, isAiOpinionVisible, isVoterRelation, lockOf, statusOf } from './policy.ts';
import type { CriterionRow, DecisionRow, EvaluationRow, OptionRow } from './repo.ts';
import { isPastDeadline, type DecisionAccess } from './access.ts';
import { presentLifecycle } from './lifecycle-presenter.ts';
import type { ListedDecision } from './list-decisions.ts';
import { resultsHiddenUntilFor } from './results-visibility.ts';
import { frozenResultDiffers } from './frozen-result.ts';
import type { FrozenResult } from '../../../shared/api/snapshots.ts';
import { avatarUrl } from '../users/index.ts';

export function presentDecision(row: DecisionRow): Decision {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    title: row.name,
    description: row.description,
    mode: row.mode,
    type: row.type,
    score: row.score,
    timer: row.timer === null ? null : toIsoString(row.timer),
    results_visibility: row.results_visibility,
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
  };
}

export function presentCriterion(row: CriterionRow): Criterion {
  return {
    id: row.id,
    decision_id: row.decision_id,
    name: row.name,
    importance: row.importance,
    minimum: row.minimum,
    anchors:
      row.anchor_low === null && row.anchor_high === null
        ? null
        : { low: row.anchor_low ?? '', high: row.anchor_high ?? '' },
    ...presentMeasuredFields(row),
  };
}

/** Issue 31: a score criterion has no unit, direction, worst or best (null), whatever a column holds. */
function presentMeasuredFields(row: CriterionRow) {
  const isMeasure = row.kind === 'measure';
  return {
    kind: row.kind,
    unit: isMeasure ? row.unit : null,
    direction: isMeasure ? (row.direction ?? 'higher') : null,
    worst: isMeasure ? row.worst : null,
    best: isMeasure ? row.best : null,
  };
}

export function presentListItem(listed: ListedDecision, userId: number): DecisionListItem {
  const { decision } = listed;
  // While results are hidden for the caller, the card names no leader and no score.
  const isHidden = listed.resultsHiddenUntil !== null;
  // The score is the leading option's total: null while the result is incomplete (issue 25) or hidden.
  const score = isHidden ? null : (listed.leadingOption?.total ?? null);
  return {
    ...presentDecision({ ...decision, score }),
    is_team: decision.type === 'team',
    role: decision.user_id === userId ? 'owner' : (decision.member_role ?? 'viewer'),
    status: listed.status,
    lock: listed.lock,
    leading_option: isHidden ? null : listed.leadingOption,
    outcome_option: listed.outcomeOption,
    participation: listed.participation,
    results_hidden_until: listed.resultsHiddenUntil,
    workspace: listed.workspace,
  };
}

/** What the member lists show of an account: the display-name rule's inputs and the avatar. */
interface TeamPerson {
  email: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_id: string | null;
  /** Set for a deleted account (issue 28), which stays in closed decisions as a former member. */
  deleted_at?: Timestamp | null | undefined;
  /** Issue 29: left the decision's workspace after it closed (listed, votes count, no access). */
  left_at?: Timestamp | null | undefined;
}

/** A voter's submission (issue 27): when they submitted, and whether it was reopened since. */
interface VoteSubmission {
  submitted_at: Timestamp | null;
  reopened_at: Timestamp | null;
}

interface DetailsParts {
  options: OptionRow[];
  criteria: CriterionRow[];
  evaluations: EvaluationRow[];
  weights: readonly { criterion_id: number; user_id: number; weight: number }[];
  team:
    | {
        owner: { id: number } & TeamPerson & VoteSubmission;
        members: ({ id: number; user_id: number; role: TeamRole } & TeamPerson & VoteSubmission)[];
        pending: { id: number; email: string; role: InvitationRole }[];
      }
    | undefined;
  /** The ranking with its honest state (`computeResult`): no leader while incomplete. */
  result: DecisionResult;
  /** The team's AI opinion rows (issue 18); empty until asked. */
  aiOpinion?: {
    option_id: number;
    criterion_id: number;
    value: number;
    explanation: string | null;
    created_at: unknown;
  }[];
  teamResults?:
    | {
        weights: { criterion_id: number; weight: number }[];
        cells: { option_id: number; criterion_id: number; value: number; votes: number }[];
        voterIds: ReadonlySet<number>;
        completeIds: ReadonlySet<number>;
        consensus: Consensus;
        hasVotesOrWeights: boolean;
      }
    | undefined;
  /** How many a reminder by the caller would reach now (the service counts it, see `ReminderRecipientsOf`). */
  reminderRecipientCount: number;
  /** Team decisions once voting ended: the result frozen then (issue 30). */
  frozen?: FrozenResult | null | undefined;
  /** The decision's workspace (issue 29); null for one in no workspace. */
  workspace?: { id: number; name: string } | null | undefined;
}

type TeamMember = DecisionDetails['teamMembers'][number];

/** "submitted" with its time, or "reopened" until submitted anew (shown beside the voter for everyone). */
function presentSubmission(vote: VoteSubmission): Pick<TeamMember, 'submitted_at' | 'reopened'> {
  return {
    submitted_at: vote.submitted_at === null ? null : toIsoString(vote.submitted_at),
    reopened: vote.submitted_at === null && vote.reopened_at !== null,
  };
}

/**
 * Issue 29: in a workspace decision, members' (and invited) addresses go only to the decision's owner
 * and its admins, as the workspace shows them only to its owner and admins.
 */
export function mayReadAddresses(access: {
  decision: Pick<DecisionAccess['decision'], 'workspace_id'>;
  relation: DecisionAccess['relation'];
}): boolean {
  return access.decision.workspace_id === null || access.relation === 'owner' || access.relation === 'admin';
}

/** Who a member is to readers: a deleted account has no id, address or picture, only "Former member". */
function personOf(
  person: TeamPerson & { id: number },
  language: Language,
  showAddress: boolean,
): Pick<TeamMember, 'user_id' | 'email' | 'nickname' | 'users' | 'display_name' | 'avatar_url'> {
  if (person.deleted_at != null)
    return {
      user_id: null,
      email: null,
      nickname: null,
      users: { nickname: null },
      display_name: translate(language, FORMER_MEMBER_NAME_KEY),
      avatar_url: null,
    };
  return {
    user_id: person.id,
    // A member who left the workspace (issue 29) keeps no address here for anyone.
    email: showAddress && person.left_at == null ? person.email : null,
    nickname: person.nickname,
    users: { nickname: person.nickname },
    display_name: displayNameOfAccount(person),
    avatar_url: avatarUrl(person.avatar_id),
  };
}

export function presentTeam(
  team: NonNullable<DetailsParts['team']>,
  voterIds: ReadonlySet<number>,
  completeIds: ReadonlySet<number>,
  language: Language,
  { showAddresses }: { showAddresses: boolean },
): TeamMember[] {
  const voted = (userId: number) => voterIds.has(userId);
  // Only voters can be complete: a viewer's leftover votes from an earlier role do not count.
  const complete = (userId: number, relation: 'owner' | TeamRole) =>
    isVoterRelation(relation) && completeIds.has(userId);
  const owner: TeamMember = {
    id: null,
    ...personOf(team.owner, language, showAddresses),
    role: 'owner',
    accepted: true,
    has_voted: voted(team.owner.id),
    complete: complete(team.owner.id, 'owner'),
    ...presentSubmission(team.owner),
    invitation_id: null,
  };
  const members = team.members.map<TeamMember>((member) => ({
    id: member.id,
    ...personOf({ ...member, id: member.user_id }, language, showAddresses),
    role: member.role,
    accepted: true,
    has_voted: voted(member.user_id),
    complete: complete(member.user_id, member.role),
    ...presentSubmission(member),
    invitation_id: null,
    left_at: member.left_at == null ? null : toIsoString(member.left_at),
  }));
  // Until accepted, an invitation is only the address as typed: no user id or nickname, which would
  // reveal whether the address belongs to an account.
  const pending = team.pending.map<TeamMember>((invitation) => ({
    id: null,
    user_id: null,
    role: invitation.role,
    accepted: false,
    email: showAddresses ? invitation.email : null,
    nickname: null,
    users: { nickname: null },
    // Without the address, a pending invitation is only "Invited" (the client names it so).
    display_name: showAddresses ? displayNameOf({ email: invitation.email }) : null,
    avatar_url: null,
    has_voted: false,
    complete: false,
    submitted_at: null,
    reopened: false,
    invitation_id: invitation.id,
  }));
  return [owner, ...members, ...pending];
}

/** Who ended voting and when; the one who ended it is owner or admin (members are not removed after). */
function presentVotingEnded(
  decision: DecisionAccess['decision'],
  teamMembers: DecisionDetails['teamMembers'],
): DecisionDetails['voting_ended'] {
  if (decision.type !== 'team' || !isPastDeadline(decision.timer)) return null;
  const ender = teamMembers.find(
    (member) => member.user_id !== null && member.user_id === decision.voting_ended_by,
  );
  return {
    by: ender?.user_id && ender.display_name ? { id: ender.user_id, name: ender.display_name } : null,
    at: toIsoString(decision.voting_ended_at ?? decision.timer!),
  };
}

/** The reader's language names former members (issue 28); nothing else of the details depends on it. */
export function presentDetails(
  access: DecisionAccess,
  parts: DetailsParts,
  language: Language,
): DecisionDetails {
  const { decision, relation, state } = access;
  const isTeam = decision.type === 'team';
  const lock = lockOf(state);
  const completeIds = parts.teamResults?.completeIds ?? new Set<number>();
  const hiddenUntil = resultsHiddenUntilFor(access);
  const isHidden = hiddenUntil !== null;
  // In a team, each member sees their own votes (and the AI's, which are results); everyone's votes
  // reach them as team cells. `parts.evaluations` of a team holds only these two kinds (read-model.ts).
  const visibleEvaluations = isTeam
    ? parts.evaluations.filter(
        (e) =>
          e.user_id === access.userId ||
          (e.generated_by === 'ai' && !isHidden) ||
          // The facts of measured criteria are the same for everyone, set-up data rather than a result.
          e.generated_by === 'fact',
      )
    : parts.evaluations;
  // Others' weights shape the result: while it is hidden, only the caller's own are sent.
  const weightsByUser: DecisionDetails['weightsByUser'] = {};
  for (const { user_id, criterion_id, weight } of parts.weights) {
    if (isHidden && user_id !== access.userId) continue;
    (weightsByUser[String(user_id)] ??= []).push({ criterion_id, weight });
  }
  const teamMembers = parts.team
    ? presentTeam(parts.team, parts.teamResults?.voterIds ?? new Set(), completeIds, language, {
        showAddresses: mayReadAddresses(access),
      })
    : [];
  return {
    // Computed with the result, so it is null while the result is incomplete (and while hidden).
    decision: presentDecision({ ...decision, score: isHidden ? null : topScore(parts.result.ranking) }),
    options: parts.options.map(({ id, decision_id, name }) => ({ id, decision_id, name })),
    criteria: parts.criteria.map(presentCriterion),
    evaluations: visibleEvaluations.map(
      ({
        option_id,
        criterion_id,
        value,
        explanation,
        user_id,
        generated_by,
        measure,
        ai_value,
        ai_explanation,
      }) => ({
        option_id,
        criterion_id,
        value,
        explanation,
        user_id,
        generated_by,
        measure: measure ?? null,
        ai_value,
        ai_explanation,
      }),
    ),
    userRole: relation === 'none' ? 'reader' : relation,
    timer: decision.timer === null ? null : toIsoString(decision.timer),
    ...presentLifecycle(access, parts),
    voting_ended: presentVotingEnded(decision, teamMembers),
    weightsByUser,
    teamMembers,
    workspace: parts.workspace ?? null,
    results: presentResults(parts.result, { isTeam, isHidden }),
    teamResults:
      parts.teamResults && !isHidden
        ? { weights: parts.teamResults.weights, cells: parts.teamResults.cells }
        : null,
    abilities: abilitiesOf(relation, state),
    lock,
    status: statusOf(decision, lock),
    // Participation stays visible whatever the results visibility: who is missing is not a result.
    participation: isTeam ? participationOf(votingMemberIdsOf(parts.team), completeIds) : null,
    consensus: parts.teamResults && !isHidden ? parts.teamResults.consensus : null,
    resultsHiddenUntil: hiddenUntil,
    resultsVisibilityLocked: isTeam && (parts.teamResults?.hasVotesOrWeights ?? false),
    aiOpinion: presentAiOpinion(parts.aiOpinion ?? [], {
      relation,
      status: statusOf(decision, lock),
      isComplete: completeIds.has(access.userId),
      resultsHiddenUntil: hiddenUntil,
    }),
    ...presentFrozen(isTeam && !isHidden ? parts.frozen : undefined, parts.result),
  };
}

/** The result when voting ended and whether the live one now differs (after an account deletion, say). */
function presentFrozen(
  frozen: FrozenResult | null | undefined,
  live: DecisionResult,
): Pick<DecisionDetails, 'frozen_result' | 'frozen_result_differs'> {
  const shown = frozen ?? null;
  return { frozen_result: shown, frozen_result_differs: frozenResultDiffers(shown, live.ranking) };
}

/** The team's voters by account, former members included: they took part in a closed vote (issue 28). */
function votingMemberIdsOf(team: DetailsParts['team']): number[] {
  if (!team) return [];
  const members = team.members.filter((member) => isVoterRelation(member.role));
  return [team.owner.id, ...members.map((member) => member.user_id)];
}

/**
 * The ranking and how far the result is: while it is hidden from the caller, nothing that tells how it
 * stands (no ranking, no missing cells, no reason), only that it is not shown.
 */
function presentResults(
  result: DecisionResult,
  reader: { isTeam: boolean; isHidden: boolean },
): DecisionDetails['results'] {
  const formula = reader.isTeam ? TEAM_RESULT_FORMULA : PERSONAL_TOTAL_FORMULA;
  if (reader.isHidden)
    return { ranking: [], formula, complete: false, missing_cells: 0, no_result_reason: null };
  return {
    ranking: result.ranking,
    formula,
    complete: result.complete,
    missing_cells: result.missing_cells,
    no_result_reason: result.no_result_reason,
  };
}

/** The AI opinion as the caller may see it: null until asked and while it could anchor them. */
function presentAiOpinion(
  rows: NonNullable<DetailsParts['aiOpinion']>,
  reader: Parameters<typeof isAiOpinionVisible>[0],
): DecisionDetails['aiOpinion'] {
  if (!rows.length || !isAiOpinionVisible(reader)) return null;
  return {
    cells: rows.map(({ option_id, criterion_id, value, explanation }) => ({
      option_id,
      criterion_id,
      value,
      explanation,
    })),
    created_at: toIsoString(rows[0]!.created_at as string | Date),
  };
}

import type { Notification } from '../../../shared/api/team.ts';
import { displayNameOfAccount, FORMER_MEMBER_NAME_KEY } from '../../../shared/display-name.ts';
import type { Language } from '../../../shared/limits.ts';
import type { NotificationKind } from '../../db/schema.ts';
import { toIsoString } from '../../db/values.ts';
import { translate } from '../../i18n.ts';
import type { NotificationListRow } from './repo.ts';

function isInvitationOpen(row: NotificationListRow): boolean {
  return (
    row.invitation_id !== null &&
    row.invitation_accepted_at === null &&
    row.invitation_revoked_at === null &&
    row.invitation_expires_at !== null &&
    new Date(row.invitation_expires_at).getTime() > Date.now()
  );
}

/** The message parameter that names the person who acted, per kind. */
const ACTOR_PARAM: Partial<Record<NotificationKind, string>> = {
  invitation: 'inviter',
  workspace_invitation: 'inviter',
  invitation_accepted: 'member',
  comment: 'author',
  outcome_recorded: 'name',
  vote_reopened: 'name',
};

/** "Voting ended" notices by how it came out; `no_votes` was stored before issue 25. */
const VOTING_ENDED_KEYS: Record<string, string> = {
  leader: 'notifications.votingEndedLeader',
  no_votes: 'notifications.votingEndedNoVotes',
  no_complete_vote: 'notifications.votingEndedNoCompleteVote',
  no_weights: 'notifications.votingEndedNoWeights',
  missing_cells: 'notifications.votingEndedMissingCells',
  all_knocked_out: 'notifications.votingEndedAllKnockedOut',
};

/**
 * The message's i18n key: the kind's, except "voting ended", which names the leader and its result,
 * says why there is no result yet, or (stored before issue 16, or results hidden) only that voting ended;
 * and a reminder of a complete vote left to submit (issue 27; stored earlier without `left`: to vote).
 */
function messageKeyOf(kind: NotificationKind, params: Record<string, string>): string {
  if (kind === 'reminder' && params.left === 'submit') return 'notifications.reminderSubmit';
  const votingEndedKey = kind === 'voting_ended' ? VOTING_ENDED_KEYS[params.result_kind ?? ''] : undefined;
  return votingEndedKey ?? `notifications.${kind}`;
}

/** Parameters shown in the reader's language: a role's name, a team result with the team view's 2 decimals. */
function localisedParams(
  kind: NotificationKind,
  params: Record<string, string>,
  language: Language,
): Record<string, string> {
  if (kind === 'role_changed' && params.role)
    return { ...params, role: translate(language, `roles.${params.role}`) };
  if (kind === 'voting_ended' && params.result !== undefined) {
    const result = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return { ...params, result: result.format(Number(params.result)) };
  }
  return params;
}

/**
 * The actor's name by the display-name rule as it applies today (a nickname set later shows), or
 * "Former member" once the actor deleted their account.
 */
function withActorName(
  row: NotificationListRow,
  params: Record<string, string>,
  language: Language,
): Record<string, string> {
  const param = ACTOR_PARAM[row.kind];
  if (!param || row.actor_email === null) return params;
  // The name stored with the notice goes too once the actor deleted their account (issue 28).
  if (row.actor_deleted_at !== null)
    return { ...params, [param]: translate(language, FORMER_MEMBER_NAME_KEY) };
  const actor = {
    email: row.actor_email,
    nickname: row.actor_nickname,
    first_name: row.actor_first_name,
    last_name: row.actor_last_name,
  };
  return { ...params, [param]: displayNameOfAccount(actor) };
}

/** The message is rendered now, in the reader's language; Accept depends on the kind, not the text. */
export function presentNotification(row: NotificationListRow, language: Language): Notification {
  const params = withActorName(row, JSON.parse(row.params) as Record<string, string>, language);
  return {
    id: row.id,
    kind: row.kind,
    message: translate(language, messageKeyOf(row.kind, params), localisedParams(row.kind, params, language)),
    read: row.read === 1,
    link: row.link,
    created_at: toIsoString(row.created_at),
    user_id: row.user_id,
    inviter_id: row.actor_deleted_at === null ? row.inviter_id : null,
    decision_id: row.decision_id,
    can_accept:
      row.kind === 'invitation' && row.read === 0 && row.inviter_id !== row.user_id && isInvitationOpen(row),
  };
}

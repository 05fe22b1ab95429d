import type { Notification } from '../../../shared/api/team.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
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
  invitation_accepted: 'member',
  comment: 'author',
};

/**
 * The actor's name by the display-name rule as it applies today (a nickname set later shows); the
 * name stored with the notification stays for an account deleted since.
 */
function withActorName(row: NotificationListRow, params: Record<string, string>): Record<string, string> {
  const param = ACTOR_PARAM[row.kind];
  if (!param || row.actor_email === null) return params;
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
  const params = withActorName(row, JSON.parse(row.params) as Record<string, string>);
  const translatedParams =
    row.kind === 'role_changed' && params.role
      ? { ...params, role: translate(language, `roles.${params.role}`) }
      : params;
  return {
    id: row.id,
    kind: row.kind,
    message: translate(language, `notifications.${row.kind}`, translatedParams),
    read: row.read === 1,
    link: row.link,
    created_at: toIsoString(row.created_at),
    user_id: row.user_id,
    inviter_id: row.inviter_id,
    decision_id: row.decision_id,
    can_accept:
      row.kind === 'invitation' && row.read === 0 && row.inviter_id !== row.user_id && isInvitationOpen(row),
  };
}

import type { Notification } from '../../../shared/api/team.ts';
import type { Language } from '../../../shared/limits.ts';
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

/** The message is rendered now, in the reader's language; Accept depends on the kind, not the text. */
export function presentNotification(row: NotificationListRow, language: Language): Notification {
  const params = JSON.parse(row.params) as Record<string, string>;
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

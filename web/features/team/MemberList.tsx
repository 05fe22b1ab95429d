import { useState } from 'react';
import { CircleCheck, Hourglass, Trash2, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { usePersonName } from '../people/person-name.ts';
import { memberKeyOf } from './member-key.ts';
import {
  roleLabel,
  useChangeMemberRole,
  useRemoveMember,
  useRevokeInvitation,
  type TeamMember,
} from './team-api.ts';

interface MemberListProps {
  decisionId: number;
  members: TeamMember[];
  /** Owner only: change roles and remove members. */
  canManageMembers: boolean;
  /** Owner and admin: revoke pending invitations. */
  canInvite: boolean;
}

const ASSIGNABLE_ROLES = ['admin', 'editor', 'viewer'] as const;

type PendingRemoval =
  { kind: 'member'; userId: number; name: string } | { kind: 'invitation'; id: number; name: string };

/**
 * Everyone on the decision: avatar and display name ("You" for the reader), role, and accepted or
 * pending. A pending invitation is only the address as typed.
 */
export function MemberList({ decisionId, members, canManageMembers, canInvite }: MemberListProps) {
  const { t } = useTranslation();
  const [removal, setRemoval] = useState<PendingRemoval | null>(null);
  const nameOf = usePersonName();
  const roleChange = useChangeMemberRole(decisionId);
  const memberRemoval = useRemoveMember(decisionId);
  const invitationRevocation = useRevokeInvitation(decisionId);
  const isRemoving = memberRemoval.isPending || invitationRevocation.isPending;

  const reportFailure = (error: Error) =>
    notify('error', serverMessageOf(error) ?? t('teamInvite.memberActionFailed'));

  function changeRole(userId: number, role: (typeof ASSIGNABLE_ROLES)[number]) {
    roleChange.mutate(
      { userId, role },
      { onSuccess: (result) => notify('success', result.message), onError: reportFailure },
    );
  }

  function remove(target: PendingRemoval) {
    const callbacks = {
      onSuccess: (result: { message: string }) => {
        notify('success', result.message);
        setRemoval(null);
      },
      onError: reportFailure,
    };
    if (target.kind === 'member') memberRemoval.mutate(target.userId, callbacks);
    else invitationRevocation.mutate(target.id, callbacks);
  }

  return (
    <>
      <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
        {members.map((member) => {
          // A pending invitation is the address as typed; a member is named by the display-name rule.
          const name = member.accepted ? nameOf(member) : (member.email ?? nameOf(member));
          const key = memberKeyOf(member);
          const canChangeRole =
            canManageMembers && member.accepted && member.role !== 'owner' && member.user_id !== null;
          const canRevoke = canInvite && !member.accepted && member.invitation_id !== null;
          // A member is removed, a pending invitation revoked: one button, whichever applies.
          const removeButton = canChangeRole
            ? {
                label: t('teamInvite.removeMember', { name }),
                text: t('teamInvite.remove'),
                Icon: UserX,
                pending: { kind: 'member', userId: member.user_id!, name } satisfies PendingRemoval,
              }
            : canRevoke
              ? {
                  label: t('teamInvite.revokeInvitation', { name }),
                  text: t('teamInvite.revoke'),
                  Icon: Trash2,
                  pending: { kind: 'invitation', id: member.invitation_id!, name } satisfies PendingRemoval,
                }
              : null;
          return (
            <li key={key} className="flex items-start gap-3 py-3">
              <Avatar src={member.avatar_url} size={32} />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 truncate font-medium text-slate-900 dark:text-white">{name}</p>
                  <span
                    className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      member.accepted
                        ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
                        : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
                    }`}
                  >
                    {member.accepted ? (
                      <CircleCheck aria-hidden size={14} />
                    ) : (
                      <Hourglass aria-hidden size={14} />
                    )}
                    {member.accepted ? t('teamInvite.accepted') : t('teamInvite.pending')}
                  </span>
                </div>
                {member.accepted && member.email ? (
                  <p className="truncate text-sm text-slate-600 dark:text-slate-400">{member.email}</p>
                ) : null}
                <div className="flex flex-wrap items-center gap-2">
                  {canChangeRole ? (
                    <select
                      aria-label={t('teamInvite.roleOf', { name })}
                      value={member.role}
                      disabled={roleChange.isPending}
                      onChange={(event) => {
                        const role = ASSIGNABLE_ROLES.find((choice) => choice === event.target.value);
                        if (role && member.user_id !== null) changeRole(member.user_id, role);
                      }}
                      className={`${inputClasses} h-8 w-auto py-0 pr-8`}
                    >
                      {ASSIGNABLE_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className="rounded-md bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                      <span className="sr-only">{t('teamInvite.role')}: </span>
                      {roleLabel(t, member.role)}
                    </span>
                  )}
                  {removeButton ? (
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={removeButton.label}
                      onClick={() => setRemoval(removeButton.pending)}
                    >
                      <removeButton.Icon aria-hidden size={14} />
                      {removeButton.text}
                    </Button>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        isOpen={removal !== null}
        title={removal?.kind === 'invitation' ? t('teamInvite.revokeTitle') : t('teamInvite.removeTitle')}
        message={
          removal?.kind === 'invitation'
            ? t('teamInvite.revokeConfirm', { name: removal.name })
            : t('teamInvite.removeConfirm', { name: removal?.name ?? '' })
        }
        confirmLabel={removal?.kind === 'invitation' ? t('teamInvite.revoke') : t('teamInvite.remove')}
        isBusy={isRemoving}
        onConfirm={() => removal && remove(removal)}
        onCancel={() => setRemoval(null)}
      />
    </>
  );
}

import { useState } from 'react';
import { UserX } from 'lucide-react';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { WorkspaceRoleBadge } from './WorkspaceRoleBadge.tsx';
import {
  canManage,
  useChangeWorkspaceRole,
  useRemoveWorkspaceMember,
  type WorkspaceDetails,
  type WorkspaceMember,
} from './workspaces-api.ts';

const ASSIGNABLE_ROLES = ['admin', 'member'] as const;

/**
 * Everyone in the workspace: avatar, display name, role and since when; addresses only where the API
 * gives them (owner and admins). Owner and admins change others' roles and remove members, never the owner.
 */
export function WorkspaceMembers({ workspace }: { workspace: WorkspaceDetails }) {
  const { t, format } = useLocale();
  const myId = useAuthStore((state) => state.user?.id);
  const roleChange = useChangeWorkspaceRole(workspace.id);
  const removal = useRemoveWorkspaceMember(workspace.id);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const mayManage = canManage(workspace.role);

  const reportFailure = (error: Error) =>
    notify('error', serverMessageOf(error) ?? t('workspaces.members.actionFailed'));

  function changeRole(member: WorkspaceMember, role: (typeof ASSIGNABLE_ROLES)[number]) {
    roleChange.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () =>
          notify(
            'success',
            t('workspaces.members.roleChanged', { name: member.display_name, role: t(`roles.${role}`) }),
          ),
        onError: reportFailure,
      },
    );
  }

  function remove(member: WorkspaceMember) {
    removal.mutate(member.user_id, {
      onSuccess: () => {
        setRemoving(null);
        notify('success', t('workspaces.members.removed', { name: member.display_name }));
      },
      onError: reportFailure,
    });
  }

  return (
    <SectionCard
      headingId="workspace-members-heading"
      title={t('workspaces.members.title', { count: workspace.members.length })}
    >
      <ul
        aria-labelledby="workspace-members-heading"
        className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
      >
        {workspace.members.map((member) => {
          const isMe = member.user_id === myId;
          const name = isMe
            ? t('workspaces.members.you', { name: member.display_name })
            : member.display_name;
          const mayChange = mayManage && !isMe && member.role !== 'owner';
          return (
            <li key={member.user_id} data-testid="workspace-member" className="flex items-start gap-3 py-3">
              <Avatar src={member.avatar_url} size={32} />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <p className="min-w-0 font-medium break-words text-slate-900 dark:text-white">{name}</p>
                {member.email ? (
                  <p className="truncate text-sm text-slate-600 dark:text-slate-400">{member.email}</p>
                ) : null}
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t('workspaces.members.joined', { date: format.date(member.joined_at) })}
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  {mayChange ? (
                    <select
                      aria-label={t('workspaces.members.roleOf', { name: member.display_name })}
                      value={member.role}
                      disabled={roleChange.isPending}
                      onChange={(event) => {
                        const role = ASSIGNABLE_ROLES.find((choice) => choice === event.target.value);
                        if (role) changeRole(member, role);
                      }}
                      className={`${inputClasses} h-8 max-w-40 py-0 pr-8`}
                    >
                      {ASSIGNABLE_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <WorkspaceRoleBadge role={member.role} />
                  )}
                  {mayChange ? (
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={t('workspaces.members.removeNamed', { name: member.display_name })}
                      onClick={() => setRemoving(member)}
                    >
                      <UserX aria-hidden size={14} />
                      {t('workspaces.members.remove')}
                    </Button>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('workspaces.members.removeTitle', { workspace: workspace.name })}
        message={t('workspaces.members.removeConfirm', {
          name: removing?.display_name ?? '',
          workspace: workspace.name,
        })}
        confirmLabel={t('workspaces.members.remove')}
        isBusy={removal.isPending}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </SectionCard>
  );
}

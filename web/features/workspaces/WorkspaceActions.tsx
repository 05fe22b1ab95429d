import { useState, type FormEvent } from 'react';
import { Crown, LogOut, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import {
  useDeleteWorkspace,
  useRemoveWorkspaceMember,
  useRenameWorkspace,
  useTransferWorkspace,
  type WorkspaceDetails,
} from './workspaces-api.ts';

/** Owner and admins rename the workspace. */
export function RenameWorkspaceForm({ workspace }: { workspace: WorkspaceDetails }) {
  const { t } = useTranslation();
  const rename = useRenameWorkspace(workspace.id);
  const [name, setName] = useState(workspace.name);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) return setFieldError(t('validation.required'));
    setFieldError(undefined);
    try {
      await rename.mutateAsync(name.trim());
      notify('success', t('workspaces.rename.done', { name: name.trim() }));
    } catch (error) {
      if (error instanceof ApiError && error.fields.name)
        setFieldError(translateFieldError(t, error.fields.name));
      setFailure(serverMessageOf(error) ?? t('workspaces.rename.failed'));
    }
  }

  return (
    <SectionCard headingId="workspace-rename-heading" title={t('workspaces.rename.title')}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3"
      >
        <div className="flex-1">
          <TextField
            id="workspace-rename"
            label={t('workspaces.rename.name')}
            required
            maxLength={LIMITS.workspace.nameMax}
            autoComplete="off"
            value={name}
            error={fieldError}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" className="self-start sm:mt-7" disabled={rename.isPending}>
          {t('workspaces.rename.submit')}
        </Button>
      </form>
      <StatusLine tone="error" message={failure} />
    </SectionCard>
  );
}

type Pending = { kind: 'leave' } | { kind: 'delete' } | { kind: 'transfer'; userId: number; name: string };

/**
 * Leave (everyone but the owner), hand ownership to an admin and delete (the owner), each after a
 * confirmation that names the workspace.
 */
export function WorkspaceActions({ workspace }: { workspace: WorkspaceDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const myId = useAuthStore((state) => state.user?.id);
  const leave = useRemoveWorkspaceMember(workspace.id, { isLeaving: true });
  const removal = useDeleteWorkspace(workspace.id);
  const transfer = useTransferWorkspace(workspace.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const admins = workspace.members.filter((member) => member.role === 'admin');
  const [heirId, setHeirId] = useState<string>('');
  const heir = admins.find((member) => String(member.user_id) === heirId) ?? admins[0];
  const isOwner = workspace.role === 'owner';
  const isBusy = leave.isPending || removal.isPending || transfer.isPending;

  const reportFailure = (error: Error) =>
    notify('error', serverMessageOf(error) ?? t('workspaces.actions.failed'));

  function confirm() {
    if (!pending) return;
    if (pending.kind === 'leave' && myId !== undefined)
      leave.mutate(myId, {
        onSuccess: async () => {
          setPending(null);
          notify('success', t('workspaces.actions.left', { name: workspace.name }));
          await navigate('/workspaces', { replace: true });
        },
        onError: reportFailure,
      });
    else if (pending.kind === 'delete')
      removal.mutate(undefined, {
        onSuccess: async () => {
          setPending(null);
          notify('success', t('workspaces.actions.deleted', { name: workspace.name }));
          await navigate('/workspaces', { replace: true });
        },
        onError: reportFailure,
      });
    else if (pending.kind === 'transfer')
      transfer.mutate(pending.userId, {
        onSuccess: () => {
          notify('success', t('workspaces.actions.transferred', { name: pending.name }));
          setPending(null);
        },
        onError: reportFailure,
      });
  }

  const dialog =
    pending?.kind === 'leave'
      ? {
          title: t('workspaces.actions.leaveTitle', { name: workspace.name }),
          message: t('workspaces.actions.leaveConfirm', { name: workspace.name }),
          label: t('workspaces.actions.leave'),
        }
      : pending?.kind === 'delete'
        ? {
            title: t('workspaces.actions.deleteTitle', { name: workspace.name }),
            message: t('workspaces.actions.deleteConfirm', { name: workspace.name }),
            label: t('workspaces.actions.delete'),
          }
        : pending?.kind === 'transfer'
          ? {
              title: t('workspaces.actions.transferTitle', { name: workspace.name }),
              message: t('workspaces.actions.transferConfirm', { name: workspace.name, heir: pending.name }),
              label: t('workspaces.actions.transfer'),
            }
          : null;

  return (
    <SectionCard headingId="workspace-actions-heading" title={t('workspaces.actions.title')}>
      {isOwner ? (
        <div className="flex flex-col gap-2">
          {admins.length ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3">
              <div className="flex-1">
                <SelectField
                  id="workspace-heir"
                  label={t('workspaces.actions.heir')}
                  hint={t('workspaces.actions.heirHint')}
                  value={heir ? String(heir.user_id) : ''}
                  onChange={(event) => setHeirId(event.target.value)}
                >
                  {admins.map((member) => (
                    <option key={member.user_id} value={String(member.user_id)}>
                      {member.display_name}
                    </option>
                  ))}
                </SelectField>
              </div>
              <Button
                variant="secondary"
                className="self-start sm:mt-7"
                onClick={() =>
                  heir && setPending({ kind: 'transfer', userId: heir.user_id, name: heir.display_name })
                }
              >
                <Crown aria-hidden size={16} />
                {t('workspaces.actions.transfer')}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('workspaces.actions.noAdmins')}</p>
          )}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('workspaces.actions.ownerCannotLeave')}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {isOwner ? (
          <Button variant="danger" onClick={() => setPending({ kind: 'delete' })}>
            <Trash2 aria-hidden size={16} />
            {t('workspaces.actions.delete')}
          </Button>
        ) : (
          <Button variant="danger" onClick={() => setPending({ kind: 'leave' })}>
            <LogOut aria-hidden size={16} />
            {t('workspaces.actions.leave')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={dialog !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.label ?? ''}
        isBusy={isBusy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </SectionCard>
  );
}

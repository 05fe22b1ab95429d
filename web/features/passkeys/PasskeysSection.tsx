import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { renamePasskeyRequestSchema, type Passkey } from '../../../shared/api/passkeys.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import {
  PasskeyCeremonyError,
  useAddPasskey,
  usePasskeysQuery,
  useRemovePasskey,
  useRenamePasskey,
} from './passkeys-api.ts';

/** The profile page's "Passkeys" section: add, rename and remove the passkeys that log the user in. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeysQuery();
  const addition = useAddPasskey();
  const removal = useRemovePasskey();
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [pendingRemoval, setPendingRemoval] = useState<Passkey | null>(null);
  const list = passkeys.data?.passkeys ?? [];
  const isAtLimit = list.length >= LIMITS.passkey.maxPerUser;

  function addPasskey() {
    setStatus({ tone: 'info', message: t('passkeys.adding') });
    addition.mutate(undefined, {
      onSuccess: (added) => {
        setStatus({ tone: 'success', message: t('passkeys.added') });
        // The default name says only the date: offer to name the device right away.
        setEditingId(added.id);
      },
      onError: (error) => setStatus({ tone: 'error', message: additionFailureText(error) }),
    });
  }

  function additionFailureText(error: unknown): string {
    if (error instanceof PasskeyCeremonyError) {
      if (error.failure === 'cancelled') return t('passkeys.cancelled');
      if (error.failure === 'unsupported') return t('passkeys.unsupported');
      if (error.failure === 'alreadyOnDevice')
        return t('passkeys.failed', { message: t('passkeys.alreadyOnDevice') });
    }
    return t('passkeys.failed', { message: serverMessageOf(error) ?? t('common.unexpectedError') });
  }

  function removePendingPasskey() {
    if (!pendingRemoval) return;
    removal.mutate(pendingRemoval.id, {
      onSuccess: () => {
        setStatus({ tone: 'success', message: t('passkeys.removed') });
        notify('success', t('passkeys.removed'));
      },
      onError: (error) =>
        setStatus({
          tone: 'error',
          message: t('passkeys.removeFailed', {
            message: serverMessageOf(error) ?? t('common.unexpectedError'),
          }),
        }),
      onSettled: () => setPendingRemoval(null),
    });
  }

  return (
    <SectionCard headingId="passkeys-heading" title={t('passkeys.title')} lead={t('passkeys.lead')}>
      {passkeys.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <LoaderCircle aria-hidden className="animate-spin" size={16} />
          {t('passkeys.loading')}
        </p>
      ) : passkeys.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('passkeys.loadFailed')}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('passkeys.empty')}</p>
      ) : (
        <ul
          aria-label={t('passkeys.listLabel')}
          className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700"
        >
          {list.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              isEditing={editingId === passkey.id}
              onEdit={() => setEditingId(passkey.id)}
              onEditEnd={(message) => {
                setEditingId(null);
                if (message) setStatus(message);
              }}
              onRemove={() => setPendingRemoval(passkey)}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          className="self-start"
          disabled={addition.isPending || passkeys.isPending || isAtLimit}
          onClick={addPasskey}
        >
          <KeyRound aria-hidden size={16} />
          {addition.isPending ? t('passkeys.adding') : t('passkeys.add')}
        </Button>
        {isAtLimit ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('passkeys.limitReached', { max: LIMITS.passkey.maxPerUser })}
          </p>
        ) : null}
        <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
      </div>
      <ConfirmDialog
        isOpen={pendingRemoval !== null}
        title={t('passkeys.removeTitle')}
        message={t('passkeys.removeMessage', { name: pendingRemoval?.name ?? '' })}
        confirmLabel={t('passkeys.remove')}
        isBusy={removal.isPending}
        onConfirm={removePendingPasskey}
        onCancel={() => setPendingRemoval(null)}
      />
    </SectionCard>
  );
}

interface PasskeyItemProps {
  passkey: Passkey;
  isEditing: boolean;
  onEdit: () => void;
  /** The rename ended: saved (with its status) or cancelled (null). */
  onEditEnd: (status: StatusMessage | null) => void;
  onRemove: () => void;
}

function PasskeyItem({ passkey, isEditing, onEdit, onEditEnd, onRemove }: PasskeyItemProps) {
  const { t, format } = useLocale();
  const usage = passkey.last_used_at
    ? t('passkeys.lastUsed', { date: format.dateTime(passkey.last_used_at) })
    : t('passkeys.neverUsed');
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      {isEditing ? (
        <RenamePasskeyForm passkey={passkey} onDone={onEditEnd} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900 dark:text-white">{passkey.name}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('passkeys.created', { date: format.date(passkey.created_at) })} · {usage}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('passkeys.renameNamed', { name: passkey.name })}
              onClick={onEdit}
            >
              <Pencil aria-hidden size={14} />
              {t('passkeys.rename')}
            </Button>
            <Button
              variant="danger"
              size="sm"
              aria-label={t('passkeys.removeNamed', { name: passkey.name })}
              onClick={onRemove}
            >
              <Trash2 aria-hidden size={14} />
              {t('passkeys.remove')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function RenamePasskeyForm({ passkey, onDone }: { passkey: Passkey; onDone: PasskeyItemProps['onEditEnd'] }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const form = useForm({
    resolver: zodResolver(renamePasskeyRequestSchema),
    defaultValues: { name: passkey.name },
  });
  const field = useFieldBinding(form);
  const { setFocus } = form;
  // Opened by a click or right after adding: the name is what to type now, ready to be replaced.
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);

  const save = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      onDone({ tone: 'success', message: t('passkeys.renamed') });
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['name']);
      form.setError('root', {
        message: t('passkeys.renameFailed', {
          message: serverMessageOf(error) ?? t('common.unexpectedError'),
        }),
      });
    }
  });

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-1">
      <TextField label={t('passkeys.nameLabel')} maxLength={LIMITS.passkey.nameMax} {...field('name')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {t('passkeys.saveName')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
      <StatusLine tone="error" message={form.formState.errors.root?.message ?? null} />
    </form>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteAccountRequestSchema, type DeletionPreview } from '../../../shared/api/account.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { isCodeFieldShown } from './delete-account-model.ts';
import { accountKeys, deleteAccount, fetchDeletionPreview } from './profile-api.ts';

/** "Delete account" on the profile page (issue 28): a dialog that says what happens, then asks. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <SectionCard
      headingId="delete-account-heading"
      title={t('account.deleteTitle')}
      lead={t('account.deleteIntro')}
    >
      <Button variant="danger" className="self-start" onClick={() => setIsOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t('account.deleteButton')}
      </Button>
      {isOpen ? <DeleteAccountDialog onClose={() => setIsOpen(false)} /> : null}
    </SectionCard>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: accountKeys.deletionPreview,
    queryFn: fetchDeletionPreview,
    gcTime: 0,
  });
  const [lastError, setLastError] = useState<unknown>(null);
  const form = useForm({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '', code: '' },
  });
  const field = useFieldBinding(form);
  const isCodeShown = isCodeFieldShown(preview.data?.second_factor_required, lastError);

  const submit = form.handleSubmit(async ({ password, code }) => {
    setLastError(null);
    try {
      await deleteAccount({ password, ...(code ? { code } : {}) });
    } catch (error) {
      setLastError(error);
      showServerFieldErrors(error, form.setError, ['password', 'code']);
      return;
    }
    // Off the protected page first, committed at once (not in a transition), so the sign-out below
    // cannot render /profile without a session and send the reader to the login instead.
    await navigate('/', { replace: true, flushSync: true });
    useAuthStore.getState().signOut();
    notify('success', t('account.deletedNotice'));
  });

  return (
    <ModalDialog
      title={t('account.dialogTitle')}
      onClose={onClose}
      actionLabel={form.formState.isSubmitting ? t('account.deleting') : t('account.confirm')}
      onAction={() => {
        if (!form.formState.isSubmitting && preview.data) void submit();
      }}
    >
      <DeletionConsequences preview={preview.data} isLoading={preview.isPending} isFailed={preview.isError} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        <TextField
          label={t('account.passwordLabel')}
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        {isCodeShown ? (
          <TextField
            label={t('account.codeLabel')}
            autoComplete="one-time-code"
            inputMode="text"
            required
            {...field('code')}
          />
        ) : null}
        <StatusLine
          tone="error"
          message={lastError ? (serverMessageOf(lastError) ?? t('account.deleteFailed')) : null}
        />
      </form>
    </ModalDialog>
  );
}

/** Which decisions pass to whom, which go, and what happens to memberships: before anything is asked. */
function DeletionConsequences({
  preview,
  isLoading,
  isFailed,
}: {
  preview: DeletionPreview | undefined;
  isLoading: boolean;
  isFailed: boolean;
}) {
  const { t } = useTranslation();
  if (isFailed) return <StatusLine tone="error" message={t('account.previewFailed')} />;
  if (isLoading || !preview) return <StatusLine tone="info" message={t('account.loadingPreview')} />;
  const count = preview.personal_decisions_deleted;
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-800 dark:text-slate-200">
      <p>{count > 0 ? t('account.personalDeleted', { count }) : t('account.noPersonal')}</p>
      {preview.team_decisions_transferred.length > 0 ? (
        <div>
          <p className="font-medium">{t('account.transferredTitle')}</p>
          <ul className="ml-5 list-disc">
            {preview.team_decisions_transferred.map((entry) => (
              <li key={entry.id}>
                {t('account.transferredItem', {
                  decision: entry.name,
                  name: entry.heir.display_name,
                  role: t(`roles.${entry.heir.role}`),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.team_decisions_deleted.length > 0 ? (
        <div>
          <p className="font-medium">{t('account.deletedTeamTitle')}</p>
          <ul className="ml-5 list-disc">
            {preview.team_decisions_deleted.map((entry) => (
              <li key={entry.id}>{entry.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p>{t('account.membershipsNote')}</p>
      <p className="font-medium text-red-700 dark:text-red-400">{t('account.finalNote')}</p>
    </div>
  );
}

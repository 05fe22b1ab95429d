import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, KeyRound, LoaderCircle, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { API_TOKEN_SCOPES, apiTokenNameSchema, type ApiToken } from '../../../shared/api/api-tokens.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField, inputClasses } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useNow } from '../../lib/use-now.ts';
import { useApiTokensQuery, useCreateApiToken, useRevokeApiToken } from './api-tokens-api.ts';

/** The expiries offered; "never" sends no `expires_in_days`. */
const EXPIRY_CHOICES = ['7', '30', '90', '365', 'never'] as const;

const createFormSchema = z.object({
  name: apiTokenNameSchema,
  scope: z.enum(API_TOKEN_SCOPES),
  expiry: z.enum(EXPIRY_CHOICES),
});
type CreateForm = z.infer<typeof createFormSchema>;

/** The profile page's "API tokens" section: create (shown once), list with last use and expiry, revoke. */
export function ApiTokensSection() {
  const { t } = useTranslation();
  const tokens = useApiTokensQuery();
  const revocation = useRevokeApiToken();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const [pendingRevocation, setPendingRevocation] = useState<ApiToken | null>(null);
  const list = tokens.data ?? [];
  const isAtLimit = list.length >= LIMITS.apiToken.maxPerUser;

  function revokePendingToken() {
    if (!pendingRevocation) return;
    revocation.mutate(pendingRevocation.id, {
      onSuccess: () => {
        setStatus({ tone: 'success', message: t('apiTokens.revoked') });
        notify('success', t('apiTokens.revoked'));
      },
      onError: (error) =>
        setStatus({
          tone: 'error',
          message: t('apiTokens.revokeFailed', {
            message: serverMessageOf(error) ?? t('common.unexpectedError'),
          }),
        }),
      onSettled: () => setPendingRevocation(null),
    });
  }

  return (
    <SectionCard headingId="api-tokens-heading" title={t('apiTokens.title')} lead={t('apiTokens.lead')}>
      {created ? (
        <NewTokenNotice name={created.name} token={created.token} onDone={() => setCreated(null)} />
      ) : null}
      {tokens.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <LoaderCircle aria-hidden className="animate-spin" size={16} />
          {t('apiTokens.loading')}
        </p>
      ) : tokens.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('apiTokens.loadFailed')}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('apiTokens.empty')}</p>
      ) : (
        <ul
          aria-label={t('apiTokens.listLabel')}
          className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700"
        >
          {list.map((token) => (
            <ApiTokenItem key={token.id} token={token} onRevoke={() => setPendingRevocation(token)} />
          ))}
        </ul>
      )}
      {isAtLimit ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('apiTokens.limitReached', { max: LIMITS.apiToken.maxPerUser })}
        </p>
      ) : (
        <CreateApiTokenForm
          onCreated={(name, token) => {
            setStatus(null);
            setCreated({ name, token });
          }}
        />
      )}
      <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
      <ConfirmDialog
        isOpen={pendingRevocation !== null}
        title={t('apiTokens.revokeTitle')}
        message={t('apiTokens.revokeMessage', { name: pendingRevocation?.name ?? '' })}
        confirmLabel={t('apiTokens.revoke')}
        isBusy={revocation.isPending}
        onConfirm={revokePendingToken}
        onCancel={() => setPendingRevocation(null)}
      />
    </SectionCard>
  );
}

function ApiTokenItem({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t, format } = useLocale();
  const now = useNow(60_000);
  const usage = token.last_used_at
    ? t('apiTokens.lastUsed', { date: format.dateTime(token.last_used_at) })
    : t('apiTokens.neverUsed');
  let expiry = t('apiTokens.noExpiry');
  if (token.expires_at) {
    const key = Date.parse(token.expires_at) <= now ? 'apiTokens.expired' : 'apiTokens.expires';
    expiry = t(key, { date: format.date(token.expires_at) });
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900 dark:text-white">
          {token.name}{' '}
          <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {t(`apiTokens.scope_${token.scope}`)}
          </span>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('apiTokens.created', { date: format.date(token.created_at) })} · {usage} · {expiry}
        </p>
      </div>
      <Button
        variant="danger"
        size="sm"
        aria-label={t('apiTokens.revokeNamed', { name: token.name })}
        onClick={onRevoke}
      >
        <Trash2 aria-hidden size={14} />
        {t('apiTokens.revoke')}
      </Button>
    </li>
  );
}

function CreateApiTokenForm({ onCreated }: { onCreated: (name: string, token: string) => void }) {
  const { t } = useTranslation();
  const creation = useCreateApiToken();
  const form = useForm<CreateForm>({
    resolver: zodResolver(createFormSchema),
    defaultValues: { name: '', scope: 'read', expiry: '30' },
  });
  const field = useFieldBinding(form);

  const create = form.handleSubmit(async ({ name, scope, expiry }) => {
    try {
      const { token } = await creation.mutateAsync({
        name,
        scope,
        ...(expiry === 'never' ? {} : { expires_in_days: Number(expiry) }),
      });
      form.reset();
      onCreated(name, token);
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['name', 'scope']);
      form.setError('root', {
        message: t('apiTokens.createFailed', {
          message: serverMessageOf(error) ?? t('common.unexpectedError'),
        }),
      });
    }
  });

  return (
    <form noValidate onSubmit={create} className="flex flex-col gap-1" aria-label={t('apiTokens.create')}>
      <TextField
        label={t('apiTokens.nameLabel')}
        hint={t('apiTokens.nameHint')}
        maxLength={LIMITS.apiToken.nameMax}
        {...field('name')}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField label={t('apiTokens.scopeLabel')} {...form.register('scope')}>
          <option value="read">{t('apiTokens.scopeRead')}</option>
          <option value="write">{t('apiTokens.scopeWrite')}</option>
        </SelectField>
        <SelectField label={t('apiTokens.expiryLabel')} {...form.register('expiry')}>
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 'never'
                ? t('apiTokens.expiryNever')
                : t('apiTokens.expiryDays', { count: Number(choice) })}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" className="self-start" disabled={form.formState.isSubmitting}>
        <KeyRound aria-hidden size={16} />
        {form.formState.isSubmitting ? t('apiTokens.creating') : t('apiTokens.create')}
      </Button>
      <StatusLine tone="error" message={form.formState.errors.root?.message ?? null} />
    </form>
  );
}

const COPIED_FEEDBACK_MS = 2500;

/** The new token, shown this once, with Copy and the warning that it cannot be shown again. */
function NewTokenNotice({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = setTimeout(() => setCopyState('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copyState]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopyState('copied');
    } catch {
      // Without clipboard access (insecure context, denied permission) the token is selected instead.
      input.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <div
      role="region"
      aria-labelledby="new-api-token-title"
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h3 id="new-api-token-title" className="font-semibold text-amber-950 dark:text-amber-100">
        {t('apiTokens.newTokenTitle', { name })}
      </h3>
      <p className="text-sm text-amber-950 dark:text-amber-100">{t('apiTokens.newTokenWarning')}</p>
      <label htmlFor="new-api-token" className="sr-only">
        {t('apiTokens.newTokenLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="new-api-token"
          ref={input}
          readOnly
          value={token}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClasses} h-10 font-mono text-xs`}
        />
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
          {copyState === 'copied' ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
          {t('apiTokens.copy')}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-amber-950 dark:text-amber-100">
        {copyState === 'copied'
          ? t('apiTokens.copied')
          : copyState === 'failed'
            ? t('apiTokens.copyFailed')
            : ''}
      </p>
      <Button variant="ghost" size="sm" className="self-start" onClick={onDone}>
        {t('apiTokens.done')}
      </Button>
    </div>
  );
}

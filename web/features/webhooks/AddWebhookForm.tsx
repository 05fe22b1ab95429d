import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookFormat } from '../../../shared/api/webhooks.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { RadioGroup } from '../../components/ui/RadioGroup.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { eventLabelOf } from './webhook-labels.ts';
import { useAddWebhook, type WebhookScope } from './webhooks-api.ts';

/** URL, events and format of a new webhook; answers its secret to `onAdded`, which shows it once. */
export function AddWebhookForm({
  scope,
  onAdded,
}: {
  scope: WebhookScope;
  onAdded: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const add = useAddWebhook(scope);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [format, setFormat] = useState<WebhookFormat>('json');
  const [errors, setErrors] = useState<{ url?: string | undefined; events?: string | undefined }>({});
  const [status, setStatus] = useState<StatusMessage | null>(null);

  function toggle(event: WebhookEvent, isChecked: boolean) {
    setEvents((current) =>
      isChecked
        ? WEBHOOK_EVENTS.filter((name) => name === event || current.includes(name))
        : current.filter((name) => name !== event),
    );
  }

  async function submit(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    setStatus(null);
    const found = {
      url: url.trim() ? undefined : t('validation.required'),
      events: events.length ? undefined : t('validation.webhookEvents'),
    };
    setErrors(found);
    if (found.url || found.events) {
      document.getElementById(found.url ? 'webhook-url' : 'webhook-event-decision.activated')?.focus();
      return;
    }
    try {
      const created = await add.mutateAsync({ url: url.trim(), events, format });
      setUrl('');
      setStatus({ tone: 'success', message: t('webhooks.add.added') });
      onAdded(created.secret);
    } catch (error) {
      if (error instanceof ApiError)
        setErrors({
          url: translateFieldError(t, error.fields.url),
          events: translateFieldError(t, error.fields.events),
        });
      setStatus({ tone: 'error', message: serverMessageOf(error) ?? t('webhooks.add.failed') });
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="webhook-add-heading"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id="webhook-add-heading" className="font-semibold text-slate-900 dark:text-white">
        {t('webhooks.add.title')}
      </h3>
      <TextField
        id="webhook-url"
        type="url"
        inputMode="url"
        autoComplete="off"
        label={t('webhooks.add.url')}
        hint={t('webhooks.add.urlHelp')}
        maxLength={LIMITS.webhooks.urlMax}
        value={url}
        error={errors.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.events ? 'webhook-events-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('webhooks.add.events')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <div key={event} className="flex items-center gap-2">
              <input
                id={`webhook-event-${event}`}
                type="checkbox"
                checked={events.includes(event)}
                onChange={(change) => toggle(event, change.target.checked)}
                className="size-5 shrink-0 accent-indigo-600"
              />
              <label
                htmlFor={`webhook-event-${event}`}
                className="text-sm text-slate-800 dark:text-slate-200"
              >
                {eventLabelOf(t, event)}
              </label>
            </div>
          ))}
        </div>
        <p id="webhook-events-error" className="min-h-5 text-sm text-red-700 dark:text-red-400">
          {errors.events}
        </p>
      </fieldset>
      <RadioGroup
        label={t('webhooks.add.format')}
        value={format}
        onChange={setFormat}
        name="webhook-format"
        choices={[
          { value: 'json', label: t('webhooks.add.formatJson') },
          { value: 'slack', label: t('webhooks.add.formatSlack') },
        ]}
      />
      <Button type="submit" className="self-start" disabled={add.isPending}>
        <Plus aria-hidden size={16} />
        {add.isPending ? t('webhooks.add.submitting') : t('webhooks.add.submit')}
      </Button>
      {status ? <StatusLine tone={status.tone} message={status.message} /> : null}
    </form>
  );
}

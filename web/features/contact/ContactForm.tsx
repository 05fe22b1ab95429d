import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation, Trans } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { inputClasses, TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import { LIMITS } from '../../../shared/limits.ts';
import { ApiError } from '../../lib/api-client.ts';
import { translateFieldError, useFieldBinding } from '../../lib/form-errors.ts';
import { useIsHydrated } from '../../lib/hydration.ts';
import { sendContactMessage } from './contact-api.ts';
import { ATTACHMENT_ACCEPT, contactFormSchema, type ContactFormValues } from './contact-schema.ts';

const FIELD_LABELS: Record<string, string> = {
  firstname: 'contact.firstname',
  lastname: 'contact.lastname',
  email: 'contact.email',
  topic: 'contact.topic',
  message: 'contact.message',
  attachment: 'contact.attachment',
  consent: 'contact.consentLabel',
};

function ThankYou({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="flex max-w-2xl flex-col gap-4">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t('contact.thankYouTitle')}</h2>
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {t('contact.thankYou')}
      </p>
      <Button variant="secondary" className="self-start" onClick={onAnother}>
        {t('contact.sendAnother')}
      </Button>
    </Card>
  );
}

export function ContactForm() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<StatusMessage | null>(null);
  const [isSent, setIsSent] = useState(false);
  // The file and consent inputs wait for hydration like the kit's fields (TextField).
  const isHydrated = useIsHydrated();
  const form = useForm({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { firstname: '', lastname: '', email: '', topic: '', message: '', consent: false },
  });
  const field = useFieldBinding(form);

  // Server field form.formState.errors read "Email: …" / "Message: …", prefixed with the field's label.
  function showServerErrors(error: ApiError) {
    for (const [field, message] of Object.entries(error.fields)) {
      const label = FIELD_LABELS[field];
      if (!label) continue;
      form.setError(field as Path<ContactFormValues>, {
        type: 'server',
        message: t('contact.serverFieldError', { field: t(label), message }),
      });
    }
  }

  const submit = form.handleSubmit(async (values) => {
    setNotice({ tone: 'info', message: t('contact.sending') });
    try {
      const answer = await sendContactMessage(values);
      if (typeof answer?.id !== 'number') {
        setNotice({ tone: 'error', message: t('contact.unexpectedResponse') });
        return;
      }
      setNotice(null);
      form.reset();
      setIsSent(true);
    } catch (error) {
      if (error instanceof ApiError) showServerErrors(error);
      setNotice({
        tone: 'error',
        message: t('contact.failed', { message: error instanceof Error ? error.message : '' }),
      });
    }
  });

  if (isSent) return <ThankYou onAnother={() => setIsSent(false)} />;

  return (
    <Card className="max-w-2xl">
      <form noValidate onSubmit={submit} className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <TextField
          label={t('contact.firstname')}
          autoComplete="given-name"
          required
          {...field('firstname')}
        />
        <TextField label={t('contact.lastname')} autoComplete="family-name" required {...field('lastname')} />
        <div className="sm:col-span-2">
          <TextField
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField label={t('contact.topic')} maxLength={LIMITS.contact.topicMax} {...field('topic')} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label={t('contact.message')}
            rows={6}
            required
            maxLength={LIMITS.contact.messageMax}
            {...field('message')}
          />
        </div>
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label
            htmlFor="contact-attachment"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('contact.attachment')}
          </label>
          <input
            id="contact-attachment"
            type="file"
            accept={ATTACHMENT_ACCEPT}
            aria-describedby="contact-attachment-message"
            aria-invalid={form.formState.errors.attachment ? true : undefined}
            disabled={!isHydrated}
            className={`${inputClasses} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-800 dark:file:text-slate-100`}
            {...form.register('attachment')}
          />
          <p
            id="contact-attachment-message"
            className={`min-h-5 text-sm ${form.formState.errors.attachment ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
          >
            {translateFieldError(t, form.formState.errors.attachment?.message) ?? t('contact.attachmentHint')}
          </p>
        </div>
        <div className="flex flex-col gap-1 sm:col-span-2">
          <div className="flex items-start gap-3">
            <input
              id="contact-consent"
              type="checkbox"
              aria-describedby="contact-consent-message"
              aria-invalid={form.formState.errors.consent ? true : undefined}
              disabled={!isHydrated}
              className="mt-0.5 size-5 shrink-0 accent-indigo-600"
              {...form.register('consent')}
            />
            <label htmlFor="contact-consent" className="text-sm text-slate-800 dark:text-slate-200">
              <Trans i18nKey="contact.consent" components={{ privacyLink: <TextLink to="/privacy" /> }} />
            </label>
          </div>
          <p id="contact-consent-message" className="min-h-5 text-sm text-red-700 dark:text-red-400">
            {translateFieldError(t, form.formState.errors.consent?.message)}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
            {t('contact.submit')}
          </Button>
          <StatusLine tone={notice?.tone ?? 'info'} message={notice?.message ?? null} />
        </div>
      </form>
    </Card>
  );
}

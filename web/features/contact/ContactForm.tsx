import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation, Trans } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { inputClasses, TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import { translateFieldError } from '../../lib/form-errors.ts';
import { operator } from '../../lib/operator.ts';
import { CONTACT_LIMITS, contactFormSchema } from './contact-schema.ts';

export function ContactForm() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { firstname: '', lastname: '', email: '', topic: '', message: '', consent: false },
  });

  // Sending arrives with the mail issue; until then the form says so instead of pretending success.
  const submit = handleSubmit(() => setNotice(t('contact.notAvailableYet', { email: operator.email })));

  return (
    <Card className="max-w-2xl">
      <form noValidate onSubmit={submit} className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <TextField
          label={t('contact.firstname')}
          autoComplete="given-name"
          required
          error={translateFieldError(t, errors.firstname?.message)}
          {...register('firstname')}
        />
        <TextField
          label={t('contact.lastname')}
          autoComplete="family-name"
          required
          error={translateFieldError(t, errors.lastname?.message)}
          {...register('lastname')}
        />
        <div className="sm:col-span-2">
          <TextField
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            required
            error={translateFieldError(t, errors.email?.message)}
            {...register('email')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label={t('contact.topic')}
            maxLength={CONTACT_LIMITS.topicMax}
            error={translateFieldError(t, errors.topic?.message)}
            {...register('topic')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label={t('contact.message')}
            rows={6}
            required
            maxLength={CONTACT_LIMITS.messageMax}
            error={translateFieldError(t, errors.message?.message)}
            {...register('message')}
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
            aria-describedby="contact-attachment-message"
            aria-invalid={errors.attachment ? true : undefined}
            className={`${inputClasses} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-800 dark:file:text-slate-100`}
            {...register('attachment')}
          />
          <p
            id="contact-attachment-message"
            className={`min-h-5 text-sm ${errors.attachment ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
          >
            {translateFieldError(t, errors.attachment?.message) ?? t('contact.attachmentHint')}
          </p>
        </div>
        <div className="flex flex-col gap-1 sm:col-span-2">
          <div className="flex items-start gap-3">
            <input
              id="contact-consent"
              type="checkbox"
              aria-describedby="contact-consent-message"
              aria-invalid={errors.consent ? true : undefined}
              className="mt-0.5 size-5 shrink-0 accent-indigo-600"
              {...register('consent')}
            />
            <label htmlFor="contact-consent" className="text-sm text-slate-800 dark:text-slate-200">
              <Trans i18nKey="contact.consent" components={{ privacyLink: <TextLink to="/privacy" /> }} />
            </label>
          </div>
          <p id="contact-consent-message" className="min-h-5 text-sm text-red-700 dark:text-red-400">
            {translateFieldError(t, errors.consent?.message)}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Button type="submit" className="self-start">
            {t('contact.submit')}
          </Button>
          <StatusLine tone="info" message={notice} />
        </div>
      </form>
    </Card>
  );
}

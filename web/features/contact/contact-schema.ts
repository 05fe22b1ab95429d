import { z } from 'zod';
import { emailSchema } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';

const requiredName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(LIMITS.personName.max, 'validation.tooLong');

// The form's view of POST /api/contact (shared/api/contact.ts): a checkbox and a FileList instead
// of multipart strings. Messages are i18n keys, translated where they are shown.
export const contactFormSchema = z.object({
  firstname: requiredName,
  lastname: requiredName,
  email: emailSchema,
  topic: z.string().trim().max(LIMITS.contact.topicMax, 'validation.tooLong'),
  message: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(LIMITS.contact.messageMax, 'validation.tooLong'),
  attachment: z
    .custom<FileList | undefined>()
    .refine(
      (files) => !files?.[0] || files[0].size <= LIMITS.contact.attachmentMaxBytes,
      'contact.attachmentTooLarge',
    ),
  consent: z.boolean().refine((hasConsented) => hasConsented, 'contact.consentRequired'),
});

export type ContactFormValues = z.infer<typeof contactFormSchema>;

/** Accepted by the server (checked there by content); the picker only pre-filters. */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.txt,application/pdf,image/png,image/jpeg,text/plain';

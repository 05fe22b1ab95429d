import { z } from 'zod';
import { emailSchema } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';

export const CONTACT_LIMITS = {
  topicMax: 120,
  messageMax: 5000,
  attachmentMaxBytes: 5 * 1024 * 1024,
} as const;

const requiredName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(LIMITS.personName.max, 'validation.tooLong');

// Messages are i18n keys, translated where they are shown.
export const contactFormSchema = z.object({
  firstname: requiredName,
  lastname: requiredName,
  email: emailSchema,
  topic: z.string().trim().max(CONTACT_LIMITS.topicMax, 'validation.tooLong'),
  message: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(CONTACT_LIMITS.messageMax, 'validation.tooLong'),
  attachment: z
    .custom<FileList | undefined>()
    .refine(
      (files) => !files?.[0] || files[0].size <= CONTACT_LIMITS.attachmentMaxBytes,
      'contact.attachmentTooLarge',
    ),
  consent: z.boolean().refine((hasConsented) => hasConsented, 'contact.consentRequired'),
});

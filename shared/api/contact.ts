import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { multiLineText, singleLineText } from './text.ts';
import { emailSchema } from './users.ts';

const requiredName = singleLineText(LIMITS.personName.max).pipe(z.string().min(1, 'validation.required'));

/**
 * The text fields of the multipart POST /api/contact (the optional file is the part `attachment`).
 * Single-line fields refuse control characters, CR and LF included, so no header can be injected.
 */
export const contactFieldsSchema = z.object({
  firstname: requiredName,
  lastname: requiredName,
  email: emailSchema,
  topic: singleLineText(LIMITS.contact.topicMax)
    .optional()
    .transform((topic) => topic || null),
  message: multiLineText(LIMITS.contact.messageMax).pipe(z.string().min(1, 'validation.required')),
  // Browsers send a checked checkbox as "on"; FormData from scripts often as "true".
  consent: z
    .string()
    .optional()
    .refine((value) => value === 'true' || value === 'on', 'contact.consentRequired')
    .transform(() => true as const),
});

export const contactResponseSchema = z.object({ id: z.number().int(), message: z.string() });

export type ContactFields = z.infer<typeof contactFieldsSchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;

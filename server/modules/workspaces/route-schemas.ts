import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';

/** The refusals every protected workspace route may answer with. */
export const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
export const common = { tags: ['workspaces'], security: [{ bearerAuth: [] }] };
/** Deletions answer 204 without a body. */
export const noContent = { 204: z.null().describe('Done'), ...refusals };
/** A mail to the invitation sooner than allowed: when the next one is possible. */
export const mailRefusedSchema = errorResponseSchema.extend({ next_mail_at: z.string().optional() });

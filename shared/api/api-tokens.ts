import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { singleLineText } from './text.ts';

// Personal access tokens (issue 32): scripts call the API with `Authorization: Bearer dc_pat_…`.

/** What a token may do: `read` only GET and HEAD, `write` everything its user may. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The prefix every token starts with, so secret scanners and the server recognise one. */
export const API_TOKEN_PREFIX = 'dc_pat_';

export const apiTokenNameSchema = singleLineText(LIMITS.apiToken.nameMax).min(1, 'validation.required');

/** POST /api/tokens; without `expires_in_days` the token never expires. */
export const createApiTokenRequestSchema = z.object({
  name: apiTokenNameSchema,
  scope: z.enum(API_TOKEN_SCOPES),
  expires_in_days: z
    .number()
    .int()
    .min(LIMITS.apiToken.minDays, 'validation.apiTokenDays')
    .max(LIMITS.apiToken.maxDays, 'validation.apiTokenDays')
    .optional(),
});

/** The answer to POST /api/tokens: the only time the token itself is shown. */
export const createdApiTokenSchema = z.object({ id: z.number().int(), token: z.string() });

/** One token as GET /api/tokens lists it: never the token or its hash. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.string(),
  /** null until first used; exact to about a minute. */
  last_used_at: z.string().nullable(),
  /** null: never expires. */
  expires_at: z.string().nullable(),
});

export const apiTokenListSchema = z.array(apiTokenSchema);

export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
export type ApiToken = z.infer<typeof apiTokenSchema>;

import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { resourceIdSchema } from '../../../shared/api/ids.ts';

/** The refusals every protected team route may answer with. */
export const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
export const common = { tags: ['team'], security: [{ bearerAuth: [] }] };
export const memberParams = z.object({ decisionId: resourceIdSchema, userId: resourceIdSchema });

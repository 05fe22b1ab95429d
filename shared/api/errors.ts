import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';

const codes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

// Named, so the OpenAPI document states it once (components.schemas.ApiError) and refers to it.
export const errorResponseSchema = z
  .object({
    error: z.string(),
    code: z.enum(codes),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ApiError' });

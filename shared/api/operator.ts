import { z } from 'zod';

/**
 * GET /api/operator (public): who runs this installation, for the legal notice and privacy policy.
 * Read from the server's environment at run time; null where the operator has not set a value.
 * `retention`: how long this installation keeps what (UNCONFIRMED_ACCOUNT_DAYS,
 * NOTIFICATION_RETENTION_DAYS), for the privacy policy's storage periods (issue 28).
 */
export const operatorSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  retention: z.object({
    unconfirmed_account_days: z.number().int(),
    notification_days: z.number().int(),
  }),
});

export type Operator = z.infer<typeof operatorSchema>;

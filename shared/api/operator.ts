import { z } from 'zod';

/**
 * GET /api/operator (public): who runs this installation, for the legal notice and privacy policy.
 * Read from the server's environment at run time; null where the operator has not set a value.
 */
export const operatorSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
});

export type Operator = z.infer<typeof operatorSchema>;

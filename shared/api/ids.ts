import { z } from 'zod';

/** The largest id both databases can hold (PostgreSQL `integer`); a larger one never names a row. */
export const MAX_ID = 2_147_483_647;

/**
 * Message of an id above MAX_ID. When that is all that is wrong with a request, the error handler
 * answers 404 NOT_FOUND, exactly as for an unknown id (among other field errors it reads "Not found.").
 */
export const UNKNOWN_ID = 'errors.NOT_FOUND';

// Past 2^53 zod's integer check reports "too big" itself: still an id that names nothing.
const unknownWhenTooBig = (issue: { code: string }) => (issue.code === 'too_big' ? UNKNOWN_ID : undefined);

/**
 * The id of the resource a request is about: every id in a path (`/api/decision/{id}/details`) and
 * the `decision_id` of comment and invitation bodies. Not a positive integer → 400 VALIDATION_FAILED
 * with the field; above MAX_ID → 404 NOT_FOUND like any unknown id (PostgreSQL would fail on it).
 * Coerced, because paths are text and clients may send `decision_id` as a numeric string.
 */
export const resourceIdSchema = z.coerce
  .number()
  .int({ error: unknownWhenTooBig })
  .positive()
  .max(MAX_ID, UNKNOWN_ID);

/**
 * An id of a part named inside a body (option and criterion ids in evaluate, weights and matrix
 * bodies): above MAX_ID it is refused like an unknown part, 400 VALIDATION_FAILED with the field.
 */
export const partIdSchema = z.number().int().positive().max(MAX_ID, 'validation.invalid');

import { z } from 'zod';
import { singleLineText } from './text.ts';

/** A snapshot's label: one line, 1–200 characters after trimming. */
export const SNAPSHOT_LABEL_MAX = 200;

export const snapshotReasonSchema = z.enum(['voting_ended', 'outcome_recorded', 'manual']);

/**
 * A decision's result as it stood at one moment (issue 30). Names are copied in when it is taken, so
 * renaming or removing an option later changes nothing here.
 */
export const frozenResultFieldsSchema = z.object({
  /** Best first, as the details' ranking; `total` null for an option without one. */
  ranking: z.array(
    z.object({
      option_id: z.number(),
      name: z.string(),
      total: z.number().nullable(),
      rank: z.number().nullable(),
    }),
  ),
  /** Personal decisions: 1 voter, complete when the matrix has a result. */
  participation: z.object({ voters: z.number(), complete: z.number() }),
  /** Each criterion's share of the weights in percent, 1 decimal (the shares add up to 100). */
  weights: z.array(z.object({ criterion_id: z.number(), name: z.string(), share: z.number() })),
  /** Team decisions: the overall agreement in percent (consensus `overall`); null otherwise. */
  agreement: z.number().nullable(),
  /** How solid the result was; null while there was no result. */
  robustness: z.object({ label: z.enum(['fragile', 'sensitive', 'robust']) }).nullable(),
});

export const snapshotSchema = frozenResultFieldsSchema.extend({
  id: z.number(),
  at: z.string(),
  reason: snapshotReasonSchema,
  /** The owner's name for a manual snapshot; null for the others. */
  label: z.string().nullable(),
});

/** GET /api/decision/{id}/snapshots: newest first. */
export const snapshotsResponseSchema = z.array(snapshotSchema);

/** POST /api/decision/{id}/snapshots: a named snapshot of a personal decision. */
export const createSnapshotRequestSchema = z.object({
  label: singleLineText(SNAPSHOT_LABEL_MAX).min(1, 'validation.required'),
});

/** Details of a team decision: the result when voting ended (the latest such snapshot), or null. */
export const frozenResultSchema = frozenResultFieldsSchema.extend({
  at: z.string(),
});

export type SnapshotReason = z.infer<typeof snapshotReasonSchema>;
export type FrozenResultFields = z.infer<typeof frozenResultFieldsSchema>;
export type Snapshot = z.infer<typeof snapshotSchema>;
export type FrozenResult = z.infer<typeof frozenResultSchema>;

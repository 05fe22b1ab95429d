import { z } from 'zod';
import { rankedOptionSchema } from './decisions.ts';
import { partIdSchema, resourceIdSchema } from './ids.ts';

/** Issue 30: every kind of change a decision's history records (server/modules/history). */
export const HISTORY_KINDS = [
  'created',
  'edited',
  'options_changed',
  'criteria_changed',
  'mode_changed',
  'deadline_changed',
  'visibility_changed',
  'activated',
  'member_invited',
  'member_joined',
  'member_removed',
  'role_changed',
  'vote_saved',
  'weights_saved',
  'facts_saved',
  'ai_scored',
  'ai_opinion',
  'voting_ended',
  'outcome_recorded',
  'outcome_removed',
  'restored',
] as const;
export const historyKindSchema = z.enum(HISTORY_KINDS);
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** Default and largest page of GET /api/decision/{id}/history; a larger `limit` is capped to it. */
export const HISTORY_PAGE_MAX = 100;

/** A value before or after a change: text, a number, a flag, null, or a small object (the leader). */
export type HistoryValue =
  string | number | boolean | null | { [key: string]: HistoryValue } | HistoryValue[];
export const historyValueSchema: z.ZodType<HistoryValue> = z
  .lazy(
    () =>
      z.union([
        z.string(),
        z.number(),
        z.boolean(),
        z.null(),
        z.array(historyValueSchema),
        z.record(z.string(), historyValueSchema),
      ]),
    // A recursive schema needs a name of its own in the OpenAPI document (components.schemas).
  )
  .meta({ id: 'HistoryValue' });

/** The row of a list change (options_changed, criteria_changed): which option or criterion it is about. */
export const historyItemSchema = z.object({
  type: z.enum(['option', 'criterion']),
  /** The row's id at the time (a removed row's id names nothing any more). */
  id: z.number().nullable(),
  /** Its name at the time (the new name for `renamed`). */
  name: z.string(),
});

/**
 * One field of one change. Fields by kind: edited → `title` | `description`; options_changed /
 * criteria_changed → `added` (to: name) | `removed` (from: name) | `renamed` | `importance` | `minimum`
 * | `anchors` (`{ low, high }` or null), each with `item`; mode_changed → `mode`; deadline_changed →
 * `deadline` (ISO time or null); visibility_changed → `visibility` (private/public) or
 * `results_visibility` (team); role_changed → `role`; vote_saved / ai_scored / ai_opinion → `cells` (from
 * null, to: count; a personal decision's save counts the cells whose value it changed);
 * weights_saved → `weights` (from null, to: count); facts_saved → `facts` (from null, to: the count of a
 * team's facts, raw values of measured criteria, that the save added, changed or removed); voting_ended → `leader` (from null, to: `{ option_id,
 * name, total }`, only for readers who see results); outcome_recorded → `outcome` (option names);
 * restored → `version` (from null, to: the version id).
 */
export const historyChangeSchema = z.object({
  field: z.string(),
  from: historyValueSchema,
  to: historyValueSchema,
  item: historyItemSchema.optional(),
});

export const historyPersonSchema = z.object({
  /** null once the account was deleted (display_name is then "Former member"). */
  user_id: z.number().nullable(),
  display_name: z.string(),
});
export const historyActorSchema = z.union([historyPersonSchema, z.object({ kind: z.literal('system') })]);

export const historyEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: historyKindSchema,
  /** Who acted (also who started an AI run), or `{ kind: "system" }` for jobs such as a deadline passing. */
  actor: historyActorSchema,
  /** The member that member kinds (invited, joined, removed, role_changed) are about; null otherwise. */
  subject: historyPersonSchema.nullable(),
  changes: z.array(historyChangeSchema),
  /** Personal decisions: the save this entry belongs to (GET …/versions/{id}, POST …/restore). */
  version_id: z.number().nullable(),
});

/** GET /api/decision/{id}/history: newest first; `next_before` is the `before` of the next page, null on the last. */
export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  next_before: z.number().nullable(),
});

export const historyQuerySchema = z.object({
  /** Entries older than this entry id. */
  before: resourceIdSchema.optional(),
  /** 1 or more; above HISTORY_PAGE_MAX it is capped. */
  limit: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(1, 'validation.invalid')
    .optional()
    .transform((value) => Math.min(value ?? HISTORY_PAGE_MAX, HISTORY_PAGE_MAX)),
});

export const versionParamsSchema = z.object({ id: resourceIdSchema, versionId: resourceIdSchema });

/** A personal decision's matrix as one save left it (stored as JSON in decision_versions.matrix). */
export const storedMatrixSchema = z.object({
  options: z.array(z.object({ id: z.number(), name: z.string() })),
  criteria: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      importance: z.number(),
      minimum: z.number().nullable(),
      anchors: z.object({ low: z.string(), high: z.string() }).nullable(),
      // Issue 31; versions stored before it hold score criteria only.
      kind: z.enum(['score', 'measure']).default('score'),
      unit: z.string().nullable().default(null),
      direction: z.enum(['higher', 'lower']).nullable().default(null),
      worst: z.number().nullable().default(null),
      best: z.number().nullable().default(null),
    }),
  ),
  evaluations: z.array(
    z.object({
      option_id: z.number(),
      criterion_id: z.number(),
      value: z.number(),
      explanation: z.string().nullable(),
      /** Personal AI mode: what the AI proposed (kept when the owner changed the value). */
      ai_value: z.number().nullable(),
      ai_explanation: z.string().nullable(),
      generated_by: z.enum(['user', 'ai', 'fact']),
      /** A measured criterion's raw value (issue 31); `value` is the score computed from it. */
      measure: z.number().nullable().default(null),
    }),
  ),
});

/** GET /api/decision/{id}/versions/{versionId}: the matrix right after that save, and its ranking. */
export const decisionVersionSchema = storedMatrixSchema.extend({
  id: z.number(),
  at: z.string(),
  ranking: z.array(rankedOptionSchema),
});

/** POST /api/decision/{id}/restore: any entry of the save to bring back; answers the details. */
export const restoreRequestSchema = z.object({ entry_id: partIdSchema });

export type HistoryChange = z.infer<typeof historyChangeSchema>;
export type HistoryItem = z.infer<typeof historyItemSchema>;
export type HistoryPerson = z.infer<typeof historyPersonSchema>;
export type HistoryActor = z.infer<typeof historyActorSchema>;
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type HistoryPage = z.infer<typeof historyPageSchema>;
export type HistoryQuery = z.output<typeof historyQuerySchema>;
export type StoredMatrix = z.infer<typeof storedMatrixSchema>;
export type DecisionVersion = z.infer<typeof decisionVersionSchema>;
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

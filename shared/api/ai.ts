import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { aiOpinionSchema, criterionInputSchema, optionInputSchema } from './decisions.ts';
import { multiLineText, singleLineText } from './text.ts';

const { decision: D } = LIMITS;

/** GET /api/ai/status: whether AI scoring is set up (never a key or a URL). */
export const aiStatusSchema = z.object({
  available: z.boolean(),
  provider: z.string().optional(),
  model: z.string().optional(),
});

/**
 * POST /api/ai/recommendation and POST /api/team-ai/recommendation/{id} (SPEC.md section 7).
 * The AI needs the description as context, and at least one option and one criterion.
 */
export const aiRecommendationRequestSchema = z.object({
  decisionName: singleLineText(D.nameMax).min(1, 'validation.required'),
  description: multiLineText(D.descriptionMax).min(1, 'validation.aiDescriptionRequired'),
  options: z.array(optionInputSchema).min(1, 'validation.required').max(D.maxOptions, 'validation.tooMany'),
  criteria: z
    .array(criterionInputSchema)
    .min(1, 'validation.required')
    .max(D.maxCriteria, 'validation.tooMany'),
});

export const aiCellSchema = z.object({
  criterion_index: z.number().int(),
  value: z.number().int(),
  explanation: z.string(),
});

/** SPEC.md's recommendation item: 0-based positions in the lists that were sent. */
export const aiRecommendationSchema = z.object({
  option_index: z.number().int(),
  bewertungen: z.array(aiCellSchema),
});

export const aiRecommendationResponseSchema = z.object({
  recommendations: z.array(aiRecommendationSchema),
  /** Cells the model did not score (or scored with an unknown index): the UI leaves them empty. */
  missing: z.array(z.object({ option_index: z.number().int(), criterion_index: z.number().int() })),
});

export const teamAiRecommendationResponseSchema = aiRecommendationResponseSchema.extend({
  message: z.string(),
  decision_id: z.number(),
});

/**
 * POST /api/ai/suggestions (issue 18): options and criteria the user may have missed, while setting up.
 * Only the title is required; the lists say what is there already, so nothing is suggested twice.
 */
export const aiSuggestionsRequestSchema = z.object({
  decisionName: singleLineText(D.nameMax).min(1, 'validation.required'),
  description: multiLineText(D.descriptionMax)
    .nullish()
    .transform((value) => value ?? ''),
  options: z.array(optionInputSchema).max(D.maxOptions, 'validation.tooMany').default([]),
  criteria: z
    .array(
      z.union([singleLineText(D.criterionNameMax), z.object({ name: singleLineText(D.criterionNameMax) })]),
    )
    .max(D.maxCriteria, 'validation.tooMany')
    .default([])
    .transform((rows) => rows.map((row) => (typeof row === 'string' ? { name: row } : { name: row.name }))),
});

/** Up to LIMITS.ai.suggestionsMax of each, none already in the lists; reasons in the caller's language. */
export const aiSuggestionsResponseSchema = z.object({
  options: z.array(z.object({ name: z.string(), reason: z.string() })),
  criteria: z.array(z.object({ name: z.string(), importance: z.number(), reason: z.string() })),
});

/**
 * POST /api/decision/{id}/ai-opinion (issue 18): the model scored every cell of a manual-mode team
 * decision; stored apart from the votes. `aiOpinion` is what the caller's details now show: null while
 * it could still anchor the caller (their own vote is not complete and voting has not ended).
 */
export const aiOpinionResponseSchema = z.object({
  message: z.string(),
  created_at: z.string(),
  /** Cells the model scored (cells it skipped stay without an AI value). */
  scored: z.number(),
  aiOpinion: aiOpinionSchema.nullable(),
});

export type AiStatus = z.infer<typeof aiStatusSchema>;
export type AiRecommendationRequest = z.input<typeof aiRecommendationRequestSchema>;
export type AiRecommendationResponse = z.infer<typeof aiRecommendationResponseSchema>;
export type TeamAiRecommendationResponse = z.infer<typeof teamAiRecommendationResponseSchema>;
export type AiRecommendation = z.infer<typeof aiRecommendationSchema>;
export type AiOpinionResponse = z.infer<typeof aiOpinionResponseSchema>;
export type AiSuggestionsRequest = z.input<typeof aiSuggestionsRequestSchema>;
export type AiSuggestionsResponse = z.infer<typeof aiSuggestionsResponseSchema>;

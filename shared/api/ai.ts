import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { criterionInputSchema, optionInputSchema } from './decisions.ts';
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

export type AiStatus = z.infer<typeof aiStatusSchema>;
export type AiRecommendationRequest = z.input<typeof aiRecommendationRequestSchema>;
export type AiRecommendationResponse = z.infer<typeof aiRecommendationResponseSchema>;
export type TeamAiRecommendationResponse = z.infer<typeof teamAiRecommendationResponseSchema>;
export type AiRecommendation = z.infer<typeof aiRecommendationSchema>;

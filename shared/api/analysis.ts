import { z } from 'zod';

/**
 * GET /api/decision/{id}/analysis (issue 17): how solid the result is, computed by
 * shared/scoring/analysis.ts on the decision's current data (personal: importances and the owner's
 * values; team: team weights and team cells; AI mode: the AI values). Shares in percent, 1 decimal.
 */
const flipPointSchema = z.object({ at_share: z.number(), option_id: z.number() });

export const robustnessLabelSchema = z.enum(['fragile', 'sensitive', 'robust']);

export const analysisSchema = z.object({
  /** The option(s) leading now among those that pass every must-have; several on a tie. */
  leaders: z.array(z.number()),
  /**
   * Per criterion: its share, and the nearest shares above (`up`) and below (`down`) at which another
   * option's total reaches the leader's (the others keep their proportions), with that option.
   */
  sensitivity: z.array(
    z.object({
      criterion_id: z.number(),
      share: z.number(),
      up: flipPointSchema.nullable(),
      down: flipPointSchema.nullable(),
    }),
  ),
  /** fragile: the nearest flip under 5 points away; sensitive: under 15; robust otherwise or without any. */
  robustness: z.object({
    label: robustnessLabelSchema,
    nearest: z
      .object({ criterion_id: z.number(), share: z.number(), at_share: z.number(), option_id: z.number() })
      .nullable(),
  }),
  /** Win probability over `samples` variations of the weights (each × U(0.5, 1.5)), seeded by the revision. */
  stability: z.object({
    samples: z.number(),
    options: z.array(z.object({ option_id: z.number(), win_share: z.number(), mean_rank: z.number() })),
  }),
  /** Options below a must-have minimum (value null: no value), one entry per missed minimum. */
  knocked_out: z.array(
    z.object({
      option_id: z.number(),
      criterion_id: z.number(),
      value: z.number().nullable(),
      minimum: z.number(),
    }),
  ),
});

/** While team results are hidden from the caller, nothing but this. */
export const hiddenAnalysisSchema = z.object({ hidden: z.literal(true) });

export const analysisResponseSchema = z.union([hiddenAnalysisSchema, analysisSchema]);

export type DecisionAnalysis = z.infer<typeof analysisSchema>;
export type AnalysisResponse = z.infer<typeof analysisResponseSchema>;
export type RobustnessLabel = z.infer<typeof robustnessLabelSchema>;

import { z } from 'zod';
import { frozenResultSchema } from './snapshots.ts';
import { LIMITS } from '../limits.ts';
import { partIdSchema, resourceIdSchema } from './ids.ts';
import { outcomeSchema } from './outcome.ts';
import { multiLineText, singleLineText } from './text.ts';

const { decision: D, scales } = LIMITS;

export const decisionModeSchema = z.enum(['manual', 'ai']);
export const personalTypeSchema = z.enum(['private', 'public']);
export const decisionTypeSchema = z.enum(['private', 'public', 'team']);

/**
 * Who sees a team decision's results before voting ended: `always` everyone; `after_vote` a voter once
 * they submitted their complete vote (POST …/submit), a viewer once voting ended; `after_close` nobody before voting ended.
 * Personal decisions are always `always`. The rule itself: server/modules/decisions/policy.ts.
 */
export const RESULTS_VISIBILITIES = ['always', 'after_vote', 'after_close'] as const;
export const resultsVisibilitySchema = z.enum(RESULTS_VISIBILITIES, {
  error: 'validation.resultsVisibility',
});

/**
 * How strict each setting is: once a team decision has a vote or a weight, its setting may only move
 * up this order (409 VISIBILITY_LOCKED otherwise), so nobody peeks by loosening it mid-vote.
 */
export const RESULTS_VISIBILITY_STRICTNESS: Record<(typeof RESULTS_VISIBILITIES)[number], number> = {
  always: 0,
  after_vote: 1,
  after_close: 2,
};

/** Until when results stay hidden for the caller: their own submitted vote, or the end of voting. */
export const resultsHiddenUntilSchema = z.enum(['submit', 'close']).nullable();

export const decisionIdParamsSchema = z.object({ id: resourceIdSchema });

/** GET /api/decision's orders: newest first (the default, SPEC.md), oldest first, by name, by score. */
export const DECISION_LIST_SORTS = ['newest', 'oldest', 'name', 'score'] as const;
export type DecisionListSort = (typeof DECISION_LIST_SORTS)[number];
/** `solo` is every decision that is not a team decision (SPEC.md's dashboard filter). */
export const DECISION_LIST_TYPES = ['solo', 'team', 'private', 'public'] as const;
export type DecisionListType = (typeof DECISION_LIST_TYPES)[number];

/** GET /api/decision's query: a page (`cursor` from the previous page's Link header), filters, search, order. */
export const decisionListQuerySchema = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.decision.listPageMax).default(LIMITS.decision.listPageMax),
  /** Case-insensitive substring of the name. */
  q: singleLineText(LIMITS.decision.listSearchMax).optional(),
  type: z.enum(DECISION_LIST_TYPES).optional(),
  mode: z.enum(['manual', 'ai']).optional(),
  sort: z.enum(DECISION_LIST_SORTS).default('newest'),
  /**
   * Issue 29: only the decisions of one workspace (the caller must be a member of it, else 404), or
   * `none`: the decisions in no workspace (the switcher's "Personal").
   */
  workspace_id: z.union([z.literal('none'), resourceIdSchema]).optional(),
});
export type DecisionListQuery = z.infer<typeof decisionListQuerySchema>;

const trimmedName = (max: number) => singleLineText(max).min(1, 'validation.nameEmpty');

/** Options arrive as plain strings or as `{ name }` (with `id` to keep an existing option when renaming). */
export const optionInputSchema = z
  .union([
    trimmedName(D.optionNameMax),
    z.object({ id: partIdSchema.optional(), name: trimmedName(D.optionNameMax) }),
  ])
  .transform((option) => (typeof option === 'string' ? { name: option } : option));

/**
 * A must-have (issue 17): options below it, or without a value, are knocked out of the top. 0–10
 * admits both scales; the server holds each decision to its own (personal 1–10, team 0–10).
 * null clears it; absent keeps the stored one of a kept criterion.
 */
export const criterionMinimumSchema = z.number({ error: 'validation.number' }).nullable().optional();

/** Issue 31: how a criterion is scored: by hand on the scale, or computed from a raw value in a unit. */
export const criterionKindSchema = z.enum(['score', 'measure']);
export const measureDirectionSchema = z.enum(['higher', 'lower']);
/** A raw number in the criterion's unit (any finite number: JSON's 1e999 is refused). */
const rawNumberSchema = z.number({ error: 'validation.number' });

/**
 * The measured-criterion fields of a criterion (issue 31). Absent keeps the stored ones of a kept
 * criterion (a new one: `kind` 'score'; a measured one: direction 'higher'); null clears unit, worst
 * and best (worst and best then default to the options' worst and best raw values).
 */
export const measuredCriterionFields = {
  kind: criterionKindSchema.optional(),
  unit: z
    .string({ error: 'validation.invalidType' })
    .trim()
    .max(LIMITS.decision.unitMax, 'validation.unitLength')
    .nullish()
    .transform((unit) => (unit === undefined ? undefined : unit || null)),
  // Details send null for a score criterion; null keeps what is stored, as absent does.
  direction: measureDirectionSchema.nullish().transform((direction) => direction ?? undefined),
  worst: rawNumberSchema.nullish(),
  best: rawNumberSchema.nullish(),
};

/**
 * Scale anchors (issue 17): what the lowest and the highest score mean ("> 2,000 €" … "< 800 €"),
 * shown beside the grid inputs and sent to the AI. Two empty texts clear them (null); absent keeps
 * the stored ones of a kept criterion.
 */
export const criterionAnchorsSchema = z
  .object({
    low: singleLineText(D.anchorMax).default(''),
    high: singleLineText(D.anchorMax).default(''),
  })
  .nullable()
  .optional()
  .transform((anchors) => (anchors && !anchors.low && !anchors.high ? null : anchors));

export const criterionInputSchema = z
  .object({
    id: partIdSchema.optional(),
    name: trimmedName(D.criterionNameMax),
    // SPEC: coerced to a number, default 0.
    importance: z.coerce
      .number({ error: 'validation.number' })
      .min(D.importance.min, 'validation.importanceRange')
      .max(D.importance.max, 'validation.importanceRange')
      .default(0),
    minimum: criterionMinimumSchema,
    anchors: criterionAnchorsSchema,
    ...measuredCriterionFields,
  })
  .superRefine(refineCriterionInput);

/**
 * A score criterion's must-have is a whole number on the scale, a measured one's is in its unit; worst
 * and best must differ (issue 31).
 */
export function refineCriterionInput(
  criterion: {
    kind?: 'score' | 'measure' | undefined;
    minimum?: number | null | undefined;
    worst?: number | null | undefined;
    best?: number | null | undefined;
  },
  context: z.RefinementCtx,
): void {
  {
    const { minimum, worst, best } = criterion;
    // A score criterion's must-have is a whole number on the scale; a measured one's is in its unit.
    if (criterion.kind !== 'measure' && minimum !== null && minimum !== undefined) {
      if (!Number.isInteger(minimum) || minimum < scales.team.min || minimum > scales.team.max)
        context.addIssue({ code: 'custom', path: ['minimum'], message: 'validation.minimumRange' });
    }
    if (worst !== null && worst !== undefined && worst === best)
      context.addIssue({ code: 'custom', path: ['worst'], message: 'validation.worstEqualsBest' });
  }
}

const explanationSchema = multiLineText(LIMITS.decision.explanationMax)
  .nullish()
  .transform((value) => value || null);

/**
 * Personal AI mode (issue 18): what the AI proposed for the cell, sent along with the owner's value so
 * it is kept when the owner changes the value. Absent keeps what is stored; null says the AI never
 * scored it. Ignored on team decisions (the AI's opinion there is a separate, stored run).
 */
const aiProposalFields = {
  ai_value: z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(scales.team.min, 'validation.valueRange')
    .max(scales.team.max, 'validation.valueRange')
    .nullish(),
  ai_explanation: multiLineText(LIMITS.ai.explanationMax).nullish(),
};

/**
 * A cell's value (score criteria) or raw `measure` (measured criteria, issue 31: the score is computed
 * from it and a `value` sent along is ignored). One of the two must come; the server checks which fits
 * the criterion.
 */
const cellValueFields = {
  // 0–10 covers team cells; personal decisions are held to their 1–10 grid by the server.
  value: z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(scales.team.min, 'validation.valueRange')
    .max(scales.team.max, 'validation.valueRange')
    .optional(),
  measure: rawNumberSchema.optional(),
};
function requireValueOrMeasure(
  cell: { value?: number | undefined; measure?: number | undefined },
  context: z.RefinementCtx,
) {
  if (cell.value === undefined && cell.measure === undefined)
    context.addIssue({ code: 'custom', path: ['value'], message: 'validation.required' });
}

export const indexedEvaluationSchema = z
  .object({
    option_index: z.number().int().min(0),
    criterion_index: z.number().int().min(0),
    ...cellValueFields,
    explanation: explanationSchema,
    ...aiProposalFields,
  })
  .superRefine(requireValueOrMeasure);

const decisionFields = {
  name: trimmedName(D.nameMax),
  description: multiLineText(D.descriptionMax)
    .nullish()
    .transform((v) => v ?? ''),
  mode: decisionModeSchema.default('manual'),
};

const matrixFields = {
  options: z.array(optionInputSchema).max(D.maxOptions, 'validation.tooMany').optional(),
  criteria: z.array(criterionInputSchema).max(D.maxCriteria, 'validation.tooMany').optional(),
  evaluations: z
    .array(indexedEvaluationSchema)
    .max(D.maxOptions * D.maxCriteria)
    .optional(),
};

/** POST /api/decision: a personal decision; options, criteria and evaluations may come along (one transaction). */
export const createDecisionRequestSchema = z.object({
  ...decisionFields,
  type: personalTypeSchema.default('private'),
  ...matrixFields,
});

/**
 * PUT /api/decision/{id}: replaces the lists. Options/criteria keep their ids when matched by `id`
 * or by unchanged name; absent `evaluations` keeps the existing ones of kept cells.
 */
export const updateDecisionRequestSchema = z.object({
  name: decisionFields.name,
  // Absent keeps the stored value.
  description: multiLineText(D.descriptionMax).nullish(),
  mode: decisionModeSchema.optional(),
  // A team decision's type never changes; personal ones switch between private and public.
  type: decisionTypeSchema.optional(),
  /** Team decisions only (owner and admin, while draft or open); absent keeps the stored value. */
  results_visibility: resultsVisibilitySchema.optional(),
  ...matrixFields,
});

/** PATCH /api/decision/{id}/results-visibility: the setting alone; answers the new value. */
export const resultsVisibilityRequestSchema = z.object({ results_visibility: resultsVisibilitySchema });
export const resultsVisibilityResponseSchema = resultsVisibilityRequestSchema;

// 0–10 admits both scales; the server then holds each decision to its own (personal 1–10, team 0–10).
export const evaluateRequestSchema = z.object({
  evaluations: z
    .array(
      z
        .object({
          option_id: partIdSchema,
          criterion_id: partIdSchema,
          ...cellValueFields,
          explanation: explanationSchema,
          ...aiProposalFields,
        })
        .superRefine(requireValueOrMeasure),
    )
    .max(D.maxOptions * D.maxCriteria),
});

export const decisionSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  /** Same as name; the details view of older clients reads `title`. */
  title: z.string(),
  description: z.string(),
  mode: decisionModeSchema,
  type: decisionTypeSchema,
  /** The top total or team result; null while the caller may not see results (results_visibility). */
  score: z.number().nullable(),
  timer: z.string().nullable(),
  results_visibility: resultsVisibilitySchema,
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * Where a decision stands. Team: `draft` (created, not activated), `open` (voting possible), `closed`
 * (deadline passed, voting ended by hand, or completed by AI; `lock` says which), `decided` (an outcome
 * was recorded; it wins over the others). Personal: `open` or `decided`.
 */
export const decisionStatusSchema = z.enum(['draft', 'open', 'closed', 'decided']);

/**
 * Voters are the owner, admins and editors who accepted (viewers and pending invitations never count);
 * a voter is complete with an own value in every cell (manual mode) or submitted weights (AI mode).
 */
export const participationSchema = z.object({ voters: z.number(), complete: z.number() });

/** The workspace a team decision belongs to (issue 29); null for decisions in no workspace. */
export const decisionWorkspaceSchema = z.object({ id: z.number(), name: z.string() }).nullable();

export const decisionListItemSchema = decisionSchema.extend({
  is_team: z.boolean(),
  /** The caller's relation: owner, admin, editor or viewer. */
  role: z.enum(['owner', 'admin', 'editor', 'viewer']),
  status: decisionStatusSchema,
  /** Why a closed team decision no longer changes (as in the details); null otherwise. */
  lock: z.enum(['deadline', 'ai']).nullable(),
  /**
   * The option with the top total (first in input order on a tie); null while nothing is scored, and
   * while the caller may not see results.
   */
  leading_option: z.object({ id: z.number(), name: z.string(), total: z.number() }).nullable(),
  /** The option chosen in the recorded outcome (the card says "Chosen: …"); null while none is recorded. */
  outcome_option: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Team decisions: voters (owner, admin, editor; never viewers) and how many of them voted in full. */
  participation: participationSchema.nullable(),
  /** As `resultsHiddenUntil` in the details: null when the caller sees results. */
  results_hidden_until: resultsHiddenUntilSchema,
  workspace: decisionWorkspaceSchema,
});

export const optionSchema = z.object({ id: z.number(), decision_id: z.number(), name: z.string() });
export const criterionAnchorsOutputSchema = z.object({ low: z.string(), high: z.string() });
export const criterionSchema = z.object({
  id: z.number(),
  decision_id: z.number(),
  name: z.string(),
  importance: z.number(),
  /** Must-have: options below it (or without a value) are knocked out; null without one. */
  minimum: z.number().nullable(),
  anchors: criterionAnchorsOutputSchema.nullable(),
  /** Issue 31: 'score' (by hand) or 'measure' (computed from a raw value in `unit`). */
  kind: criterionKindSchema,
  /** Measured criteria: the unit ("€", "km"), null without one (and for score criteria). */
  unit: z.string().nullable(),
  /** Measured criteria: which way is better; null for score criteria. */
  direction: measureDirectionSchema.nullable(),
  /** As set; null when they default to the options' worst and best raw values. */
  worst: z.number().nullable(),
  best: z.number().nullable(),
});
export const evaluationSchema = z.object({
  option_id: z.number(),
  criterion_id: z.number(),
  value: z.number(),
  explanation: z.string().nullable(),
  user_id: z.number().nullable(),
  /** 'fact': a team's raw value on a measured criterion, the same for every member (issue 31). */
  generated_by: z.enum(['user', 'ai', 'fact']),
  /** A measured criterion's raw value (`value` is then the score computed from it); null otherwise. */
  measure: z.number().nullable(),
  /**
   * Personal decisions (issue 18): what the AI proposed for this cell, kept when the owner changed the
   * value (the owner's `value` is what counts); null when the AI never scored the cell.
   */
  ai_value: z.number().nullable(),
  ai_explanation: z.string().nullable(),
});

/**
 * A team decision's AI opinion (issue 18): the model's value per cell, stored apart from the votes and
 * never counted in the team result. The latest run; null until asked, and while hidden from the caller.
 */
export const aiOpinionSchema = z.object({
  cells: z.array(
    z.object({
      option_id: z.number(),
      criterion_id: z.number(),
      value: z.number(),
      explanation: z.string().nullable(),
    }),
  ),
  created_at: z.string(),
});

export const abilitiesSchema = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canVote: z.boolean(),
  canWeight: z.boolean(),
  canInvite: z.boolean(),
  canComment: z.boolean(),
  canManageMembers: z.boolean(),
  /** Team decisions: set, move or clear the deadline, or end voting now. */
  canManageDeadline: z.boolean(),
  /** Team decisions: send the invitation mails of a draft (activation). */
  canActivate: z.boolean(),
  /** Team decisions: run the AI evaluation (which completes the decision). */
  canStartAi: z.boolean(),
  /** Team decisions while voting is open: remind the voters who have not voted in full. */
  canRemind: z.boolean(),
  /** Record, change or remove the outcome (team decisions once voting ended). */
  canDecide: z.boolean(),
  /** Team decisions in manual mode (owner, admin): ask the AI for its opinion beside the votes. */
  canAskAiOpinion: z.boolean(),
  /** Team voters while voting is open: submit their complete vote (final until reopened). */
  canSubmitVote: z.boolean(),
  /** Team decisions while voting is open (owner, admin): reopen a member's submitted vote. */
  canReopenVotes: z.boolean(),
});

/**
 * Why a team decision no longer changes: its deadline passed, or the AI completed it. null while it
 * is open, and always for personal decisions. Abilities already account for it; this says why.
 */
export const decisionLockSchema = z.enum(['deadline', 'ai']).nullable();

/** shared/scoring/decision-data.ts `NoResultReason`: why a decision names no leading option yet. */
export const noResultReasonSchema = z.enum([
  'no_matrix',
  'missing_cells',
  'no_complete_voter',
  'no_weights',
  'all_knocked_out',
]);

/**
 * One row of the ranking, best first. total = Σ value × weight / Σ weight on the decision's scale
 * (DESIGN.md); null (and rank null, last) for a team option nobody voted on yet: "no votes yet".
 */
export const rankedOptionSchema = z.object({
  option_id: z.number(),
  total: z.number().nullable(),
  rank: z.number().nullable(),
  /** Never for a knocked-out option. */
  is_top: z.boolean(),
  /** Below a criterion's minimum or without a value there: ranked after every option that passes. */
  knocked_out: z.boolean(),
});

/** One row of the team: the owner, an accepted member, or a pending invitation (accepted false). */
export const teamMemberSchema = z.object({
  /** Membership id; null for the owner and for pending invitations. */
  id: z.number().nullable(),
  /** null for pending invitations (accounts are not revealed before acceptance). */
  user_id: z.number().nullable(),
  role: z.enum(['owner', 'admin', 'editor', 'viewer']),
  accepted: z.boolean(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  users: z.object({ nickname: z.string().nullable() }),
  /** shared/display-name.ts: nickname, else first and last name, else the e-mail before the @. */
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** SPEC.md section 4: any own value (manual mode) or submitted weights (AI mode). */
  has_voted: z.boolean(),
  /** A voter who has voted in full (see participationSchema); false for viewers and invitations. */
  complete: z.boolean(),
  /** Issue 27: when the voter submitted their vote (final until reopened); null while not submitted. */
  submitted_at: z.string().nullable(),
  /** The owner or an admin reopened the vote and it was not submitted anew yet. */
  reopened: z.boolean(),
  invitation_id: z.number().nullable(),
  /**
   * Issue 29: when the member left the decision's workspace after it closed (their votes still count,
   * they have no access any more); null for everyone else.
   */
  left_at: z.string().nullable().optional(),
});

/**
 * Where the team agrees: per cell with at least two votes and per criterion over the members' weights,
 * 100 × (1 − σ / σmax) in percent (shared/scoring/agreement.ts), 1 decimal; null below two values. The
 * screens show the spread instead ("from 3 to 7", close / mixed / split).
 */
const spreadFields = {
  /** The lowest and the highest value given ("from 3 to 7"); null without any. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** The spread as a plain label (shared/scoring/agreement.ts `spreadOf`); null below two values. */
  spread: z.enum(['close', 'mixed', 'split']).nullable(),
};
export const consensusSchema = z.object({
  overall: z.number().nullable(),
  cells: z.array(
    z.object({
      option_id: z.number(),
      criterion_id: z.number(),
      agreement: z.number().nullable(),
      votes: z.number(),
      ...spreadFields,
    }),
  ),
  criteria: z.array(
    z.object({
      criterion_id: z.number(),
      agreement: z.number().nullable(),
      /** How many members weighted the criterion. */
      votes: z.number(),
      ...spreadFields,
    }),
  ),
});

export const decisionDetailsSchema = z.object({
  decision: decisionSchema,
  options: z.array(optionSchema),
  criteria: z.array(criterionSchema),
  evaluations: z.array(evaluationSchema),
  userRole: z.enum(['owner', 'admin', 'editor', 'viewer', 'reader']),
  timer: z.string().nullable(),
  /** What was decided (PUT /api/decision/{id}/outcome); null until recorded. */
  outcome: outcomeSchema.nullable(),
  /**
   * Once a team decision's deadline passed: who ended voting by hand ("Voting ended by Ada on …"), or
   * null when the deadline simply passed; `at` is when voting ended. null while voting is open.
   */
  voting_ended: z
    .object({ by: z.object({ id: z.number(), name: z.string() }).nullable(), at: z.string() })
    .nullable(),
  /** While a manual reminder is held back (12 hours after the last): when the next is possible. */
  next_reminder_at: z.string().nullable(),
  /** How many voters a reminder sent now would reach (never the caller); null if they may not remind. */
  reminder_recipients: z.number().nullable(),
  weightsByUser: z.record(z.string(), z.array(z.object({ criterion_id: z.number(), weight: z.number() }))),
  teamMembers: z.array(teamMemberSchema),
  /** The workspace the decision belongs to (issue 29); null for decisions in no workspace. */
  workspace: decisionWorkspaceSchema,
  results: z.object({
    ranking: z.array(rankedOptionSchema),
    formula: z.string(),
    /**
     * Personal: no empty cell in an option that is not knocked out. Team: the result counts (someone
     * voted in full, or the AI scored it in AI mode, and the team weights add up to more than 0).
     * Until then no entry is `is_top`, `decision.score` is null and the totals are provisional.
     */
    complete: z.boolean(),
    /** Empty cells (personal) or cells nobody voted on (team) of options that are not knocked out. */
    missing_cells: z.number(),
    /** Why no option leads; null when one does (and while results are hidden from the caller). */
    no_result_reason: noResultReasonSchema.nullable(),
  }),
  /**
   * Team decisions: the team weight per criterion and the team value per cell (mean of the votes;
   * `evaluations` then holds only the caller's own values and AI values). null for personal decisions.
   */
  teamResults: z
    .object({
      weights: z.array(z.object({ criterion_id: z.number(), weight: z.number() })),
      cells: z.array(
        z.object({ option_id: z.number(), criterion_id: z.number(), value: z.number(), votes: z.number() }),
      ),
    })
    .nullable(),
  abilities: abilitiesSchema,
  lock: decisionLockSchema,
  /** As in the list: a team decision is a `draft` until activated, `closed` once locked. */
  status: decisionStatusSchema,
  /** Team decisions: how many voters there are and how many voted in full; null for personal ones. */
  participation: participationSchema.nullable(),
  /** Team decisions while the caller sees results; null otherwise. */
  consensus: consensusSchema.nullable(),
  /**
   * null when the caller sees results. Otherwise `ranking` is empty, `teamResults`, `score` and
   * `consensus` are null and `weightsByUser` holds only the caller's own weights, until they submitted
   * their complete vote (`submit`) or voting ended (`close`).
   */
  resultsHiddenUntil: resultsHiddenUntilSchema,
  /**
   * Team decisions once the first vote or weight is saved: `results_visibility` may only become
   * stricter (RESULTS_VISIBILITY_STRICTNESS); false for personal decisions.
   */
  resultsVisibilityLocked: z.boolean(),
  /**
   * Team decisions in manual mode once asked: shown to a voter once their own vote is complete, to
   * everyone once voting ended, never while results are hidden from the caller; null otherwise.
   */
  aiOpinion: aiOpinionSchema.nullable(),
  /**
   * Team decisions once voting ended (issue 30): the result as it stood then (the latest `voting_ended`
   * snapshot), never changed afterwards; null before and for personal decisions.
   */
  frozen_result: frozenResultSchema.nullable(),
  /** True when the live ranking or totals now differ from `frozen_result` (e.g. an account was deleted). */
  frozen_result_differs: z.boolean(),
});

export const createdDecisionSchema = decisionSchema;
export const decisionTypeResponseSchema = z.object({ is_team: z.boolean() });

export type Decision = z.infer<typeof decisionSchema>;
export type ResultsVisibility = z.infer<typeof resultsVisibilitySchema>;
export type ResultsHiddenUntil = z.infer<typeof resultsHiddenUntilSchema>;
export type Participation = z.infer<typeof participationSchema>;
export type Consensus = z.infer<typeof consensusSchema>;
export type DecisionStatus = z.infer<typeof decisionStatusSchema>;
export type DecisionListItem = z.infer<typeof decisionListItemSchema>;
export type DecisionDetails = z.infer<typeof decisionDetailsSchema>;
export type Criterion = z.infer<typeof criterionSchema>;
export type CriterionAnchors = z.infer<typeof criterionAnchorsOutputSchema>;
export type AiOpinion = z.infer<typeof aiOpinionSchema>;
export type Abilities = z.infer<typeof abilitiesSchema>;
export type DecisionLock = z.infer<typeof decisionLockSchema>;
export type NoResultReason = z.infer<typeof noResultReasonSchema>;
export type CreateDecisionRequest = z.input<typeof createDecisionRequestSchema>;
export type UpdateDecisionRequest = z.input<typeof updateDecisionRequestSchema>;
export type EvaluateRequest = z.input<typeof evaluateRequestSchema>;

// Kept here for the callers that already read the schemas from this module.
export { findDuplicateNames } from '../names.ts';

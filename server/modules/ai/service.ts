import type { AiStatus, AiSuggestionsRequest, AiSuggestionsResponse } from '../../../shared/api/ai.ts';
import { LIMITS, scaleOfDecision, type Language } from '../../../shared/limits.ts';
import { nameKey } from '../../../shared/names.ts';
import { AppError } from '../../app-error.ts';
import type { AiConfig } from '../../config.ts';
import type { RateLimitCounters } from '../../db/rate-limit-counters.ts';
import { createAiLimits } from './limits.ts';
import { isoNow } from '../../db/values.ts';
import type { DecisionAccess, DecisionsService } from '../decisions/index.ts';
import type { UserRow } from '../users/index.ts';
import {
  modelAnswerSchema,
  normaliseRecommendations,
  normaliseSuggestions,
  suggestionsAnswerSchema,
} from './normalise.ts';
import { buildPrompt, buildSuggestionsPrompt } from './prompt.ts';
import { MalformedAnswerError, type AiModelClient } from './provider.ts';
import type { AiUsageRepo } from './usage-repo.ts';

export interface AiRequestInput {
  decisionName: string;
  description: string;
  options: { id?: number | undefined; name: string }[];
  criteria: {
    id?: number | undefined;
    name: string;
    importance: number;
    minimum?: number | null | undefined;
    /** Absent: a team decision's stored anchors of the same criterion (by id, else by name) go to the model. */
    anchors?: { low: string; high: string } | null | undefined;
    /** Issue 31: measured criteria are left to the user; the model never scores them. */
    kind?: 'score' | 'measure' | undefined;
    unit?: string | null | undefined;
    direction?: 'higher' | 'lower' | undefined;
    worst?: number | null | undefined;
    best?: number | null | undefined;
  }[];
}

interface StoredCriterion {
  id: number;
  name: string;
  kind?: 'score' | 'measure';
  anchor_low: string | null;
  anchor_high: string | null;
}

/** A stored criterion's anchors as the prompt takes them, or null without any. */
function storedAnchorsOf(row: StoredCriterion): { low: string; high: string } | null {
  return row.anchor_low !== null || row.anchor_high !== null
    ? { low: row.anchor_low ?? '', high: row.anchor_high ?? '' }
    : null;
}

/** The stored anchors of criteria the request names without any, so the model sees what the grid shows. */
function withStoredAnchors(
  criteria: AiRequestInput['criteria'],
  stored: readonly StoredCriterion[],
): AiRequestInput['criteria'] {
  return criteria.map((criterion) => {
    const match =
      stored.find((row) => row.id === criterion.id) ??
      stored.find((row) => nameKey(row.name) === nameKey(criterion.name));
    // A kept criterion sent without its kind stays as stored (issue 31: measured ones are the user's).
    const kind = criterion.kind ?? match?.kind;
    if (criterion.anchors !== undefined) return { ...criterion, kind };
    const anchors = match ? storedAnchorsOf(match) : null;
    return anchors ? { ...criterion, kind, anchors } : { ...criterion, kind };
  });
}

/** The suggestions request after validation (shared/api/ai.ts). */
export type AiSuggestionsInput = Required<Pick<AiSuggestionsRequest, 'decisionName'>> & {
  description: string;
  options: { name: string }[];
  criteria: { name: string }[];
};

export interface AiServiceDeps {
  config: AiConfig;
  /** Undefined when AI scoring is not set up. */
  client: AiModelClient | undefined;
  usage: AiUsageRepo;
  /** The per-minute burst count, shared by every instance on the database. */
  counters: Pick<RateLimitCounters, 'hit'>;
  decisionsService: DecisionsService;
  /** The AI's cells close a team decision's vote: the team module tells every member how it came out. */
  announceVotingEnded: (decisionId: number) => Promise<unknown>;
}

const MINUTE_MS = 60_000;

export function createAiService(deps: AiServiceDeps) {
  const { config, client, usage, decisionsService, announceVotingEnded } = deps;
  const { admitRequest, askCounted } = createAiLimits(deps);

  function requireClient(): AiModelClient {
    if (!client) throw new AppError('AI_NOT_CONFIGURED');
    return client;
  }

  /**
   * One run per decision at a time (a team's scoring or AI opinion). The lock comes first, so a double
   * click does not use up the caller's AI calls; a lock older than two timeouts is a crashed run's.
   */
  async function withDecisionRun<T>(access: DecisionAccess, run: () => Promise<T>): Promise<T> {
    const decisionId = access.decision.id;
    const staleBefore = new Date(Date.now() - 2 * config.timeoutMs - MINUTE_MS).toISOString();
    await usage.clearStaleRun(decisionId, staleBefore);
    if (!(await usage.startRun(decisionId, access.userId, isoNow()))) {
      throw new AppError('AI_ALREADY_RUNNING');
    }
    try {
      await admitRequest(access.userId);
      return await run();
    } finally {
      await usage.finishRun(decisionId);
    }
  }

  /** Asks the model, with one more try when the answer is malformed or scores nothing usable. */
  function recommend(
    userId: number,
    model: AiModelClient,
    input: AiRequestInput,
    scale: { min: number; max: number },
    language: Language,
  ) {
    const prompt = buildPrompt({ ...input, scale, language });
    // AI mode leaves measured criteria to the user (issue 31): the model never scores them.
    const measured = new Set(
      input.criteria.flatMap((criterion, index) => (criterion.kind === 'measure' ? [index] : [])),
    );
    const context = {
      optionCount: input.options.length,
      criterionCount: input.criteria.length,
      scale,
      measured,
    };
    return askCounted(userId, async () => {
      const answer = await model.generate(prompt, { schema: modelAnswerSchema, name: 'recommendations' });
      const result = normaliseRecommendations(answer, context);
      if (result.scoredCells === 0) throw new MalformedAnswerError('no usable cell');
      return { recommendations: result.recommendations, missing: result.missing };
    });
  }

  return {
    /**
     * Whether this caller may use the AI at all: set up on this server, and the caller's address
     * confirmed, so free throwaway accounts cannot spend the installation's budget.
     */
    assertMayCall(user: Pick<UserRow, 'email_verified_at'>): void {
      requireClient();
      if (user.email_verified_at === null) throw new AppError('EMAIL_NOT_CONFIRMED');
    },

    status(): AiStatus {
      return config.provider
        ? { available: true, provider: config.provider.provider, model: config.provider.model }
        : { available: false };
    },

    /**
     * Suggestions while setting up (issue 18): nothing stored, the same limits as every AI call, one
     * more try on a malformed answer. An answer that only repeats what is there gives empty lists.
     */
    async suggest(
      userId: number,
      input: AiSuggestionsInput,
      language: Language,
    ): Promise<AiSuggestionsResponse> {
      const model = requireClient();
      await admitRequest(userId);
      const limit = LIMITS.ai.suggestionsMax;
      const prompt = buildSuggestionsPrompt({ ...input, limit, language });
      return askCounted(userId, async () => {
        const answer = await model.generate(prompt, { schema: suggestionsAnswerSchema, name: 'suggestions' });
        return normaliseSuggestions(answer, input, limit);
      });
    },

    /** Personal decisions: scores on the 1–10 grid, nothing stored (the user edits, then saves). */
    async recommendPersonal(userId: number, input: AiRequestInput, language: Language) {
      const model = requireClient();
      await admitRequest(userId);
      return recommend(userId, model, input, LIMITS.scales.personal, language);
    },

    /**
     * A team decision's AI opinion (issue 18; owner and admin, manual mode): the model scores every
     * cell of the stored matrix, with the criteria's anchors; stored apart from the votes, replacing
     * the previous run. One AI run at a time per decision, and the caller's usual AI limits.
     */
    async askOpinion(access: DecisionAccess, language: Language) {
      const model = requireClient();
      const { decision } = access;
      const { options, criteria } = await decisionsService.details(access);
      if (!options.length || !criteria.length) throw new AppError('NOTHING_TO_SCORE');
      return withDecisionRun(access, async () => {
        const input: AiRequestInput = {
          decisionName: decision.name,
          description: decision.description,
          options,
          criteria: criteria.map((criterion) => ({
            ...criterion,
            direction: criterion.direction ?? undefined,
            anchors: storedAnchorsOf(criterion),
          })),
        };
        const result = await recommend(access.userId, model, input, scaleOfDecision(decision.type), language);
        const cells = result.recommendations.flatMap((recommendation) =>
          recommendation.bewertungen.map((cell) => ({
            option_id: options[recommendation.option_index]!.id,
            criterion_id: criteria[cell.criterion_index]!.id,
            value: cell.value,
            explanation: cell.explanation || null,
          })),
        );
        return decisionsService.saveAiOpinion(access, cells);
      });
    },

    /**
     * Team decisions (owner/admin, not locked): one run at a time per decision. The sent lists are
     * saved together with the AI cells in one transaction, so a failure saves nothing.
     */
    async recommendTeam(access: DecisionAccess, input: AiRequestInput, language: Language) {
      const model = requireClient();
      const { decision } = access;
      const decisionInput = {
        name: input.decisionName,
        description: input.description,
        options: input.options,
        criteria: input.criteria,
      };
      await decisionsService.assertValidUpdate(access.decision, decisionInput);

      return withDecisionRun(access, async () => {
        const { criteria: storedCriteria } = await decisionsService.details(access);
        const result = await recommend(
          access.userId,
          model,
          { ...input, criteria: withStoredAnchors(input.criteria, storedCriteria) },
          scaleOfDecision(decision.type),
          language,
        );
        const cells = result.recommendations.flatMap((recommendation) =>
          recommendation.bewertungen.map((cell) => ({
            option_index: recommendation.option_index,
            criterion_index: cell.criterion_index,
            value: cell.value,
            explanation: cell.explanation || null,
          })),
        );
        const completed = await decisionsService.completeWithAi(access, decisionInput, cells);
        await announceVotingEnded(completed.id);
        return result;
      });
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;

import { z } from 'zod';
import type {
  AiRecommendation,
  AiRecommendationResponse,
  AiSuggestionsResponse,
} from '../../../shared/api/ai.ts';
import { oneLinePlainText } from '../../../shared/api/text.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { nameKey } from '../../../shared/names.ts';

/**
 * What the model is asked for (SPEC.md section 3). Deliberately loose on numbers: fractional or
 * out-of-range values and unknown indexes are repaired or skipped by `normaliseRecommendations`
 * instead of failing the whole answer. Unknown fields are stripped by zod.
 */
export const modelAnswerSchema = z.object({
  recommendations: z.array(
    z.object({
      option_index: z.number().describe('0-based position of the option in the options list'),
      bewertungen: z.array(
        z.object({
          criterion_index: z.number().describe('0-based position of the criterion in the criteria list'),
          value: z.number().describe('whole-number score on the requested scale'),
          explanation: z.string().describe('one sentence explaining the score'),
        }),
      ),
    }),
  ),
});

export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

export interface NormaliseContext {
  optionCount: number;
  criterionCount: number;
  scale: { min: number; max: number };
  /** Positions of measured criteria (issue 31): left to the user, never scored, never missing. */
  measured?: ReadonlySet<number>;
}

/**
 * One line, trimmed, cut at a word boundary to a sane length. Without what single-line texts
 * refuse (bidi overrides, zero-width spaces, …): a suggestion must be savable as it is shown.
 */
export function tidyExplanation(text: string, max: number = LIMITS.ai.explanationMax): string {
  const flat = oneLinePlainText(text);
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function isIndex(value: number, count: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < count;
}

/**
 * Makes a model answer safe to show and store: values rounded and clamped to the scale, index -1
 * and unknown or repeated cells skipped (the first answer for a cell wins), reasons tidied, and
 * every unscored cell listed in `missing`.
 */
export function normaliseRecommendations(answer: ModelAnswer, context: NormaliseContext) {
  const { optionCount, criterionCount, scale } = context;
  const measured = context.measured ?? new Set<number>();
  const cells = new Map<string, AiRecommendation['bewertungen'][number]>();
  for (const recommendation of answer.recommendations) {
    if (!isIndex(recommendation.option_index, optionCount)) continue;
    for (const cell of recommendation.bewertungen) {
      if (!isIndex(cell.criterion_index, criterionCount) || !Number.isFinite(cell.value)) continue;
      if (measured.has(cell.criterion_index)) continue;
      const key = `${recommendation.option_index}:${cell.criterion_index}`;
      if (cells.has(key)) continue;
      cells.set(key, {
        criterion_index: cell.criterion_index,
        value: Math.min(scale.max, Math.max(scale.min, Math.round(cell.value))),
        explanation: tidyExplanation(cell.explanation),
      });
    }
  }

  const recommendations: AiRecommendation[] = [];
  const missing: AiRecommendationResponse['missing'] = [];
  for (let option_index = 0; option_index < optionCount; option_index++) {
    const bewertungen: AiRecommendation['bewertungen'] = [];
    for (let criterion_index = 0; criterion_index < criterionCount; criterion_index++) {
      if (measured.has(criterion_index)) continue;
      const cell = cells.get(`${option_index}:${criterion_index}`);
      if (cell) bewertungen.push(cell);
      else missing.push({ option_index, criterion_index });
    }
    if (bewertungen.length) recommendations.push({ option_index, bewertungen });
  }
  return { recommendations, missing, scoredCells: cells.size } satisfies AiRecommendationResponse & {
    scoredCells: number;
  };
}

/** What the model is asked for by the suggestions call; loose on numbers like the scoring answer. */
export const suggestionsAnswerSchema = z.object({
  options: z.array(z.object({ name: z.string(), reason: z.string() })),
  criteria: z.array(
    z.object({
      name: z.string(),
      importance: z.number().describe('1 to 100: how much the criterion should count'),
      reason: z.string(),
    }),
  ),
});

export type SuggestionsAnswer = z.infer<typeof suggestionsAnswerSchema>;

/**
 * Makes suggestions safe to show: names tidied to one line within the name limits, empty ones and any
 * already in the lists (or suggested twice) dropped, at most `limit` of each, importances rounded into
 * 1–100, reasons tidied.
 */
export function normaliseSuggestions(
  answer: SuggestionsAnswer,
  existing: { options: readonly { name: string }[]; criteria: readonly { name: string }[] },
  limit: number,
): AiSuggestionsResponse {
  // In the model's order: the first of two names that differ only in case or spaces wins.
  const pick = <T extends { name: string; reason: string }>(
    suggestions: readonly T[],
    present: readonly { name: string }[],
    maxName: number,
  ): T[] => {
    const seen = new Set(present.map((entry) => nameKey(entry.name)));
    const picked: T[] = [];
    for (const suggestion of suggestions) {
      const name = tidyExplanation(suggestion.name, maxName);
      if (!name || seen.has(nameKey(name)) || picked.length >= limit) continue;
      seen.add(nameKey(name));
      picked.push({ ...suggestion, name, reason: tidyExplanation(suggestion.reason) });
    }
    return picked;
  };
  return {
    options: pick(answer.options, existing.options, LIMITS.decision.optionNameMax).map(
      ({ name, reason }) => ({ name, reason }),
    ),
    criteria: pick(answer.criteria, existing.criteria, LIMITS.decision.criterionNameMax).map(
      ({ name, reason, importance }) => ({
        name,
        reason,
        importance: Number.isFinite(importance) ? Math.min(100, Math.max(1, Math.round(importance))) : 1,
      }),
    ),
  };
}

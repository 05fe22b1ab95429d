import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  criterionKindSchema,
  decisionModeSchema,
  measureDirectionSchema,
  personalTypeSchema,
  type CreateDecisionRequest,
  type DecisionDetails,
} from '../../../shared/api/decisions.ts';
import { multiLineText, singleLineText } from '../../../shared/api/text.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { countedPersonalCells, type RankedOption } from '../../../shared/scoring/personal.ts';
import { cellKey, cellValueOf, isInvalidCell, newRowKey, rankScoreGrid } from '../../lib/matrix-model.ts';
import type { FilledTemplate } from '../templates/filled-template.ts';
import {
  formMeasuredScores,
  isInvalidMeasure,
  measuredFieldsOf,
  measuredRequest,
  parseMeasure,
  scoreCriterionFields,
  type MeasuredFields,
} from './measured-criteria.ts';
import {
  mustHaveAndAnchorsOf,
  mustHaveAndAnchorsRequest,
  mustHaveAndAnchorsSchema,
  refineMinimums,
  noMustHaveOrAnchors,
  type MustHaveAndAnchors,
} from './must-have-and-anchors.ts';

const { decision: D, scales } = LIMITS;
export const PERSONAL_SCALE = scales.personal;

export interface OptionFormRow {
  /** Stable key of the row while editing; score cells are keyed by it. */
  rowKey: string;
  /** The stored option's id, sent back so its evaluations and comments stay attached. */
  optionId: number | null;
  name: string;
  /** The name the AI suggested, for a row added from a suggestion (marked until renamed). */
  suggestedName?: string;
}

export interface CriterionFormRow extends MustHaveAndAnchors, MeasuredFields {
  rowKey: string;
  criterionId: number | null;
  name: string;
  importance: string;
  /** The importance is the guided flow's proposal by rank (not typed): it follows the row's rank. */
  isImportanceProposed?: boolean;
  suggestedName?: string;
}

export interface DecisionFormValues {
  name: string;
  description: string;
  mode: 'manual' | 'ai';
  type: 'private' | 'public';
  options: OptionFormRow[];
  criteria: CriterionFormRow[];
  /** Cell text by `cellKey(option rowKey, criterion rowKey)`; empty means "not scored" and is not sent. */
  scores: Record<string, string>;
  /** Stored explanations (e.g. AI reasons) travel back unchanged with their cells. */
  explanations: Record<string, string | null>;
  /**
   * AI mode: what the AI proposed per cell, kept beside the value the user may change and saved with
   * it (`ai_value`, `ai_explanation`), so the details can show "AI: 7" where the user saw it otherwise.
   */
  aiProposals: Record<string, AiProposal>;
}

export interface AiProposal {
  value: number;
  explanation: string | null;
}

export function emptyOption(): OptionFormRow {
  return { rowKey: newRowKey(), optionId: null, name: '' };
}

export function emptyCriterion(): CriterionFormRow {
  return {
    rowKey: newRowKey(),
    criterionId: null,
    name: '',
    importance: '',
    ...noMustHaveOrAnchors(),
    ...scoreCriterionFields(),
  };
}

export function emptyDecisionForm(): DecisionFormValues {
  return {
    name: '',
    description: '',
    mode: 'manual',
    type: 'private',
    options: [emptyOption(), emptyOption()],
    criteria: [emptyCriterion()],
    scores: {},
    explanations: {},
    aiProposals: {},
  };
}

const requiredName = (max: number) => singleLineText(max).min(1, 'validation.required');

// Messages are i18n keys. A missing field ("validation.required") triggers SPEC's fill-out-all-fields alert.
export const decisionFormSchema = z
  .object({
    name: requiredName(D.nameMax),
    description: multiLineText(D.descriptionMax),
    mode: decisionModeSchema,
    type: personalTypeSchema,
    options: z
      .array(
        z.object({
          rowKey: z.string(),
          optionId: z.number().nullable(),
          name: requiredName(D.optionNameMax),
          suggestedName: z.string().optional(),
        }),
      )
      .min(1, 'validation.required')
      .max(D.maxOptions, 'validation.tooMany'),
    criteria: z
      .array(
        z.object({
          rowKey: z.string(),
          criterionId: z.number().nullable(),
          name: requiredName(D.criterionNameMax),
          suggestedName: z.string().optional(),
          isImportanceProposed: z.boolean().optional(),
          importance: z
            .string()
            .trim()
            .min(1, 'validation.required')
            .refine((value) => {
              const importance = Number(value);
              return (
                Number.isFinite(importance) &&
                importance >= D.importance.min &&
                importance <= D.importance.max
              );
            }, 'validation.importanceRange'),
          ...mustHaveAndAnchorsSchema().shape,
          kind: criterionKindSchema,
          unit: z.string().trim().max(D.unitMax, 'validation.unitLength'),
          direction: measureDirectionSchema,
          worst: z.string().refine((value) => !isInvalidMeasure(value), 'validation.number'),
          best: z.string().refine((value) => !isInvalidMeasure(value), 'validation.number'),
        }),
      )
      .min(1, 'validation.required')
      .max(D.maxCriteria, 'validation.tooMany')
      .superRefine(refineMinimums(PERSONAL_SCALE)),
    scores: z.record(z.string(), z.string()),
    explanations: z.record(z.string(), z.string().nullable()),
    aiProposals: z.record(z.string(), z.object({ value: z.number(), explanation: z.string().nullable() })),
  })
  .superRefine((values, context) => {
    // Only cells of the current rows count; values of removed rows are left behind and ignored.
    for (const option of values.options) {
      for (const criterion of values.criteria) {
        const key = cellKey(option.rowKey, criterion.rowKey);
        // A measured criterion's cell holds a raw value in its unit, any number (issue 31).
        const isInvalid =
          criterion.kind === 'measure'
            ? isInvalidMeasure(values.scores[key])
            : isInvalidCell(values.scores[key], PERSONAL_SCALE);
        if (isInvalid) {
          context.addIssue({ code: 'custom', path: ['scores', key], message: 'validation.valueRange' });
        }
      }
    }
  });

export function importanceOf(raw: string): number {
  const importance = Number(raw);
  return raw.trim() !== '' && Number.isFinite(importance) ? importance : 0;
}

/**
 * Live ranking of the form: options and criteria are identified by their position; an option with a
 * score off the 1–10 scale has no total (null) until it is corrected, and one below a must-have
 * minimum is knocked out of the top, as on the server.
 */
export function rankFormValues(
  options: readonly Pick<OptionFormRow, 'rowKey'>[],
  criteria: readonly (Pick<CriterionFormRow, 'rowKey' | 'importance' | 'minimum'> &
    Partial<MeasuredFields>)[],
  scores: Readonly<Record<string, string>>,
): RankedOption[] {
  const measured = formMeasuredScores(
    options,
    criteria.map((criterion) => ({ ...scoreCriterionFields(), ...criterion })),
    scores,
    PERSONAL_SCALE,
  );
  return rankScoreGrid(
    options.length,
    criteria.map((criterion) => importanceOf(criterion.importance)),
    (row, column) => {
      const key = cellKey(options[row]!.rowKey, criteria[column]!.rowKey);
      return criteria[column]!.kind === 'measure' ? measured.get(key) : scores[key];
    },
    PERSONAL_SCALE,
    // A measured criterion's must-have is in its unit: the server applies it on save.
    criteria.map((criterion) => (criterion.kind === 'measure' ? null : criterion.minimum)),
  );
}

type CellRequest = NonNullable<CreateDecisionRequest['evaluations']>[number];

/** The body of POST and PUT /api/decision: one call saves everything in one transaction. */
export function toDecisionRequest(values: DecisionFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    mode: values.mode,
    type: values.type,
    options: values.options.map((option) => ({
      ...(option.optionId === null ? {} : { id: option.optionId }),
      name: option.name.trim(),
    })),
    criteria: values.criteria.map((criterion) => ({
      ...(criterion.criterionId === null ? {} : { id: criterion.criterionId }),
      name: criterion.name.trim(),
      importance: importanceOf(criterion.importance),
      ...mustHaveAndAnchorsRequest(criterion),
      ...measuredRequest(criterion),
    })),
    evaluations: values.options.flatMap((option, option_index) =>
      values.criteria.flatMap((criterion, criterion_index): CellRequest[] => {
        const key = cellKey(option.rowKey, criterion.rowKey);
        if (criterion.kind === 'measure') {
          const measure = parseMeasure(values.scores[key]);
          if (measure === null) return [];
          return [{ option_index, criterion_index, measure, explanation: values.explanations[key] ?? null }];
        }
        const value = cellValueOf(values.scores[key], PERSONAL_SCALE);
        const proposal = values.aiProposals[key];
        if (value === null) return [];
        const cell = { option_index, criterion_index, value, explanation: values.explanations[key] ?? null };
        return [
          proposal ? { ...cell, ai_value: proposal.value, ai_explanation: proposal.explanation } : cell,
        ];
      }),
    ),
  } satisfies CreateDecisionRequest;
}

/** The scores that count for a personal decision: the owner's own and AI-generated ones (as on the server). */
export function ownerEvaluations(details: DecisionDetails) {
  return countedPersonalCells(details.evaluations, details.decision.user_id);
}

export function formValuesOf(details: DecisionDetails): DecisionFormValues {
  const options = details.options.map((option) => ({
    rowKey: newRowKey(),
    optionId: option.id,
    name: option.name,
  }));
  const criteria = details.criteria.map((criterion) => ({
    rowKey: newRowKey(),
    criterionId: criterion.id,
    name: criterion.name,
    importance: String(criterion.importance),
    ...mustHaveAndAnchorsOf(criterion),
    ...measuredFieldsOf(criterion),
  }));
  const optionRowKeys = new Map(options.map((option) => [option.optionId, option.rowKey]));
  const criterionRowKeys = new Map(criteria.map((criterion) => [criterion.criterionId, criterion.rowKey]));
  const scores: Record<string, string> = {};
  const explanations: Record<string, string | null> = {};
  const aiProposals: Record<string, AiProposal> = {};
  for (const evaluation of ownerEvaluations(details)) {
    const optionRowKey = optionRowKeys.get(evaluation.option_id);
    const criterionRowKey = criterionRowKeys.get(evaluation.criterion_id);
    if (!optionRowKey || !criterionRowKey) continue;
    const key = cellKey(optionRowKey, criterionRowKey);
    // A measured cell is edited as its raw value (issue 31).
    scores[key] = String(evaluation.measure ?? evaluation.value);
    explanations[key] = evaluation.explanation;
    if (evaluation.ai_value !== null) {
      aiProposals[key] = { value: evaluation.ai_value, explanation: evaluation.ai_explanation };
    }
  }
  const { decision } = details;
  return {
    name: decision.name,
    description: decision.description,
    mode: decision.mode,
    type: decision.type === 'public' ? 'public' : 'private',
    options: options.length ? options : [emptyOption()],
    criteria: criteria.length ? criteria : [emptyCriterion()],
    scores,
    explanations,
    aiProposals,
  };
}

const EXAMPLE_OPTION_KEYS = ['city', 'suburb'] as const;
const EXAMPLE_CRITERIA = [
  { key: 'price', importance: 50 },
  { key: 'commute', importance: 30 },
  { key: 'space', importance: 20 },
] as const;

/**
 * SPEC's comparison demo: two options, three criteria weighted 50/30/20, sample scores; a live start.
 * Title and description are kept when typed, and so are the chosen mode and visibility.
 */
export function exampleDecisionForm(t: TFunction, current: DecisionFormValues): DecisionFormValues {
  const options = EXAMPLE_OPTION_KEYS.map((key) => ({
    rowKey: newRowKey(),
    optionId: null,
    name: t(`decisionForm.example.options.${key}`),
  }));
  const criteria = EXAMPLE_CRITERIA.map(({ key, importance }) => ({
    rowKey: newRowKey(),
    criterionId: null,
    name: t(`decisionForm.example.criteria.${key}`),
    importance: String(importance),
    ...noMustHaveOrAnchors(),
    ...scoreCriterionFields(),
  }));
  const sampleScores = [
    [6, 9, 5],
    [8, 5, 9],
  ];
  const scores: Record<string, string> = {};
  options.forEach((option, optionIndex) =>
    criteria.forEach((criterion, criterionIndex) => {
      scores[cellKey(option.rowKey, criterion.rowKey)] = String(sampleScores[optionIndex]![criterionIndex]);
    }),
  );
  return {
    ...current,
    name: current.name.trim() ? current.name : t('decisionForm.example.name'),
    description: current.description.trim() ? current.description : t('decisionForm.example.description'),
    options,
    criteria,
    scores,
    explanations: {},
    aiProposals: {},
  };
}

/**
 * Scores the user typed in the cells of the current rows, which an AI evaluation would replace: a
 * value the AI proposed itself (and the user kept) does not count, nor does an empty cell.
 */
export function handMadeScoreCount(
  values: Pick<DecisionFormValues, 'options' | 'criteria' | 'scores' | 'aiProposals'>,
): number {
  return values.options
    .flatMap((option) => values.criteria.map((criterion) => cellKey(option.rowKey, criterion.rowKey)))
    .filter((key) => {
      const value = cellValueOf(values.scores[key], PERSONAL_SCALE);
      return value !== null && value !== values.aiProposals[key]?.value;
    }).length;
}

/**
 * The AI's proposal to show beside a cell: only where the value that counts differs from it (a value
 * the user kept says the same thing once). null otherwise.
 */
export function changedAiProposal(
  value: number | null,
  proposal: AiProposal | null | undefined,
): AiProposal | null {
  return proposal && value !== null && value !== proposal.value ? proposal : null;
}

/**
 * A template in the form: title, description, its example options (else two empty rows) and its
 * criteria with weights and anchors. Scores and reasons start empty; mode and visibility are kept.
 */
export function templateDecisionForm(
  template: FilledTemplate,
  current: DecisionFormValues,
): DecisionFormValues {
  const keepsRest = template.criteriaOnly === true;
  return {
    ...current,
    name: keepsRest ? current.name : template.name,
    description: keepsRest ? current.description : template.description,
    options: keepsRest
      ? current.options
      : template.options.length
        ? template.options.map((name) => ({ ...emptyOption(), name }))
        : [emptyOption(), emptyOption()],
    criteria: template.criteria.map((criterion) => ({
      ...emptyCriterion(),
      name: criterion.name,
      importance: String(criterion.weight),
      minimum: criterion.minimum ?? null,
      anchors: { ...criterion.anchors },
    })),
    scores: {},
    explanations: {},
    aiProposals: {},
  };
}

/** Whether choosing a template or the example would replace something the user typed. */
export function hasDecisionContent(values: DecisionFormValues): boolean {
  return (
    Boolean(values.name.trim() || values.description.trim()) ||
    values.options.some((option) => option.name.trim()) ||
    values.criteria.some((criterion) => criterion.name.trim()) ||
    Object.values(values.scores).some(Boolean)
  );
}

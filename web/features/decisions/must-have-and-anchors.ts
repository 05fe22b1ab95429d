import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  criterionAnchorsSchema,
  criterionMinimumSchema,
  type Criterion,
  type CriterionAnchors,
} from '../../../shared/api/decisions.ts';
import type { CriterionKind } from '../../../shared/scoring/measure.ts';
import type { Scale } from '../../lib/matrix-model.ts';
import { scaleAnchorsText } from '../../lib/scale-anchors.ts';

/**
 * A criterion's must-have minimum and scale anchors (issue 17) as the criteria editors hold them:
 * the minimum as a number or null (none), both anchors as typed text ("" when unused).
 */
export interface MustHaveAndAnchors {
  minimum: number | null;
  anchors: CriterionAnchors;
}

export function noMustHaveOrAnchors(): MustHaveAndAnchors {
  return { minimum: null, anchors: { low: '', high: '' } };
}

/** The editor's values of a stored criterion. */
export function mustHaveAndAnchorsOf(criterion: Pick<Criterion, 'minimum' | 'anchors'>): MustHaveAndAnchors {
  return {
    minimum: criterion.minimum,
    anchors: { low: criterion.anchors?.low ?? '', high: criterion.anchors?.high ?? '' },
  };
}

/**
 * The request fields: always sent (a measured criterion's anchors as null), so a cleared minimum (null) or cleared anchors (null) really
 * clear what is stored; the server keeps the stored ones only when the fields are absent.
 */
export function mustHaveAndAnchorsRequest(
  values: Partial<MustHaveAndAnchors> & { kind?: CriterionKind | undefined },
) {
  // A measured criterion has no scale labels: its score follows from the values (issue 31).
  const isMeasured = values.kind === 'measure';
  const low = isMeasured ? '' : (values.anchors?.low.trim() ?? '');
  const high = isMeasured ? '' : (values.anchors?.high.trim() ?? '');
  return {
    minimum: values.minimum ?? null,
    anchors: low || high ? { low, high } : null,
  };
}

/** The first message (an i18n key) the schema has for the value, or undefined when it passes. */
function firstProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * The minimum by the server's schema, or none: a score criterion's a whole number on the decision's
 * scale, a measured criterion's (issue 31) any number in its unit.
 */
export function minimumProblem(
  minimum: number | null | undefined,
  scale: Scale,
  kind: CriterionKind = 'score',
): string | undefined {
  const problem = firstProblem(criterionMinimumSchema, minimum);
  if (problem || kind === 'measure') return problem;
  // A score criterion's must-have is a whole number on the scale (a measured one's is in its unit).
  return minimum !== null &&
    minimum !== undefined &&
    (!Number.isInteger(minimum) || minimum < scale.min || minimum > scale.max)
    ? 'validation.minimumRange'
    : undefined;
}

export function anchorProblem(text: string | undefined): string | undefined {
  return firstProblem(criterionAnchorsSchema, { low: text ?? '', high: '' });
}

/**
 * The form schema of both fields, checked by the shared schemas the server applies; the values keep
 * their editing shape. Whether the minimum is on the scale depends on the row's kind: the list of
 * rows checks it with `refineMinimums`.
 */
export function mustHaveAndAnchorsSchema() {
  const checkedText = z.string().superRefine((text, context) => {
    const problem = anchorProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
  return z.object({
    minimum: z
      .number()
      .nullable()
      .superRefine((minimum, context) => {
        const problem = firstProblem(criterionMinimumSchema, minimum);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    anchors: z.object({ low: checkedText, high: checkedText }),
  });
}

/**
 * The check of a list of criteria rows' minimums by kind: a score criterion's on the decision's scale
 * (issue 17), a measured one's in its unit (issue 31). Issues name `<row>.minimum`.
 */
export function refineMinimums(scale: Scale) {
  return (
    rows: readonly { minimum: number | null; kind?: CriterionKind | undefined }[],
    context: z.core.$RefinementCtx,
  ) => {
    rows.forEach((row, index) => {
      const problem = minimumProblem(row.minimum, scale, row.kind ?? 'score');
      if (problem) context.addIssue({ code: 'custom', path: [index, 'minimum'], message: problem });
    });
  };
}

/**
 * A grid column's anchors as its header's description: the text and the id the column's inputs
 * name in aria-describedby, so screen readers hear it with every cell; null without anchors.
 */
export function scaleAnchorsDescription(
  t: TFunction,
  anchors: CriterionAnchors | null | undefined,
  scale: Scale,
  id: string,
): { id: string; text: string } | null {
  const text = scaleAnchorsText(t, anchors, scale);
  return text === null ? null : { id, text };
}

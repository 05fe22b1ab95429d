import { z } from 'zod';
import type { CreateTeamDecisionRequest } from '../../../shared/api/team.ts';
import { createTeamDecisionRequestSchema } from '../../../shared/api/team.ts';
import { LIMITS } from '../../../shared/limits.ts';
import {
  mustHaveAndAnchorsRequest,
  mustHaveAndAnchorsSchema,
  refineMinimums,
  noMustHaveOrAnchors,
} from '../decisions/must-have-and-anchors.ts';
import type { FilledTemplate } from '../templates/filled-template.ts';
import { dateTimeLocalToIso, isDeadlineTooSoon } from './deadline.ts';
import { duplicateRows, measuredRowRequest, newRow, savableRows } from './name-rows.ts';

export const TEAM_SCALE = LIMITS.scales.team;

const nameRowSchema = z.object({
  key: z.string(),
  id: z.number().optional(),
  name: z.string(),
  importance: z.number().optional(),
  suggestedName: z.string().optional(),
});

// Criteria carry a must-have and anchors, checked by the server's schemas (on the team's 0–10 scale).
const criterionRowSchema = nameRowSchema.extend({
  ...mustHaveAndAnchorsSchema().shape,
  // Issue 31: scored by votes, or measured from facts.
  kind: z.enum(['score', 'measure']).optional(),
  unit: z.string().max(LIMITS.decision.unitMax, 'validation.unitLength').optional(),
  direction: z.enum(['higher', 'lower']).optional(),
  worst: z.string().optional(),
  best: z.string().optional(),
});

// The server's rules for title, description and mode; the deadline is checked as typed (local time).
export const newTeamDecisionFormSchema = createTeamDecisionRequestSchema
  .pick({ name: true, description: true, mode: true, results_visibility: true })
  .extend({
    /** The datetime-local value, "" for no deadline. */
    deadline: z.string().superRefine((value, context) => {
      const timer = dateTimeLocalToIso(value);
      if (value && !timer) context.addIssue({ code: 'custom', message: 'team.deadlineInvalid' });
      else if (timer && isDeadlineTooSoon(timer, Date.now()))
        context.addIssue({ code: 'custom', message: 'team.deadlineTooSoon' });
    }),
    options: z.array(nameRowSchema),
    criteria: z.array(criterionRowSchema).superRefine(refineMinimums(TEAM_SCALE)),
  });

export type NewTeamDecisionValues = z.input<typeof newTeamDecisionFormSchema>;

/** A new team decision: two empty options and one empty criterion to start from. */
export function emptyNewTeamDecision(): NewTeamDecisionValues {
  return {
    name: '',
    description: '',
    mode: 'manual',
    results_visibility: 'always',
    deadline: '',
    options: [newRow(), newRow()],
    criteria: [{ ...newRow(), ...noMustHaveOrAnchors() }],
  };
}

/** A repeated option or criterion name blocks "Continue". */
export function hasDuplicateNames(values: Pick<NewTeamDecisionValues, 'options' | 'criteria'>): boolean {
  return duplicateRows(values.options).size > 0 || duplicateRows(values.criteria).size > 0;
}

export function createRequestFrom(values: NewTeamDecisionValues): CreateTeamDecisionRequest {
  return {
    name: values.name.trim(),
    description: values.description,
    mode: values.mode,
    results_visibility: values.results_visibility,
    timer: dateTimeLocalToIso(values.deadline),
    type: 'team',
    options: savableRows(values.options).map((row) => ({ name: row.name })),
    // Blank rows are dropped; with all criteria blank an empty list is sent (SPEC.md section 5).
    // A template's weights go along as the default weights until members weight.
    criteria: savableRows(values.criteria).map((row) => ({
      name: row.name,
      ...(row.importance === undefined ? {} : { importance: row.importance }),
      ...mustHaveAndAnchorsRequest(row),
      ...measuredRowRequest(row),
    })),
  };
}

/** A template replaces title, description and lists; mode, deadline and visibility stay. */
export function withTemplate(values: NewTeamDecisionValues, template: FilledTemplate): NewTeamDecisionValues {
  // A workspace's criteria set (issue 29) fills the criteria only.
  const keepsRest = template.criteriaOnly === true;
  return {
    ...values,
    name: keepsRest ? values.name : template.name,
    description: keepsRest ? values.description : template.description,
    options: keepsRest
      ? values.options
      : template.options.length
        ? template.options.map((name) => newRow({ name }))
        : [newRow(), newRow()],
    criteria: template.criteria.map((criterion) => ({
      ...newRow({ name: criterion.name, importance: criterion.weight }),
      minimum: criterion.minimum ?? null,
      anchors: criterion.anchors,
    })),
  };
}

/** Whether a template would replace something typed (the picker then asks first). */
export function hasTypedContent(values: NewTeamDecisionValues): boolean {
  return (
    Boolean(values.name.trim() || values.description?.trim()) ||
    [...values.options, ...values.criteria].some((row) => row.name.trim())
  );
}

/** A workspace the new decision can belong to: only where the caller is owner or admin (issue 29). */
export interface WorkspaceOption {
  id: number;
  name: string;
  member_count: number;
}

export function workspaceOptionsOf(
  workspaces: readonly (WorkspaceOption & { role: string })[] | undefined,
): WorkspaceOption[] {
  return (workspaces ?? [])
    .filter((workspace) => workspace.role === 'owner' || workspace.role === 'admin')
    .map(({ id, name, member_count }) => ({ id, name, member_count }));
}

/**
 * The select's first value: the workspace chosen in the navbar's switcher when the caller may create
 * decisions there, else none.
 */
export function preselectedWorkspaceId(
  switcherChoice: 'personal' | number,
  options: readonly WorkspaceOption[],
): number | null {
  return switcherChoice !== 'personal' && options.some((option) => option.id === switcherChoice)
    ? switcherChoice
    : null;
}

import type { Scale } from '../../lib/matrix-model.ts';
import type { FilledTemplate } from '../templates/filled-template.ts';
import type { CriteriaSet, CriteriaSetRequest, WorkspaceListItem } from './workspaces-api.ts';

/** A criterion as the set editor and the decision forms hold it (importance may be typed text). */
export interface CriterionDraft {
  name: string;
  importance?: number | string | undefined;
  minimum?: number | null | undefined;
  anchors?: { low: string; high: string } | null | undefined;
}

function importanceOf(value: number | string | undefined): number {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').replace(',', '.'));
  return Number.isFinite(number) && String(value ?? '').trim() !== '' ? number : 0;
}

/**
 * The request's criteria from rows as typed: blank names dropped, importance as a number (0 when
 * empty), a minimum only when set, anchors only when one end has text.
 */
export function criteriaSetCriteriaOf(rows: readonly CriterionDraft[]): CriteriaSetRequest['criteria'] {
  return rows
    .filter((row) => row.name.trim() !== '')
    .map((row) => {
      const low = row.anchors?.low.trim() ?? '';
      const high = row.anchors?.high.trim() ?? '';
      return {
        name: row.name.trim(),
        importance: importanceOf(row.importance),
        minimum: row.minimum ?? null,
        anchors: low || high ? { low, high } : null,
      };
    });
}

/**
 * A shared set as a template for a decision form: its name, no description or options, each
 * criterion with its weight, minimum (only where the decision's scale has it) and anchors.
 */
export function templateOfCriteriaSet(
  set: Pick<CriteriaSet, 'name' | 'criteria'>,
  scale: Scale,
): FilledTemplate {
  return {
    name: set.name,
    description: '',
    options: [],
    criteriaOnly: true,
    criteria: set.criteria.map((criterion) => ({
      name: criterion.name,
      weight: criterion.importance,
      minimum:
        criterion.minimum !== null && criterion.minimum >= scale.min && criterion.minimum <= scale.max
          ? criterion.minimum
          : null,
      anchors: { low: criterion.anchors?.low ?? '', high: criterion.anchors?.high ?? '' },
    })),
  };
}

export interface CriteriaSetGroup {
  workspaceId: number;
  workspaceName: string;
  sets: CriteriaSet[];
}

/**
 * The template dialog's workspace groups: each workspace with its sets, in the order of the list,
 * workspaces without sets (or whose sets have not arrived) left out.
 */
export function groupCriteriaSets(
  workspaces: readonly Pick<WorkspaceListItem, 'id' | 'name'>[],
  setsOf: (workspaceId: number) => readonly CriteriaSet[] | undefined,
): CriteriaSetGroup[] {
  return workspaces
    .map((workspace) => ({
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      sets: [...(setsOf(workspace.id) ?? [])],
    }))
    .filter((group) => group.sets.length > 0);
}

/** Radio values of the dialog: built-in templates keep their ids, shared sets are "set:<id>". */
export function criteriaSetChoice(setId: number): string {
  return `set:${setId}`;
}

export function criteriaSetIdOf(choice: string): number | null {
  const match = /^set:(\d+)$/.exec(choice);
  return match ? Number(match[1]) : null;
}

import {
  importedFactsOf,
  type ImportPreview,
  type ImportTarget,
} from '../../../shared/api/decision-import.ts';
import type { CreateDecisionRequest } from '../../../shared/api/decisions.ts';
import type { CreateTeamDecisionRequest, TeamEditRequest } from '../../../shared/api/team.ts';

/** One criterion column of the preview: how the import read it. */
export interface PreviewColumn {
  name: string;
  importance: number;
  measure: { unit: string; direction: 'higher' | 'lower'; worst?: number; best?: number } | null;
}

/** One cell of the preview: the number read, or null for a cell left empty (blank or unreadable). */
export interface PreviewCell {
  value: number | null;
  /** The unit of a measured column, shown beside the raw value. */
  unit: string | null;
}

export interface PreviewRow {
  name: string;
  cells: PreviewCell[];
}

export function previewColumns(preview: ImportPreview): PreviewColumn[] {
  return preview.criteria.map((criterion) => ({
    name: criterion.name,
    importance: criterion.importance,
    measure:
      criterion.kind === 'measure'
        ? {
            unit: criterion.unit ?? '',
            direction: criterion.direction ?? 'higher',
            ...(criterion.worst === undefined ? {} : { worst: criterion.worst }),
            ...(criterion.best === undefined ? {} : { best: criterion.best }),
          }
        : null,
  }));
}

/** Options × criteria as read: each cell's number (score or raw value) or null. */
export function previewRows(preview: ImportPreview): PreviewRow[] {
  const cells = new Map<string, number>();
  for (const evaluation of preview.evaluations) {
    const value = 'measure' in evaluation ? evaluation.measure : evaluation.value;
    cells.set(`${evaluation.option_index}:${evaluation.criterion_index}`, value);
  }
  return preview.options.map((name, optionIndex) => ({
    name,
    cells: preview.criteria.map((criterion, criterionIndex) => ({
      value: cells.get(`${optionIndex}:${criterionIndex}`) ?? null,
      unit: criterion.kind === 'measure' ? (criterion.unit ?? '') : null,
    })),
  }));
}

/** A sheet column's letters as spreadsheets show them: 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** Whether a team import leaves score cells behind (members vote in team decisions). */
export function hasScoreValues(preview: ImportPreview): boolean {
  return preview.evaluations.some((evaluation) => 'value' in evaluation);
}

/** Whether a team import carries raw values of measured columns (saved as the decision's facts). */
export function hasMeasuredValues(preview: ImportPreview): boolean {
  return preview.evaluations.some((evaluation) => 'measure' in evaluation);
}

/** Criteria as the create calls take them: measured ones keep kind, unit, direction, worst and best. */
function criteriaOf(preview: ImportPreview) {
  return preview.criteria.map((criterion) => ({ ...criterion }));
}

/** POST /api/decision: the whole previewed decision in one request (one transaction on the server). */
export function personalCreateRequest(preview: ImportPreview, name: string): CreateDecisionRequest {
  return {
    name: name.trim(),
    type: 'private',
    options: [...preview.options],
    criteria: criteriaOf(preview),
    evaluations: preview.evaluations as CreateDecisionRequest['evaluations'],
  };
}

/** POST /api/team-decisions: options and criteria; members vote, so score cells stay behind. */
export function teamCreateRequest(preview: ImportPreview, name: string): CreateTeamDecisionRequest {
  return {
    name: name.trim(),
    options: preview.options.map((option) => ({ name: option })),
    criteria: criteriaOf(preview),
  };
}

/**
 * PUT /api/team-decisions/{id} right after the create: the measured columns' raw values as facts (the
 * same for every member), by position in the lists just created; null when there are none.
 */
export function teamFactsRequest(preview: ImportPreview): TeamEditRequest | null {
  const facts = importedFactsOf(preview);
  return facts.length ? { facts } : null;
}

export function previewPath(target: ImportTarget): string {
  return `/api/decision/import/preview${target === 'team' ? '?target=team' : ''}`;
}

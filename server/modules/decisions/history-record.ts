import type { Transaction } from 'kysely';
import type { HistoryChange, HistoryKind, StoredMatrix } from '../../../shared/api/history.ts';
import type { NoResultReason } from '../../../shared/scoring/decision-data.ts';
import type { Database } from '../../db/schema.ts';
import { toIsoString } from '../../db/values.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';

/** One history entry to write (issue 30); the history module's recorder inserts it. */
export interface HistoryRecord {
  decisionId: number;
  kind: HistoryKind;
  /** The user who acted; null for System (a job). */
  actorId: number | null;
  subjectId?: number | null | undefined;
  changes?: HistoryChange[] | undefined;
  /** Defaults to now; the deadline job passes the deadline. */
  at?: string | undefined;
  versionId?: number | null | undefined;
  /**
   * `voting_ended` without a leader: why there is no result. Not stored (the history tells only the
   * leader); the recorder passes it on to the webhooks outbox (issue 32), which reports it.
   */
  noResultReason?: NoResultReason | null | undefined;
}

/**
 * Writes history inside the caller's transaction: the history module's, handed in where the app is
 * wired, so this module imports nothing of `history` (which reads decisions through this front door).
 */
export interface HistoryRecorder {
  record(trx: Transaction<Database>, entries: readonly HistoryRecord[]): Promise<void>;
  /** Stores a personal decision's matrix after a save and answers the version's id. */
  recordVersion(trx: Transaction<Database>, decisionId: number, matrix: StoredMatrix): Promise<number>;
}

/** The matrix as stored now (options, criteria, and with `cells` every evaluation), read through `trx`. */
export async function readStoredMatrix(
  decisions: DecisionsRepo,
  decisionId: number,
  trx: Transaction<Database>,
  { cells }: { cells: boolean },
): Promise<StoredMatrix> {
  const [options, criteria, evaluations] = await Promise.all([
    decisions.listOptions(decisionId, trx),
    decisions.listCriteria(decisionId, trx),
    cells ? decisions.listEvaluations(decisionId, trx) : Promise.resolve([]),
  ]);
  return {
    options: options.map((option) => ({ id: option.id, name: option.name })),
    criteria: criteria.map((criterion) => ({
      id: criterion.id,
      name: criterion.name,
      importance: criterion.importance,
      minimum: criterion.minimum,
      anchors:
        criterion.anchor_low !== null || criterion.anchor_high !== null
          ? { low: criterion.anchor_low ?? '', high: criterion.anchor_high ?? '' }
          : null,
      kind: criterion.kind,
      unit: criterion.unit,
      direction: criterion.direction,
      worst: criterion.worst,
      best: criterion.best,
    })),
    evaluations: evaluations
      .map((row) => ({
        option_id: row.option_id,
        criterion_id: row.criterion_id,
        value: row.value,
        explanation: row.explanation,
        ai_value: row.ai_value,
        ai_explanation: row.ai_explanation,
        generated_by: row.generated_by,
        measure: row.measure,
      }))
      .sort((a, b) => a.option_id - b.option_id || a.criterion_id - b.criterion_id),
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What changed in the lists between two reads: per row added, removed, renamed, importance, minimum, anchors. */
export function diffLists(before: StoredMatrix, after: StoredMatrix) {
  const options: HistoryChange[] = [];
  const criteria: HistoryChange[] = [];
  const beforeOptions = new Map(before.options.map((row) => [row.id, row]));
  const afterOptionIds = new Set(after.options.map((row) => row.id));
  for (const row of after.options) {
    const item = { type: 'option' as const, id: row.id, name: row.name };
    const old = beforeOptions.get(row.id);
    if (!old) options.push({ field: 'added', from: null, to: row.name, item });
    else if (old.name !== row.name) options.push({ field: 'renamed', from: old.name, to: row.name, item });
  }
  for (const row of before.options) {
    if (!afterOptionIds.has(row.id))
      options.push({ field: 'removed', from: row.name, to: null, item: { type: 'option', ...row } });
  }
  const beforeCriteria = new Map(before.criteria.map((row) => [row.id, row]));
  const afterCriterionIds = new Set(after.criteria.map((row) => row.id));
  for (const row of after.criteria) {
    const item = { type: 'criterion' as const, id: row.id, name: row.name };
    const old = beforeCriteria.get(row.id);
    if (!old) {
      criteria.push({ field: 'added', from: null, to: row.name, item });
      continue;
    }
    if (old.name !== row.name) criteria.push({ field: 'renamed', from: old.name, to: row.name, item });
    if (old.importance !== row.importance)
      criteria.push({ field: 'importance', from: old.importance, to: row.importance, item });
    if (old.minimum !== row.minimum)
      criteria.push({ field: 'minimum', from: old.minimum, to: row.minimum, item });
    if (!sameJson(old.anchors, row.anchors))
      criteria.push({ field: 'anchors', from: old.anchors, to: row.anchors, item });
    // Issue 31: how a criterion is measured.
    for (const field of ['kind', 'unit', 'direction', 'worst', 'best'] as const) {
      if (old[field] !== row[field]) criteria.push({ field, from: old[field], to: row[field], item });
    }
  }
  for (const row of before.criteria) {
    if (!afterCriterionIds.has(row.id))
      criteria.push({
        field: 'removed',
        from: row.name,
        to: null,
        item: { type: 'criterion', id: row.id, name: row.name },
      });
  }
  return { options, criteria };
}

/** How many cells of a personal matrix got another value or explanation, or appeared or went. */
export function changedCells(before: StoredMatrix, after: StoredMatrix): number {
  const key = (cell: { option_id: number; criterion_id: number }) => `${cell.option_id}:${cell.criterion_id}`;
  const old = new Map(before.evaluations.map((cell) => [key(cell), cell]));
  let count = 0;
  for (const cell of after.evaluations) {
    const previous = old.get(key(cell));
    old.delete(key(cell));
    if (!previous || !sameJson(previous, cell)) count += 1;
  }
  // Cells of removed rows went with them: the list change says so already.
  const removedRows = new Set([
    ...before.options
      .filter((row) => !after.options.some((kept) => kept.id === row.id))
      .map((row) => `o${row.id}`),
    ...before.criteria
      .filter((row) => !after.criteria.some((kept) => kept.id === row.id))
      .map((row) => `c${row.id}`),
  ]);
  for (const cell of old.values()) {
    if (!removedRows.has(`o${cell.option_id}`) && !removedRows.has(`c${cell.criterion_id}`)) count += 1;
  }
  return count;
}

/** Fields of the decision row a save may change, as history changes (title, description, mode, visibility, deadline). */
export function diffDecisionRow(
  before: Pick<DecisionRow, 'name' | 'description' | 'mode' | 'type' | 'timer' | 'results_visibility'> | null,
  after: Pick<DecisionRow, 'name' | 'description' | 'mode' | 'type' | 'timer' | 'results_visibility'>,
) {
  const edited: HistoryChange[] = [];
  const entries: { kind: HistoryKind; changes: HistoryChange[] }[] = [];
  if (!before) return entries;
  if (before.name !== after.name) edited.push({ field: 'title', from: before.name, to: after.name });
  if (before.description !== after.description)
    edited.push({ field: 'description', from: before.description, to: after.description });
  if (edited.length) entries.push({ kind: 'edited', changes: edited });
  if (before.mode !== after.mode)
    entries.push({ kind: 'mode_changed', changes: [{ field: 'mode', from: before.mode, to: after.mode }] });
  const deadline = (timer: DecisionRow['timer']) => (timer === null ? null : toIsoString(timer));
  if (deadline(before.timer) !== deadline(after.timer))
    entries.push({
      kind: 'deadline_changed',
      changes: [{ field: 'deadline', from: deadline(before.timer), to: deadline(after.timer) }],
    });
  if (before.type !== after.type)
    entries.push({
      kind: 'visibility_changed',
      changes: [{ field: 'visibility', from: before.type, to: after.type }],
    });
  if (before.results_visibility !== after.results_visibility)
    entries.push({
      kind: 'visibility_changed',
      changes: [
        { field: 'results_visibility', from: before.results_visibility, to: after.results_visibility },
      ],
    });
  return entries;
}

/**
 * Records one save: the row's field changes, the list changes and (personal decisions) the changed
 * cells, all in one version of the matrix for personal decisions. A save that changed nothing records
 * nothing. `before` null: the decision was just created (`created`, and its first version).
 */
export async function recordSave(
  trx: Transaction<Database>,
  deps: { decisions: DecisionsRepo; history: HistoryRecorder },
  save: {
    actorId: number;
    rowBefore: Parameters<typeof diffDecisionRow>[0];
    rowAfter: DecisionRow;
    matrixBefore: StoredMatrix | null;
    /** Kind of the personal cell changes; `ai_scored` when the AI filled them. */
    cellsKind?: 'vote_saved' | 'ai_scored';
  },
): Promise<void> {
  const { decisions, history } = deps;
  const { rowAfter: decision } = save;
  const isPersonal = decision.type !== 'team';
  const entries: { kind: HistoryKind; changes: HistoryChange[] }[] = [];
  if (save.rowBefore === null) entries.push({ kind: 'created', changes: [] });
  entries.push(...diffDecisionRow(save.rowBefore, decision));
  let after: StoredMatrix | null = null;
  if (save.matrixBefore) {
    after = await readStoredMatrix(decisions, decision.id, trx, { cells: isPersonal });
    const lists = diffLists(save.matrixBefore, after);
    if (save.rowBefore !== null) {
      if (lists.options.length) entries.push({ kind: 'options_changed', changes: lists.options });
      if (lists.criteria.length) entries.push({ kind: 'criteria_changed', changes: lists.criteria });
    }
    if (isPersonal && save.rowBefore !== null) {
      const cells = changedCells(save.matrixBefore, after);
      // A personal save counts the owner's changed cells; the AI's run the cells it scored (issue 30:
      // `cells`, never a value).
      if (cells > 0) {
        entries.push({
          kind: save.cellsKind ?? 'vote_saved',
          changes: [{ field: 'cells', from: null, to: cells }],
        });
      }
    }
  }
  if (!entries.length) return;
  const versionId = isPersonal && after ? await history.recordVersion(trx, decision.id, after) : null;
  await history.record(
    trx,
    entries.map((entry) => ({ decisionId: decision.id, actorId: save.actorId, versionId, ...entry })),
  );
}

export const EMPTY_MATRIX: StoredMatrix = { options: [], criteria: [], evaluations: [] };

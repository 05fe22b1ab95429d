import { dateTimeLocalToIso, isDeadlineTooSoon } from './deadline.ts';
import type { TeamSetupValues } from './team-form-model.ts';
import { NOTICE_MS } from './team-toast.ts';

export type TeamAiPhase =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'succeeded' } | { kind: 'failed'; reason: string };

/** What one Save of the set-up did, so the caller can show SPEC's notices (or the failure). */
export type SetupSaveOutcome =
  | { kind: 'saved'; changedMode: boolean; changedDeadline: boolean; changedVisibility: boolean }
  /** A field shows what is wrong; nothing was sent. */
  | { kind: 'invalid' }
  | { kind: 'failed'; notice: string; reason: string | undefined };

/** Which of the set-up's separately saved settings differ from the stored ones, and the new deadline. */
export interface SetupChanges {
  changedMode: boolean;
  changedDeadline: boolean;
  changedVisibility: boolean;
  /** The deadline as the server takes it; null: none, or unreadable. */
  timer: string | null;
}

type SetupSettings = Pick<TeamSetupValues, 'mode' | 'deadline' | 'resultsVisibility'>;

export function setupChangesOf(values: SetupSettings, stored: SetupSettings): SetupChanges {
  return {
    changedMode: values.mode !== stored.mode,
    changedDeadline: values.deadline !== stored.deadline,
    changedVisibility: values.resultsVisibility !== stored.resultsVisibility,
    timer: dateTimeLocalToIso(values.deadline),
  };
}

/** A changed deadline the browser already refuses: unreadable, or sooner than the minimum ahead. */
export function deadlineProblemOf(
  deadline: string,
  changes: SetupChanges,
  now: number,
): 'team.deadlineInvalid' | 'team.deadlineTooSoon' | null {
  if (!changes.changedDeadline) return null;
  if (deadline && !changes.timer) return 'team.deadlineInvalid';
  if (changes.timer && isDeadlineTooSoon(changes.timer, now)) return 'team.deadlineTooSoon';
  return null;
}

/**
 * SPEC.md section 8's notices after a saved set-up, in order: "Modus geändert" (3 s), "Deadline
 * gespeichert" (4 s), the results visibility (4 s), always "Gespeichert" (4 s).
 */
export function savedNoticesOf(
  outcome: Extract<SetupSaveOutcome, { kind: 'saved' }>,
): { key: string; durationMs: number }[] {
  return [
    outcome.changedMode ? { key: 'teamEdit.modeChanged', durationMs: NOTICE_MS.short } : null,
    outcome.changedDeadline ? { key: 'teamEdit.deadlineSaved', durationMs: NOTICE_MS.long } : null,
    outcome.changedVisibility ? { key: 'resultsVisibility.saved', durationMs: NOTICE_MS.long } : null,
    { key: 'teamEdit.saved', durationMs: NOTICE_MS.long },
  ].filter((notice) => notice !== null);
}

/** Save and the AI run wait while anything is under way, voting ended, or a name repeats. */
export function isSetupBlocked(state: {
  isLocked: boolean;
  isSaving: boolean;
  aiPhase: TeamAiPhase;
  hasDuplicates: boolean;
}): boolean {
  return state.isLocked || state.isSaving || state.aiPhase.kind === 'running' || state.hasDuplicates;
}

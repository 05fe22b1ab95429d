import { describe, expect, it } from 'vitest';
import {
  deadlineProblemOf,
  isSetupBlocked,
  savedNoticesOf,
  setupChangesOf,
  type SetupChanges,
} from './team-setup-model.ts';

const stored = { mode: 'manual' as const, deadline: '', resultsVisibility: 'always' as const };
const NOW = new Date('2030-05-01T12:00:00').getTime();

describe('team set-up model', () => {
  it('finds which separately saved settings changed and reads the deadline', () => {
    expect(setupChangesOf(stored, stored)).toEqual({
      changedMode: false,
      changedDeadline: false,
      changedVisibility: false,
      timer: null,
    });
    const changes = setupChangesOf(
      { mode: 'ai', deadline: '2030-05-03T09:30', resultsVisibility: 'after_vote' },
      stored,
    );
    expect(changes).toMatchObject({ changedMode: true, changedDeadline: true, changedVisibility: true });
    expect(changes.timer).toBe(new Date('2030-05-03T09:30').toISOString());
  });

  it('refuses a changed deadline that is unreadable or too soon, and lets an unchanged one be', () => {
    const changed = (deadline: string): SetupChanges => setupChangesOf({ ...stored, deadline }, stored);
    expect(deadlineProblemOf('2030-05-03T09:30', changed('2030-05-03T09:30'), NOW)).toBeNull();
    expect(deadlineProblemOf('2030-05-01T12:01', changed('2030-05-01T12:01'), NOW)).toBe(
      'team.deadlineTooSoon',
    );
    expect(deadlineProblemOf('not a date', changed('not a date'), NOW)).toBe('team.deadlineInvalid');
    // Clearing the deadline is allowed; a stored one in the past may stay as it is.
    expect(deadlineProblemOf('', changed(''), NOW)).toBeNull();
    const past = { ...stored, deadline: '2030-04-01T10:00' };
    expect(deadlineProblemOf(past.deadline, setupChangesOf(past, past), NOW)).toBeNull();
  });

  it('names what was saved, mode 3 s and the rest 4 s, always ending with “Saved”', () => {
    expect(
      savedNoticesOf({ kind: 'saved', changedMode: true, changedDeadline: false, changedVisibility: true }),
    ).toEqual([
      { key: 'teamEdit.modeChanged', durationMs: 3000 },
      { key: 'resultsVisibility.saved', durationMs: 4000 },
      { key: 'teamEdit.saved', durationMs: 4000 },
    ]);
    expect(
      savedNoticesOf({ kind: 'saved', changedMode: false, changedDeadline: true, changedVisibility: false }),
    ).toEqual([
      { key: 'teamEdit.deadlineSaved', durationMs: 4000 },
      { key: 'teamEdit.saved', durationMs: 4000 },
    ]);
  });

  it('blocks Save while locked, saving, the AI runs or a name repeats', () => {
    const idle = {
      isLocked: false,
      isSaving: false,
      aiPhase: { kind: 'idle' } as const,
      hasDuplicates: false,
    };
    expect(isSetupBlocked(idle)).toBe(false);
    expect(isSetupBlocked({ ...idle, aiPhase: { kind: 'failed', reason: 'x' } })).toBe(false);
    expect(isSetupBlocked({ ...idle, isLocked: true })).toBe(true);
    expect(isSetupBlocked({ ...idle, isSaving: true })).toBe(true);
    expect(isSetupBlocked({ ...idle, aiPhase: { kind: 'running' } })).toBe(true);
    expect(isSetupBlocked({ ...idle, hasDuplicates: true })).toBe(true);
  });
});

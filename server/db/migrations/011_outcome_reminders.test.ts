import { describe, expect, it } from 'vitest';
import { databaseAt, seedDecision } from '../../test/migration-db.ts';

const HOUR_MS = 3600_000;

describe('011_outcome_reminders: markers for decisions that existed before', () => {
  it('counts endings already past as announced, schedules reminders ahead and stores deadlines as toISOString()', async () => {
    const { handle, migrator } = await databaseAt('009_shared_limits_and_jobs');
    const { db } = handle;
    const setTimer = (id: number, timer: string | null) =>
      db.updateTable('decisions').set({ timer }).where('id', '=', id).execute();

    const ended = await seedDecision(db);
    await setTimer(ended.decisionId, new Date(Date.now() - HOUR_MS).toISOString());
    const byAi = await seedDecision(db);
    await db.insertInto('evaluations').values(byAi.cell(null, 6)).execute();
    const farAhead = await seedDecision(db);
    const deadline = new Date(Date.now() + 48 * HOUR_MS);
    deadline.setUTCMilliseconds(0);
    // As POST /api/team-decisions stored a deadline sent with an offset (SQLite keeps the text).
    const withOffset = deadline.toISOString().replace('.000Z', '+00:00');
    await setTimer(farAhead.decisionId, withOffset);
    const soon = await seedDecision(db);
    await setTimer(soon.decisionId, new Date(Date.now() + 2 * HOUR_MS).toISOString());
    const personal = await seedDecision(db, { type: 'private' });

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();

    const rows = await db
      .selectFrom('decisions')
      .select(['id', 'timer', 'voting_ended_announced_at', 'automatic_reminder_due_at', 'outcome_option_id'])
      .orderBy('id')
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

    expect(byId.get(ended.decisionId)!.voting_ended_announced_at).not.toBeNull();
    expect(byId.get(byAi.decisionId)!.voting_ended_announced_at).not.toBeNull();
    for (const open of [farAhead, soon, personal]) {
      expect(byId.get(open.decisionId)!.voting_ended_announced_at).toBeNull();
    }
    const far = byId.get(farAhead.decisionId)!;
    expect(iso(far.timer)).toBe(deadline.toISOString());
    if (handle.engine === 'sqlite') expect(far.timer).toBe(deadline.toISOString());
    expect(iso(far.automatic_reminder_due_at)).toBe(
      new Date(deadline.getTime() - 24 * HOUR_MS).toISOString(),
    );
    // Less than a day ahead: when it was set is unknown, so no reminder is made up.
    expect(byId.get(soon.decisionId)!.automatic_reminder_due_at).toBeNull();
    expect(rows.every((row) => row.outcome_option_id === null)).toBe(true);
  });

  it('migrates down and up again', async () => {
    const { migrator } = await databaseAt('011_outcome_reminders');
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateUp()).error).toBeUndefined();
  });
});

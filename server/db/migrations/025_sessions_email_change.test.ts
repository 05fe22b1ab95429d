import { describe, expect, it } from 'vitest';
import { databaseAt, seedDecision } from '../../test/migration-db.ts';

describe('025_sessions_email_change', () => {
  it('keeps sessions from before, with no browser or address recorded', async () => {
    const { handle, migrator } = await databaseAt('021_decision_list_indexes');
    const { userId } = await seedDecision(handle.db);
    const now = new Date().toISOString();
    await handle.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: 'a'.repeat(64),
        created_at: now,
        last_used_at: now,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const session = await handle.db
      .selectFrom('sessions')
      .select(['user_agent', 'ip_hint'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ user_agent: null, ip_hint: null });
    expect(await handle.db.selectFrom('email_change_tokens').selectAll().execute()).toEqual([]);
  });

  it('migrates down and up again', async () => {
    const { migrator } = await databaseAt('025_sessions_email_change');
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});

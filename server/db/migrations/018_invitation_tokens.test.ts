import { describe, expect, it } from 'vitest';
import { databaseAt, seedDecision } from '../../test/migration-db.ts';

describe('017_voting_ended_by and 018_invitation_tokens', () => {
  it('leave existing decisions without a hand-made ending and give invitations room for further tokens', async () => {
    const { handle, migrator } = await databaseAt('016_honest_scores');
    const { decisionId } = await seedDecision(handle.db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const decision = await handle.db
      .selectFrom('decisions')
      .select(['voting_ended_by', 'voting_ended_at'])
      .where('id', '=', decisionId)
      .executeTakeFirstOrThrow();
    expect(decision).toEqual({ voting_ended_by: null, voting_ended_at: null });
    expect(await handle.db.selectFrom('invitation_tokens').selectAll().execute()).toEqual([]);
  });

  it('migrate down and up again', async () => {
    const { migrator } = await databaseAt('018_invitation_tokens');
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});

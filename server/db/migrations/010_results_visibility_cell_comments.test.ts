import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAt, seedDecision } from '../../test/migration-db.ts';

describe('010_results_visibility_cell_comments', () => {
  it('existing decisions show results to everyone, existing comments are about the decision', async () => {
    const { handle, migrator } = await databaseAt('008_recompute_scores');
    const seeded = await seedDecision(handle.db);
    const now = new Date().toISOString();
    await handle.db
      .insertInto('comments')
      .values({
        decision_id: seeded.decisionId,
        user_id: seeded.userId,
        text: 'Old',
        created_at: now,
        updated_at: now,
      })
      .execute();

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();

    const decision = await handle.db
      .selectFrom('decisions')
      .select('results_visibility')
      .where('id', '=', seeded.decisionId)
      .executeTakeFirstOrThrow();
    expect(decision.results_visibility).toBe('always');
    const comment = await handle.db
      .selectFrom('comments')
      .select(['option_id', 'criterion_id'])
      .executeTakeFirstOrThrow();
    expect(comment).toEqual({ option_id: null, criterion_id: null });

    // The column admits the three settings only, on both engines.
    await expect(
      sql`update decisions set results_visibility = 'sometimes' where id = ${seeded.decisionId}`.execute(
        handle.db,
      ),
    ).rejects.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { databaseAt, seedDecision } from '../../test/migration-db.ts';

describe('006_integrity: one evaluation per cell and voter', () => {
  it('keeps the newest of duplicate votes and AI cells left by earlier races', async () => {
    const { handle, migrator } = await databaseAt('005_ai');
    const { userId, cell } = await seedDecision(handle.db);
    await handle.db
      .insertInto('evaluations')
      .values([cell(userId, 3), cell(userId, 7), cell(null, 2), cell(null, 9)])
      .execute();

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const rows = await handle.db
      .selectFrom('evaluations')
      .select(['user_id', 'value'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_id: userId, value: 7 },
      { user_id: null, value: 9 },
    ]);
  });

  it('refuses a second vote of the same voter and a second AI value for one cell', async () => {
    const { handle, migrator } = await databaseAt('005_ai');
    await migrator.migrateToLatest();
    const { userId, cell } = await seedDecision(handle.db);
    await handle.db
      .insertInto('evaluations')
      .values([cell(userId, 3), cell(null, 4)])
      .execute();
    await expect(handle.db.insertInto('evaluations').values(cell(userId, 5)).execute()).rejects.toThrow();
    await expect(handle.db.insertInto('evaluations').values(cell(null, 6)).execute()).rejects.toThrow();
  });
});

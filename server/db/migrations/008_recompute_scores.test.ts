import { describe, expect, it } from 'vitest';
import { databaseAt, seedDecision } from '../../test/migration-db.ts';

describe('008_recompute_scores: stored scores follow the issue 14 formula', () => {
  it('divides by the importance sum and leaves a team decision nobody voted on without a score', async () => {
    const { handle, migrator } = await databaseAt('007_email_verification');
    // Stored before: 7 × 60 / 100 = 4.2 (the old formula); now 7 × 60 / 60 = 7.
    const personal = await seedDecision(handle.db, { type: 'private', importance: 60, score: 4.2 });
    await handle.db.insertInto('evaluations').values(personal.cell(personal.userId, 7)).execute();
    const team = await seedDecision(handle.db, { type: 'team', score: 0 });

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();

    const scores = await handle.db.selectFrom('decisions').select(['id', 'score']).orderBy('id').execute();
    expect(scores).toEqual([
      { id: personal.decisionId, score: 7 },
      { id: team.decisionId, score: null },
    ]);
  });
});

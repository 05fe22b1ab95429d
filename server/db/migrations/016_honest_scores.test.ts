import { describe, expect, it } from 'vitest';
import { databaseAt, seedDecision } from '../../test/migration-db.ts';

describe('016_honest_scores: no stored score without a result', () => {
  it('clears the score of an incomplete personal matrix and of a team nobody voted on in full', async () => {
    const { handle, migrator } = await databaseAt('013_ai_second_opinion');
    const { db } = handle;
    // Complete: one option, one criterion, one value → 7.
    const complete = await seedDecision(db, { type: 'private', score: 7 });
    await db.insertInto('evaluations').values(complete.cell(complete.userId, 7)).execute();
    // Incomplete: a second criterion without a value; the old rule stored 7 × 50 / 100 = 3.5.
    const incomplete = await seedDecision(db, { type: 'private', importance: 50, score: 3.5 });
    await db.insertInto('evaluations').values(incomplete.cell(incomplete.userId, 7)).execute();
    await db
      .insertInto('criteria')
      .values({ decision_id: incomplete.decisionId, name: 'Second', importance: 50, position: 1 })
      .execute();
    // A team whose criterion has no importance and whose only voter gave no weight: the old rule stored 0.
    const unweighted = await seedDecision(db, { type: 'team', importance: 0, score: 0 });
    await db.insertInto('evaluations').values(unweighted.cell(unweighted.userId, 8)).execute();

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();

    const scores = await db.selectFrom('decisions').select(['id', 'score']).orderBy('id').execute();
    expect(scores).toEqual([
      { id: complete.decisionId, score: 7 },
      { id: incomplete.decisionId, score: null },
      { id: unweighted.decisionId, score: null },
    ]);
  });
});

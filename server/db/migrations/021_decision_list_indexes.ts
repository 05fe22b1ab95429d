import type { Kysely } from 'kysely';

/**
 * Issue 27: the decision list reads a page by keyset, owned decisions by (user_id, created_at, id) and
 * member decisions through team_members by (user_id, decision_id). Each replaces an index that was a
 * prefix of it (no query needs both; one less index per write).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('decisions_user_created_id_idx')
    .on('decisions')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('decisions_user_created_idx').execute();
  await db.schema
    .createIndex('team_members_user_decision_idx')
    .on('team_members')
    .columns(['user_id', 'decision_id'])
    .execute();
  await db.schema.dropIndex('team_members_user_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('team_members_user_idx').on('team_members').column('user_id').execute();
  await db.schema.dropIndex('team_members_user_decision_idx').execute();
  await db.schema
    .createIndex('decisions_user_created_idx')
    .on('decisions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('decisions_user_created_id_idx').execute();
}

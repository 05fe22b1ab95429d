import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 32: personal access tokens for scripts. Only the SHA-256 of a token is stored (as for
 * sessions); the token itself is shown once. Deleting the account deletes its tokens (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    // 'read' (GET and HEAD only) or 'write'.
    .addColumn('scope', 'varchar(10)', (col) => col.notNull())
    // Hex SHA-256 of the whole token, prefix included.
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    // Written at most once a minute per token, so a busy script costs no write per request.
    .addColumn('last_used_at', types.timestamp)
    // Null: the token never expires (created without `expires_in_days`).
    .addColumn('expires_at', types.timestamp)
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}

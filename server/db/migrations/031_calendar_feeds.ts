import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 32: each user's secret calendar feed (GET /api/calendar/{token}.ics). One row per user, made on
 * first use; a reset replaces the token. The token itself is stored, not a hash: the profile page shows
 * the URL again (docs/ARCHITECTURE.md, "Calendar feeds", says why that is acceptable).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // base64url of 32 random bytes (43 characters).
    .addColumn('token', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}

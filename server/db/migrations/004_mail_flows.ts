import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Only the SHA-256 of the token is stored; the token itself travels in the mailed link.
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('expires_at', types.timestamp, (col) => col.notNull())
    .addColumn('used_at', types.timestamp)
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .on('password_reset_tokens')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', types.identity)
    .addColumn('firstname', 'varchar(60)', (col) => col.notNull())
    .addColumn('lastname', 'varchar(60)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('topic', 'varchar(120)')
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('language', 'varchar(5)', (col) => col.notNull())
    .addColumn('attachment_name', 'varchar(200)')
    .addColumn('attachment_type', 'varchar(100)')
    .addColumn('attachment', types.binary)
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
}

import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', types.identity)
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('nickname', 'varchar(20)')
    .addColumn('first_name', 'varchar(60)')
    .addColumn('last_name', 'varchar(60)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('language', 'varchar(5)', (col) => col.notNull().defaultTo('en'))
    .addColumn('avatar_id', 'varchar(64)')
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('updated_at', types.timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('last_used_at', types.timestamp, (col) => col.notNull())
    .addColumn('expires_at', types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('avatars')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('image', types.binary, (col) => col.notNull())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('avatars_user_id_idx').on('avatars').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('avatars').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}

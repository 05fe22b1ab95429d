import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 28: what the "Where you're signed in" list shows of a session (both set when it starts; rows
 * from before stay null and show as an unknown device), the pending changes of an account's e-mail
 * address, and the indexes the retention jobs scan by age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);

  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(200)').execute();
  // Coarse on purpose ("203.0.113.x"): enough to recognise a place, never the full address.
  await db.schema.alterTable('sessions').addColumn('ip_hint', 'varchar(64)').execute();

  await db.schema
    .createTable('email_change_tokens')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Only the SHA-256 of the token is stored; the token itself travels in the link mailed to new_email.
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('new_email', 'varchar(254)', (col) => col.notNull())
    // SHA-256 of the password hash when the change was asked for: a new password (change or reset, as
    // the notice to the old address advises) voids the link, so a stolen session cannot finish it.
    .addColumn('password_fingerprint', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('expires_at', types.timestamp, (col) => col.notNull())
    .addColumn('used_at', types.timestamp)
    .execute();
  await db.schema
    .createIndex('email_change_tokens_user_idx')
    .on('email_change_tokens')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();
  await db.schema
    .createIndex('users_unconfirmed_idx')
    .on('users')
    .columns(['email_verified_at', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_unconfirmed_idx').execute();
  await db.schema.dropIndex('notifications_created_idx').execute();
  await db.schema.dropTable('email_change_tokens').execute();
  await db.schema.alterTable('sessions').dropColumn('ip_hint').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}

import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);

  await db.schema.alterTable('users').addColumn('email_verified_at', types.timestamp).execute();
  // Accounts from before verification existed keep working as they did: they count as confirmed.
  await sql`update users set email_verified_at = created_at`.execute(db);

  await db.schema
    .createTable('email_verification_tokens')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Only the SHA-256 of the token is stored; the token itself travels in the mailed link.
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('expires_at', types.timestamp, (col) => col.notNull())
    .addColumn('used_at', types.timestamp)
    .execute();
  await db.schema
    .createIndex('email_verification_tokens_user_idx')
    .on('email_verification_tokens')
    .columns(['user_id', 'created_at'])
    .execute();

  // 1 while the invitation mail waits for the inviter to confirm their address.
  await db.schema
    .alterTable('invitations')
    .addColumn('mail_held', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // The mailed link of a held invitation carries a second token, made when the mail finally goes
  // out (only hashes are stored, so the first one cannot be mailed later); both accept the invitation.
  await db.schema.alterTable('invitations').addColumn('mail_token_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('invitations_mail_token_hash_idx')
    .on('invitations')
    .column('mail_token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('invitations_held_idx')
    .on('invitations')
    .columns(['inviter_id', 'mail_held'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invitations_held_idx').execute();
  await db.schema.dropIndex('invitations_mail_token_hash_idx').execute();
  await db.schema.alterTable('invitations').dropColumn('mail_token_hash').execute();
  await db.schema.alterTable('invitations').dropColumn('mail_held').execute();
  await db.schema.dropTable('email_verification_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}

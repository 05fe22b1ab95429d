import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 28: a second factor (TOTP, RFC 6238) with recovery codes, and the short-lived sign-in step
 * between a right password and the code. Every row ends with its user (cascade), as account deletion needs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // One authenticator per user. `confirmed_at` null: enrolment started, not yet proven by a code.
  // The codebase has no encryption key, so the secret is stored as is and never sent after confirmation.
  await db.schema
    .createTable('totp_credentials')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('confirmed_at', types.timestamp)
    // The RFC 6238 time step of the last accepted code: a code of that step or an earlier one is refused.
    .addColumn('last_used_step', 'integer')
    .execute();

  // Only the SHA-256 of each code is stored (80 random bits each, so the digest cannot be reversed).
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('used_at', types.timestamp)
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_hash_idx')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute();

  // The password was right, the code is still to come: not a session, only the SHA-256 of its token.
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('expires_at', types.timestamp, (col) => col.notNull())
    .addColumn('used_at', types.timestamp)
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // What the password step found (a password from before today's rules), handed on to the session.
    .addColumn('password_change_required', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('mfa_challenges_expires_idx')
    .on('mfa_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mfa_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('totp_credentials').execute();
}

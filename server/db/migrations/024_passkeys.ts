import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 28: passkeys (WebAuthn credentials) and the challenges of their ceremonies. Challenges live in
 * the database, not in memory, so the options and the answer may reach different instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // base64url of the authenticator's credential id (at most 1,023 bytes by the WebAuthn spec).
    .addColumn('credential_id', 'varchar(1400)', (col) => col.notNull().unique())
    // COSE-encoded public key.
    .addColumn('public_key', types.binary, (col) => col.notNull())
    // The signature counter is an unsigned 32-bit number: beyond PostgreSQL's integer.
    .addColumn('counter', 'bigint', (col) => col.notNull())
    // JSON array of transport hints ("internal", "usb", …), handed back to the browser.
    .addColumn('transports', 'text', (col) => col.notNull())
    // The random user handle given to the authenticator (base64url), the same for all of a user's passkeys.
    .addColumn('user_handle', 'varchar(100)', (col) => col.notNull())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('last_used_at', types.timestamp)
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'varchar(100)', (col) => col.primaryKey())
    // 'registration' (bound to user_id) or 'authentication' (no user yet: discoverable credentials).
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    // Registration only: the user handle the options gave the authenticator.
    .addColumn('user_handle', 'varchar(100)')
    .addColumn('expires_at', types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expires_idx')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('passkey_challenges_user_idx')
    .on('passkey_challenges')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}

import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 25: sending an invitation again adds a token to the same invitation instead of replacing it,
 * so the link in the first mail keeps working. Only hashes are stored, so every token needs a row.
 * `mailed` = 1 marks a token that went only into the mail to the invited address (the inviter sees
 * the link tokens, never these): registering with one proves the address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('invitation_tokens')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('invitation_id', 'integer', (col) =>
      col.notNull().references('invitations.id').onDelete('cascade'),
    )
    .addColumn('mailed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .execute();
  // Deleting an invitation cascades here, and the daily mail limit counts re-sends per invitation.
  await db.schema
    .createIndex('invitation_tokens_invitation_idx')
    .on('invitation_tokens')
    .columns(['invitation_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitation_tokens').execute();
}

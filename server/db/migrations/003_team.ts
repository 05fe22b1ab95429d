import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);

  await db.schema.alterTable('decisions').addColumn('activated_at', types.timestamp).execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', types.identity)
    .addColumn('decision_id', 'integer', (col) =>
      col.notNull().references('decisions.id').onDelete('cascade'),
    )
    .addColumn('inviter_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('role', 'varchar(10)', (col) => col.notNull())
    // Only the SHA-256 of the token is stored; the token itself travels in the link.
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('expires_at', types.timestamp, (col) => col.notNull())
    .addColumn('accepted_at', types.timestamp)
    .addColumn('accepted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', types.timestamp)
    .execute();
  await db.schema.createIndex('invitations_decision_idx').on('invitations').column('decision_id').execute();
  await db.schema
    .createIndex('invitations_inviter_idx')
    .on('invitations')
    .columns(['inviter_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', types.identity)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    // Parameters for the message, rendered in the reader's language when listed (JSON text).
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('decision_id', 'integer', (col) => col.references('decisions.id').onDelete('cascade'))
    .addColumn('invitation_id', 'integer', (col) => col.references('invitations.id').onDelete('set null'))
    .addColumn('inviter_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('invitations').execute();
  await db.schema.alterTable('decisions').dropColumn('activated_at').execute();
}

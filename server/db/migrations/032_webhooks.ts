import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 32: outbound webhooks of a team decision or a workspace, and their outbox. A delivery row is
 * written in the same transaction as the change it reports, so a rolled-back write sends nothing and
 * a committed one is delivered at least once. `next_attempt_at` and `locked_until` are epoch
 * milliseconds (bigint), claimed with a guarded UPDATE like `scheduled_jobs`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'integer', types.identity)
    // Exactly one of the two is set: a workspace's webhook hears every decision of the workspace.
    .addColumn('workspace_id', 'integer', (col) => col.references('workspaces.id').onDelete('cascade'))
    .addColumn('decision_id', 'integer', (col) => col.references('decisions.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', (col) => col.notNull())
    // Kept as given: every delivery is signed with it (an HMAC needs the secret itself, not a hash).
    .addColumn('secret', 'varchar(100)', (col) => col.notNull())
    // JSON array of shared/api/webhooks.ts `WebhookEvent`.
    .addColumn('events', 'text', (col) => col.notNull())
    // 'json' | 'slack'
    .addColumn('format', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhooks_decision_idx').on('webhooks').column('decision_id').execute();
  await db.schema.createIndex('webhooks_workspace_idx').on('webhooks').column('workspace_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', types.identity)
    .addColumn('webhook_id', 'integer', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    // Deliveries of one webhook and decision go out in id order; no FK: the event outlives a deletion.
    .addColumn('decision_id', 'integer', (col) => col.notNull())
    // The `id` of the body, the same on every attempt (receivers drop repeats by it).
    .addColumn('event_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('event', 'varchar(30)', (col) => col.notNull())
    // Set for events told once per subject (vote.completed: once per voter); unique per webhook.
    .addColumn('once_key', 'varchar(100)')
    // The exact body sent on every attempt (JSON event, or `{ text }` for the slack format).
    .addColumn('body', 'text', (col) => col.notNull())
    // 'pending' | 'delivered' | 'failed'
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('delivered_at', types.timestamp)
    .addColumn('next_attempt_at', 'bigint')
    // The claim of the instance attempting it: until when, and its token (the result is written only
    // by the claim that still holds the row).
    .addColumn('locked_until', 'bigint')
    .addColumn('lease', 'varchar(36)')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_order_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'decision_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_once_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'once_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}

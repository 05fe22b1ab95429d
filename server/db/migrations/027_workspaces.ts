import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 29: workspaces, standing teams whose members take part in the workspace's team decisions
 * without an invitation. A decision's membership stays materialised in `team_members`, so every list
 * and check that knows decision members (access, participation, reminders, blind voting, notifications,
 * exports, live events) knows workspace members too; the columns below say where a row came from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'integer', types.identity)
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    // The one owner (also a `workspace_members` row with role 'owner'): counted for the 20-owned limit.
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('updated_at', types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('workspaces_owner_idx').on('workspaces').column('owner_id').execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'integer', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // 'owner' | 'admin' | 'member'
    .addColumn('role', 'varchar(10)', (col) => col.notNull())
    .addColumn('joined_at', types.timestamp, (col) => col.notNull())
    // One membership per person: racing accepts meet here.
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_user_idx')
    .on('workspace_members')
    .columns(['user_id', 'workspace_id'])
    .execute();

  await db.schema
    .createTable('workspace_invitations')
    .addColumn('id', 'integer', types.identity)
    .addColumn('workspace_id', 'integer', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('inviter_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    // 'admin' | 'member'
    .addColumn('role', 'varchar(10)', (col) => col.notNull())
    // SHA-256 of the token in the mailed link; a new one on "send again".
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('expires_at', types.timestamp, (col) => col.notNull())
    .addColumn('accepted_at', types.timestamp)
    .addColumn('accepted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', types.timestamp)
    .execute();
  await db.schema
    .createIndex('workspace_invitations_workspace_idx')
    .on('workspace_invitations')
    .columns(['workspace_id', 'id'])
    .execute();

  await db.schema
    .createTable('workspace_criteria_sets')
    .addColumn('id', 'integer', types.identity)
    .addColumn('workspace_id', 'integer', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    // JSON array of { name, importance, minimum, anchors } as the template dialog offers them.
    .addColumn('criteria', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addColumn('updated_at', types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('workspace_criteria_sets_workspace_idx')
    .on('workspace_criteria_sets')
    .columns(['workspace_id', 'id'])
    .execute();

  // A deleted workspace leaves its decisions with their owners, detached (SET NULL).
  await db.schema
    .alterTable('decisions')
    .addColumn('workspace_id', 'integer', (col) => col.references('workspaces.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('decisions_workspace_idx')
    .on('decisions')
    .columns(['workspace_id', 'id'])
    .execute();

  // 1: the membership comes from the workspace (it goes when the person leaves the workspace).
  await db.schema
    .alterTable('team_members')
    .addColumn('via_workspace', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // 1: the decision's owner set this member's role for this decision; workspace role changes pass it by.
  await db.schema
    .alterTable('team_members')
    .addColumn('role_pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Left the workspace after the decision closed: the votes and weights stay and count, access is gone.
  await db.schema.alterTable('team_members').addColumn('left_at', types.timestamp).execute();

  // Cached dashboard list pages carry `workspace: { id, name }`: a rename or deletion on any instance
  // must drop them (notify_cache_change() of migration 019; SQLite's write watch sees its own writes).
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      CREATE TRIGGER workspaces_notify_cache_change AFTER UPDATE OR DELETE ON ${sql.table('workspaces')}
      FOR EACH ROW EXECUTE FUNCTION notify_cache_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER IF EXISTS workspaces_notify_cache_change ON ${sql.table('workspaces')}`.execute(
      db,
    );
  }
  await db.schema.alterTable('team_members').dropColumn('left_at').execute();
  await db.schema.alterTable('team_members').dropColumn('role_pinned').execute();
  await db.schema.alterTable('team_members').dropColumn('via_workspace').execute();
  await db.schema.dropIndex('decisions_workspace_idx').execute();
  await db.schema.alterTable('decisions').dropColumn('workspace_id').execute();
  await db.schema.dropTable('workspace_criteria_sets').execute();
  await db.schema.dropTable('workspace_invitations').execute();
  await db.schema.dropTable('workspace_members').execute();
  await db.schema.dropTable('workspaces').execute();
}

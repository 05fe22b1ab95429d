import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';

export type Table = keyof Database;
type Row = Record<string, unknown>;
export type DatabaseSnapshot = Record<Table, Row[]>;

/**
 * Every table of the schema with the columns that order its rows. Typed over `keyof Database`, so a
 * new table fails the typecheck until it is listed here: a refusal must leave all of them as they were.
 */
const ROW_ORDER: { [Name in Table]: readonly (keyof Database[Name] & string)[] } = {
  users: ['id'],
  sessions: ['id'],
  api_tokens: ['id'],
  avatars: ['id'],
  decisions: ['id'],
  options: ['id'],
  criteria: ['id'],
  evaluations: ['id'],
  weights: ['criterion_id', 'user_id'],
  cell_vote_tallies: ['option_id', 'criterion_id'],
  voter_vote_tallies: ['decision_id', 'user_id'],
  team_members: ['id'],
  comments: ['id'],
  invitations: ['id'],
  invitation_tokens: ['token_hash'],
  notifications: ['id'],
  password_reset_tokens: ['id'],
  email_verification_tokens: ['id'],
  email_change_tokens: ['id'],
  contact_messages: ['id'],
  ai_usage: ['user_id', 'day'],
  ai_runs: ['decision_id'],
  ai_opinions: ['decision_id', 'option_id', 'criterion_id'],
  rate_limit_counters: ['key'],
  scheduled_jobs: ['name'],
  totp_credentials: ['user_id'],
  recovery_codes: ['id'],
  mfa_challenges: ['id'],
  passkeys: ['id'],
  passkey_challenges: ['challenge'],
  workspaces: ['id'],
  workspace_members: ['workspace_id', 'user_id'],
  workspace_invitations: ['id'],
  workspace_criteria_sets: ['id'],
  decision_versions: ['id'],
  decision_history: ['id'],
  decision_snapshots: ['id'],
  calendar_feeds: ['user_id'],
  webhooks: ['id'],
  webhook_deliveries: ['id'],
};

export const ALL_TABLES = Object.keys(ROW_ORDER) as Table[];

/**
 * Bookkeeping, not data: a refused request still counts toward its rate limit (that is the point of
 * the limit), and the scheduler's rows move on their own. Snapshots leave them out.
 */
const BOOKKEEPING_TABLES: readonly Table[] = ['rate_limit_counters', 'scheduled_jobs'];

export async function countRows(app: FastifyInstance, table: Table): Promise<number> {
  const row = await app.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Row counts of every table but the bookkeeping ones. */
export async function countAllRows(app: FastifyInstance): Promise<Partial<Record<Table, number>>> {
  const counts: Partial<Record<Table, number>> = {};
  for (const table of ALL_TABLES.filter((name) => !BOOKKEEPING_TABLES.includes(name))) {
    counts[table] = await countRows(app, table);
  }
  return counts;
}

/** Every row of every table (but `except`) in a stable order, for before/after comparisons. */
export async function snapshotAllTables<Except extends Table = never>(
  app: FastifyInstance,
  options: { except?: readonly Except[] } = {},
): Promise<Omit<DatabaseSnapshot, Except>> {
  const except: readonly Table[] = [...BOOKKEEPING_TABLES, ...(options.except ?? [])];
  const snapshot: Partial<DatabaseSnapshot> = {};
  for (const table of ALL_TABLES.filter((name) => !except.includes(name))) {
    const order = sql.join(ROW_ORDER[table].map((column) => sql.ref(column)));
    const { rows } = await sql<Row>`select * from ${sql.table(table)} order by ${order}`.execute(
      app.database.db,
    );
    snapshot[table] = rows;
  }
  return snapshot as Omit<DatabaseSnapshot, Except>;
}

/**
 * Runs a refused request and asserts that no table changed: no row added, removed or altered.
 * `except` names tables the refusal may rightly touch (e.g. `ai_usage`: a failed model call still counts).
 */
export async function expectNothingChanged<T>(
  app: FastifyInstance,
  action: () => Promise<T>,
  options: { except?: readonly Table[] } = {},
): Promise<T> {
  // Work queued by earlier requests (e.g. a registration's confirmation token, inserted after its 201)
  // must land before the first snapshot, or it would look like a change made by `action`.
  await app.mailer.idle();
  const before = await snapshotAllTables(app, options);
  const result = await action();
  expect(await snapshotAllTables(app, options)).toEqual(before);
  return result;
}

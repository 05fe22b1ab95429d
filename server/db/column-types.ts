import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** Engine-specific column types, so one migration set runs on SQLite and PostgreSQL. */
export function columnTypes(db: Kysely<unknown>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    identity: (col: ColumnDefinitionBuilder) =>
      isPostgres ? col.generatedAlwaysAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    timestamp: isPostgres ? sql`timestamptz` : sql`text`,
    binary: isPostgres ? sql`bytea` : sql`blob`,
    real: isPostgres ? sql`double precision` : sql`real`,
  };
}

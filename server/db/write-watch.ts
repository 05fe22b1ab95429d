import type { CompiledQuery, DatabaseConnection, Dialect, QueryResult } from 'kysely';
import { withEachConnection } from './each-connection.ts';

/** A write this process made, told once it is committed (the table and the statement's kind). */
export interface CommittedWrite {
  table: string;
  op: 'insert' | 'update' | 'delete';
}

const WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?(?:\w+"?\."?)?(\w+)"?/gi;
export const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
// `rollback to savepoint` ends nothing: the transaction goes on.
export const TRANSACTION_END = /^\s*(commit|end|rollback(?!\s+to\b))\b/i;

/** The tables a statement writes. Bound parameters never reach the SQL text, so a value cannot match. */
export function writesOf(sql: string): CommittedWrite[] {
  const writes: CommittedWrite[] = [];
  for (const [, keyword, table] of sql.matchAll(WRITE)) {
    const word = keyword!.toLowerCase();
    const op = word.startsWith('insert') ? 'insert' : word === 'update' ? 'update' : 'delete';
    writes.push({ table: table!, op });
  }
  return writes;
}

interface ConnectionState {
  inTransaction: boolean;
  pending: CommittedWrite[];
}

/**
 * Wraps a dialect so that every write through it is reported after it committed: at once for a
 * statement outside a transaction, at COMMIT for one inside (nothing for a rollback). In-memory caches
 * of this process forget what changed this way, whichever repo wrote it; other instances learn of it
 * through the database (see change-feed.ts).
 */
export function watchWrites(dialect: Dialect, onCommitted: (writes: CommittedWrite[]) => void): Dialect {
  function watch(connection: DatabaseConnection): void {
    const state: ConnectionState = { inTransaction: false, pending: [] };
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
      const { sql } = compiled;
      if (TRANSACTION_START.test(sql)) {
        const result = await execute<R>(compiled);
        state.inTransaction = true;
        state.pending = [];
        return result;
      }
      if (TRANSACTION_END.test(sql)) {
        const committed = /^\s*(commit|end)\b/i.test(sql) ? state.pending : [];
        state.inTransaction = false;
        state.pending = [];
        try {
          return await execute<R>(compiled);
        } finally {
          // Reported even when COMMIT fails: a cache forgetting too much costs only a reload.
          if (committed.length) onCommitted(committed);
        }
      }
      const writes = writesOf(sql);
      if (!writes.length) return execute<R>(compiled);
      if (state.inTransaction) {
        state.pending.push(...writes);
        return execute<R>(compiled);
      }
      try {
        return await execute<R>(compiled);
      } finally {
        onCommitted(writes);
      }
    };
  }

  return withEachConnection(dialect, watch);
}

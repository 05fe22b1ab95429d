import type { CompiledQuery, Dialect, QueryResult } from 'kysely';
import { withEachConnection } from './each-connection.ts';
import { nextTurn } from '../next-turn.ts';
import { TRANSACTION_END, TRANSACTION_START } from './write-watch.ts';

/**
 * Issue 27: SQLite answers synchronously, and Kysely hands its answers on as promises, which run
 * before the event loop takes anything else. So a request's whole chain of statements, and the next
 * request's after it, ran in one turn of the loop: twenty voters saving at once kept the server from
 * answering anyone else (a health check, a timer) for the sum of their work. Each statement outside a
 * transaction, and each BEGIN, here waits for the next turn of the loop first, so one turn runs at most
 * one statement or one transaction plus the code around it. A transaction itself runs in one go: a
 * second connection to the file (another instance in the same process) waiting for its write lock
 * would block the thread the transaction needs to finish. PostgreSQL needs none of this: its answers
 * come over a socket, each in a turn of its own.
 */
export function takingTurnsPerStatement(dialect: Dialect): Dialect {
  return withEachConnection(dialect, (connection) => {
    const execute = connection.executeQuery.bind(connection);
    let isInTransaction = false;
    connection.executeQuery = async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
      if (TRANSACTION_START.test(compiled.sql)) {
        await nextTurn();
        isInTransaction = true;
      } else if (TRANSACTION_END.test(compiled.sql)) {
        isInTransaction = false;
      } else if (!isInTransaction) {
        await nextTurn();
      }
      return execute<R>(compiled);
    };
  });
}

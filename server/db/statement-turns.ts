import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';

/** Resolves after the event loop went round once: timers, sockets and other requests had their turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Issue 27: SQLite answers synchronously, and Kysely hands its answers on as promises, which run
 * before the event loop takes anything else. So a request's whole chain of statements, and the next
 * request's after it, ran in one turn of the loop: twenty voters saving at once kept the server from
 * answering anyone else (a health check, a timer) for the sum of their work. Each statement here
 * waits for the next turn of the loop first, so one turn runs at most one statement plus the code
 * around it. PostgreSQL needs none of this: its answers come over a socket, each in a turn of its own.
 */
export function takingTurnsPerStatement(dialect: Dialect): Dialect {
  const wrapped = new WeakSet<DatabaseConnection>();
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const acquireConnection = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => {
        const connection = await acquireConnection();
        if (!wrapped.has(connection)) {
          wrapped.add(connection);
          const execute = connection.executeQuery.bind(connection);
          connection.executeQuery = async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
            await nextTurn();
            return execute<R>(compiled);
          };
        }
        return connection;
      };
      return driver;
    },
  };
}

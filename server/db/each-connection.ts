import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/**
 * A dialect like `dialect` whose connections each pass through `prepare` once, when first handed out:
 * the one place where a wrapper (write-watch.ts, statement-turns.ts) reaches Kysely's connections.
 */
export function withEachConnection(
  dialect: Dialect,
  prepare: (connection: DatabaseConnection) => void,
): Dialect {
  const prepared = new WeakSet<DatabaseConnection>();
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const acquireConnection = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => {
        const connection = await acquireConnection();
        if (!prepared.has(connection)) {
          prepared.add(connection);
          prepare(connection);
        }
        return connection;
      };
      return driver;
    },
  };
}

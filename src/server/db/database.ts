import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;

/**
 * Opens the database DATABASE_URL names: unset → PGlite in the data folder; 'memory' → a
 * throwaway PGlite; postgres://… → a PostgreSQL server.
 */
export async function openDatabase(url: string | undefined, dataDir: string): Promise<Db> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let client: PGlite;
  if (url === 'memory') {
    client = new PGlite();
  } else {
    mkdirSync(dataDir, { recursive: true });
    client = new PGlite(`${dataDir}/pglite`);
  }
  await client.waitReady;
  return new Kysely<Database>({ dialect: oneCallerAtATime(new KyselyPGlite(client).dialect) });
}

/**
 * PGlite is a single session, and its Kysely driver hands that session to every caller at once:
 * two requests' transactions then interleave (one's statements land inside the other's, or hit
 * its aborted state). Lending the session to one caller at a time gives each transaction the
 * session to itself, as a pool connection would.
 */
function oneCallerAtATime(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      let queue: Promise<void> = Promise.resolve();
      const releases = new Map<DatabaseConnection, () => void>();
      return {
        init: () => driver.init(),
        destroy: () => driver.destroy(),
        beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        async acquireConnection() {
          const previous = queue;
          let release = () => {};
          queue = new Promise<void>((resolve) => {
            release = resolve;
          });
          await previous;
          try {
            const connection = await driver.acquireConnection();
            releases.set(connection, release);
            return connection;
          } catch (err) {
            release();
            throw err;
          }
        },
        async releaseConnection(connection) {
          try {
            await driver.releaseConnection(connection);
          } finally {
            releases.get(connection)?.();
            releases.delete(connection);
          }
        },
      };
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;

/** DATABASE_URL names a PostgreSQL server (as opposed to PGlite in a folder or in memory). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

/**
 * Every query of a request is short: one that runs on, or waits on a lock, for longer is ended
 * (and its request answered with an error) instead of holding a connection and its locks while
 * the pool runs dry. A transaction left idle is ended too.
 */
export function postgresPoolOptions(connectionString: string, max = 10): pg.PoolConfig {
  return { connectionString, max, statement_timeout: 15_000, lock_timeout: 5_000, idle_in_transaction_session_timeout: 30_000 };
}

/**
 * Opens the database DATABASE_URL names: unset → PGlite in the data folder; 'memory' → a
 * throwaway PGlite; postgres://… → a PostgreSQL server.
 */
export async function openDatabase(url: string | undefined, dataDir: string): Promise<Db> {
  if (isPostgresUrl(url)) return postgresDatabase(new pg.Pool(postgresPoolOptions(url)));
  let client: PGlite;
  if (url === 'memory') {
    client = new PGlite();
  } else {
    mkdirSync(dataDir, { recursive: true });
    client = new PGlite(pgliteFolder(dataDir));
  }
  await client.waitReady;
  const use: PoolUse = { max: 1, open: 1, idle: 1, waiting: 0 };
  const db = new Kysely<Database>({ dialect: oneCallerAtATime(new KyselyPGlite(client).dialect, use) });
  poolUses.set(db, () => ({ ...use }));
  pglites.set(db, client);
  return db;
}

/** Where PGlite keeps its files in the data folder. */
export function pgliteFolder(dataDir: string): string {
  return `${dataDir}/pglite`;
}

const pglites = new WeakMap<Db, PGlite>();

/** The PGlite session under a database this module opened; null on PostgreSQL. */
export function pgliteOf(db: Db): PGlite | null {
  return pglites.get(db) ?? null;
}

/** A database's connections (GET /metrics): at most `max`, `open` now of which `idle`, and callers `waiting` for one. */
export interface PoolUse {
  max: number;
  open: number;
  idle: number;
  waiting: number;
}

const poolUses = new WeakMap<Db, () => PoolUse>();

/** The connections of a database this module opened; null for one opened elsewhere. */
export function poolUse(db: Db): PoolUse | null {
  return poolUses.get(db)?.() ?? null;
}

/** A PostgreSQL database on this pool, whose use poolUse reads. */
export function postgresDatabase(pool: pg.Pool): Db {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  poolUses.set(db, () => ({ max: pool.options.max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return db;
}

/**
 * PGlite is a single session, and its Kysely driver hands that session to every caller at once:
 * two requests' transactions then interleave (one's statements land inside the other's, or hit
 * its aborted state). Lending the session to one caller at a time gives each transaction the
 * session to itself, as a pool connection would.
 */
function oneCallerAtATime(dialect: Dialect, use: PoolUse): Dialect {
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
          use.waiting++;
          await previous;
          use.waiting--;
          try {
            const connection = await driver.acquireConnection();
            releases.set(connection, release);
            use.idle = 0;
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
            use.idle = 1;
          }
        },
      };
    },
  };
}

/** Whether every migration of this version has run (a newer instance may have run more): one count, for /readyz. */
export async function migrationsDone(db: Db): Promise<boolean> {
  const names = Object.keys(migrations);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration where name in (${sql.join(names)})`.execute(db);
  return rows[0]?.n === names.length;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

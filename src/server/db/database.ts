import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
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
  return new Kysely<Database>({ dialect: new KyselyPGlite(client).dialect });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import pg from 'pg';
import { pgliteFolder, pgliteOf, type Db } from './database.ts';

/**
 * Backups and restores (the README's Backups section). PostgreSQL is backed up by pg_dump -Fc
 * and restored by pg_restore; PGlite, which lives inside the server, by its own dumpDataDir: the
 * data folder as a gzipped tarball, which a new data folder is made from. Either restore goes
 * into an empty target only, never over data.
 */

/** Whether the database is PGlite, which backs itself up (else pg_dump does). */
export const isPglite = (db: Db): boolean => pgliteOf(db) !== null;

/**
 * The PGlite data folder as a gzipped tarball (dumpDataDir), taken between two transactions
 * (the session is lent to no other caller meanwhile) and just after a checkpoint, so the files
 * hold every committed row.
 */
export async function pgliteBackup(db: Db): Promise<Uint8Array<ArrayBuffer>> {
  const client = pgliteOf(db);
  if (!client) throw new Error('pgliteBackup: not a PGlite database (pg_dump backs up PostgreSQL)');
  return db.connection().execute(async (connection) => {
    await sql`checkpoint`.execute(connection);
    const tarball = await client.dumpDataDir('gzip');
    return new Uint8Array(await tarball.arrayBuffer());
  });
}

export type BackupKind = 'pglite' | 'pg_dump';

/** What a backup file is, from its first bytes: PGlite's gzipped tarball, or pg_dump's custom format. */
export function backupKindOf(head: Uint8Array): BackupKind | null {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'pg_dump';
  return null;
}

function fileHead(file: string): Uint8Array {
  const head = new Uint8Array(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  return head;
}

/** A restore that would go over data, or from a file that is not a backup of this kind: the message says which and what to do. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** Where a restore goes: DATABASE_URL's PostgreSQL database when it names one, else a PGlite data folder. */
export type RestoreTarget = { kind: 'postgresql'; url: string } | { kind: 'pglite'; dataDir: string };

/** What the restored database holds, for the operator to check against the one backed up. */
export interface Restored {
  tables: number;
  migrations: number;
}

/** Restores a backup into an empty target; refuses (RestoreRefused) a target that holds data, naming it. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Restored> {
  if (!existsSync(file)) throw new RestoreRefused(`${file}: no such file.`);
  const kind = backupKindOf(fileHead(file));
  if (kind === null) throw new RestoreRefused(`${file} is not a backup: neither a PGlite backup (npm run admin -- backup) nor a pg_dump -Fc file.`);
  if (target.kind === 'postgresql') {
    if (kind !== 'pg_dump') throw new RestoreRefused(`${file} is a PGlite backup: restore it into a data folder (DATA_DIR, without a postgres:// DATABASE_URL).`);
    return restorePostgres(file, target.url);
  }
  if (kind !== 'pglite') throw new RestoreRefused(`${file} is a pg_dump file: restore it into a PostgreSQL database (DATABASE_URL=postgres://…).`);
  return restorePglite(file, target.dataDir);
}

/** The tables of the database and the migrations it has run: one rule for both backends. */
async function contents(query: (text: string) => Promise<{ rows: { n: number }[] }>): Promise<Restored> {
  const tables = await query(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
  const migrations = await query('select count(*)::int as n from kysely_migration');
  return { tables: tables.rows[0]?.n ?? 0, migrations: migrations.rows[0]?.n ?? 0 };
}

async function restorePglite(file: string, dataDir: string): Promise<Restored> {
  const folder = pgliteFolder(dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new RestoreRefused(`DATA_DIR ${dataDir} already holds a database (${folder}): restore into a new DATA_DIR, never over one in use.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(folder, { loadDataDir: new Blob([readFileSync(file)], { type: 'application/gzip' }) });
  let restored: Restored;
  try {
    await client.waitReady;
    restored = await contents((text) => client.query<{ n: number }>(text));
  } catch (err) {
    await client.close().catch(() => {});
    // What was unpacked is no database: the folder is left as it was found, empty.
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
  await client.close();
  return restored;
}

/**
 * A table of the database, named for the refusal: one with rows if there is any (the product's
 * tables before the migrations' own), else any table, which pg_restore would collide with; null
 * for a database with no table.
 */
async function occupiedBy(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema')
     order by tablename like 'kysely%', schemaname, tablename`,
  );
  for (const table of rows) {
    const qualified = `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;
    const found = await client.query(`select 1 from ${qualified} limit 1`);
    if (found.rowCount) return `table ${table.name} has rows`;
  }
  return rows[0] ? `table ${rows[0].name} exists` : null;
}

async function restorePostgres(file: string, url: string): Promise<Restored> {
  const database = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const occupant = await occupiedBy(client);
    if (occupant) throw new RestoreRefused(`Database ${database} is not empty (${occupant}): restore into a new database (CREATE DATABASE), never over one in use.`);
    await pgRestore(file, url);
    return await contents((text) => client.query<{ n: number }>(text));
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into the database, all or nothing (one transaction, stopped at the first error).
 * The password goes in PGPASSWORD rather than on the command line, where other users of the
 * machine could read it.
 */
function pgRestore(file: string, url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.toString()}`, file];
  return new Promise((resolve, reject) => {
    const child = spawn('pg_restore', args, { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) => reject(new Error(`pg_restore could not be run (is it installed, of PostgreSQL's version or newer?): ${err.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_restore failed (exit ${code}): nothing was restored.\n${stderr.trim()}`))));
  });
}

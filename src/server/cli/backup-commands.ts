import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { restoreBackup, RestoreRefused, type RestoreTarget } from '../db/backup.ts';
import { isPostgresUrl } from '../db/database.ts';
import type { Env } from '../env.ts';
import type { Command } from './command.ts';

const backupUsage = 'Usage: npm run admin -- backup FILE';
/** The one command that needs no server: the usage lists it with the others. */
export const restoreCommandLine = 'npm run admin -- restore FILE (into DATA_DIR, or into DATABASE_URL for a pg_dump -Fc file)';

/**
 * `npm run admin -- backup FILE` (managers, or the admin token): the running server's PGlite data
 * folder, written to FILE (a new file) as a gzipped tarball. A server on PostgreSQL refuses:
 * pg_dump -Fc backs it up.
 */
export const backup: Command = async ({ client, args, print }) => {
  const [file] = args;
  if (!file) throw new Error(backupUsage);
  const exists = () => new Error(`${file} exists already: name a new file.`);
  if (existsSync(file)) throw exists();
  const bytes = await client.download('/admin-api/backup');
  await writeFile(file, bytes, { flag: 'wx', mode: 0o600 }).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'EEXIST' ? exists() : err;
  });
  print(`Backed up the database into ${file} (${(bytes.byteLength / 1024).toFixed(0)} KB).`);
  print('Keep the banking key apart from it (BANKING_KEYS, or the banking-key file in DATA_DIR): the backup cannot be read back in full without it.');
};

/** Where DATABASE_URL and DATA_DIR send a restore. */
function restoreTarget(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): RestoreTarget {
  if (isPostgresUrl(env.DATABASE_URL)) return { kind: 'postgresql', url: env.DATABASE_URL };
  if (env.DATABASE_URL === 'memory') throw new RestoreRefused('DATABASE_URL=memory keeps nothing: restore into a DATA_DIR, or a postgres:// database.');
  return { kind: 'pglite', dataDir: env.DATA_DIR };
}

/**
 * `npm run admin -- restore FILE`: a backup restored into an empty target, by this machine
 * itself (no server runs on the target yet, so no token is needed): a PGlite backup into
 * DATA_DIR, a pg_dump -Fc file into DATABASE_URL's database. A target that holds data is refused,
 * named. The server then starts on it with the same banking keys.
 */
export async function restore(args: string[], env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'BANKING_KEYS' | 'BANKING_KEY'>, print: (line: string) => void): Promise<void> {
  const [file] = args;
  if (!file || args.length > 1) throw new Error(`Usage: ${restoreCommandLine}`);
  const target = restoreTarget(env);
  const restored = await restoreBackup(file, target);
  const into = target.kind === 'pglite' ? `DATA_DIR ${target.dataDir}` : `database ${decodeURIComponent(new URL(target.url).pathname.slice(1))}`;
  print(`Restored ${file} into ${into}: ${restored.tables} tables, ${restored.migrations} migrations run.`);
  const keyFile = join(env.DATA_DIR, 'banking-key');
  if (!env.BANKING_KEYS && !env.BANKING_KEY && !existsSync(keyFile)) {
    print(
      `No banking key is set here: before starting the server, set BANKING_KEYS as the backed-up server had it, or copy its banking-key file to ${keyFile}. ` +
        'A server started without it makes a new key, and the signed leases’ banking numbers cannot be read with it.',
    );
  }
}

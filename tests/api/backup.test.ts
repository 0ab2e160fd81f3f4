import { sql } from 'kysely';
import pg from 'pg';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/cli.ts';
import { openDatabase, postgresDatabase, type Db } from '../../src/server/db/database.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { checkoutBody, checkoutOk, payTestCheckout } from './checkout-helpers.ts';
import { buildLeaseTestApp, signedOffer, validBanking } from './lease-fixtures.ts';
import { startServerProcess } from './server-process.ts';
import { adminToken, appAdminClient, backend, freshPostgresDatabase, testBankingKey, testNow, type TestApp } from './test-app.ts';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const auth = { authorization: `Bearer ${adminToken}` };
const staffMember = { email: 'comptable@example.com', name: 'Comptable', password: 'a long enough password', role: 'manager' };

/**
 * Every table of a database (the migrations' own too): its row count and a checksum of its rows,
 * and every sequence's last value, so that a restored copy can be compared with its source.
 */
async function contentsOf(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`.execute(db);
  const contents: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const { rows } = await sql<{ n: number; sum: string }>`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${sql.table(`${schema}.${name}`)} as t`.execute(db);
    contents[`${schema}.${name}`] = `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`;
  }
  const { rows: sequences } = await sql<{ name: string; value: string | null }>`select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences`.execute(db);
  for (const { name, value } of sequences) contents[`sequence ${name}`] = value ?? 'unused';
  return contents;
}

/** `npm run admin -- restore FILE` as its own process, with no token: its exit code and what it printed. */
async function restoreCommand(file: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/cli.ts', 'restore', file], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe(`backups that restore (${backend})`, () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
  const file = join(dir, backend === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
  /** Where the copy goes: a new data folder, or a new database on the same server. */
  const restoredDir = join(dir, 'restored');
  let restoredDatabase: { url: string; drop: () => Promise<void> } | undefined;
  /** What points the restore and the server at the copy: its data folder, and on PostgreSQL its database. */
  const copyEnv = (): Record<string, string> => ({ DATA_DIR: restoredDir, ...(restoredDatabase ? { DATABASE_URL: restoredDatabase.url } : {}) });
  let sessionId = '';
  let offerCode = '';
  let before: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildLeaseTestApp({ dataDir: join(dir, 'source') });
    // A paid order (its receipt), a signed offer (its encrypted banking numbers), a staff account;
    // each writes its e-mails to the outbox.
    sessionId = (await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-25' }))).sessionId;
    await payTestCheckout(t, sessionId);
    offerCode = await signedOffer(t);
    const added = await t.app.request('/admin-api/staff', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(staffMember) });
    expect(added.status).toBe(201);
    if (serverUrl) restoredDatabase = await freshPostgresDatabase(serverUrl, 'restored');
  });
  afterAll(async () => {
    await t.close();
    await restoredDatabase?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up, restores into a new target with no token, and every table is the same there', async () => {
    if (backend === 'pglite') {
      const lines: string[] = [];
      await runCli(['backup', file], appAdminClient(t), (line) => lines.push(line));
      expect(lines[0]).toMatch(/^Backed up the database into .*backup\.tar\.gz/);
      // A second backup never overwrites the first.
      await expect(runCli(['backup', file], appAdminClient(t), () => {})).rejects.toThrow(/exists already/);
    } else {
      // The server does not dump PostgreSQL: pg_dump does, and the route says so.
      const res = await t.app.request('/admin-api/backup', { headers: auth });
      expect([res.status, res.headers.get(problemCodeHeader)]).toEqual([409, 'backup_use_pg_dump']);
      await run('pg_dump', ['-Fc', '-f', file, t.url!]);
    }
    before = await contentsOf(t.db);
    if (backend === 'pglite') {
      // Who took it is on the trail, and in the copy.
      const trail = await t.db.selectFrom('staff_audit').select(['actor', 'action']).where('action', '=', 'backup_downloaded').execute();
      expect(trail).toEqual([{ actor: 'admin token', action: 'backup_downloaded' }]);
    }
    for (const table of ['orders', 'lease_signatures', 'staff_accounts', 'outbox', 'kysely_migration']) expect(before[`public.${table}`], table).not.toMatch(/^0 rows/);

    const restored = await restoreCommand(file, copyEnv());
    expect(restored, restored.output).toMatchObject({ code: 0 });
    expect(restored.output).toMatch(/^Restored .* migrations run\.\nNo banking key is set here/);

    const copy = backend === 'pglite' ? await openDatabase(undefined, restoredDir) : postgresDatabase(new pg.Pool({ connectionString: restoredDatabase!.url }));
    try {
      expect(await contentsOf(copy)).toEqual(before);
    } finally {
      await copy.destroy();
    }
  }, 60_000);

  it('refuses to restore over a database that holds data, naming it', async () => {
    // The copy just restored, or the source database itself.
    const refused = await restoreCommand(file, t.url ? { DATABASE_URL: t.url, DATA_DIR: restoredDir } : copyEnv());
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toEqual(
      backend === 'pglite'
        ? `DATA_DIR ${restoredDir} already holds a database (${restoredDir}/pglite): restore into a new DATA_DIR, never over one in use.`
        : expect.stringMatching(new RegExp(`^Database ${new URL(t.url!).pathname.slice(1)} is not empty \\(table \\w+ has rows\\): restore into a new database \\(CREATE DATABASE\\), never over one in use\\.$`)),
    );
  }, 60_000);

  it('the server started on the restored copy, with the same banking keys, reads everything back', async () => {
    const server = await startServerProcess({
      ...copyEnv(),
      BANKING_KEYS: `test:${testBankingKey.toString('base64')}`,
      ADMIN_TOKEN: adminToken,
      SEED: 'none',
      APP_NOW: testNow.toISOString(),
    });
    try {
      const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers });
      // The paid order and its receipt.
      const order = await get(`/public-api/orders/${sessionId}`);
      expect(order.status).toBe(200);
      const receipt = await get(`/public-api/orders/${sessionId}/receipt.pdf`);
      expect([receipt.status, receipt.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      // The signed offer's banking numbers, decrypted with the same keys (and masked, as a signed agreement shows them).
      const offer = await fetch(new URL(`/public-api/lease-offers/${offerCode}/complete-signing`, server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const signed = (await offer.json()) as { banking: Record<string, string> };
      expect([offer.status, signed.banking]).toEqual([409, { ...validBanking, account_number: '****2101' }]);
      // The staff account signs in with its password.
      const signIn = await fetch(new URL('/admin-api/session', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: staffMember.email, password: staffMember.password }),
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      // Every message of the outbox is there for the mail list.
      const mail = (await (await get('/admin-api/mail?limit=1000', auth)).json()) as { data: { messages: unknown[] } };
      expect(`${mail.data.messages.length} rows`).toBe(before['public.outbox']!.split(',')[0]);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

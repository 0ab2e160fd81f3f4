import { sql } from 'kysely';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { createApp } from '../../src/server/app.ts';
import { defaultMaxUnpaidHolds, defaultRateLimits, type AppConfig, type AppContext, type AppDeps, type PadOriginator } from '../../src/server/deps.ts';
import { keyringOf, type BankingKeyring } from '../../src/server/secrets/banking-keys.ts';
import { migrateToLatest, openDatabase, postgresDatabase, postgresPoolOptions, type Db } from '../../src/server/db/database.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { testCheckoutProvider } from '../../src/server/payments/test-checkout.ts';
import type { PaymentProvider } from '../../src/server/payments/provider.ts';
import { spaceToday } from '../../src/shared/domain/zoned-time.ts';
import type { AdminClient } from '../../src/server/cli/command.ts';
import { createUnitListCache } from '../../src/server/http/unit-list-cache.ts';

export const backend = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';

/** A fixed instant for tests: a Monday morning in Montréal. */
export const testNow = new Date('2026-11-23T14:00:00Z');
export const adminToken = 'test-admin-token-0123456789abcdef';
/** A fixed banking key, so a test can decrypt what the server stored. */
export const testBankingKey = Buffer.alloc(32, 7);
export const testBankingKeys: BankingKeyring = keyringOf([{ id: 'test', key: testBankingKey }]);

/** A fresh, empty database on a PostgreSQL server, and how to drop it. */
export async function freshPostgresDatabase(serverUrl: string, prefix = 'test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      // pg's pool.end() resolves before its sockets close; a plain drop waits (up to 5 s) for
      // those sessions to leave, where a forced one would kill them mid-goodbye and make them throw.
      await again.query(`drop database if exists ${name}`).catch(() => again.query(`drop database if exists ${name} with (force)`));
      await again.end();
    },
  };
}

/**
 * TEST_DATABASE_URL (a PostgreSQL server) → a fresh database per call on it, with the pool
 * settings production uses, and its `url`; unset → an in-memory PGlite, or one in `dataDir`
 * when given. Either way: migrated, demo-seeded unless told otherwise.
 */
export async function openTestDatabase(options: { seed?: boolean; now?: Date; dataDir?: string } = {}): Promise<{ db: Db; url?: string; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let db: Db;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const fresh = await freshPostgresDatabase(serverUrl);
    db = postgresDatabase(new pg.Pool(postgresPoolOptions(fresh.url, 20)));
    url = fresh.url;
    dropDatabase = fresh.drop;
  } else {
    db = options.dataDir === undefined ? await openDatabase('memory', '') : await openDatabase(undefined, options.dataDir);
  }
  await migrateToLatest(db);
  if (options.seed !== false) await seedDemo(db, spaceToday(options.now ?? testNow));
  return {
    db,
    url,
    close: async () => {
      await db.destroy();
      await dropDatabase();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The PAD settings of the tests: a bank's originator whose file fields a test can read back. */
export const testPadOriginator: PadOriginator = {
  id: 'CWK0012345',
  shortName: 'Cowork MTL',
  longName: 'Espace Cowork Montreal inc.',
  dataCentre: '00310',
  returnAccount: { institution: '003', transit: '12345', account: '1234567' },
};

export async function buildTestApp(
  options: { now?: Date; seed?: boolean; dataDir?: string; config?: Partial<AppConfig>; deps?: Partial<AppDeps>; payments?: (db: Db) => PaymentProvider } = {},
) {
  const now = options.now ?? testNow;
  const { db, url, close } = await openTestDatabase({ seed: options.seed, now, dataDir: options.dataDir });
  const deps: AppDeps = {
    db,
    clock: () => now,
    payments: options.payments ? options.payments(db) : testCheckoutProvider(db),
    config: {
      production: false,
      trustedProxies: 1,
      // The PWA's origin in these tests (checkout-helpers' origin): a dev server beside the API.
      publicOrigins: ['http://localhost:5173'],
      adminToken,
      rateLimits: defaultRateLimits,
      maxUnpaidHoldsPerClient: defaultMaxUnpaidHolds,
      sharedRateLimits: backend === 'postgresql',
      bankingKeys: testBankingKeys,
      // scrypt at 2^10: the same code, fast enough for a test that signs in many times.
      staffPasswordCost: 2 ** 10,
      padOriginator: testPadOriginator,
      ...options.config,
    },
    ...options.deps,
  };
  // Shared with tests that call a service directly (a payment confirmed outside any request).
  const unitList = createUnitListCache(db);
  const ctx: AppContext = { ...deps, unitList };
  const app = createApp(deps, { unitList });
  return { app, db, url, deps, ctx, close };
}


/** The staff command line's AdminClient, speaking to the app in memory instead of over HTTP. */
export function appAdminClient(t: Pick<TestApp, 'app'>, token = adminToken): AdminClient {
  return {
    async call(method, path, body, headers = {}) {
      const res = await t.app.request(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const payload = (await res.json()) as { error?: string };
      if (!res.ok) throw new Error(`${res.status}: ${payload.error ?? res.statusText}`);
      return payload;
    },
    async download(path) {
      const res = await t.app.request(path, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${res.status}: ${((await res.json()) as { error?: string }).error ?? res.statusText}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async upload(path, bytes) {
      const res = await t.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: bytes });
      const payload = (await res.json()) as { error?: string };
      if (!res.ok) throw new Error(`${res.status}: ${payload.error ?? res.statusText}`);
      return payload;
    },
  };
}

/** A waitlist entry as the form sends it (SPEC call 4), for these units' row ids. */
export function waitlistEntryFor(serviceOfferingIds: readonly (number | string)[]): Record<string, unknown> {
  return {
    customer_name: 'Émilie Gagnon',
    email: 'emilie@example.ca',
    phone: '514-555-0100',
    number_of_users: 3,
    budget_min: 900,
    budget_max: 1500.5,
    desired_start_date: '2027-01-04',
    service_offering_ids: [...serviceOfferingIds],
  };
}

/** The acknowledgement a waitlist entry's request wrote into the outbox: its row's id and sealed leave link. */
export async function acknowledgementRow(db: Db, entryId: number): Promise<{ id: string; secret_encrypted: string | null }> {
  return db
    .selectFrom('outbox')
    .select(['id', 'secret_encrypted'])
    .where('kind', '=', 'waitlist_received')
    .where(sql<boolean>`subject_ids->>'waitlistEntryId' = ${String(entryId)}`)
    .executeTakeFirstOrThrow();
}

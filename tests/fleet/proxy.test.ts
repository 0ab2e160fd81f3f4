import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { officesResponse } from '../../src/shared/contract/offices.ts';
import { startServerProcess, type ServerProcess } from '../api/server-process.ts';
import { freshPostgresDatabase, testNow, waitlistEntryFor } from '../api/test-app.ts';
import { companyInfo, signature, validBanking } from '../api/lease-fixtures.ts';
import { fixedPort, refused } from './connections.ts';
import { nginxBinary, startNginx, type Nginx } from './nginx.ts';

/**
 * Two built server processes on one PostgreSQL behind nginx, configured as deploy/nginx.conf
 * says: what a client sees through the proxy, the address the server takes for the client, and
 * an instance stopped and started again under traffic without a request failing.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('The fleet tests need a PostgreSQL server: set TEST_DATABASE_URL');
if (!nginxBinary) console.warn('nginx is not installed (apt-get install nginx; .ci/run does): the tests behind nginx are skipped.');

/** The PWA's production build of this run (tests/built-app.ts). */
const staticDir = inject('builtDist');
const adminToken = 'proxy-admin-token-0123456789abcdef';
const leaseGuessesPerMinute = 5;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address: any of 127.0.0.0/8 is this machine, each a different client to nginx. */
  from?: string;
}

/** One request on a connection of its own, from the address given; the body as it came (compressed or not). */
function call(port: number, path: string, { method = 'GET', headers = {}, body, from = '127.0.0.1' }: Call = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, localAddress: from, agent: false, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.skipIf(!nginxBinary)('two instances behind nginx (deploy/nginx.conf)', () => {
  let dropDatabase: (() => Promise<void>) | undefined;
  let db: Db;
  let nginx: Nginx;
  let env: Record<string, string>;
  const instances: { name: string; port: number; process: ServerProcess }[] = [];
  const started: ServerProcess[] = [];
  const through = (path: string, options?: Call) => call(nginx.port, path, options);
  const admin = { authorization: `Bearer ${adminToken}` };

  /**
   * An instance on the port nginx knows it by (PORT wins over the port startServerProcess would
   * pick); PGAPPNAME names its connections in pg_stat_activity.
   */
  async function startInstance(name: string, port: number): Promise<ServerProcess> {
    const server = await startServerProcess({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), `coworking-proxy-${name}-`)), PGAPPNAME: `coworking-${name}`, PORT: String(port) });
    started.push(server);
    return server;
  }

  /** A new unit and a lease offer for it, its company details given: ready to sign. */
  async function offerToSign(email: string, from: string): Promise<string> {
    const officeId = `OFF-P${Math.floor(Math.random() * 1e6)}`;
    const unit = await through('/admin-api/units', {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ office_id: officeId, service_code: `DO-${officeId}`, name: 'Office by the proxy', service_type: 'dedicated_office', location_code: 'F1-199', seating_capacity: 2, base_monthly_rate: '1200.00', is_available: true, next_available_date: null }),
    });
    expect(unit.status).toBe(201);
    const offer = await through('/admin-api/lease-offers', { method: 'POST', headers: admin, body: JSON.stringify({ email, office_ids: [officeId], start_date: '2026-12-01', monthly_rate: 1200 }) });
    expect(offer.status).toBe(201);
    const { code } = JSON.parse(offer.body.toString()) as { code: string };
    expect((await through(`/public-api/lease-offers/${code}/submit-info`, { method: 'POST', body: JSON.stringify(companyInfo), from })).status).toBe(200);
    return code;
  }

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(serverUrl, 'proxy');
    dropDatabase = fresh.drop;
    db = await openDatabase(fresh.url, '');
    const [nginxPort, portA, portB] = [await fixedPort(), await fixedPort(), await fixedPort()];
    env = {
      DATABASE_URL: fresh.url,
      APP_NOW: testNow.toISOString(),
      ADMIN_TOKEN: adminToken,
      BANKING_KEYS: `proxy:${Buffer.alloc(32, 13).toString('base64')}`,
      PUBLIC_ORIGIN: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: '1',
      STATIC_DIR: staticDir,
      RATE_LIMIT_BROWSE_PER_MINUTE: '1000000',
      RATE_LIMIT_LEASE_PER_MINUTE: String(leaseGuessesPerMinute),
      SEED: 'demo',
    };
    // Both start at once on the empty database, as two instances of a deployment do.
    const [a, b] = await Promise.all([startInstance('a', portA), startInstance('b', portB)]);
    instances.push({ name: 'a', port: portA, process: a }, { name: 'b', port: portB, process: b });
    nginx = await startNginx(nginxPort, [portA, portB]);
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(started.map((s) => s.stop()));
    await db?.destroy();
    await dropDatabase?.();
  });

  it('serves the PWA and the API from both instances, compressed by the server, with ETags that answer 304', async () => {
    const page = await through('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const direct = await call(instances[0]!.port, '/', { headers: { 'accept-encoding': 'br, gzip' } });
    // The same bytes and the same strong ETag as the instance sends: nginx neither compresses again nor weakens it.
    expect(page.headers.etag).toMatch(/^"/);
    expect(page.headers.etag).toBe(direct.headers.etag);
    expect(page.body.equals(direct.body)).toBe(true);
    expect((await through('/', { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': page.headers.etag as string } })).status).toBe(304);

    const list = await through('/public-api/offices/available', { headers: { 'accept-encoding': 'gzip' } });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    expect(officesResponse.parse(JSON.parse(gunzipSync(list.body).toString())).data!.offices.length).toBeGreaterThan(0);
    const etag = list.headers.etag as string;
    expect(etag).toBeTruthy();
    // Whichever instance answers (every one gives the list the same ETag).
    for (let i = 0; i < 4; i++) expect((await through('/public-api/offices/available', { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } })).status).toBe(304);

    const answeredBy = new Set(nginx.accessLog().map((line) => /upstream=(\S+)/.exec(line)?.[1]));
    expect(answeredBy).toEqual(new Set(instances.map((s) => `127.0.0.1:${s.port}`)));
  });

  it('counts the guessing limit by the address nginx saw: a forged X-Forwarded-For neither escapes it nor spends another client’s', async () => {
    const guess = (from: string, headers: Record<string, string> = {}) => through(`/public-api/lease-offers/unknown-code-${Math.random().toString(36).slice(2)}`, { from, headers });
    for (let i = 0; i < leaseGuessesPerMinute; i++) expect((await guess('127.0.0.2')).status).toBe(404);
    expect((await guess('127.0.0.2')).status).toBe(429);
    // Claiming to be another client changes nothing: the server takes the address nginx appended.
    expect((await guess('127.0.0.2', { 'x-forwarded-for': '127.0.0.3' })).status).toBe(429);
    expect((await guess('127.0.0.2', { 'x-forwarded-for': '127.0.0.3, 203.0.113.9' })).status).toBe(429);
    // The client at 127.0.0.3 has its own budget, whatever it claims to be.
    expect((await guess('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' })).status).toBe(404);
    expect((await guess('127.0.0.3')).status).toBe(404);
  });

  it('records in the signing audit trail the address nginx saw, not one the client wrote', async () => {
    const code = await offerToSign('proxy-audit@example.com', '127.0.0.4');
    const signed = await through(`/public-api/lease-offers/${code}/complete-signing`, {
      method: 'POST',
      from: '127.0.0.4',
      headers: { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'Proxy Tablet 1.0' },
      body: JSON.stringify({ signature, banking: validBanking }),
    });
    expect(signed.status).toBe(200);
    const row = await sql<{ ip_address: string; user_agent: string }>`select s.ip_address, s.user_agent from lease_signatures s
      join lease_offers o on o.id = s.offer_id where o.email = 'proxy-audit@example.com'`.execute(db);
    expect(row.rows).toEqual([{ ip_address: '127.0.0.4', user_agent: 'Proxy Tablet 1.0' }]);
  });

  it('signs staff in through nginx from PUBLIC_ORIGIN, and refuses a change asked from another origin', async () => {
    const origin = env.PUBLIC_ORIGIN!;
    const credentials = JSON.stringify({ email: 'proxy.staff@example.com', password: 'proxy staff password' });
    expect((await through('/admin-api/staff', { method: 'POST', headers: admin, body: credentials })).status).toBe(201);
    const signIn = await through('/admin-api/session', { method: 'POST', headers: { origin }, body: credentials, from: '127.0.0.6' });
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    // Whichever instance answers, the session is the database's.
    for (let i = 0; i < 2; i++) expect((await through('/admin-api/session', { headers: { cookie } })).status).toBe(200);
    const elsewhere = await through('/admin-api/session', { method: 'DELETE', headers: { cookie, origin: 'https://elsewhere.example' } });
    expect([elsewhere.status, elsewhere.headers['problem-code']]).toEqual([403, 'wrong_origin']);
    expect((await through('/admin-api/session', { method: 'DELETE', headers: { cookie, origin } })).status).toBe(200);
  });

  it('an instance stopped under steady traffic: no request fails, a signing under way finishes on it, and started again it takes traffic', async () => {
    const offices = (await sql<{ id: number }>`select id from offices where office_id in ('OFF-103', 'OFF-201') order by id`.execute(db)).rows.map((o) => o.id);
    const code = await offerToSign('proxy-drain@example.com', '127.0.0.5');
    const offerId = (await sql<{ id: number }>`select id from lease_offers where email = 'proxy-drain@example.com'`.execute(db)).rows[0]!.id;

    // Three clients, each sending one request after the other: the offices list, the PWA, a waitlist entry.
    const failures: string[] = [];
    let completed = 0;
    let running = true;
    const kinds = [
      { expected: 200, send: () => through('/public-api/offices/available', { headers: { 'accept-encoding': 'br' } }) },
      { expected: 200, send: () => through('/', { headers: { 'accept-encoding': 'br' } }) },
      { expected: 201, send: (n: number) => through('/public-api/waitlist', { method: 'POST', body: JSON.stringify({ ...waitlistEntryFor(offices), email: `steady-${n}@example.com` }) }) },
    ];
    const client = async (id: number) => {
      for (let n = 0; running; n++) {
        const kind = kinds[n % kinds.length]!;
        const label = `client ${id} request ${n}`;
        try {
          const answer = await kind.send(id * 100_000 + n);
          if (answer.status !== kind.expected) failures.push(`${label}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
        } catch (err) {
          failures.push(`${label}: ${(err as Error).message}`);
        }
        completed++;
        // A steady pace (some 40 requests a second each), not a flood: the same machine starts the stopped instance again meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const clients = [1, 2, 3].map(client);
    const completedAtLeast = (n: number) => expect.poll(() => completed, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(n);
    await completedAtLeast(30);

    // A signing held up in the database by a lock this test takes on its offer: under way on one instance.
    const locker = new pg.Client({ connectionString: env.DATABASE_URL });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from lease_offers where id = $1 for update', [offerId]);
    const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const signing = through(`/public-api/lease-offers/${code}/complete-signing`, { method: 'POST', from: '127.0.0.5', body: JSON.stringify({ signature, banking: validBanking }) });
    const waitingInstance = async () =>
      (await locker.query<{ application_name: string }>('select application_name from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [lockerPid])).rows[0]?.application_name;
    let waiting: string | undefined;
    await expect.poll(async () => (waiting = await waitingInstance()), { timeout: 10_000, interval: 20 }).toMatch(/^coworking-[ab]$/);
    const stopped = instances.find((s) => `coworking-${s.name}` === waiting)!;
    const other = instances.find((s) => s !== stopped)!;
    const upstream = (s: { port: number }) => `127.0.0.1:${s.port}`;

    // SIGTERM: it stops listening at once; the lock is let go once it has, and the signing goes on.
    const completedBeforeStop = completed;
    stopped.process.signal('SIGTERM');
    await expect.poll(() => refused(stopped.port), { timeout: 5_000, interval: 20 }).toBe(true);
    await locker.query('rollback');
    await locker.end();
    const signed = await signing;
    expect(signed.status).toBe(200);
    expect(JSON.parse(signed.body.toString())).toMatchObject({ success: true });
    // It was answered by the stopping instance, on the first try.
    const signingLine = () => nginx.accessLog().find((line) => line.startsWith('127.0.0.5 ') && line.includes('/complete-signing'));
    await expect.poll(signingLine, { timeout: 5_000, interval: 20 }).toContain(`upstream=${upstream(stopped)} upstream_status=200 `);
    expect(await stopped.process.exited).toBe(0);

    // Its refused connections went to the other instance; traffic went on meanwhile.
    await expect.poll(() => nginx.accessLog().some((line) => line.includes(`upstream=${upstream(stopped)}, ${upstream(other)} `)), { timeout: 10_000, interval: 50 }).toBe(true);
    await completedAtLeast(completedBeforeStop + 30);

    // Started again on its port, it is given traffic once nginx tries it again (fail_timeout).
    const logLinesBeforeRestart = nginx.accessLog().length;
    stopped.process = await startInstance(stopped.name, stopped.port);
    await expect
      .poll(() => nginx.accessLog().slice(logLinesBeforeRestart).filter((line) => line.includes(`upstream=${upstream(stopped)} upstream_status=20`)).length, { timeout: 20_000, interval: 50 })
      .toBeGreaterThanOrEqual(3);

    running = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(completed).toBeGreaterThan(completedBeforeStop + 30);
  }, 120_000);
});

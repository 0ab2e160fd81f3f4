import { Kysely, PostgresDialect, sql } from 'kysely';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import type { Database } from '../../src/server/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { defaultRateLimits } from '../../src/server/deps.ts';
import type { WorkerHealth } from '../../src/server/repeat.ts';
import { backend, buildTestApp, type TestApp } from './test-app.ts';

/*
 * /healthz and /readyz (issue 33): the process up, and whether the instance is ready for traffic
 * (not stopping, the database answering with every migration run, the workers going), 503 naming
 * what is not. Neither is cached, rate-limited or counted.
 */

describe(`health and readiness (${backend})`, () => {
  let t: TestApp;
  let draining = false;
  let workers: Record<string, WorkerHealth> = {};
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, browse: { max: 3, windowMs: 60_000 } } } });
  });
  afterAll(() => t.close());

  const appWith = () => createApp({ ...t.deps, readiness: { draining: () => draining, workers: () => workers } });

  it('/healthz: 200, never stored', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Mounted at the root, its no-store is its own: the list keeps its revalidation.
    expect((await t.app.request('/public-api/offices/available')).headers.get('cache-control')).toBe('no-cache');
  });

  it('/readyz: 200 with each check, once the database answers and every migration has run', async () => {
    workers = { mailer: 'running', billingRound: 'running' };
    const res = await appWith().request('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', mailer: 'running', billingRound: 'running' }, payment_provider: 'ok' });
  });

  it('503 naming what is not ready: a stuck or stopped worker, a migration not run, a stopping instance', async () => {
    workers = { mailer: 'running', billingRound: 'stuck', waitlistRound: 'stopped' };
    let res = await appWith().request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'ok', mailer: 'running', billingRound: 'stuck', waitlistRound: 'stopped' }, payment_provider: 'ok' });

    workers = {};
    const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.db);
    const name = last.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    try {
      res = await appWith().request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'not_ready', checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(t.db);
    }

    draining = true;
    res = await appWith().request('/readyz');
    expect([res.status, ((await res.json()) as { status: string }).status]).toEqual([503, 'draining']);
    expect(res.headers.get('connection')).toBe('close');
    // Stopping is not dead: /healthz still says the process is up, and any request still answered
    // tells its client the connection ends with it.
    const healthz = await appWith().request('/healthz');
    expect([healthz.status, healthz.headers.get('connection')]).toEqual([200, 'close']);
    const offices = await appWith().request('/public-api/offices/available');
    expect([offices.status, offices.headers.get('connection')]).toEqual([200, 'close']);
    draining = false;
    expect((await appWith().request('/healthz')).headers.get('connection')).toBeNull();
  });

  it('never rate-limited: the browse budget spent, both still answer', async () => {
    const xff = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.app.request('/public-api/offices', { headers: xff })).status);
    expect(statuses.at(-1)).toBe(429);
    for (let i = 0; i < 10; i++) {
      expect((await t.app.request('/healthz', { headers: xff })).status).toBe(200);
      expect((await t.app.request('/readyz', { headers: xff })).status).toBe(200);
    }
  });
});

describe('readiness when the database is gone', () => {
  let t: TestApp;
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    // A database that takes the connection and never answers.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const databaseAt = (port: number) => new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', database: 'none', max: 1 }) }) });

  it('503 with the database down, whether it refuses the connection or never answers', async () => {
    for (const port of [1, (silent.address() as AddressInfo).port]) {
      const db = databaseAt(port);
      const res = await createApp({ ...t.deps, db }).request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not_ready', checks: { database: 'down', migrations: 'pending' }, payment_provider: 'unknown' });
      void db.destroy().catch(() => undefined);
    }
  });
});

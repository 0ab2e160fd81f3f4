import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { migrationsDone } from '../db/database.ts';
import { openProviderIncident } from '../billing/provider-incidents.ts';
import type { Readiness } from '../deps.ts';
import type { WorkerHealth } from '../repeat.ts';
import { within } from '../http/within.ts';

/** How long /readyz waits for the database before it says it is down. */
const databaseWaitMs = 1_000;

type Check = 'ok' | 'down' | 'pending' | WorkerHealth;

async function databaseCheck(db: Db): Promise<DatabaseReading> {
  try {
    const done = await within(sql`select 1`.execute(db).then(() => migrationsDone(db)), databaseWaitMs);
    return { checks: { database: 'ok', migrations: done ? 'ok' : 'pending' }, paymentProvider: done ? await paymentProviderState(db) : 'unknown' };
  } catch (err) {
    // No table of migrations yet: the database answers, nothing has run. Else it failed or did not answer in time.
    return { checks: (err as { code?: unknown }).code === '42P01' ? { database: 'ok', migrations: 'pending' } : { database: 'down', migrations: 'pending' }, paymentProvider: 'unknown' };
  }
}

/** Whether the payment provider refuses us (an incident open): said, never a reason to take the instance out of a load balancer. */
async function paymentProviderState(db: Db): Promise<PaymentProviderState> {
  try {
    return (await within(openProviderIncident(db), databaseWaitMs)) ? 'refusing_us' : 'ok';
  } catch {
    return 'unknown';
  }
}

type PaymentProviderState = 'ok' | 'refusing_us' | 'unknown';
type DatabaseChecks = { database: Check; migrations: Check };
type DatabaseReading = { checks: DatabaseChecks; paymentProvider: PaymentProviderState };

/**
 * The database's checks, asked at most once a second whoever asks: /readyz is public, and a flood
 * of it (or a slow database) must not pile queries on the pool that real requests need.
 */
function sharedDatabaseCheck(db: Db): () => Promise<DatabaseReading> {
  let last: { at: number; checks: Promise<DatabaseReading> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= databaseWaitMs) last = { at: now, checks: databaseCheck(db) };
    return last.checks;
  };
}

/**
 * What an instance says of itself to a load balancer, an orchestrator or a monitor: whether it
 * is up, and what is not ready. Never cached, never rate-limited, never logged per request.
 */
export function healthRoutes(db: Db, readiness: Readiness) {
  // Set on each answer, not as middleware: mounted at the root, a middleware would reach every path.
  const app = new Hono();
  const checkDatabase = sharedDatabaseCheck(db);

  /** The process is up: no database, no work. */
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const });
  });

  /**
   * Ready for traffic: not stopping, the database answering within a second with every migration
   * run, the workers going. 503 names what is not. The payment provider refusing us is said
   * (payment_provider: 'refusing_us') but leaves the answer 200: every other page still works.
   */
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (readiness.draining()) return c.json({ status: 'draining' as const, checks: {} }, 503);
    const reading = await checkDatabase();
    const checks: Record<string, Check> = { ...reading.checks, ...readiness.workers() };
    const ready = Object.values(checks).every((check) => check === 'ok' || check === 'running');
    return c.json({ status: ready ? ('ready' as const) : ('not_ready' as const), checks, payment_provider: reading.paymentProvider }, ready ? 200 : 503);
  });
  return app;
}

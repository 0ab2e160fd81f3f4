import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { invoiceCounts } from '../billing/billing-figures.ts';
import { openProviderIncident } from '../billing/provider-incidents.ts';
import { paidOrderCount } from '../bookings/orders.ts';
import { refundCounts } from '../bookings/refunds.ts';
import { poolUse, type PoolUse } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { logError } from '../log.ts';
import { outboxBacklog } from '../outbox/outbox.ts';
import type { RoundStats } from '../repeat.ts';
import { within } from './within.ts';

/*
 * What GET /metrics tells Prometheus: this process's requests, database connections and rounds,
 * and figures every instance shares, read from the database when asked (so two instances on one
 * PostgreSQL say the same). Labels are route patterns, methods, statuses and round names: never
 * a path, which can carry a secret link's token, nor anything of a person.
 */

const prefix = 'coworking_';
/** A scrape that waits longer than this on the database answers without its figures. */
const databaseWaitMs = 5_000;
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route that answered, as its pattern; a path no route serves is `unmatched` (its 404 came from a catch-all). */
function routeLabel(c: Context): string {
  const route = routePath(c);
  return route === '' || (route.endsWith('*') && c.res.status === 404) ? 'unmatched' : route;
}

export interface Metrics {
  /** Counts and times every request: the app's first middleware, so that every answer (a 429, a 401, an error) is seen. */
  countRequests: MiddlewareHandler;
  /** The Prometheus text: this process's metrics, and the database's figures when it answers (one reading at a time, however many scrapes ask). */
  render(): Promise<string>;
  contentType: string;
}

/** The metrics of one app, in a registry of its own (so several apps live in one process). */
export function createMetrics(deps: Pick<AppDeps, 'db' | 'clock' | 'rounds'>): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: `${prefix}http_requests_total`, help: 'Requests answered, by method, route pattern and status.', labelNames, registers });
  const durations = new Histogram({ name: `${prefix}http_request_duration_seconds`, help: 'How long requests took to answer, by method, route pattern and status.', labelNames, registers });
  const countRequests: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = { method: methods.has(c.req.method) ? c.req.method : 'other', route: routeLabel(c), status: String(c.res.status) };
      requests.inc(labels);
      durations.observe(labels, (performance.now() - started) / 1000);
    }
  };

  const pool = (name: string, help: string, value: (use: PoolUse) => number) =>
    new Gauge({
      name: `${prefix}database_${name}`,
      help: `${help} (PGlite: its one session).`,
      registers,
      collect() {
        this.set(value(poolUse(deps.db)!));
      },
    });
  // A database opened elsewhere (a test's) tells nothing of its connections: none are shown, rather than 0.
  if (poolUse(deps.db)) {
    pool('connections_max', 'Database connections this process may open', (use) => use.max);
    pool('connections_open', 'Database connections open', (use) => use.open);
    pool('connections_idle', 'Database connections open and idle', (use) => use.idle);
    pool('clients_waiting', 'Queries of this process waiting for a database connection', (use) => use.waiting);
  }

  const perRound = (name: string, help: string, value: (stats: RoundStats) => number | null, type: 'counter' | 'gauge' = 'gauge') => {
    const config = {
      name: `${prefix}round_${name}`,
      help: `${help}, by round (this process).`,
      labelNames: ['round'] as const,
      registers,
    };
    const each = (set: (round: string, value: number) => void) => {
      for (const [round, stats] of Object.entries(deps.rounds?.() ?? {})) {
        const v = value(stats);
        if (v !== null) set(round, v);
      }
    };
    if (type === 'counter') {
      return new Counter({
        ...config,
        collect() {
          this.reset();
          each((round, v) => this.inc({ round }, v));
        },
      });
    }
    return new Gauge({
      ...config,
      collect() {
        this.reset();
        each((round, v) => this.set({ round }, v));
      },
    });
  };
  perRound('runs_total', 'Runs', (stats) => stats.runs, 'counter');
  perRound('errors_total', 'Runs that failed', (stats) => stats.errors, 'counter');
  perRound('last_run_timestamp_seconds', 'When the last run ended, in seconds since the epoch', (stats) => (stats.lastRunAt === null ? null : stats.lastRunAt / 1000));
  perRound('last_duration_seconds', 'How long the last run took', (stats) => (stats.lastDurationMs === null ? null : stats.lastDurationMs / 1000));

  // The database's figures are a registry of their own: a scrape the database does not answer leaves them out, rather than say 0.
  const shared = new Registry();
  const figure = (name: string, help: string, labelNames: readonly string[] = []) =>
    new Gauge({ name: `${prefix}${name}`, help: `${help} (read from the database: every instance's).`, labelNames, registers: [shared] });
  const databaseUp = new Gauge({ name: `${prefix}metrics_database_up`, help: 'Whether this scrape read its figures from the database (1) or could not (0).', registers });
  const figures = {
    outboxWaiting: figure('outbox_waiting', 'Messages waiting to be sent, due or to be tried again'),
    outboxFailed: figure('outbox_failed', 'Messages given up on'),
    outboxOldest: figure('outbox_oldest_waiting_age_seconds', 'How long the oldest waiting message has waited (0: none waits)'),
    ordersPaid: figure('orders_paid', 'Orders paid, those refunded since too'),
    refunds: figure('refunds', 'Refunds decided, by status: pending (still to ask the provider) or succeeded', ['status']),
    invoicesIssued: figure('invoices_issued', 'Invoices issued'),
    invoicesPaid: figure('invoices_paid', 'Invoices that owe nothing (paid, or credited in full)'),
    invoicePaymentsFailed: figure('invoice_payments_failed', 'Invoice payments that failed: tries declined and debits returned'),
    providerRefusing: figure('payment_provider_refusing_us', 'Whether the payment provider refuses our requests (1: key, rights or request refused; card charges stopped until it answers) or not (0)'),
  };

  const read = async () => {
    const db = deps.db;
    const outbox = await outboxBacklog(db, deps.clock());
    const ordersPaid = await paidOrderCount(db);
    const refunds = await refundCounts(db);
    const invoices = await invoiceCounts(db);
    const incident = await openProviderIncident(db);
    figures.outboxWaiting.set(outbox.waiting);
    figures.outboxFailed.set(outbox.failed);
    figures.outboxOldest.set(outbox.oldestWaitingSeconds);
    figures.ordersPaid.set(ordersPaid);
    figures.refunds.set({ status: 'pending' }, refunds.pending);
    figures.refunds.set({ status: 'succeeded' }, refunds.succeeded);
    figures.invoicesIssued.set(invoices.issued);
    figures.invoicesPaid.set(invoices.paid);
    figures.invoicePaymentsFailed.set(invoices.paymentsFailed);
    figures.providerRefusing.set(incident ? 1 : 0);
  };
  let reading: Promise<void> | null = null;
  const readOnce = () =>
    (reading ??= read().finally(() => {
      reading = null;
    }));

  /** Whether the database answered, within databaseWaitMs. */
  const readFigures = async () => {
    try {
      await within(readOnce(), databaseWaitMs);
      return true;
    } catch (err) {
      logError('metrics.figures_failed', err);
      return false;
    }
  };

  return {
    countRequests,
    async render() {
      const answered = await readFigures();
      databaseUp.set(answered ? 1 : 0);
      const own = await registry.metrics();
      return answered ? own + (await shared.metrics()) : own;
    },
    contentType: registry.contentType,
  };
}

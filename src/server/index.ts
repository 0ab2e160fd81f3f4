import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spaceToday } from '../shared/domain/zoned-time.ts';
import { createApp } from './app.ts';
import { startWaitlistRounds } from './waitlist/round.ts';
import { startBillingRounds } from './billing/round.ts';
import { adoptRentalsSoldBefore } from './billing/rentals.ts';
import { adoptLeasesSignedBefore } from './lease/lease-offers.ts';
import { defaultRateLimits } from './deps.ts';
import { isPostgresUrl, migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemo } from './db/seed.ts';
import { isProduction, missingProductionSettings, padOriginatorOf, readEnv, seedMode, type Env } from './env.ts';
import { loadBankingKeys } from './secrets/banking-keys.ts';
import { demoOffersText, seedDemoOffers } from './lease/seed-offers.ts';
import { logError, logEvent } from './log.ts';
import { settleDueRefunds } from './bookings/refunds.ts';
import { createRenderer } from './messages/render.ts';
import { earlierRows } from './messages/earlier-rows.ts';
import { emlFileTransport, smtpTransport } from './mail/transport.ts';
import { startMailer } from './outbox/worker.ts';
import { site } from '../shared/site.ts';
import { stripeProvider } from './payments/stripe.ts';
import { testCheckoutProvider } from './payments/test-checkout.ts';
import { StaticSite } from './http/static-files.ts';
import { createDemoStaff } from './staff/demo-account.ts';
import { defaultPasswordCost } from './staff/passwords.ts';
import { createUnitListCache } from './http/unit-list-cache.ts';
import { repeat } from './repeat.ts';
import { lingerOverUnreadBodies } from './http/lingering-close.ts';
import { signalDuringDrain } from './http/draining.ts';

/** A configuration the server cannot run with: one line that names the problem (never a secret), exit code 1. */
function refuseToStart(message: string): never {
  console.error(`Cannot start: ${message}`);
  process.exit(1);
}

let env: Env;
try {
  env = readEnv();
} catch (err) {
  refuseToStart((err as Error).message);
}
const production = isProduction(env);
const missing = missingProductionSettings(env);
if (missing.length > 0) {
  const list = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0];
  refuseToStart(`NODE_ENV=production needs ${list}: every instance must be given the same (see the README's configuration table).`);
}

// APP_NOW starts the clock at a fixed instant, from which it ticks on (holds and retries still lapse).
const startedAt = Date.now();
const startInstant = !production && env.APP_NOW ? new Date(env.APP_NOW).getTime() : undefined;
const clock = () => (startInstant === undefined ? new Date() : new Date(startInstant + (Date.now() - startedAt)));

/** ADMIN_TOKEN, else (outside production) a token generated once into the data folder. */
function adminToken(): { token: string; generatedAt?: string } {
  if (env.ADMIN_TOKEN) return { token: env.ADMIN_TOKEN };
  const file = join(env.DATA_DIR, 'admin-token');
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim() };
  mkdirSync(env.DATA_DIR, { recursive: true });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(file, token + '\n', { mode: 0o600 });
  return { token, generatedAt: file };
}

let banking: ReturnType<typeof loadBankingKeys>;
try {
  banking = loadBankingKeys({ keys: env.BANKING_KEYS, key: env.BANKING_KEY }, env.DATA_DIR);
} catch (err) {
  refuseToStart((err as Error).message);
}
if (banking.generatedAt) console.log(`Banking encryption key generated into ${banking.generatedAt}: back it up with the database.`);

const db = await openDatabase(env.DATABASE_URL, env.DATA_DIR);
await migrateToLatest(db);
const adopted = await adoptRentalsSoldBefore(db, clock());
if (adopted > 0) console.log(`Billing ${adopted} rental${adopted === 1 ? '' : 's'} sold before monthly billing, from their next period (with Pay now: no card was kept).`);
const leases = await adoptLeasesSignedBefore(db, banking.keyring, env.STRIPE_SECRET_KEY ? 'stripe' : 'test', clock());
if (leases.adopted > 0) console.log(`Made the tenancies of ${leases.adopted} lease${leases.adopted === 1 ? '' : 's'} signed before: their first debit after a 10-day notice e-mailed today.`);
if (leases.conflicts > 0) console.warn(`${leases.conflicts} lease${leases.conflicts === 1 ? '' : 's'} signed before could not take ${leases.conflicts === 1 ? 'its' : 'their'} office (rented since): staff are told by e-mail.`);
const seed = seedMode(env);
const seeded = seed === 'demo' && (await seedDemo(db, spaceToday(clock()), env.SEED_UNITS));
if (seeded) console.log('Seeded the demo inventory.');
// Demo offers carry a demo signature and banking numbers: never in production, and only with the demo inventory they name.
if (seeded && !production) {
  const demoOffers = await seedDemoOffers(db, banking.keyring, clock(), `http://${env.HOST}:${env.PORT}`, env.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  if (demoOffers) {
    // Codes are stored hashed: this is the only moment they exist in clear.
    const list = demoOffersText(demoOffers);
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(join(env.DATA_DIR, 'demo-offers.txt'), list + '\n', { mode: 0o600 });
    console.log(`Seeded demo lease offers (also in ${join(env.DATA_DIR, 'demo-offers.txt')}):\n${list}`);
  }
}

// A demo staff account, outside production only; production has none until `staff add`.
const demoStaffFile = join(env.DATA_DIR, 'demo-staff.txt');
if (!production) {
  const created = await createDemoStaff(db, clock(), defaultPasswordCost, `http://${env.HOST}:${env.PORT}/staff`);
  if (created) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(demoStaffFile, created + '\n', { mode: 0o600 });
  }
  if (existsSync(demoStaffFile)) console.log(`Demo staff sign-in (also in ${demoStaffFile}):\n${readFileSync(demoStaffFile, 'utf8').trim()}`);
}

const admin = adminToken();
const staticSite = new StaticSite(env.STATIC_DIR);
if (!staticSite.available) console.warn(`No built PWA in ${env.STATIC_DIR}/: run npm run build. Serving the API only.`);

const payments = env.STRIPE_SECRET_KEY
  ? stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET })
  : testCheckoutProvider(db);
if (!env.STRIPE_SECRET_KEY) {
  console.warn(
    production && env.ALLOW_TEST_CHECKOUT !== 'true'
      ? 'No STRIPE_SECRET_KEY: card payments are off (set ALLOW_TEST_CHECKOUT=true to use the test checkout).'
      : 'No STRIPE_SECRET_KEY: payments go through the built-in test checkout.',
  );
} else if (!env.STRIPE_WEBHOOK_SECRET) {
  console.warn('No STRIPE_WEBHOOK_SECRET: Stripe webhooks will be refused, so no payment will be confirmed.');
}

// Links in e-mails point at the site's public origin; outside production without one, at this server.
const siteOrigin = env.PUBLIC_ORIGIN[0] ?? `http://${env.HOST}:${env.PORT}`;
const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL) : emlFileTransport(env.MAIL_DIR ?? join(env.DATA_DIR, 'mail'));
const mailer = startMailer({
  db,
  clock,
  transport,
  render: createRenderer({ clock, keyring: banking.keyring, siteOrigin, from: env.MAIL_FROM ?? { name: site.productName, address: site.email }, earlierRows: earlierRows(db, banking.keyring) }),
});
console.log(`Mail goes to ${transport.description}${env.SMTP_URL ? '' : ' (set SMTP_URL to send it; npm run admin -- mail list shows it)'}.`);

const minute = 60_000;
const deps = {
  mailer,
  db,
  clock,
  staticSite,
  payments,
  config: {
    production,
    trustedProxies: env.TRUST_PROXY,
    publicOrigins: env.PUBLIC_ORIGIN,
    adminToken: admin.token,
    metricsToken: env.METRICS_TOKEN,
    bankingKeys: banking.keyring,
    allowTestCheckout: env.ALLOW_TEST_CHECKOUT === 'true',
    padOriginator: padOriginatorOf(env),
    maxUnpaidHoldsPerClient: env.MAX_UNPAID_HOLDS_PER_CLIENT,
    sharedRateLimits: isPostgresUrl(env.DATABASE_URL),
    rateLimits: {
      browse: { max: env.RATE_LIMIT_BROWSE_PER_MINUTE, windowMs: minute },
      leaseGuess: { max: env.RATE_LIMIT_LEASE_PER_MINUTE, windowMs: minute },
      offer: { max: env.RATE_LIMIT_OFFER_PER_MINUTE, windowMs: minute },
      checkout: { max: env.RATE_LIMIT_CHECKOUT_PER_MINUTE, windowMs: minute },
      signInAccount: defaultRateLimits.signInAccount,
      signInAddress: defaultRateLimits.signInAddress,
    },
  },
};
const unitList = createUnitListCache(db);
// Set at SIGTERM: /readyz answers 503 at once, so a load balancer sends this instance nothing new.
let draining = false;
const app = createApp(
  {
    ...deps,
    readiness: {
      draining: () => draining,
      workers: () => ({ mailer: mailer.health(), waitlistRound: waitlistRounds.health(), billingRound: billingRounds.health() }),
    },
    rounds: () => ({ waitlist: waitlistRounds.stats(), refunds: refundRounds.stats(), mail: mailer.stats(), billing: billingRounds.stats() }),
  },
  { unitList },
);

// Waitlist offers move on by themselves when their claim window ends, and units whose rental has
// ended are offered to their waitlist: each instance looks every 15 seconds (waitlist/round.ts).
const waitlistRounds = startWaitlistRounds({
  db,
  clock,
  keyring: banking.keyring,
  everyMs: 15_000,
  changed: () => {
    unitList.invalidate();
    mailer.wake();
  },
});

// Refunds the provider has not confirmed yet (a late payment whose first ask failed, or an
// instance that stopped before asking): every instance looks at start and each minute, and the
// row claim keeps two from asking at once.
const refundRounds = repeat((stopping) => settleDueRefunds(deps, 20, stopping), { everyMs: minute, failedEvent: 'refunds.round_failed', done: () => {} });

// Rentals bill every month: each period is invoiced the day it begins and charged to the card on
// file, failed payments tried again on schedule (billing/round.ts). Every instance looks each
// minute, and at start, so a server that was down on the 1st catches up at once.
const billingRounds = startBillingRounds({
  db,
  clock,
  payments,
  keyring: banking.keyring,
  everyMs: minute,
  // A round may have decided refunds (a prepaid month's surplus, a payment made twice): the refund round asks for them at once (and a drain waits for it).
  changed: () => {
    mailer.wake();
    refundRounds.wake();
  },
});

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Serving on http://${info.address}:${info.port}${startInstant === undefined ? '' : ` (clock started at ${new Date(startInstant).toISOString()})`}`);
  // Outside production only: production refuses to start without ADMIN_TOKEN, so nothing is generated there.
  if (admin.generatedAt) console.log(`Admin token generated into ${admin.generatedAt} (npm run admin reads it from there).`);
});

// A body refused unread (over the limit, without a staff token) is read on a moment after its
// answer, so the client still sending it reads the answer instead of a reset connection.
lingerOverUnreadBodies(server as Server);

/**
 * SIGTERM (or SIGINT) drains the instance: /readyz answers 503 at once and the listener closes,
 * so a load balancer sends nothing new; idle connections close; requests under way finish, their
 * answers saying `Connection: close`; the rounds and the mail worker finish the item they are on
 * and start no other; then the database closes and the process exits 0. Should that take longer
 * than DRAIN_TIMEOUT_SECONDS, the process says what was left and exits 1: a request or an item
 * was cut short, which the operator should see (a message cut mid-send may go out again).
 * A second signal during the drain ends it at once, with exit code 1 and a line that says so
 * (someone chose not to wait); the first one delivered twice changes nothing (signalDuringDrain).
 */
let stopping: { signal: NodeJS.Signals; at: number } | null = null;
function shutdown(signal: NodeJS.Signals) {
  if (stopping) {
    const now = Date.now();
    if (signalDuringDrain(stopping, signal, now) === 'repeat') {
      logEvent('warn', 'server.already_draining', { signal });
      return;
    }
    logEvent('error', 'server.stopped_at_once', { signal, drainingMs: now - stopping.at });
    process.exit(1);
  }
  const since = Date.now();
  stopping = { signal, at: since };
  draining = true;
  logEvent('info', 'server.draining', { signal, drainTimeoutSeconds: env.DRAIN_TIMEOUT_SECONDS });
  const left = { connections: true, workers: true };
  setTimeout(() => {
    logEvent('error', 'server.drain_timeout', { drainTimeoutSeconds: env.DRAIN_TIMEOUT_SECONDS, connectionsOpen: left.connections, workersRunning: left.workers });
    process.exit(1);
  }, env.DRAIN_TIMEOUT_SECONDS * 1000);
  const http = server as Server;
  const connectionsClosed = new Promise<void>((resolve) => http.close(() => resolve())).then(() => {
    left.connections = false;
  });
  // Browsers keep idle connections open for reuse: closed now, and again each second for those an
  // answer under way leaves idle.
  http.closeIdleConnections();
  const closingIdle = setInterval(() => http.closeIdleConnections(), 1000);
  closingIdle.unref();
  const workersStopped = Promise.all([mailer.stop(), waitlistRounds.stop(), billingRounds.stop(), refundRounds.stop()]).then(() => {
    left.workers = false;
  });
  Promise.all([connectionsClosed, workersStopped])
    .then(() => db.destroy())
    .then(() => {
      logEvent('info', 'server.stopped', { ms: Date.now() - since });
      process.exit(0);
    })
    .catch((err: unknown) => {
      logError('server.stop_failed', err);
      process.exit(1);
    });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

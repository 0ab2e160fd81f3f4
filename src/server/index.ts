import { serve } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spaceToday } from '../shared/domain/time.ts';
import { createApp, defaultRateLimits } from './app.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemo } from './db/seed.ts';
import { readEnv } from './env.ts';
import { loadBankingKey } from './lease/banking-crypto.ts';
import { demoOffersText, seedDemoOffers } from './lease/seed-offers.ts';
import { stripeProvider } from './payments/stripe.ts';
import { testCheckoutProvider } from './payments/test-checkout.ts';
import { StaticSite } from './static-files.ts';

const env = readEnv();
const production = env.NODE_ENV === 'production';
const fixedNow = !production && env.APP_NOW ? new Date(env.APP_NOW) : undefined;
const clock = () => fixedNow ?? new Date();

/** ADMIN_TOKEN, else a token generated once into the data folder. */
function adminToken(): { token: string; generatedAt?: string } {
  if (env.ADMIN_TOKEN) return { token: env.ADMIN_TOKEN };
  const file = join(env.DATA_DIR, 'admin-token');
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim() };
  mkdirSync(env.DATA_DIR, { recursive: true });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(file, token + '\n', { mode: 0o600 });
  return { token, generatedAt: file };
}

const db = await openDatabase(env.DATABASE_URL, env.DATA_DIR);
await migrateToLatest(db);
if (env.SEED === 'demo' && (await seedDemo(db, spaceToday(clock())))) console.log('Seeded the demo inventory.');

const banking = loadBankingKey(env.BANKING_KEY, env.DATA_DIR);
if (banking.generatedAt) console.log(`Banking encryption key generated into ${banking.generatedAt}: back it up with the database.`);
if (production && !env.BANKING_KEY) console.warn('BANKING_KEY is not set: the banking key lives in the data folder, so every instance needs that same file.');
// Demo offers carry a demo signature and banking numbers: never in production.
if (env.SEED === 'demo' && !production) {
  const demoOffers = await seedDemoOffers(db, banking.key, clock(), `http://${env.HOST}:${env.PORT}`);
  if (demoOffers) {
    // Codes are stored hashed: this is the only moment they exist in clear.
    const list = demoOffersText(demoOffers);
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(join(env.DATA_DIR, 'demo-offers.txt'), list + '\n', { mode: 0o600 });
    console.log(`Seeded demo lease offers (also in ${join(env.DATA_DIR, 'demo-offers.txt')}):\n${list}`);
  }
}

const admin = adminToken();
const staticSite = new StaticSite(env.STATIC_DIR);
if (!staticSite.available) console.warn(`No built PWA in ${env.STATIC_DIR}/: run npm run build. Serving the API only.`);

const payments = env.STRIPE_SECRET_KEY
  ? stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET })
  : testCheckoutProvider();
if (!env.STRIPE_SECRET_KEY) {
  console.warn(
    production && env.ALLOW_TEST_CHECKOUT !== 'true'
      ? 'No STRIPE_SECRET_KEY: card payments are off (set ALLOW_TEST_CHECKOUT=true to use the test checkout).'
      : 'No STRIPE_SECRET_KEY: payments go through the built-in test checkout.',
  );
} else if (!env.STRIPE_WEBHOOK_SECRET) {
  console.warn('No STRIPE_WEBHOOK_SECRET: Stripe webhooks will be refused, so no payment will be confirmed.');
}

const minute = 60_000;
const app = createApp({
  db,
  clock,
  staticSite,
  payments,
  config: {
    production,
    trustProxy: env.TRUST_PROXY === 'true',
    adminToken: admin.token,
    bankingKey: banking.key,
    allowTestCheckout: env.ALLOW_TEST_CHECKOUT === 'true',
    rateLimits: {
      ...defaultRateLimits,
      browse: { max: env.RATE_LIMIT_BROWSE_PER_MINUTE, windowMs: minute },
      lease: { max: env.RATE_LIMIT_LEASE_PER_MINUTE, windowMs: minute },
      checkout: { max: env.RATE_LIMIT_CHECKOUT_PER_MINUTE, windowMs: minute },
    },
  },
});

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Serving on http://${info.address}:${info.port}${fixedNow ? ` (clock fixed at ${fixedNow.toISOString()})` : ''}`);
  if (admin.generatedAt) console.log(`Admin token generated into ${admin.generatedAt}: ${admin.token}`);
});

function shutdown() {
  server.close(() => void db.destroy().then(() => process.exit(0)));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

import { serve } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spaceToday } from '../shared/domain/time.ts';
import { createApp, defaultRateLimits } from './app.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemo } from './db/seed.ts';
import { readEnv } from './env.ts';
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

const admin = adminToken();
const staticSite = new StaticSite(env.STATIC_DIR);
if (!staticSite.available) console.warn(`No built PWA in ${env.STATIC_DIR}/: run npm run build. Serving the API only.`);

const minute = 60_000;
const app = createApp({
  db,
  clock,
  staticSite,
  config: {
    production,
    trustProxy: env.TRUST_PROXY === 'true',
    adminToken: admin.token,
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

import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.ts';
import { changesSharedData, e2eAdminToken, e2eMailDir, e2eNow } from './tests/e2e/support.ts';

/**
 * E2E_PORT and E2E_DIST let two runs (or a run beside a dev server) use their own ports and build.
 * The journeys use E2E_PORT, the tests that change shared data the port after it.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const ordersPort = port + 1;
const changesSharedDataTag = new RegExp(changesSharedData.tag);

/** The production build (`npm run build`: dist/ and build/server.js) served on a throwaway database, its clock started at e2eNow. */
function server(serverPort: number) {
  return {
    command: `node --enable-source-maps build/server.js`,
    url: `http://127.0.0.1:${serverPort}/public-api/offices/available`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory',
      DATA_DIR: `/tmp/coworking-e2e-${serverPort}`,
      MAIL_DIR: e2eMailDir(serverPort),
      STATIC_DIR: process.env.E2E_DIST ?? 'dist',
      ADMIN_TOKEN: e2eAdminToken,
      APP_NOW: e2eNow,
      RATE_LIMIT_BROWSE_PER_MINUTE: '100000',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
      RATE_LIMIT_LEASE_PER_MINUTE: '100000',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    serviceWorkers: 'allow',
    trace: 'off',
  },
  // Both projects run side by side. The journeys read the demo inventory, or change only what is
  // their own (a waitlist entry under its own e-mail, a lease offer they create); the tests that
  // pay for rentals and bookings take units and dates, so they have a server and database of
  // their own, where each takes units no other test there uses.
  projects: [
    { name: 'journeys', grepInvert: changesSharedDataTag, use: { baseURL: `http://127.0.0.1:${port}` } },
    { name: 'orders', grep: changesSharedDataTag, use: { baseURL: `http://127.0.0.1:${ordersPort}` } },
  ],
  webServer: [server(port), server(ordersPort)],
});

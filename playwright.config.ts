import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.ts';

/** E2E_PORT and E2E_DIST let two runs (or a run beside a dev server) use their own port and build. */
const port = Number(process.env.E2E_PORT ?? 4173);
import { e2eAdminToken } from './tests/e2e/support.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    serviceWorkers: 'allow',
    trace: 'off',
  },
  webServer: {
    // The production build served by the real server on a throwaway database.
    command: `node --import tsx src/server/index.ts`,
    url: `http://127.0.0.1:${port}/public-api/offices/available`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory',
      DATA_DIR: `/tmp/coworking-e2e-${port}`,
      STATIC_DIR: process.env.E2E_DIST ?? 'dist',
      ADMIN_TOKEN: e2eAdminToken,
      RATE_LIMIT_BROWSE_PER_MINUTE: '100000',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
      RATE_LIMIT_LEASE_PER_MINUTE: '100000',
    },
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
        // The service worker's registration is a virtual module of the build.
        resolve: { alias: { 'virtual:pwa-register': fileURLToPath(new URL('./tests/unit/pwa-register-stub.ts', import.meta.url)) } },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/built-app.ts'],
        },
      },
      {
        // Two server processes on one PostgreSQL server (TEST_DATABASE_URL).
        test: {
          name: 'fleet',
          include: ['tests/fleet/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/built-app.ts'],
        },
      },
    ],
  },
});

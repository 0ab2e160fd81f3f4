import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { addDays, type IsoDate } from '../../src/shared/domain/time.ts';
import { spaceInstant, spaceToday } from '../../src/shared/domain/zoned-time.ts';
import { idbStores } from '../../src/shared/storage-names.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export { expect };

/** The staff token the e2e servers are started with (playwright.config.ts). */
export const e2eAdminToken = 'e2e-admin-token-0123456789abcdef';

/**
 * The instant the whole suite runs at: a Wednesday, 9:30 AM in Montréal, before the day pass's
 * noon cutoff, weeks from a daylight-saving change and twelve days before a month ends. The
 * servers' clocks start here (APP_NOW) and every page's clock too, so no journey depends on the
 * day or the hour it runs. Both clocks tick on from it (holds, retries and backoffs still lapse):
 * a run's few minutes take neither past noon nor into another day.
 */
export const e2eNow = '2026-11-18T14:30:00.000Z';

/** Today at the space, at e2eNow. */
export const e2eToday: IsoDate = spaceToday(new Date(e2eNow));

/** The date `days` after e2eToday (before it when negative). */
export function e2eDaysFromToday(days: number): IsoDate {
  return addDays(e2eToday, days);
}

/** An hour of e2eToday at the space, as an ISO instant: for the journeys that need another time of day. */
export function e2eTodayAt(hour: number): string {
  return spaceInstant(e2eToday, hour).toISOString();
}

/**
 * A test that changes data other tests read (a paid rental takes its unit off the list, a booking
 * takes its date) carries this tag: it runs against a server and database of its own.
 */
export const changesSharedData = { tag: '@changes-shared-data' } as const;

/**
 * Playwright's test, with every page's clock installed at `now` (e2eNow unless a test uses
 * another): timers and animation frames still run, and time flows on from there.
 */
export const test = base.extend<{ now: string }>({
  now: [e2eNow, { option: true }],
  context: async ({ context, now }, use) => {
    await context.clock.install({ time: now });
    await use(context);
  },
});

/** Where the e2e server on `port` writes its e-mail as .eml files (no SMTP_URL): MAIL_DIR in playwright.config.ts. */
export function e2eMailDir(port: number): string {
  return `/tmp/coworking-e2e-${port}/mail`;
}

/** A context of the test's own (other locale, viewport…), its clock at e2eNow like the test's page. */
export async function newContextAtNow(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.clock.install({ time: e2eNow });
  return context;
}

export const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
export const tablet = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true } as const;

/** axe with the WCAG 2.1 A/AA rules: no violation allowed. */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Waits until the page's service worker is activated and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

export async function adminApi(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${e2eAdminToken}`, 'content-type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/**
 * A server of our own, for tests that must change what is deployed (a new release) or stop the
 * server and start it again (`dataDir`: its PGlite database lives there and outlasts it).
 */
export async function startServer(port: number, staticDir: string, options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<{ stop: () => Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const database = options.dataDir ? { DATA_DIR: options.dataDir } : { DATABASE_URL: 'memory', DATA_DIR: `${staticDir}-data` };
  const { DATABASE_URL: _inherited, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...env, PORT: String(port), STATIC_DIR: staticDir, ...database, MAIL_DIR: `${options.dataDir ?? `${staticDir}-data`}/mail`, ADMIN_TOKEN: e2eAdminToken, APP_NOW: e2eNow, ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('Serving on') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    // A database that outlasts the server is closed by the server's own shutdown, so nothing is lost.
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill(options.dataDir ? 'SIGTERM' : 'SIGKILL');
      }),
  };
}

/** Whether the inventory snapshot is saved on the device (IndexedDB, src/shared/storage-names.ts), so the list opens offline. */
export async function inventorySnapshotSaved(page: Page): Promise<boolean> {
  return page.evaluate(
    async ({ db, store, key }) => {
      // Opening a database that is not there would create it empty, and the app's store with it never.
      if (!(await indexedDB.databases()).some((d) => d.name === db)) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open(db);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(store)) {
            database.close();
            resolve(false);
            return;
          }
          const get = database.transaction(store).objectStore(store).get(key);
          get.onsuccess = () => {
            database.close();
            resolve(typeof get.result === 'string');
          };
          get.onerror = () => resolve(false);
        };
      });
    },
    idbStores.inventorySnapshot,
  );
}

/** The demo staff account's sign-in, as a server started with `dataDir` wrote it at its first start. */
export function demoStaffSignIn(dataDir: string): { email: string; password: string } {
  const text = readFileSync(join(dataDir, 'demo-staff.txt'), 'utf8');
  const email = /^E-mail: (\S+)$/m.exec(text)?.[1];
  const password = /^Password: (\S+)$/m.exec(text)?.[1];
  if (!email || !password) throw new Error(`demo-staff.txt has no sign-in: ${text}`);
  return { email, password };
}

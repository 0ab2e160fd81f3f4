import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The staff token the e2e server is started with (playwright.config.ts). */
export const e2eAdminToken = 'e2e-admin-token-0123456789abcdef';

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

/** A second server of our own, for tests that must change what is deployed (a new release). */
export async function startServer(port: number, staticDir: string): Promise<{ stop: () => Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: 'memory', STATIC_DIR: staticDir, DATA_DIR: `${staticDir}-data`, ADMIN_TOKEN: e2eAdminToken },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('Serving on') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

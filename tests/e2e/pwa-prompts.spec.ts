import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, startServer, test, waitForServiceWorker } from './support.ts';

test('offers a new release with Reload, and never reloads by itself', async ({ page }) => {
  test.setTimeout(120_000);
  // A copy of the build on a server of its own, so the test can deploy a new release.
  const release = mkdtempSync(join(tmpdir(), 'coworking-release-'));
  cpSync(process.env.E2E_DIST ?? 'dist', release, { recursive: true });
  const port = 4000 + test.info().workerIndex;
  let server = await startServer(port, release);
  try {
    await page.goto(`http://127.0.0.1:${port}/conference`);
    await expect(page.getByRole('list', { name: 'Conference' })).toBeVisible();
    await waitForServiceWorker(page);
    const marker = await page.evaluate(() => ((window as unknown as { stayed: string }).stayed = crypto.randomUUID()));

    await server.stop();
    writeFileSync(join(release, 'sw.js'), `${readFileSync(join(release, 'sw.js'), 'utf8')}\n// next release`);
    server = await startServer(port, release);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    const toast = page.getByRole('status').filter({ hasText: 'A new version of this site is available.' });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    // Still the same document: nothing reloaded behind the visitor's back.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { stayed?: string }).stayed)).toBe(marker);
    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { stayed?: string }).stayed)).toBeUndefined();
  } finally {
    await server.stop();
    rmSync(release, { recursive: true, force: true });
    rmSync(`${release}-data`, { recursive: true, force: true });
  }
});

test('shows an install button when the browser offers installation', async ({ page }) => {
  await page.goto('/conference');
  await expect(page.getByRole('list', { name: 'Conference' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
    event.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
  await page.getByRole('button', { name: 'Install app' }).click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test.describe('on iOS Safari', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('hints at Share → Add to Home Screen, and remembers when dismissed', async ({ page }) => {
    await page.goto('/conference');
    const hint = page.getByRole('note').filter({ hasText: 'To install this app: tap Share, then “Add to Home Screen”.' });
    await expect(hint).toBeVisible();
    await hint.getByRole('button', { name: 'Dismiss' }).click();
    await expect(hint).toBeHidden();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Conference' })).toBeVisible();
    await expect(hint).toBeHidden();
  });
});

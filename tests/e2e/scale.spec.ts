import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { officesResponse, type Office } from '../../src/shared/contract/offices.ts';
import { sortUnits } from '../../src/shared/domain/availability.ts';
import { expect, expectNoAxeViolations, phone, startServer, test } from './support.ts';

/*
 * The inventory at a multi-site operator's size (SEED_UNITS=2000: about 500 offices), against a
 * server and database of its own. The table keeps only the rows near the screen in the page, so
 * every check here reads the rows the way a visitor reaches them: by scrolling.
 */

const port = Number(process.env.E2E_PORT ?? 4173) + 18;
const base = `http://127.0.0.1:${port}`;
let server: { stop: () => Promise<void> } | undefined;
/** The offices as the server lists them, in SPEC §4's order. */
let offices: Office[] = [];

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: base });

test.beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coworking-e2e-scale-'));
  server = await startServer(port, process.env.E2E_DIST ?? 'dist', { dataDir, env: { SEED_UNITS: '2000' } });
  const list = officesResponse.parse(await (await fetch(`${base}/public-api/offices/available`)).json());
  offices = sortUnits(list.data!.offices.filter((o) => o.service_type === 'dedicated_office'));
});

test.afterAll(async () => {
  await server?.stop();
});

const table = (page: Page) => page.getByRole('table', { name: 'Offices' });
const rowName = (office: Office) => office.name;

/** The rows in the page now, by their position in the whole table (aria-rowindex, the header being 1). */
async function renderedRows(page: Page): Promise<Map<number, string>> {
  const rows = await table(page)
    .locator('tr.unit__row')
    .evaluateAll((trs) => trs.map((tr) => [Number(tr.getAttribute('aria-rowindex')), tr.querySelector('.unit__title')?.textContent ?? ''] as const));
  return new Map(rows);
}

test('a long table: the first rows at once, the whole count announced, and only rows near the screen in the page', async ({ page }) => {
  expect(offices.length).toBeGreaterThan(400);
  await page.goto('/offices');
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(offices.length + 1));
  const first = table(page).locator('tr.unit__row').first();
  await expect(first).toHaveAttribute('aria-rowindex', '2');
  await expect(first.locator('.unit__title')).toHaveText(rowName(offices[0]!));
  await expect(first).toBeInViewport();
  // The page holds a screenful and some more, not 500 rows.
  expect(await table(page).locator('tr.unit__row').count()).toBeLessThan(60);
  await expectNoAxeViolations(page);
});

test.describe('the virtualizer arriving', () => {
  // The page fetches the virtualizer's chunk itself, where the test holds it back (a service worker would answer from its cache).
  test.use({ serviceWorkers: 'block' });

  test('the rows first painted stay in the page, rather than being replaced', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/virtual-range-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/offices');
    const first = table(page).locator('tr.unit__row').first();
    await expect(first.locator('.unit__title')).toHaveText(rowName(offices[0]!));
    expect(await table(page).locator('tr.unit__row').count()).toBe(15);
    await first.evaluate((tr) => ((tr as HTMLElement & { firstPainted?: boolean }).firstPainted = true));
    release();
    // Taken over once scrolling a little brings rows past the first fifteen; the first stays among
    // the rows kept around the screen. (Scrolled to a place, again until then: the router may
    // restore the page's scroll as it settles.)
    const far = table(page).locator(`tr.unit__row[aria-rowindex="${2 + 20}"]`);
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, 500));
        return far.count();
      })
      .toBe(1);
    expect(await first.evaluate((tr) => (tr as HTMLElement & { firstPainted?: boolean }).firstPainted === true)).toBe(true);
  });
});

test("scrolling down the page reaches the last unit, every row on the way in SPEC §4's order", async ({ page }) => {
  await page.goto('/offices');
  await expect(table(page).locator('tr.unit__row').first()).toBeVisible();
  const seen = new Map<number, string>();
  for (let step = 0; step < 400; step++) {
    for (const [index, name] of await renderedRows(page)) seen.set(index, name);
    if (seen.has(offices.length + 1)) break;
    await page.mouse.wheel(0, 600);
    // What the visitor sees at mid-screen is a row, not the blank room of rows still to come.
    await expect.poll(() => page.evaluate(() => Boolean(document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('tr.unit__row')))).toBe(true);
  }
  // The last row is in the page a little before it is on screen: the end of the page shows it.
  await page.mouse.wheel(0, 3000);
  const last = table(page).locator(`tr.unit__row[aria-rowindex="${offices.length + 1}"]`);
  await expect(last).toBeInViewport();
  await expect(last.locator('.unit__title')).toHaveText(rowName(offices[offices.length - 1]!));
  const inOrder = [...seen.entries()].sort(([a], [b]) => a - b).map(([, name]) => name);
  expect(inOrder).toEqual(offices.map(rowName));
  await expectNoAxeViolations(page);
});

test('a cancelled checkout of a unit far down the list comes back to its row, scrolled to and highlighted', async ({ page }) => {
  const far = offices[Math.floor(offices.length * 0.8)]!;
  const anchor = `office-${far.office_id}`;
  await page.goto(`/#${anchor}`);
  await expect(page).toHaveURL(new RegExp(`/offices#${anchor}$`));
  const row = page.locator(`[id="${anchor}"]`);
  await expect(row).toBeInViewport();
  await expect(page.locator('tbody.unit--highlighted .unit__title')).toHaveText(far.name);
  await expect(row).toHaveAttribute('aria-rowindex', String(offices.indexOf(far) + 2));
});

test('the keyboard goes from row to row past the rows first rendered, and keeps its row when the page scrolls away', async ({ page }) => {
  await page.goto('/offices');
  const buttons = table(page).locator('tr.unit__row .col-action button');
  await expect(buttons.first()).toBeVisible();
  await buttons.first().focus();
  // Pressed as fast as the test can, from the first paint: past the first rows (15) and the
  // virtualizer's first range, which may come or change while the keys go.
  const steps = 40;
  for (let i = 0; i < steps; i++) await page.keyboard.press('Tab');
  // Each Tab moved one row down.
  const focusedRow = page.locator('tr.unit__row:has(:focus)');
  await expect(focusedRow).toHaveAttribute('aria-rowindex', String(2 + steps));
  await expect(focusedRow).toBeInViewport();

  // Scrolled far down with the wheel: the rows there come into the page, and the focused one stays.
  await page.mouse.move(640, 360);
  await page.mouse.wheel(0, 20_000);
  const rowAtMidScreen = () =>
    page.evaluate(() => Number(document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('tr.unit__row')?.getAttribute('aria-rowindex') ?? 0));
  await expect.poll(rowAtMidScreen).toBeGreaterThan(2 + steps + 100);
  await expect(focusedRow).toHaveAttribute('aria-rowindex', String(2 + steps));
  await expect(focusedRow).not.toBeInViewport();
  // Tab goes on from the focused row, back where it is.
  await page.keyboard.press('Tab');
  await expect(focusedRow).toHaveAttribute('aria-rowindex', String(3 + steps));
  await expect(focusedRow).toBeInViewport();
});

test.describe('on a phone', () => {
  test.use(phone);

  test('a row far down opens on tap, and the rows under it move down to make room', async ({ page }) => {
    const target = offices[Math.floor(offices.length / 2)]!;
    await page.goto(`/offices#office-${target.office_id}`);
    const toggle = page.locator(`[id="office-${target.office_id}"] .row-toggle`);
    await expect(toggle).toBeInViewport();
    const next = page.locator(`tr.unit__row[aria-rowindex="${offices.indexOf(target) + 3}"]`);
    const before = (await next.boundingBox())!.y;
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="office-${target.office_id}-details"]`)).toBeVisible();
    await expect.poll(async () => (await next.boundingBox())!.y).toBeGreaterThan(before + 100);
  });
});

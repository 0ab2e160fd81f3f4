import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, findChromium } from '../../scripts/chromium.ts';
import { e2eDaysFromToday, e2eNow, expect, expectNoAxeViolations, newContextAtNow, phone, test, waitForServiceWorker } from './support.ts';

const categories = [
  { path: '/conference', name: 'Conference', layout: 'cards' },
  { path: '/day-pass', name: 'Day Pass', layout: 'cards' },
  { path: '/mailbox', name: 'Mailbox', layout: 'cards' },
  { path: '/offices', name: 'Offices', layout: 'table' },
  { path: '/desks', name: 'Desks', layout: 'table' },
  { path: '/hot-desks', name: 'Hot Desks', layout: 'table' },
  { path: '/parking', name: 'Parking', layout: 'table' },
] as const;

const pills = (page: Page) => page.getByRole('navigation', { name: 'Space categories' });

test.describe('browsing the inventory', () => {
  for (const c of categories) {
    test(`${c.path} shows its category, titled '${c.name} - Espace Cowork Montréal', with no axe violation`, async ({ page }) => {
      await page.goto(c.path);
      await expect(page).toHaveTitle(`${c.name} - Espace Cowork Montréal`);
      await expect(pills(page).getByRole('link', { name: c.name, exact: true })).toHaveAttribute('aria-current', 'page');
      if (c.layout === 'table') {
        const table = page.getByRole('table', { name: c.name });
        await expect(table.getByRole('columnheader')).toHaveText(['Office', 'Monthly Rate', 'Status', 'Action']);
        await expect(table.getByRole('rowheader').first()).toBeVisible();
      } else {
        await expect(page.getByRole('list', { name: c.name }).getByRole('listitem').first()).toBeVisible();
      }
      // The list's prices are before tax, said once under it.
      await expect(page.getByText('Prices plus taxes.')).toHaveCount(1);
      await expect(c.layout === 'table' ? page.getByRole('table', { name: c.name }) : page.getByRole('list', { name: c.name })).toHaveAccessibleDescription('Prices plus taxes.');
      await expect(page.getByText(/^Last updated: /)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('/ and unknown paths show the conference category', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/conference$/);
    await expect(page).toHaveTitle('Conference - Espace Cowork Montréal');
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/conference$/);
    await page.goto('/some/deeper/unknown/path');
    await expect(page).toHaveURL(/\/conference$/);
    await expect(page.getByRole('list', { name: 'Conference' })).toBeVisible();
  });

  test('the pills switch category, and back and forward follow', async ({ page }) => {
    await page.goto('/conference');
    await pills(page).getByRole('link', { name: 'Offices' }).click();
    await expect(page).toHaveURL(/\/offices$/);
    await expect(page).toHaveTitle('Offices - Espace Cowork Montréal');
    await pills(page).getByRole('link', { name: 'Parking' }).click();
    await expect(page.getByRole('table', { name: 'Parking' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/offices$/);
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/conference$/);
    await page.goForward();
    await expect(page).toHaveTitle('Offices - Espace Cowork Montréal');
  });

  test('cards show icon, name, ID, type, location, capacity, price per day and the button', async ({ page }) => {
    await page.goto('/conference');
    const card = page.getByRole('list', { name: 'Conference' }).getByRole('listitem').filter({ hasText: 'Saint-Laurent' });
    await expect(card.getByRole('heading', { name: 'Conference Room Saint-Laurent' })).toBeVisible();
    await expect(card.getByText('CONF-A', { exact: true })).toBeVisible();
    await expect(card.getByText('Conference room', { exact: true })).toBeVisible();
    await expect(card.getByText('F2-CONF-A')).toBeVisible();
    await expect(card.getByText('12 people')).toBeVisible();
    await expect(card.getByText('$350.00')).toBeVisible();
    await expect(card.getByText('/day')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Book Now/ })).toBeVisible();
    await page.goto('/mailbox');
    const mailbox = page.getByRole('list', { name: 'Mailbox' });
    await expect(mailbox.getByRole('listitem')).toHaveCount(5);
    await expect(mailbox.getByRole('button', { name: /^Subscribe/ })).toHaveCount(5);
    await expect(mailbox.getByText('/month').first()).toBeVisible();
    await page.goto('/day-pass');
    await expect(page.getByRole('button', { name: /^Buy Pass/ })).toBeVisible();
  });

  test('a cancelled checkout anchor opens the category holding the unit, highlighted', async ({ page }) => {
    await page.goto('/#office-OFF-203');
    await expect(page).toHaveURL(/\/offices#office-OFF-203$/);
    await expect(page.locator('#office-OFF-203')).toBeInViewport();
    await expect(page.locator('tbody.unit--highlighted #office-OFF-203')).toBeVisible();
    await page.goto('/#daypass');
    await expect(page).toHaveURL(/\/day-pass#daypass$/);
    await page.goto('/#mailbox');
    await expect(page).toHaveURL(/\/mailbox#mailbox$/);
    await page.goto('/#conference');
    await expect(page).toHaveURL(/\/conference#conference$/);
  });
});

test.describe('on a phone', () => {
  test.use(phone);

  test('a row expands on tap to show type, capacity, the discount note and the button', async ({ page }) => {
    await page.goto('/offices');
    const toggle = page.getByRole('button', { name: 'Office 101 - Window', exact: true });
    await expect(page.getByRole('columnheader', { name: 'Action' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = page.locator('#office-OFF-101-details');
    await expect(details.getByText('Private office')).toBeVisible();
    await expect(details.getByText('2 people')).toBeVisible();
    await expect(details.getByText('Limited-time offer: 20% off the monthly rate when you rent now.')).toBeVisible();
    await expect(details.getByRole('button', { name: /^Rent Now/ })).toBeVisible();
    await toggle.tap();
    await expect(details).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('on a 360 px phone in French, every status fits inside its cell', async ({ browser }) => {
    const context = await newContextAtNow(browser, { ...phone, viewport: { width: 360, height: 800 }, locale: 'fr-CA', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/offices');
    await expect(page.getByText('Actuellement occupé').first()).toBeVisible();
    const spills = await page.evaluate(() =>
      [...document.querySelectorAll('.unit__row .badge')].filter((b) => b.getBoundingClientRect().right > b.closest('td')!.getBoundingClientRect().right + 0.5).map((b) => b.textContent),
    );
    expect(spills).toEqual([]);
    await context.close();
  });

  test("the current category's pill is scrolled into the row, and the page is not", async ({ page }) => {
    await page.goto('/parking');
    const pill = page.getByRole('link', { name: 'Parking', exact: true });
    await expect(pill).toHaveAttribute('aria-current', 'page');
    await expect(async () => {
      const [pillBox, rowBox] = await Promise.all([pill.boundingBox(), page.locator('ul.pills').boundingBox()]);
      // Within a pixel: widths are fractional, scroll offsets whole.
      expect(pillBox!.x).toBeGreaterThanOrEqual(rowBox!.x - 1);
      expect(pillBox!.x + pillBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 1);
    }).toPass({ timeout: 5_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('sorting and labels, on a fixed list', () => {
  // Other journeys rent units on the shared server; this one needs a list that stays put.
  test.use({ serviceWorkers: 'block' });

  test('offices are sorted, labelled and priced as SPEC §4 and §9 say', async ({ page }) => {
    const inDays = e2eDaysFromToday;
    const office = (office_id: string, name: string, location_code: string, base_monthly_rate: string | null, is_available: boolean, next: number | null) => ({
      id: office_id, office_id, service_code: null, name, service_type: 'dedicated_office', location_code, seating_capacity: 2, base_monthly_rate, is_available, next_available_date: next === null ? null : inDays(next),
    });
    const offices = [
      office('O-UNDATED', 'Undated', 'A-9', '1150.00', false, null),
      office('O-LONG', 'Long wait', 'A-1', '1650.00', false, 320),
      office('O-AVAIL-2', 'Second available', 'F1-102', '2100.00', true, null),
      office('O-SOON', 'Soon', 'Z-1', '2950.00', false, 14),
      office('O-AVAIL-1', 'First available', 'F1-101', '1200.00', true, null),
      office('O-LATER', 'Later', 'B-1', '850.00', false, 60),
      office('O-NOPRICE', 'No price', 'F3-301', null, true, null),
      office('O-MEDIUM', 'Medium', 'C-1', '3600.00', false, 150),
    ];
    await page.route('**/public-api/offices/available', (route) => route.fulfill({ json: { success: true, data: { offices, lastUpdated: '2026-11-20T15:00:00Z' } } }));
    await page.goto('/offices');
    const rows = page.getByRole('table', { name: 'Offices' }).locator('tbody tr.unit__row');
    // Available first (by location code), then the soonest date, then undated.
    await expect(rows.locator('th .unit__title')).toHaveText(['First available', 'Second available', 'No price', 'Soon', 'Later', 'Medium', 'Long wait', 'Undated']);
    const first = rows.first();
    await expect(first.locator('s')).toHaveText('Regular price $1,200.00');
    await expect(first.getByText('$960.00')).toBeVisible();
    await expect(first.getByText('(20% off)')).toBeVisible();
    await expect(first.getByText('available', { exact: true })).toBeVisible();
    await expect(rows.nth(2).getByText('Contact for pricing')).toBeVisible();
    await expect(rows.nth(3).getByText(`Lease End ${inDays(14).replaceAll('-', '/')}`)).toBeVisible();
    await expect(rows.nth(3).getByText(/^Available from [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(rows.nth(3).locator('.badge')).toHaveClass(/badge--yellow/);
    await expect(rows.nth(5).getByText(`Lease End ${inDays(150).replaceAll('-', '/')}`)).toBeVisible();
    await expect(rows.nth(6).getByText('Long-term lease')).toBeVisible();
    await expect(rows.nth(6).locator('.badge')).toHaveClass(/badge--grey/);
    await expect(rows.nth(7).getByText('Currently occupied')).toBeVisible();
    await expect(first.getByRole('button', { name: 'Rent Now: First available' })).toBeVisible();
    await expect(rows.nth(7).getByRole('button', { name: 'Join Waitlist: Undated' })).toBeVisible();
    await expect(page.getByText(/^Last updated: Nov 20, 2026/)).toBeVisible();
  });
});

test.describe('loading, empty and error states', () => {
  // The service worker would answer these requests itself; intercept the page's own fetches.
  test.use({ serviceWorkers: 'block' });

  test('shows the loading text, then the list', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/public-api/offices/available', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/offices');
    await expect(page.getByText('Loading office inventory...')).toBeVisible();
    release();
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();
  });

  test('shows the empty state for a category with no units', async ({ page }) => {
    await page.route('**/public-api/offices/available', (route) =>
      route.fulfill({ json: { success: true, data: { offices: [], lastUpdated: '2026-11-20T15:00:00Z' } } }),
    );
    await page.goto('/parking');
    await expect(page.getByText('No items found - Try selecting a different category...')).toBeVisible();
  });

  test('429 says how long to wait, from Retry-After, and Try Again recovers', async ({ page }) => {
    let fail = true;
    await page.route('**/public-api/offices/available', (route) =>
      fail ? route.fulfill({ status: 429, headers: { 'Retry-After': '42' }, json: { success: false, error: 'slow down' } }) : route.continue(),
    );
    await page.goto('/desks');
    const panel = page.getByRole('alert');
    await expect(panel.getByText('Unable to Load Inventory')).toBeVisible();
    await expect(panel.getByText('Rate limited. Please wait 42 seconds and refresh the page.')).toBeVisible();
    fail = false;
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('table', { name: 'Desks' })).toBeVisible();
  });

  test("any other failed status gives 'HTTP {status}: {text}'", async ({ page }) => {
    await page.route('**/public-api/offices/available', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/offices');
    await expect(page.getByText('HTTP 503: Service Unavailable')).toBeVisible();
  });

  test("success false gives 'Failed to fetch office data'", async ({ page }) => {
    await page.route('**/public-api/offices/available', (route) => route.fulfill({ json: { success: false } }));
    await page.goto('/offices');
    await expect(page.getByText('Failed to fetch office data')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

test.describe('the floor plan', () => {
  test.use({ serviceWorkers: 'block' });

  test('opens from the round button, closes with the close button and with Escape', async ({ page }) => {
    await page.goto('/offices');
    await page.getByRole('button', { name: 'Show the floor plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Floor plan' });
    await expect(dialog.getByRole('img')).toBeVisible();
    await expect.poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Show the floor plan' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show the floor plan' })).toBeFocused();
  });

  test("says 'Floor plan image not available' when the image fails", async ({ page }) => {
    await page.route('**/floor-plan.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/conference');
    await page.getByRole('button', { name: 'Show the floor plan' }).click();
    await expect(page.getByRole('dialog', { name: 'Floor plan' }).getByText('Floor plan image not available')).toBeVisible();
  });
});

test.describe('en français', () => {
  test.use({ locale: 'fr-CA' });

  test('follows the browser language, and the header switch is remembered', async ({ page }) => {
    await page.goto('/offices');
    await expect(page).toHaveTitle('Bureaux - Espace Cowork Montréal');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    const table = page.getByRole('table', { name: 'Bureaux' });
    await expect(table.getByRole('columnheader')).toHaveText(['Espace', 'Tarif mensuel', 'Statut', 'Action']);
    await expect(table.getByText('(20 % de rabais)').first()).toBeVisible();
    await expect(table).toHaveAccessibleDescription('Prix indiqués taxes en sus.');
    await expect(page.getByText('Prix indiqués taxes en sus.')).toBeVisible();
    await expect(table.getByText('Actuellement occupé').first()).toBeVisible();
    await expect(table.getByText(/^Disponible à partir du \d{1,2} [a-zéû]+ \d{4}$/).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await expect(page).toHaveTitle('Offices - Espace Cowork Montréal');
    await page.reload();
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();
    await page.getByRole('button', { name: 'Passer au français' }).click();
    await expect(page.getByRole('table', { name: 'Bureaux' })).toBeVisible();
  });
});

test.describe('as an installed app', () => {
  test('works offline: the shell and the last inventory snapshot, with a notice saying so', async ({ page, context }) => {
    await page.goto('/offices');
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();
    await waitForServiceWorker(page);
    // Loaded once more under the worker's control, so it holds the inventory too. The table
    // shows at once from the snapshot saved on the device; the worker's copy is written when
    // the refetch answers, so wait for that copy before the network goes.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => (await caches.match('/public-api/offices/available', { ignoreSearch: true })) !== undefined))
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();
    // The worker answers the inventory from its cache, stamped with when it was saved. (Asked
    // directly: whether the app's own refetch goes out depends on when the browser reports
    // being offline, and the list it shows is the same snapshot either way.)
    const cached = await page.evaluate(async () => {
      const res = await fetch('/public-api/offices/available');
      const body = (await res.json()) as { data?: { offices?: unknown[] } };
      return { ok: res.ok, savedAt: res.headers.get('x-snapshot-date'), offices: body.data?.offices?.length ?? 0 };
    });
    expect(cached.ok).toBe(true);
    expect(cached.savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(cached.offices).toBeGreaterThan(0);
    await expect(page.getByText(/^You are offline\. This list is the copy saved on /)).toBeVisible();
    await expect(page.getByRole('status').getByText('Offline', { exact: true })).toBeVisible();
    await pills(page).getByRole('link', { name: 'Parking' }).click();
    await expect(page.getByRole('table', { name: 'Parking' })).toBeVisible();
    await context.setOffline(false);
  });

  test('starts offline from the precache the browser reads itself, every file of the first screen asked for at once before the app runs', async ({ page, context }) => {
    await page.goto('/offices');
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Where each build file came from: the worker's static route reads the precache without
    // running the worker's fetch handler ('cache'); through the handler it would be 'fetch-event'.
    const sources = new Map<string, string>();
    cdp.on('Network.responseReceived', ({ response }) => {
      const path = new URL(response.url).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js')) sources.set(path, response.serviceWorkerRouterInfo?.actualSourceType ?? (response.fromServiceWorker ? 'fetch-event' : 'network'));
    });
    // What the page does, in order: each preload link it gets (a task's mutations are reported as
    // the task ends), and where the app's code begins (its 'app:start' mark; the page's fake clock
    // keeps no marks, so the call is recorded).
    await page.addInitScript(() => {
      const events: string[] = [];
      const tasks: number[] = [];
      Object.assign(window, { startEvents: events, linksPerTask: tasks });
      new MutationObserver((records) => {
        const links = records.flatMap((r) => [...r.addedNodes]).filter((n): n is HTMLLinkElement => n instanceof HTMLLinkElement && n.rel === 'modulepreload');
        for (const link of links) events.push(new URL(link.href).pathname);
        if (links.length > 0) tasks.push(links.length);
      }).observe(document, { childList: true, subtree: true });
      const mark = performance.mark.bind(performance);
      performance.mark = (name, options) => {
        events.push(name);
        return mark(name, options);
      };
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Offices' })).toBeVisible();
    expect(sources.size).toBeGreaterThan(5);
    expect([...sources].filter(([, source]) => source !== 'cache')).toEqual([]);
    // The entry and the route's own chunk are asked for by /boot.js with the entry's imports,
    // before the app's code runs, not when the entry or the router gets to import them.
    const { events, tasks } = await page.evaluate(() => {
      const recorded = window as unknown as { startEvents: string[]; linksPerTask: number[] };
      return { events: recorded.startEvents, tasks: recorded.linksPerTask };
    });
    expect(events).toContain('app:start');
    const before = events.slice(0, events.indexOf('app:start'));
    expect(before.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
    expect(before.some((path) => /^\/assets\/_inventory\._category-[\w-]+\.js$/.test(path))).toBe(true);
    // With the worker in control, every file comes from the device: all the links in one task
    // (with nothing to fetch, a few per task only delayed the saved list), and no more after.
    expect(tasks).toEqual([before.filter((event) => event.startsWith('/assets/')).length]);
    await context.setOffline(false);
  });

  test('is installable in Chromium: no installability errors', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'coworking-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: chromiumArgs, baseURL: test.info().project.use.baseURL });
    try {
      await context.clock.install({ time: e2eNow });
      const page = await context.newPage();
      await page.goto('/conference');
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      expect(manifest.url).toMatch(/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

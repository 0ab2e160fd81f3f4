import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from '@playwright/test';
import { changesSharedData, e2eDaysFromToday, expect, expectNoAxeViolations, newContextAtNow, startServer, test } from './support.ts';

/*
 * The staff console, end to end, against a server and database of its own: it adds a unit to
 * the inventory and changes it, which the other journeys' servers must never see.
 */

const port = Number(process.env.E2E_PORT ?? 4173) + 17;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'coworking-e2e-staff-'));
const mailDir = join(dataDir, 'mail');
let server: { stop: () => Promise<void> } | undefined;
let signIn: { email: string; password: string };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: base });

test.beforeAll(async () => {
  server = await startServer(port, process.env.E2E_DIST ?? 'dist', { dataDir });
  const text = readFileSync(join(dataDir, 'demo-staff.txt'), 'utf8');
  const email = /^E-mail: (\S+)$/m.exec(text)?.[1];
  const password = /^Password: (\S+)$/m.exec(text)?.[1];
  if (!email || !password) throw new Error(`demo-staff.txt has no sign-in: ${text}`);
  signIn = { email, password };
});

test.afterAll(async () => {
  await server?.stop();
});

const office = { code: 'OFF-E2E-901', name: 'Office 901 - Harbour', price: '1234.50' };
const nextDate = e2eDaysFromToday(20);

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function signInAs(page: Page) {
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=/);
  await expect(heading(page, 'Sign in to the staff console')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(signIn.email);
  await page.getByLabel('Password').fill(signIn.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/inventory$/);
  await expect(heading(page, 'Inventory')).toBeVisible();
}

/**
 * The public list's row of our office, as a new visitor sees it (a returning one is shown the
 * list saved on the device first), tried again until it shows what is expected.
 */
async function publicRow(browser: Browser, check: (row: ReturnType<Page['locator']>) => Promise<void>) {
  await expect(async () => {
    const context = await newContextAtNow(browser, { baseURL: base });
    try {
      const page = await context.newPage();
      await page.goto('/offices');
      const row = page.getByRole('table', { name: 'Offices' }).locator('tbody tr.unit__row', { hasText: office.name });
      await check(row);
    } finally {
      await context.close();
    }
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
}

/** The invitation written to the mail folder for this lease link (decoded: a long link may be folded in the raw message). */
async function invitationFor(url: string): Promise<string | undefined> {
  if (!existsSync(mailDir)) return undefined;
  for (const name of readdirSync(mailDir).filter((n) => n.endsWith('.eml'))) {
    const mail = await simpleParser(readFileSync(join(mailDir, name)));
    if (`${mail.text ?? ''}${mail.html || ''}`.includes(url)) return name;
  }
  return undefined;
}

test.describe('the staff console', changesSharedData, () => {
  test('signs in, adds and changes an office that the public list shows, and offers it on a lease whose link shows the previewed total', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.addInitScript(() => window.localStorage.setItem('cowork.offline-ready-shown', 'true'));

    // The console never reaches the public precache, and the worker leaves its pages to the network.
    const sw = await (await page.request.get('/sw.js')).text();
    expect(sw).toMatch(/"url":"index\.html"/);
    expect(sw).not.toMatch(/"url":"[^"]*staff/);
    expect(sw).toContain('/^\\/staff(\\/|$)/');

    await signInAs(page);
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    await expect(nav.getByRole('link', { name: 'Inventory' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(`Signed in as Demo manager (${signIn.email})`)).toBeVisible();
    await expectNoAxeViolations(page);

    // Add an office.
    await page.getByRole('button', { name: 'Add a unit' }).click();
    const add = page.getByRole('dialog', { name: 'Add a unit' });
    await expect(add.getByLabel('Office code')).toBeFocused();
    // The shared schema speaks first, beside its field.
    await add.getByRole('button', { name: 'Add the unit' }).click();
    await expect(add.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(add.getByText('A name is required')).toBeVisible();
    await expectNoAxeViolations(page);
    await add.getByLabel('Office code').fill(office.code);
    await add.getByLabel('Name').fill(office.name);
    await add.getByLabel('Type').selectOption({ label: 'Private office' });
    await add.getByLabel('Location code').fill('F9-901');
    await add.getByLabel('Capacity (people)').fill('3');
    await add.getByLabel('Monthly price (CAD, before tax)').fill(office.price);
    await expect(add.getByLabel('Available now')).toBeChecked();
    await add.getByRole('button', { name: 'Add the unit' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText(`${office.name} is saved.`)).toBeVisible();
    const consoleRow = page.locator(`tr[data-unit="${office.code}"]`);
    await expect(consoleRow).toContainText('$1,234.50/month');
    await expect(consoleRow.locator('.badge')).toHaveText('Available now');

    await publicRow(browser, async (row) => {
      await expect(row.getByRole('button', { name: `Rent Now: ${office.name}` })).toBeVisible({ timeout: 1000 });
    });

    // Mark it occupied until 20 days from now: the public row says so, in yellow.
    await page.getByRole('button', { name: `Edit ${office.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${office.name}` });
    await edit.getByLabel('Available now').uncheck();
    await edit.getByLabel('Next available date').fill(nextDate);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(consoleRow.locator('.badge')).toHaveText(`Lease End ${nextDate.replaceAll('-', '/')}`);
    await expect(consoleRow.locator('.badge')).toHaveClass(/badge--yellow/);

    await publicRow(browser, async (row) => {
      await expect(row.getByText(`Lease End ${nextDate.replaceAll('-', '/')}`)).toBeVisible({ timeout: 1000 });
      await expect(row.locator('.badge')).toHaveClass(/badge--yellow/);
    });

    // A lease offer for it, with a live preview of the initial payment.
    await nav.getByRole('link', { name: 'Lease offers' }).click();
    await expect(heading(page, 'Lease offers')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Lease offers' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'New offer' }).click();
    const offerForm = page.getByRole('dialog', { name: 'New lease offer' });
    await expect(offerForm.getByRole('textbox', { name: /^E-mail/ })).toBeFocused();
    await offerForm.getByRole('textbox', { name: /^E-mail/ }).fill('harbour-tenant@example.com');
    await offerForm.getByLabel('Company').fill('Harbour Studio inc.');
    await offerForm.getByLabel('Contact name').fill('Alex Tremblay');
    await offerForm.getByRole('checkbox', { name: new RegExp(office.name) }).check();
    await expect(offerForm.getByLabel('Monthly rate (CAD, before tax)')).toHaveValue(office.price);
    // A start in the middle of a month: a prorated first month.
    const start = `${e2eDaysFromToday(40).slice(0, 7)}-15`;
    await offerForm.getByLabel('Start date').fill(start);
    await offerForm.getByLabel('Signup discount (once)').fill('100');
    const previewTotal = offerForm.getByTestId('offer-preview-total');
    await expect(previewTotal).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect(offerForm.getByRole('table', { name: 'Initial payment the tenant will see, line by line' })).toContainText('First month, prorated');
    const total = (await previewTotal.textContent())!;
    await expectNoAxeViolations(page);
    await offerForm.getByRole('button', { name: 'Create the offer' }).click();
    await expect(offerForm.getByRole('heading', { name: 'The offer is created' })).toBeFocused();
    const link = offerForm.getByLabel('The tenant’s link');
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${base}/lease/[A-Za-z0-9_-]{22,}$`));
    await expect(offerForm.getByText('The invitation was e-mailed to harbour-tenant@example.com.')).toBeVisible();
    await expect(offerForm.getByRole('button', { name: 'Copy link' })).toBeVisible();

    // Its invitation was written to the server's mail folder.
    await expect.poll(() => invitationFor(url), { timeout: 20_000 }).toBeTruthy();

    // The detail page: status, offices, trail.
    await offerForm.getByRole('link', { name: 'Open the offer' }).click();
    await expect(heading(page, /^Lease offer \d+$/)).toBeVisible();
    await expect(page.getByText(`${office.name} (${office.code})`)).toBeVisible();
    await expect(page.locator('.badge[data-status="new"]')).toHaveText('Sent');
    await expect(page.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The tenant's link shows the same initial total as the preview.
    const tenant = await newContextAtNow(browser);
    const visitor = await tenant.newPage();
    await visitor.goto(url);
    await expect(heading(visitor, 'Your Lease Offer')).toBeVisible();
    await expect(visitor.getByRole('table', { name: 'Initial payment, line by line' }).getByRole('row', { name: /Total initial payment, taxes included/ })).toContainText(total);
    await tenant.close();

    // Every other page of the console: its heading, and no axe violation.
    for (const [name, title] of [
      ['Calendar', 'Calendar'],
      ['Orders', 'Orders'],
      ['Waitlist', 'Waitlist'],
      ['Messages', 'Messages'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await expect(heading(page, title)).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    // The invitation is in the outbox.
    await expect(page.getByRole('table', { name: 'Outbox messages, newest first' })).toContainText('harbour-tenant@example.com');
  });

  test('works in French, remembers the choice, and signs out', async ({ page }) => {
    await signInAs(page);
    await page.getByRole('button', { name: 'Afficher la console en français' }).click();
    await expect(heading(page, 'Inventaire')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    const nav = page.getByRole('navigation', { name: 'Sections de la console' });
    await expect(nav.getByRole('link', { name: 'Inventaire' })).toHaveAttribute('aria-current', 'page');
    // Quebec typography: a no-break space before the colon, and in amounts.
    await expect(page.getByText(`Connecté\u00a0: Demo manager (${signIn.email})`)).toBeVisible();
    await expect(page.locator(`tr[data-unit="${office.code}"]`)).toContainText('1\u00a0234,50\u00a0$/mois');
    await expect(page.locator(`tr[data-unit="${office.code}"] .badge`)).toHaveText(`Fin du bail ${nextDate.replaceAll('-', '/')}`);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(heading(page, 'Inventaire')).toBeVisible();
    await nav.getByRole('link', { name: 'Commandes' }).click();
    await expect(heading(page, 'Commandes')).toBeVisible();
    await expect(page.getByLabel('Statut')).toBeVisible();
    await nav.getByRole('link', { name: 'Offres de bail' }).click();
    await page.getByRole('button', { name: 'Nouvelle offre' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle offre de bail' });
    await form.getByRole('button', { name: 'Créer l’offre' }).click();
    await expect(form.getByText('Une adresse courriel valide est requise')).toBeVisible();
    await expect(form.getByText('Au moins un bureau est requis')).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Annuler' }).click();

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/staff\/sign-in/);
    await expect(page.getByText('Vous êtes déconnecté.')).toBeVisible();
    await expect(heading(page, 'Connexion à la console du personnel')).toBeVisible();
    await expectNoAxeViolations(page);

    // Signed out, a console page asks to sign in again, and comes back to it afterwards.
    await page.goto('/staff/messages');
    await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fmessages/);
    await page.getByLabel('Courriel').fill(signIn.email);
    await page.getByLabel('Mot de passe').fill(signIn.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(heading(page, 'Messages')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/messages$/);
  });

  test('the set-password page explains a link without its token', async ({ page }) => {
    await page.goto('/staff/set-password');
    await expect(heading(page, 'Choose your password')).toBeVisible();
    await expect(page.getByText('This link is not complete.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

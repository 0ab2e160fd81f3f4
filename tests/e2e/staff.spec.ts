import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from '@playwright/test';
import { buildCheckout } from '../../src/shared/contract/checkout.ts';
import { officesResponse } from '../../src/shared/contract/offices.ts';
import { addDays, type IsoDate } from '../../src/shared/domain/time.ts';
import { changesSharedData, demoStaffSignIn, e2eDaysFromToday, e2eToday, expect, expectNoAxeViolations, newContextAtNow, startServer, test } from './support.ts';

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
/** The tenant's link as the first test created it: a resend in a later test must void it. */
let firstOfferLink: string | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: base });

test.beforeAll(async () => {
  server = await startServer(port, process.env.E2E_DIST ?? 'dist', { dataDir });
  signIn = demoStaffSignIn(dataDir);
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
      const rows = page.getByRole('table', { name: 'Offices' }).locator('tbody tr.unit__row');
      // The list loaded first, however long a busy machine takes: only what it shows is checked in a second, and tried again if stale.
      await expect(rows.first()).toBeVisible({ timeout: 15_000 });
      const row = rows.filter({ hasText: office.name });
      await check(row);
    } finally {
      await context.close();
    }
  }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
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
    expect(sw).toContain('/^\\/staff(\\/|\\?|$)/');

    await signInAs(page);
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    await expect(nav.getByRole('link', { name: 'Inventory' })).toHaveAttribute('aria-current', 'page');
    // Only a section's link says where staff are: not the brand, which goes home.
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page).toHaveTitle('Inventory · Staff console · Espace Cowork Montréal');
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
    firstOfferLink = url;
    await expect(offerForm.getByText('The invitation was e-mailed to harbour-tenant@example.com.')).toBeVisible();
    await expect(offerForm.getByRole('button', { name: 'Copy link' })).toBeVisible();

    // Its invitation was written to the server's mail folder.
    await expect.poll(() => invitationFor(url), { timeout: 20_000 }).toBeTruthy();

    // The detail page: status, offices, trail.
    await offerForm.getByRole('link', { name: 'Open the offer' }).click();
    await expect(heading(page, /^Lease offer \d+$/)).toBeVisible();
    // The section is current; the '← All lease offers' link is not the page staff are on.
    await expect(nav.getByRole('link', { name: 'Lease offers' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: '← All lease offers' })).not.toHaveAttribute('aria-current', 'page');
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
    await expect(page).toHaveTitle('Inventaire · Console du personnel · Espace Cowork Montréal');
    const nav = page.getByRole('navigation', { name: 'Sections de la console' });
    await expect(nav.getByRole('link', { name: 'Inventaire' })).toHaveAttribute('aria-current', 'page');
    // Quebec typography: a no-break space before the colon, and in amounts.
    await expect(page.getByText(`Connecté\u00a0: Demo manager (${signIn.email})`)).toBeVisible();
    await expect(page.locator(`tr[data-unit="${office.code}"]`)).toContainText('1\u00a0234,50\u00a0$/mois');
    await expect(page.locator(`tr[data-unit="${office.code}"] .badge`)).toHaveText(`Fin du bail ${nextDate.replaceAll('-', '/')}`);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(heading(page, 'Inventaire')).toBeVisible();
    // Every section within reach: on a laptop's 1,024 pixels the French tabs take two lines, none
    // past the edge; on a phone they scroll sideways, the current one (here the last) brought into view.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1024, height: 768 });
    for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/staff/staff');
    await expect(heading(page, 'Personnel')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Personnel' })).toBeInViewport();
    await page.setViewportSize(viewport);
    await nav.getByRole('link', { name: 'Commandes' }).click();
    await expect(heading(page, 'Commandes')).toBeVisible();
    await expect(page.getByLabel('Statut')).toBeVisible();
    await nav.getByRole('link', { name: 'Offres de bail' }).click();
    await page.getByRole('button', { name: 'Nouvelle offre' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle offre de bail' });
    await form.getByRole('button', { name: 'Créer l’offre' }).click();
    await expect(form.getByText('Une adresse courriel valide est requise')).toBeVisible();
    await expect(form.getByText('Au moins un bureau est requis')).toBeVisible();
    // Focus goes to the first field to correct.
    await expect(form.getByRole('textbox', { name: /^Courriel/ })).toBeFocused();
    // A decimal comma, as staff type amounts in French, is an amount.
    await form.getByLabel('Rabais à la signature (une fois)').fill('1 200,50');
    await form.getByRole('button', { name: 'Créer l’offre' }).click();
    await expect(form.getByLabel('Rabais à la signature (une fois)')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Annuler' }).click();
    // Cancel gives focus back to the button that opened the dialog.
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: 'Nouvelle offre' })).toBeFocused();

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

  test('the set-password page explains a link without its token, or a garbled one, and takes the token out of the address', async ({ page }) => {
    await page.goto('/staff/set-password');
    await expect(heading(page, 'Choose your password')).toBeVisible();
    await expect(page.getByText('This link is not complete.')).toBeVisible();
    await expectNoAxeViolations(page);

    // A '%' that is not an escape (a link cut in a mail) does not break the page.
    // (Each from another page: a change of the fragment alone would not load the page again.)
    await page.goto('about:blank');
    await page.goto('/staff/set-password#abc%E0%A4%A');
    await expect(page.getByText('This link is not complete.')).toBeVisible();

    // A token is read, then leaves the address bar; the server's refusal is focused, as are the fields' problems.
    await page.goto('about:blank');
    await page.goto(`/staff/set-password#${'unused-token-'.padEnd(43, 'x')}`);
    const password = page.getByLabel(/^New password \(required\)$/);
    await expect(password).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/set-password$/);
    await password.fill('a long sentence to remember');
    await page.getByLabel('New password, again').fill('another sentence');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await expect(page.getByLabel('New password, again')).toBeFocused();
    await page.getByLabel('New password, again').fill('a long sentence to remember');
    await page.getByRole('button', { name: 'Set my password' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The password could not be set' });
    await expect(refusal).toContainText('This link has expired or was already used.');
    await expect(page.locator('.error-summary')).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('cancels and refunds a booked day from the calendar, and resends an invitation, which voids the old link', async ({ page, browser }) => {
    test.setTimeout(180_000);
    expect(firstOfferLink, 'the first test created an offer').toBeTruthy();

    // A paid conference-room booking, as a visitor makes it through the public API.
    let day: IsoDate = e2eDaysFromToday(8);
    while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
    const buyer = { buyer_name: 'Noémie Gagnon', buyer_email: 'noemie.gagnon@example.com', card_number: '4242 4242 4242 4242' };
    const offices = officesResponse.parse(await (await page.request.get('/public-api/offices/available')).json()).data!.offices;
    const room = offices.find((o) => o.office_id === 'CONF-A');
    if (!room) throw new Error('no CONF-A in the demo inventory');
    const built = buildCheckout(room, { product: 'conference_room', date: day }, { today: e2eToday, origin: base });
    if (!built) throw new Error('no price for CONF-A');
    const session = await page.request.post('/public-api/stripe/create-checkout-session', { data: built.request });
    const answer = (await session.json()) as { success: boolean; checkoutUrl?: string; error?: string };
    expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
    const sessionId = answer.checkoutUrl!.split('/').pop()!;
    const paid = await page.request.post(`/public-api/test-checkout/${sessionId}/pay`, { form: buyer, headers: { origin: base }, maxRedirects: 0 });
    expect(paid.status(), await paid.text()).toBeLessThan(400);

    await signInAs(page);
    const nav = page.getByRole('navigation', { name: 'Console sections' });

    // The calendar shows the day booked, by whom.
    await nav.getByRole('link', { name: 'Calendar' }).click();
    await expect(heading(page, 'Calendar')).toBeFocused();
    // The booked day may fall in next month.
    const monthName = new Intl.DateTimeFormat('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 7)}-01T12:00:00Z`));
    if ((await page.locator('.month-picker__name').textContent()) !== monthName) await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.locator('.month-picker__name')).toHaveText(monthName);
    const row = page.locator('tr', { hasText: buyer.buyer_email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(buyer.buyer_name);
    await expect(row).toContainText('Booked');
    const orderHref = await row.locator('a[href^="/staff/orders/"]').getAttribute('href');
    expect(orderHref).toMatch(/^\/staff\/orders\/.+/);
    await expectNoAxeViolations(page);

    // Cancel and refund it.
    await row.getByRole('button', { name: /^Cancel and refund/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel and refund this day?' });
    await expect(confirm).toContainText(buyer.buyer_name);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator('.notice').getByText(/is cancelled; the refund is on its way\.$/)).toBeVisible();
    // The day is gone, and so is the button that opened the dialog: focus is on the page's heading.
    await expect(page.locator('tr', { hasText: buyer.buyer_email })).toHaveCount(0);
    await expect(heading(page, 'Calendar')).toBeFocused();

    // Orders: the order is refunded (once the provider has confirmed), and its detail says how.
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(heading(page, 'Orders')).toBeFocused();
    const orderRow = page.locator(`tr:has(a[href="${orderHref}"])`);
    await expect(async () => {
      await page.reload();
      await expect(orderRow.locator('.badge')).toHaveText(/Refunded$/, { timeout: 1000 });
    }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
    await expectNoAxeViolations(page);
    await orderRow.locator(`a[href="${orderHref}"]`).click();
    await expect(heading(page, /^Order · Conference room · /)).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: '← All orders' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page).toHaveTitle(/^Order · Conference room · .+ · Staff console · Espace Cowork Montréal$/);
    const refunds = page.getByRole('table', { name: 'Refunds of this order' });
    await expect(refunds).toContainText(/NC-2026-\d+/);
    await expect(refunds).toContainText('Refunded');
    const trail = page.getByRole('table', { name: 'Who did what, and when' });
    await expect(trail.getByRole('row', { name: /Days cancelled and refunded/ })).toContainText(signIn.email);
    await expect(trail).toContainText(/Credit note: NC-2026-\d+/);
    await expectNoAxeViolations(page);

    // Lease offers: resend the first test's invitation.
    await nav.getByRole('link', { name: 'Lease offers' }).click();
    await page.getByRole('link', { name: /^View offer \d+ for Harbour Studio inc\.$/ }).click();
    await expect(heading(page, /^Lease offer \d+$/)).toBeVisible();
    const resendButton = page.getByRole('button', { name: 'Resend invitation' });
    await resendButton.click();
    const resend = page.getByRole('dialog', { name: 'Resend the invitation?' });
    await expectNoAxeViolations(page);
    await resend.getByRole('button', { name: 'Make a new link and send it' }).click();
    await expect(resend).toBeHidden();
    await expect(page.getByText('A new link is made. The old one no longer works.')).toBeVisible();
    await expect(resendButton).toBeFocused();
    const newLink = await page.getByLabel('The tenant’s link').inputValue();
    expect(newLink).toMatch(new RegExp(`^${base}/lease/[A-Za-z0-9_-]{22,}$`));
    expect(newLink).not.toBe(firstOfferLink);
    const offerTrail = page.getByRole('table', { name: 'Who did what, and when' });
    await expect(offerTrail.getByRole('row', { name: /Invitation resent/ })).toContainText(signIn.email);
    await expectNoAxeViolations(page);

    // The old link no longer opens the offer; the new one does.
    const tenant = await newContextAtNow(browser);
    const visitor = await tenant.newPage();
    await visitor.goto(firstOfferLink!);
    await expect(heading(visitor, /^(Unable to Load Offer|Offer Expired)$/)).toBeVisible({ timeout: 20_000 });
    await visitor.goto(newLink);
    await expect(heading(visitor, 'Your Lease Offer')).toBeVisible();
    await tenant.close();

    // Offline, a page that has nothing to show yet says why instead of loading for ever.
    await page.context().setOffline(true);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Waitlist' }).click();
    await expect(heading(page, 'Waitlist')).toBeVisible();
    await expect(page.getByText('No connection. Check the network and try again.')).toBeVisible();
    await page.context().setOffline(false);
  });

  test('lists the staff with their roles, adds a member of staff with a one-time link, makes them a manager and disables them', async ({ page }) => {
    await signInAs(page);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Staff', exact: true }).click();
    await expect(heading(page, 'Staff')).toBeFocused();
    const table = page.getByRole('table', { name: 'Staff accounts, oldest first' });
    await expect(table.getByRole('row', { name: signIn.email })).toContainText('Manager');
    await expectNoAxeViolations(page);

    // The e-mail is checked before anything is sent; then the account's one-time link is shown, to copy.
    const opener = page.getByRole('button', { name: 'Add a member of staff' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add a member of staff' });
    const email = dialog.getByRole('textbox', { name: /^E-mail/ });
    await expect(email).toBeFocused();
    await dialog.getByRole('button', { name: 'Add the account' }).click();
    await expect(dialog.getByText('A valid e-mail address is required')).toBeVisible();
    await expect(email).toBeFocused();
    await email.fill('robin-e2e@example.com');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Robin E2E');
    await dialog.getByRole('button', { name: 'Add the account' }).click();
    await expect(dialog.getByRole('heading', { name: 'The account of Robin E2E is added' })).toBeFocused();
    expect(await dialog.getByLabel('Set-password link').inputValue()).toMatch(/\/staff\/set-password#[A-Za-z0-9_-]{20,}$/);
    await expect(dialog).toContainText('within 48 hours');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    const robin = table.getByRole('row', { name: 'Robin E2E' });
    await expect(robin).toContainText('No password yet');
    await expect(robin.getByRole('cell').nth(1)).toHaveText('Staff');

    // A manager gives the role, asked first.
    await robin.getByRole('button', { name: 'Make Robin E2E a manager' }).click();
    await page.getByRole('dialog', { name: 'Make Robin E2E a manager?' }).getByRole('button', { name: 'Make manager' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Robin E2E is now a manager.' })).toBeVisible();
    await expect(robin.getByRole('cell').nth(1)).toHaveText('Manager');

    // Disabled, asked first: nothing more is offered on the account.
    await robin.getByRole('button', { name: 'Disable the account of Robin E2E' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable the account of Robin E2E?' });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Disable the account' }).click();
    await expect(confirm).toBeHidden();
    await expect(robin).toContainText('Disabled');
    await expect(robin.getByRole('button')).toHaveCount(0);

    // In French, the roles in their French names.
    await page.getByRole('button', { name: 'Afficher la console en français' }).click();
    await expect(heading(page, 'Personnel')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Comptes du personnel, du plus ancien au plus récent' });
    const robinFr = rows.getByRole('row', { name: 'Robin E2E' });
    await expect(robinFr.getByRole('cell').nth(1)).toHaveText('Gestionnaire');
    await expect(robinFr.getByRole('cell').nth(2)).toHaveText('Désactivé');
    await expectNoAxeViolations(page);
  });
});

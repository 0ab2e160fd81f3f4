import type { Page } from '@playwright/test';
import { earliestNoticedDebit } from '../../src/shared/domain/pad.ts';
import { addDays, longDate } from '../../src/shared/domain/time.ts';
import { site } from '../../src/shared/site.ts';
import { adminApi, changesSharedData, demoStaffSignIn, e2eAdminToken, e2eDaysFromToday, e2eToday, expect, expectNoAxeViolations, newContextAtNow, tablet, test } from './support.ts';

/*
 * A signed lease is a tenancy (issue 32): staff make an offer, the tenant signs on a tablet, the
 * office leaves the list; a manager makes and downloads the bank's PAD file in the console, in
 * English and in French; on the tenancy's rental page, staff record the bank's return of its
 * filed debit (NSF: debited once more after notice) and, in French, the tenant's written
 * revocation; the tenant opens the tenancy's page from the lease page's link, in English and in
 * French. On the server of the tests that change shared data (signing takes an office), with an
 * office of its own.
 */

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The office the first test's tenant signs for: the later tests find its tenancy by it (the tests run in order). */
let signed: { name: string; manage: string } | undefined;

/** Into the console as the demo manager of the server these tests run on (playwright.config.ts: DATA_DIR of the port after E2E_PORT). */
async function signInToConsole(page: Page): Promise<void> {
  const signIn = demoStaffSignIn(`/tmp/coworking-e2e-${Number(process.env.E2E_PORT ?? 4173) + 1}`);
  await page.goto('/staff');
  await page.getByLabel('E-mail').fill(signIn.email);
  await page.getByLabel('Password').fill(signIn.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(heading(page, 'Inventory')).toBeVisible();
}

/** An office of this test's own, and an offer for it with the company's details given (starting on the 1st of a month ahead, unless told). */
async function offerForOwnOffice(page: Page, startDate = `${e2eDaysFromToday(40).slice(0, 7)}-01`): Promise<{ code: string; name: string }> {
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const name = `Office T${suffix} - Tenancy`;
  await adminApi(page, 'POST', '/admin-api/units', {
    office_id: `OFF-T${suffix}`,
    service_code: `DO-T${suffix}`,
    name,
    service_type: 'dedicated_office',
    location_code: `F6-T${suffix}`,
    seating_capacity: 2,
    base_monthly_rate: '1500.00',
    is_available: true,
    next_available_date: null,
  });
  const created = (await adminApi(page, 'POST', '/admin-api/lease-offers', {
    email: 'tenant@example.com',
    office_ids: [`OFF-T${suffix}`],
    start_date: startDate,
    monthly_rate: 1500,
    lease_term_months: 12,
    send_email: false,
  })) as { code?: string };
  if (!created.code) throw new Error('offer not created');
  const info = await page.request.post(`/public-api/lease-offers/${created.code}/submit-info`, {
    data: { company_name: 'Atelier Boréal inc.', contact_name: 'Camille Tremblay', phone: '514-555-0100', address: '1 rue Test', city: 'Montréal', province: 'QC', postal_code: 'H3G 1P1' },
  });
  expect(info.ok()).toBe(true);
  return { code: created.code, name };
}

async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3, { steps: 12 });
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.6, { steps: 12 });
  await page.mouse.up();
}

/** The signature step as the tenant fills it in: a drawn signature, the banking numbers, the terms. */
async function signOnTablet(page: Page): Promise<void> {
  await drawSignature(page);
  await page.getByLabel('Transit number').fill('12345');
  await page.getByLabel('Institution number').fill('003');
  await page.getByLabel('Account number').fill('98765432101');
  await page.getByLabel(/I have read the service agreement/).check();
  await page.getByRole('button', { name: 'Sign Agreement' }).click();
}

test.describe('a signed lease is a tenancy', changesSharedData, () => {
  test.describe.configure({ mode: 'serial' });

  test('the tenant signs on a tablet and the office leaves the list; a second signing of it is refused in the tenant’s words', async ({ browser, page, baseURL }) => {
    const offer = await offerForOwnOffice(page);
    const other = await adminApi(page, 'POST', '/admin-api/lease-offers', {
      email: 'second@example.com',
      office_ids: [offer.name.replace(/^Office T(\w+) - Tenancy$/, 'OFF-T$1')],
      start_date: `${e2eDaysFromToday(40).slice(0, 7)}-01`,
      monthly_rate: 1500,
      lease_term_months: 12,
      send_email: false,
    });
    const secondCode = (other as { code: string }).code;
    await page.request.post(`/public-api/lease-offers/${secondCode}/submit-info`, {
      data: { company_name: 'Second Co', contact_name: 'Sam', phone: '514-555-0101', address: '2 rue Test', city: 'Montréal', province: 'QC', postal_code: 'H3G 1P1' },
    });

    const context = await newContextAtNow(browser, { ...tablet, baseURL });
    try {
      const tab = await context.newPage();
      await tab.goto(`/lease/${offer.code}`);
      await tab.getByRole('button', { name: 'Proceed to Sign' }).click();
      await expect(heading(tab, 'Sign the Agreement')).toBeVisible();
      await signOnTablet(tab);
      await expect(heading(tab, 'Agreement Signed')).toBeVisible();
      // The lease page links to the tenancy's own page from now on.
      const manage = tab.getByRole('link', { name: 'Your lease and its invoices' });
      await expect(manage).toHaveAttribute('href', /^\/booking\/[A-Za-z0-9_-]{43}$/);
      signed = { name: offer.name, manage: (await manage.getAttribute('href'))! };

      // The office is the tenant's: no longer on sale.
      await expect(async () => {
        await tab.goto('/offices');
        const row = tab.getByRole('table', { name: 'Offices' }).locator('tbody tr.unit__row', { hasText: offer.name });
        await expect(row).toContainText('Long-term lease');
        await expect(row.getByRole('button', { name: 'Rent Now' })).toHaveCount(0);
      }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });

      // The second offer of that office cannot be signed: the tenant is told why.
      await tab.goto(`/lease/${secondCode}`);
      await tab.getByRole('button', { name: 'Proceed to Sign' }).click();
      await signOnTablet(tab);
      await expect(tab.getByRole('alert')).toHaveText(
        'An office in this offer has been rented in the meantime, so it cannot be signed. Our team has been told and will contact you.',
      );
      await expectNoAxeViolations(tab);
    } finally {
      await context.close();
    }
  });

  test('a manager makes the PAD file in the console and downloads it, in English and in French', async ({ page }) => {
    await signInToConsole(page);

    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'PAD files' }).click();
    await expect(heading(page, 'PAD files')).toBeVisible();
    await expectNoAxeViolations(page);

    // The first debit falls ten days after the signing, on a business day of the banks.
    const due = earliestNoticedDebit(e2eToday);
    await page.getByLabel('Payment date').fill(due);
    await page.getByRole('button', { name: 'Make the file' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^File no\. \d+ made: \d+ debits?, / })).toBeVisible();
    const row = page.getByRole('table', { name: 'PAD files made, newest first' }).locator('tbody tr').first();
    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: /Download PAD file no\. \d+/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^PAD-${due}-\\d{4}\\.txt$`));
    const content = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(content).toString('latin1');
    const records = text.split('\r\n');
    expect(records[0]!.slice(0, 10)).toBe('A000000001');
    for (const record of records) expect(record).toHaveLength(1464);
    expect(records.at(-1)![0]).toBe('Z');

    await page.getByRole('button', { name: 'Afficher la console en français' }).click();
    await expect(heading(page, 'Fichiers DPA')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Produire le fichier' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('staff record the bank’s return of the tenancy’s filed debit, then in French the tenant’s revocation', async ({ page }) => {
    if (!signed) throw new Error('the first test signed no lease');
    const tenant = 'Atelier Boréal inc.';
    await signInToConsole(page);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Rentals' }).click();
    await page.getByRole('link', { name: `View the rental of ${signed.name} by ${tenant}` }).click();
    await expect(heading(page, `Rental · ${signed.name} · ${tenant}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Paid by pre-authorized debit');

    // The initial invoice's debit went into the file the previous test made: the bank sends it back, NSF.
    const returnButton = page.getByRole('button', { name: /^Record a returned debit of invoice F-\d{4}-\d+$/ });
    await expect(returnButton).toHaveCount(1);
    const number = (await returnButton.getAttribute('aria-label'))!.replace('Record a returned debit of invoice ', '');
    await returnButton.click();
    const dialog = page.getByRole('dialog', { name: `Record a returned debit of invoice ${number}` });
    const code = dialog.getByRole('combobox', { name: /Return code/ });
    await expect(code).toBeFocused();
    await code.selectOption({ label: '901 – NSF' });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/pad-return-dialog.png' });
    await dialog.getByRole('button', { name: 'Record the returned debit' }).click();

    // Debited once more after a new notice from today, with the handling fee's invoice.
    const redebitOn = longDate(earliestNoticedDebit(e2eToday), 'en-CA');
    await expect(page.getByRole('status').filter({ hasText: 'The returned debit of' })).toHaveText(
      new RegExp(`^The returned debit of invoice ${number} \\(901 – NSF\\) is recorded\\. It is debited once more on ${redebitOn}, with the handling fee on invoice F-\\d{4}-\\d+; the tenant is e-mailed the notice\\.$`),
    );
    await expect(dialog).toHaveCount(0);
    await expect(returnButton).toHaveCount(0);
    const payments = page.getByRole('table', { name: 'Every payment and card try of this rental’s invoices, oldest first' });
    const returned = payments.locator('tbody tr', { hasText: number });
    await expect(returned.locator('td[data-label="Status"]')).toHaveText('Returned by the bank');
    await expect(returned.locator('td[data-label="Reference or reason"]')).toHaveText('Returned with code 901 – NSF');
    await expectNoAxeViolations(page);

    // In French: the tenant revokes the agreement in writing today; its debits end after the 10 days' notice.
    await page.getByRole('button', { name: 'Afficher la console en français' }).click();
    await expect(heading(page, `Location · ${signed.name} · ${tenant}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Résumé' })).toContainText('Payé par débit préautorisé');
    await expect(page.getByRole('table', { name: /^Chaque paiement/ }).locator('tbody tr', { hasText: number })).toContainText('Retourné avec le code 901 – Provision insuffisante');
    await page.getByRole('button', { name: 'Enregistrer une révocation' }).click();
    const revocation = page.getByRole('dialog', { name: 'Enregistrer la révocation de l’accord de DPA par le locataire' });
    await expect(revocation.getByLabel(/Reçue le/)).toHaveValue(e2eToday);
    await expectNoAxeViolations(page);
    await revocation.getByRole('button', { name: 'Enregistrer la révocation' }).click();
    const lastDebit = longDate(addDays(e2eToday, site.pad.noticeDays - 1), 'fr-CA');
    await expect(page.getByRole('status').filter({ hasText: 'La révocation est enregistrée' })).toHaveText(
      `La révocation est enregistrée\u00a0: le dernier débit préautorisé peut être fait le ${lastDebit}. Les factures suivantes sont payées par carte, ou inscrites à leur réception.`,
    );
    await expect(page.getByRole('region', { name: 'Résumé' })).toContainText(`Les prélèvements s’arrêtent après le ${lastDebit}, car le locataire a révoqué l’accord.`);
    await expect(page.getByRole('button', { name: 'Enregistrer une révocation' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the tenant opens their lease’s page on the tablet: the debit returned with Pay now, the revocation, in English and in French', async ({ browser, baseURL }) => {
    if (!signed) throw new Error('the first test signed no lease');
    const context = await newContextAtNow(browser, { ...tablet, baseURL });
    try {
      const tab = await context.newPage();
      await tab.goto(signed.manage);
      await expect(heading(tab, 'Your lease')).toBeVisible();
      const lease = tab.getByRole('region', { name: 'Lease details' });
      await expect(lease).toContainText('Atelier Boréal inc.');
      await expect(lease).toContainText(signed.name);
      await expect(lease).toContainText('Pre-authorized debit from account ****2101');
      const lastDebit = longDate(addDays(e2eToday, site.pad.noticeDays - 1), 'en-CA');
      await expect(tab.getByRole('status').filter({ hasText: 'You revoked' })).toContainText(`${lastDebit}. Pay your invoices by card below`);
      const billing = tab.getByRole('region', { name: 'Billing' });
      // The initial invoice's debit came back (NSF); its re-debit, with the fee, would fall after the revocation's last day: both are paid with Pay now.
      await expect(billing).toContainText('debit returned: NSF');
      await expect(billing).toContainText('No debit is planned: pay each invoice below with Pay now.');
      await expect(billing.getByRole('button', { name: /^Pay now: invoice F-\d{4}-\d+, \$/ })).toHaveCount(2);
      await expect(tab.getByRole('region', { name: 'Deposits held' })).toContainText('Key fob deposit: $75.00 · held until your lease ends');
      await expect(tab.getByRole('link', { name: 'Download your signed lease (PDF)' })).toBeVisible();
      await expectNoAxeViolations(tab);
      await tab.screenshot({ path: '/tmp/tenancy-page-en.png', fullPage: true });

      await tab.getByRole('button', { name: 'Passer au français' }).click();
      await expect(heading(tab, 'Votre bail')).toBeVisible();
      await expect(tab.getByRole('region', { name: 'Facturation' })).toContainText('débit retourné : Provision insuffisante');
      await expect(tab.getByRole('region', { name: 'Détails du bail' })).toContainText('Débit préautorisé du compte ****2101');
      await expectNoAxeViolations(tab);
      await tab.screenshot({ path: '/tmp/tenancy-page-fr.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('a manager ends a tenancy at once in the console: the tenant’s page reads it, and the next PAD file leaves it out', async ({ browser, page, baseURL }) => {
    // A lease starting today, signed on the tablet; its initial debit goes into a file at once.
    const offer = await offerForOwnOffice(page, e2eToday);
    const context = await newContextAtNow(browser, { ...tablet, baseURL });
    try {
      const tab = await context.newPage();
      await tab.goto(`/lease/${offer.code}`);
      await tab.getByRole('button', { name: 'Proceed to Sign' }).click();
      await signOnTablet(tab);
      await expect(heading(tab, 'Agreement Signed')).toBeVisible();
      const manage = (await tab.getByRole('link', { name: 'Your lease and its invoices' }).getAttribute('href'))!;
      const firstDebit = earliestNoticedDebit(e2eToday);
      expect(await adminApi(page, 'POST', '/admin-api/pad-files', { payment_date: firstDebit })).toMatchObject({ success: true });

      await signInToConsole(page);
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Rentals' }).click();
      await page.getByRole('link', { name: `View the rental of ${offer.name} by Atelier Boréal inc.` }).click();
      await expect(heading(page, `Rental · ${offer.name} · Atelier Boréal inc.`)).toBeVisible();
      const rentalId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('button', { name: 'End at once' }).click();
      const dialog = page.getByRole('dialog', { name: 'End this rental today?' });
      await expect(dialog).toContainText('every unit of the lease is free from tomorrow');
      await dialog.getByLabel(/Reason/).fill('The tenant moved out on signing day');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'End the rental today' }).click();
      const today = longDate(e2eToday, 'en-CA');
      await expect(page.getByRole('status').filter({ hasText: 'The rental ended today' })).toContainText(new RegExp(`^The rental ended today \\(${today}\\); the customer is e-mailed\\. Credit note NC-\\d{4}-\\d+ against invoice F-\\d{4}-\\d+: \\$`));
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Ended');
      await expect(page.getByRole('button', { name: 'End at once' })).toHaveCount(0);
      await expectNoAxeViolations(page);

      // The tenant's page says the lease has ended, and on which day.
      await tab.goto(manage);
      await expect(heading(tab, 'Your lease')).toBeVisible();
      await expect(tab.getByRole('status').filter({ hasText: 'Your lease has ended' })).toHaveText(`Your lease has ended: its last day was Wednesday, ${today}. Nothing is invoiced after that day.`);
      await expect(tab.getByRole('region', { name: 'Deposits held' })).toContainText('Security deposit: $1,500.00 · held: our team returns it now that your lease has ended');
      await expectNoAxeViolations(tab);
      await tab.screenshot({ path: '/tmp/tenancy-ended-en.png', fullPage: true });
      await tab.getByRole('button', { name: 'Passer au français' }).click();
      await expect(tab.getByRole('status').filter({ hasText: 'Votre bail a pris fin' })).toContainText(`son dernier jour était le mercredi ${longDate(e2eToday, 'fr-CA')}.`);

      // No later file debits this tenancy: its invoices are settled to its last day, the initial debit under way.
      const detail = (await adminApi(page, 'GET', `/admin-api/rentals/${rentalId}`)) as { invoices: { number: string }[] };
      expect(detail.invoices.length).toBeGreaterThan(0);
      const later = (await adminApi(page, 'POST', '/admin-api/pad-files', { payment_date: addDays(firstDebit, 7) })) as { success: boolean; file?: { id: string } };
      if (later.success) {
        const file = await (await page.request.get(`/admin-api/pad-files/${later.file!.id}/download`, { headers: { authorization: `Bearer ${e2eAdminToken}` } })).text();
        for (const invoice of detail.invoices) expect(file).not.toContain(invoice.number);
      }
    } finally {
      await context.close();
    }
  });
});

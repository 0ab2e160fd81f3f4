import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Download, Locator } from '@playwright/test';
import { formatCad } from '../../src/shared/domain/pricing.ts';
import { expectTestCheckout, payOnTestCheckout, pressUnitButton } from './booking-support.ts';
import { zipEntries } from '../zip-entries.ts';
import { demoStaffSignIn, expect, expectNoAxeViolations, newContextAtNow, startServer, test } from './support.ts';

/*
 * The books of November, read by a manager in December: on the e2e clock (November 18) a
 * conference room is paid for and a desk rented through the public pages' test checkout; the
 * server is started again on December 2. Books opens on Last month, its figures are what was
 * paid, a figure opens the documents it sums, the accountant's CSV sums to the page's total and
 * the ZIP holds a PDF per document, the charts stand beside their tables, and the page reads in
 * French; axe finds nothing in either language. A server and database of the test's own.
 */

/** December 2, 10 AM in Montréal: November is the last whole month. */
const december = '2026-12-02T15:00:00.000Z';

/** The conference room Saint-Laurent, a full day: $350.00 + GST $17.50 + QST $34.91. */
const room = { subtotal: 35_000, gst: 1_750, qst: 3_491, total: 40_241 };

/** Whichever space (a French amount's is a no-break one) stands between the words. */
const spaced = (text: string) => new RegExp(text.replace(/[$.()]/g, (c) => `\\${c}`).replace(/\s/g, '\\s'));

/** A cell of a row, by its column's position in the table's header (once the table is shown: the books are read anew at every look). */
async function cellOf(table: Locator, row: Locator, column: string): Promise<Locator> {
  await expect(row).toBeVisible();
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim().toLowerCase() === column.toLowerCase());
  expect(index, `a column named ${column}`).toBeGreaterThanOrEqual(0);
  return row.locator('th, td').nth(index);
}

/** '$1,234.56' in cents. */
const amountCents = (text: string | null) => Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100);

async function saved(download: Download, dir: string): Promise<string> {
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

test('the books of last month: figures, their documents, money and deposits, the downloads and the charts, in English and French', async ({ browser }) => {
  test.setTimeout(240_000);
  const port = 4700 + test.info().workerIndex;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'coworking-books-'));
  const downloadDir = mkdtempSync(join(tmpdir(), 'coworking-books-files-'));
  const dist = process.env.E2E_DIST ?? 'dist';
  let server = await startServer(port, dist, { dataDir });
  const context = await newContextAtNow(browser, { viewport: { width: 1024, height: 768 }, locale: 'en-CA', baseURL: origin, serviceWorkers: 'block', acceptDownloads: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const cents = (amount: number) => formatCad(amount, 'en');
  try {
    const deskTotal = await test.step('1. on November 18, a conference room and a desk are paid at the test checkout', async () => {
      await pressUnitButton(page, '/conference', 'Book Now', 'Conference Room Saint-Laurent');
      const dialog = page.getByRole('dialog', { name: 'Book Conference Room Saint-Laurent' });
      await dialog.getByRole('button', { name: `Pay ${cents(room.total)} CAD` }).click();
      await expectTestCheckout(page, cents(room.total));
      await payOnTestCheckout(page, cents(room.total));
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

      await pressUnitButton(page, '/desks', 'Rent Now', 'Desk A1');
      const summary = page.getByRole('dialog', { name: 'Rent Desk A1' });
      const total = ((await summary.getByRole('definition').last().textContent()) ?? '').trim();
      await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expectTestCheckout(page, total);
      await payOnTestCheckout(page, total);
      await expect(page.getByText('Successfully rented Desk A1! Check your email for confirmation.')).toBeVisible();
      return amountCents(total);
    });
    const books = page.getByRole('heading', { name: 'Books', level: 1 });
    const november = await test.step('2. on December 2 a manager opens Books: Last month is November, its figures what was paid', async () => {
      await server.stop();
      server = await startServer(port, dist, { dataDir, env: { APP_NOW: december } });
      await context.clock.setSystemTime(december);
      const signIn = demoStaffSignIn(dataDir);
      await page.goto('/staff/books');
      await expect(page).toHaveURL(/\/staff\/sign-in\?next=/);
      await page.getByLabel('E-mail').fill(signIn.email);
      await page.getByLabel('Password').fill(signIn.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(books).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Books' })).toHaveAttribute('aria-current', 'page');

      const lastMonth = page.getByRole('button', { name: 'Last month' });
      await expect(lastMonth).toHaveAttribute('aria-pressed', 'true');
      await lastMonth.click();
      await expect(page).toHaveURL(/\/staff\/books\?from=2026-11-01&to=2026-11-30$/);
      await expect(page.getByText('From November 1, 2026 to November 30, 2026, both days included.')).toBeVisible();

      const byProduct = page.getByRole('table', { name: 'Sales by product, credit notes below zero' });
      const roomRow = byProduct.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Conference room' }) });
      await expect(await cellOf(byProduct, roomRow, 'Documents')).toHaveText('1');
      await expect(await cellOf(byProduct, roomRow, 'Before tax')).toHaveText(cents(room.subtotal));
      await expect(await cellOf(byProduct, roomRow, 'GST')).toHaveText(cents(room.gst));
      await expect(await cellOf(byProduct, roomRow, 'QST')).toHaveText(cents(room.qst));
      await expect(await cellOf(byProduct, roomRow, 'Total')).toHaveText(cents(room.total));
      const deskRow = byProduct.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Monthly rental' }) });
      await expect(await cellOf(byProduct, deskRow, 'Documents')).toHaveText('1');
      await expect(await cellOf(byProduct, deskRow, 'Total')).toHaveText(cents(deskTotal));
      // The demo data has documents of its own in November: the total row is every product's sum.
      const productRows = byProduct.locator('tbody tr');
      let documents = 0;
      let total = 0;
      for (const row of await productRows.all()) {
        documents += Number(await (await cellOf(byProduct, row, 'Documents')).textContent());
        total += amountCents(await (await cellOf(byProduct, row, 'Total')).textContent());
      }
      const totalRow = byProduct.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'All documents' }) });
      await expect(await cellOf(byProduct, totalRow, 'Documents')).toHaveText(String(documents));
      await expect(await cellOf(byProduct, totalRow, 'Total')).toHaveText(cents(total));
      await expectNoAxeViolations(page);

      const collected = page.getByRole('table', { name: 'Money in and given back, by way' });
      const card = collected.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Card', exact: true }) });
      const cardAmount = (await (await cellOf(collected, card, 'Amount')).textContent()) ?? '';
      await (await cellOf(collected, card, 'Amount')).getByRole('link').click();
      await expect(page.getByRole('heading', { name: 'Money: Card', level: 1 })).toBeVisible();
      const movements = page.getByRole('table', { name: 'The payments, returns and refunds this figure sums, oldest first' });
      const ours = movements.locator('tbody tr').filter({ hasText: 'Camille Tremblay' });
      await expect(ours).toHaveCount(2);
      expect((await ours.allInnerTexts()).join('\n')).toContain(cents(room.total));
      expect((await ours.allInnerTexts()).join('\n')).toContain(cents(deskTotal));
      await expect(movements.locator('tfoot')).toContainText(cardAmount);
      await expectNoAxeViolations(page);
      await page.goBack();
      await expect(books).toBeVisible();

      const invoicedDeposits = page.getByRole('region', { name: 'Deposits' }).getByRole('definition').first().getByRole('link');
      const invoicedAmount = (await invoicedDeposits.textContent()) ?? '';
      await invoicedDeposits.click();
      await expect(page.getByRole('heading', { name: 'Deposits: invoiced', level: 1 })).toBeVisible();
      await expect(page.getByRole('table', { name: 'The deposits this figure sums' }).locator('tfoot')).toContainText(invoicedAmount);
      await expectNoAxeViolations(page);
      await page.goBack();
      await expect(books).toBeVisible();
      return { documents, total };
    });

    await test.step('3. the room’s total opens its document, which links to its order', async () => {
      const byProduct = page.getByRole('table', { name: 'Sales by product, credit notes below zero' });
      const roomRow = byProduct.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Conference room' }) });
      await (await cellOf(byProduct, roomRow, 'Total')).getByRole('link').click();
      await expect(page).toHaveURL(/\/staff\/books\/documents\?from=2026-11-01&to=2026-11-30&product=conference_room$/);
      await expect(page.getByRole('heading', { name: 'Documents: Conference room', level: 1 })).toBeVisible();
      const documents = page.getByRole('table', { name: 'The documents this figure sums, oldest first' });
      const rows = documents.locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Camille Tremblay');
      await expect(await cellOf(documents, rows.first(), 'Total')).toHaveText(cents(room.total));
      await expect(await cellOf(documents, rows.first(), 'Paid by')).toHaveText('Card');
      await expect(documents.locator('tfoot')).toContainText('Total of 1 document');
      await expectNoAxeViolations(page);

      await rows.first().getByRole('rowheader').getByRole('link').click();
      await expect(page).toHaveURL(/\/staff\/orders\/[^/?]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Conference Room Saint-Laurent');
      await page.goBack();
      await page.getByRole('link', { name: 'Back to the books' }).click();
      await expect(books).toBeVisible();
      await expect(page).toHaveURL(/\/staff\/books\?from=2026-11-01&to=2026-11-30$/);
    });

    const csvRows = await test.step('4. the accountant’s CSV sums to the page’s total; the Xero files are offered for the same range', async () => {
      const downloads = page.getByRole('region', { name: 'Downloads for the accountant' });
      const [csvDownload] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('link', { name: 'Documents (CSV)' }).click()]);
      const rows: Record<string, string>[] = parse(readFileSync(await saved(csvDownload, downloadDir)), { columns: true, bom: true });
      expect(rows).toHaveLength(november.documents);
      expect(rows.reduce((sum, row) => sum + Math.round(Number(row.total) * 100), 0)).toBe(november.total);
      expect(rows.filter((row) => row.customer === 'Camille Tremblay').map((row) => [row.product, row.total])).toEqual(
        expect.arrayContaining([
          ['conference_room', '402.41'],
          ['standard', (deskTotal / 100).toFixed(2)],
        ]),
      );

      for (const [name, file] of [
        ['Xero sales invoices (CSV)', 'xero-invoices.csv'],
        ['Xero credit notes (CSV)', 'xero-credit-notes.csv'],
      ] as const)
        await expect(downloads.getByRole('link', { name })).toHaveAttribute('href', `/admin-api/books/${file}?from=2026-11-01&to=2026-11-30`);
      return rows;
    });

    await test.step('5. the charts, each named, beside a table of its figures', async () => {
      const glance = page.getByRole('region', { name: 'Occupancy and revenue at a glance' });
      await expect(glance.getByRole('img', { name: 'Assigned desk: units rented, held and available, by month' })).toBeVisible();
      const desks = glance.getByRole('table', { name: 'Assigned desk: occupancy and waitlist demand by month' });
      const november = desks.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Nov 2026' }) });
      expect(Number(await (await cellOf(desks, november, 'Rented')).textContent())).toBeGreaterThanOrEqual(1);
      await expect(glance.getByRole('img', { name: /^Monthly recurring revenue, with what new rentals added/ })).toBeVisible();
      const revenue = glance.getByRole('table', { name: 'Monthly recurring revenue by month, before tax' });
      await expect(revenue.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Nov 2026' }) })).toBeVisible();
      await expect(glance.getByRole('img', { name: 'Day products sold, before tax, by month' })).toBeVisible();
      const dayProducts = glance.getByRole('table', { name: 'Day products sold by month, net of credit notes' });
      await expect(dayProducts.getByRole('row').filter({ hasText: 'Conference room' })).toContainText(cents(room.subtotal));
      await expectNoAxeViolations(page);
    });

    await test.step('6. a range backwards is named beside its field', async () => {
      await page.getByLabel('From', { exact: true }).fill('2026-11-30');
      await page.getByLabel('To', { exact: true }).fill('2026-11-01');
      await page.getByRole('button', { name: 'Show this range' }).click();
      await expect(page).toHaveURL(/\?from=2026-11-30&to=2026-11-01$/);
      await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription('The last day must not be before the first');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Last month' }).click();
      await expect(page.getByLabel('To', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('7. in French: the same figures in French words and amounts', async () => {
      await page.getByRole('button', { name: 'Afficher la console en français' }).click();
      await expect(page.getByRole('heading', { name: 'Comptabilité', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mois dernier' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('Du 1 novembre 2026 au 30 novembre 2026, les deux jours compris.')).toBeVisible();
      const byProduct = page.getByRole('table', { name: 'Ventes par produit, notes de crédit en négatif' });
      const roomRow = byProduct.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Salle de conférence' }) });
      await expect(await cellOf(byProduct, roomRow, 'Avant taxes')).toHaveText(spaced(formatCad(room.subtotal, 'fr')));
      await expect(await cellOf(byProduct, roomRow, 'TPS')).toHaveText(spaced('17,50 $'));
      await expect(await cellOf(byProduct, roomRow, 'TVQ')).toHaveText(spaced('34,91 $'));
      await expect(page.getByRole('region', { name: 'Téléchargements pour le comptable' }).getByRole('link', { name: 'Documents (CSV)' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Comptes clients', level: 2 })).toBeVisible();
      const glance = page.getByRole('region', { name: 'Occupation et revenus en un coup d’œil' });
      await expect(glance.getByRole('img', { name: spaced('Poste attitré : unités louées, retenues et libres, par mois') })).toBeVisible();
      await expect(glance.getByRole('table', { name: 'Revenus mensuels récurrents par mois, avant taxes' })).toBeVisible();
      await expect(glance.getByText('Louées', { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
    await test.step('8. the ZIP of the period holds one PDF per document of the CSV', async () => {
      const downloads = page.getByRole('region', { name: 'Téléchargements pour le comptable' });
      const [zipDownload] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('link', { name: 'Le PDF de chaque document (ZIP)' }).click()]);
      const pdfs = (await zipEntries(readFileSync(await saved(zipDownload, downloadDir)))).filter((entry) => entry.name.endsWith('.pdf'));
      expect(pdfs).toHaveLength(csvRows.length);
      for (const pdf of pdfs) expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      for (const row of csvRows) expect(pdfs.some((pdf) => pdf.name.includes(row.number!))).toBe(true);
    });
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(downloadDir, { recursive: true, force: true });
  }
});

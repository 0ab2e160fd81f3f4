import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { pressUnitButton } from './booking-support.ts';
import { changesSharedData, e2eDaysFromToday, e2eMailDir, expect, newContextAtNow, phone, test } from './support.ts';

/** The .eml the server wrote to the customer of this order: it carries the order's manage link, the one the success page shows. */
function confirmationFor(dir: string, managePath: string): Buffer | undefined {
  if (!existsSync(dir)) return undefined;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
    const raw = readFileSync(join(dir, name));
    // The staff notice does not carry the link.
    if (raw.includes(managePath) && !raw.includes('operations@espacecowork.ca>')) return raw;
  }
  return undefined;
}

/** The Pay button by its words, whichever space (a French amount's is a no-break one) separates them. */
function payButton(text: string): RegExp {
  return new RegExp(`^${text.replace(/[$.]/g, (ch) => `\\${ch}`).replace(/ /g, '\\s')}$`);
}

const cases = [
  {
    locale: 'en-CA',
    date: e2eDaysFromToday(6),
    book: 'Book Now',
    dialog: 'Book Meeting Room Mont-Royal',
    // $220.00 + GST $11.00 + QST $21.95
    pay: 'Pay $252.95 CAD',
    name: 'Name',
    email: 'E-mail',
    success: 'Payment Successful!',
    receipt: 'Download your receipt (PDF)',
    manage: 'Manage your booking',
    taxes: [/GST/, /QST/],
    day: 'Tuesday, November 24, 2026',
  },
  {
    locale: 'fr-CA',
    date: e2eDaysFromToday(7),
    book: 'Réserver',
    dialog: 'Réserver Meeting Room Mont-Royal',
    pay: 'Payer 252,95 $ CAD',
    name: 'Nom',
    email: 'Courriel',
    success: 'Paiement réussi!',
    receipt: 'Télécharger votre reçu (PDF)',
    manage: 'Gérer votre réservation',
    taxes: [/TPS/, /TVQ/],
    day: 'mercredi 25 novembre 2026',
  },
] as const;

test.describe('after paying: taxes shown, a receipt to download, and a confirmation e-mail', changesSharedData, () => {
  for (const c of cases) {
    test(`a room paid through the test checkout (${c.locale})`, async ({ browser, baseURL }) => {
      const context = await newContextAtNow(browser, { ...phone, locale: c.locale, serviceWorkers: 'block' });
      const page = await context.newPage();
      await pressUnitButton(page, '/conference', c.book, 'Meeting Room Mont-Royal');
      const dialog = page.getByRole('dialog', { name: c.dialog });
      await dialog.locator(`[data-date="${c.date}"]`).click();
      for (const tax of c.taxes) await expect(dialog.getByText(tax).first()).toBeVisible();
      await dialog.getByRole('button', { name: payButton(c.pay) }).click();

      await page.getByLabel(c.name).fill('Camille Tremblay');
      await page.getByLabel(c.email).fill('camille@example.com');
      await page.getByRole('button', { name: payButton(c.pay) }).click();

      await expect(page.getByRole('heading', { name: c.success, level: 1 })).toBeVisible();
      for (const tax of c.taxes) await expect(page.getByText(tax).first()).toBeVisible();
      const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
      expect(sessionId).toMatch(/^test_cs_/);

      const receipt = page.getByRole('link', { name: c.receipt });
      await expect(receipt).toBeVisible();
      const pdf = await page.request.get((await receipt.getAttribute('href')) ?? '');
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      const manage = page.getByRole('link', { name: c.manage });
      await expect(manage).toHaveAttribute('href', /^\/booking\/[A-Za-z0-9_-]{43}$/);
      const managePath = (await manage.getAttribute('href')) ?? '';
      const port = Number(new URL(baseURL ?? '').port);
      await expect.poll(() => confirmationFor(e2eMailDir(port), managePath) !== undefined, { timeout: 20_000 }).toBe(true);
      const mail = await simpleParser(confirmationFor(e2eMailDir(port), managePath)!);
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('camille@example.com');
      expect(mail.text).toContain('Meeting Room Mont-Royal');
      expect(mail.text).toContain(c.day);
      expect(mail.attachments.map((a) => a.contentType)).toEqual(expect.arrayContaining(['application/pdf', expect.stringMatching(/^text\/calendar/)]));
      await context.close();
    });
  }
});

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { formatCad } from '../../src/shared/domain/pricing.ts';
import { exactly, expectTestCheckout, payOnTestCheckout, pressUnitButton, withTaxes } from './booking-support.ts';
import { demoStaffSignIn, expect, expectNoAxeViolations, newContextAtNow, phone, startServer, test } from './support.ts';

/*
 * A desk rented on a phone, then billed every month (issue: monthly billing): paid at checkout
 * with 4242 (the card kept), the card changed on the manage page to 0341 (saved, but every charge
 * declined), then the server started again on the 1st of December. Its billing round issues
 * December's invoice and the card is declined: the e-mail says so with Pay now, whose link opens
 * the manage page with the invoice due; paid there with 4242, it reads Paid, its PDF downloads,
 * and the paid e-mail carries the invoice. Staff see the rental in the console. Each language on
 * a server and database of its own, which the test stops and starts.
 */

/** The 1st of December at 9:30 AM in Montréal: December's invoice is due that day. */
const billingDay = '2026-12-01T14:30:00.000Z';

/** December's invoice: the desk's $450.00 a month, GST and QST added. */
const decemberCents = Math.round(withTaxes(450) * 100);

const cases = [
  {
    lang: 'en',
    locale: 'en-CA',
    officeId: 'DSK-01',
    desk: 'Desk A1',
    rentNow: 'Rent Now',
    summary: 'Rent Desk A1',
    summaryCardKept: 'The card you pay with is kept to pay the monthly invoices, charged on the 1st of each month until it ends.',
    proceed: 'Proceed to Payment',
    card: 'Card number',
    checkoutCardKept: 'Your card is kept for this rental’s monthly invoices, charged on the 1st of each month.',
    rented: 'Successfully rented Desk A1! Check your email for confirmation.',
    manage: 'Manage your booking',
    title: 'Your booking',
    billing: 'Billing',
    terms: '$450.00 a month, plus taxes, invoiced on the 1st of each month and charged to your card on file.',
    next: (amount: string) => `Next invoice: ${amount} on Tuesday, December 1, 2026, taxes included.`,
    cardOnFile: 'A card is on file for your invoices.',
    noInvoices: 'No invoice yet: your first month was paid at checkout.',
    changeCard: 'Change card',
    cardTitle: 'Change the card on file',
    cardIntro: 'The card you save here is charged for the next invoices of your rental of Desk A1. Nothing is charged now.',
    saveCard: 'Save this card',
    returnedCard: 'Your new card is saved: your next invoices are charged to it.',
    failedSubject: /^Payment failed: invoice (F-2026-\d{6}), Desk A1$/,
    failedWhy: (amount: string) => `Your payment of ${amount} for December 2026 could not be taken from your card: your bank declined the card.`,
    payNowInMail: 'Pay now',
    invoiceLine: (n: string) => `Invoice ${n}, December 2026`,
    due: 'Due',
    owed: (amount: string) => `${amount} owed`,
    payNow: (n: string, amount: string) => `Pay now: invoice ${n}, ${amount}`,
    invoiceTitle: 'Pay your invoice',
    invoiceKept: 'The card you pay with is kept for this rental’s next invoices.',
    pay: (amount: string) => `Pay ${amount} CAD`,
    returnedPaid: 'Thank you: your payment went through. The paid invoice is on its way by e-mail.',
    paid: 'Paid',
    pdf: (n: string) => `Invoice ${n} (PDF)`,
    paidSubject: (n: string) => new RegExp(`^Invoice ${n} paid: Desk A1, December 2026$`),
    paidText: (n: string, amount: string) => `Thank you: your invoice ${n} for December 2026 is paid. We have received ${amount}, taxes included, as a test payment (no card charged)`,
    staff: {
      email: 'E-mail',
      password: 'Password',
      signIn: 'Sign in',
      title: 'Rentals',
      table: 'Rentals, newest first',
      active: 'Active',
      view: (desk: string) => `View the rental of ${desk} by Camille Tremblay`,
      rentalTitle: (desk: string) => `Rental · ${desk} · Camille Tremblay`,
      invoices: 'Invoices of this rental, newest first',
    },
  },
  {
    lang: 'fr',
    locale: 'fr-CA',
    officeId: 'DSK-02',
    desk: 'Desk A2',
    rentNow: 'Louer maintenant',
    summary: 'Louer Desk A2',
    summaryCardKept: 'La carte avec laquelle vous payez est conservée pour régler les factures mensuelles, débitées le 1er de chaque mois jusqu’à la fin.',
    proceed: 'Procéder au paiement',
    card: 'Numéro de carte',
    checkoutCardKept: 'Votre carte est conservée pour les factures mensuelles de cette location, débitées le 1er de chaque mois.',
    rented: 'Location de Desk A2 réussie! Consultez vos courriels pour la confirmation.',
    manage: 'Gérer votre réservation',
    title: 'Votre réservation',
    billing: 'Facturation',
    terms: '450,00 $ par mois, taxes en sus, facturé le 1er de chaque mois et débité sur votre carte enregistrée.',
    next: (amount: string) => `Prochaine facture : ${amount} le mardi 1er décembre 2026, taxes incluses.`,
    cardOnFile: 'Une carte est enregistrée pour vos factures.',
    noInvoices: 'Aucune facture pour l’instant : votre premier mois a été payé lors de l’achat.',
    changeCard: 'Changer de carte',
    cardTitle: 'Changer la carte enregistrée',
    cardIntro: 'La carte enregistrée ici sera débitée pour les prochaines factures de votre location de Desk A2. Rien n’est débité maintenant.',
    saveCard: 'Enregistrer cette carte',
    returnedCard: 'Votre nouvelle carte est enregistrée : vos prochaines factures y seront débitées.',
    failedSubject: /^Paiement refusé\s: facture (F-2026-\d{6}), Desk A2$/,
    failedWhy: (amount: string) => `Votre paiement de ${amount} pour décembre 2026 n’a pas pu être prélevé sur votre carte : votre banque a refusé la carte.`,
    payNowInMail: 'Payer maintenant',
    invoiceLine: (n: string) => `Facture ${n}, décembre 2026`,
    due: 'À payer',
    owed: (amount: string) => `${amount} dû`,
    payNow: (n: string, amount: string) => `Payer maintenant : facture ${n}, ${amount}`,
    invoiceTitle: 'Payer votre facture',
    invoiceKept: 'La carte avec laquelle vous payez est conservée pour les prochaines factures de cette location.',
    pay: (amount: string) => `Payer ${amount} CAD`,
    returnedPaid: 'Merci : votre paiement a été accepté. La facture payée vous est envoyée par courriel.',
    paid: 'Payée',
    pdf: (n: string) => `Facture ${n} (PDF)`,
    paidSubject: (n: string) => new RegExp(`^Facture ${n} payée\\s: Desk A2, décembre 2026$`),
    paidText: (n: string, amount: string) => `Merci : votre facture ${n} pour décembre 2026 est payée. Nous avons reçu ${amount}, taxes incluses, par paiement de test (aucune carte débitée)`,
    staff: {
      email: 'Courriel',
      password: 'Mot de passe',
      signIn: 'Se connecter',
      title: 'Locations',
      table: 'Locations, les plus récentes d’abord',
      active: 'En cours',
      view: (desk: string) => `Voir la location de ${desk} par Camille Tremblay`,
      rentalTitle: (desk: string) => `Location · ${desk} · Camille Tremblay`,
      invoices: 'Factures de cette location, les plus récentes d’abord',
    },
  },
] as const;

/** The messages in the mail folder whose decoded subject matches, newest file last. */
async function mailsMatching(dir: string, subject: RegExp): Promise<ParsedMail[]> {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.eml'))
    .map((n) => ({ path: join(dir, n), at: statSync(join(dir, n)).mtimeMs }))
    .sort((a, b) => a.at - b.at);
  const mails = await Promise.all(names.map(({ path }) => simpleParser(readFileSync(path))));
  return mails.filter((mail) => subject.test(mail.subject ?? ''));
}

/** The newest message with that subject, once the server has written it. */
async function waitForMail(dir: string, subject: RegExp): Promise<ParsedMail> {
  await expect.poll(async () => (await mailsMatching(dir, subject)).length, { timeout: 30_000, message: `an e-mail whose subject matches ${subject}` }).toBeGreaterThan(0);
  return (await mailsMatching(dir, subject)).at(-1)!;
}

/** The address of a message's button by its words (the HTML part: a long link may be folded in the text one). */
function buttonLink(mail: ParsedMail, label: string): string {
  const html = mail.html || '';
  const found = new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(html);
  if (!found) throw new Error(`no '${label}' button in the message '${mail.subject}'`);
  return found[1]!;
}

/** Decoded text, whitespace made plain: French puts no-break spaces before colons and in amounts. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

test.describe('a rental billed every month', () => {
  for (const [index, c] of cases.entries()) {
    test(`rent a desk, change the card to one declined, pay the failed invoice from its e-mail, see it in the console (${c.locale})`, async ({ browser }) => {
      test.setTimeout(240_000);
      const port = 4200 + index * 50 + test.info().workerIndex;
      const origin = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'coworking-billing-'));
      const mailDir = join(dataDir, 'mail');
      const dist = process.env.E2E_DIST ?? 'dist';
      let server = await startServer(port, dist, { dataDir });
      const context = await newContextAtNow(browser, { ...phone, locale: c.locale, baseURL: origin, serviceWorkers: 'block' });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const money = (cents: number) => formatCad(cents, c.lang);
      const december = money(decemberCents);
      const billing = page.getByRole('region', { name: c.billing });
      /** An invoice's line in the Billing section, by its number. */
      const invoiceOf = (number: string) => billing.getByRole('listitem').filter({ hasText: c.invoiceLine(number) });
      try {
        const managePath = await test.step('1. rent the desk with 4242: the card is kept for the monthly invoices', async () => {
          await pressUnitButton(page, '/desks', c.rentNow, c.desk);
          const summary = page.getByRole('dialog', { name: c.summary });
          await expect(summary.getByText(c.summaryCardKept)).toBeVisible();
          await expectNoAxeViolations(page, 'dialog');
          const total = (await summary.getByRole('definition').last().textContent()) ?? '';
          await summary.getByRole('button', { name: c.proceed }).click();
          await expectTestCheckout(page, total, c.lang);
          await expect(page.getByLabel(c.card, { exact: true })).toHaveValue('4242 4242 4242 4242');
          await expect(page.getByText(c.checkoutCardKept)).toBeVisible();
          await payOnTestCheckout(page, total, c.lang);
          await expect(page.getByText(c.rented)).toBeVisible();
          const manage = page.getByRole('link', { name: c.manage });
          await expect(manage).toHaveAttribute('href', /^\/booking\/[A-Za-z0-9_-]{43}$/);
          return (await manage.getAttribute('href'))!;
        });

        await test.step('2. the manage page: billed from December 1, no invoice yet; Change card to 0341', async () => {
          await page.getByRole('link', { name: c.manage }).click();
          await expect(page.getByRole('heading', { name: c.title, level: 1 })).toBeVisible();
          await expect(billing).toContainText(c.terms);
          await expect(billing).toContainText(c.next(december));
          await expect(billing).toContainText(c.cardOnFile);
          await expect(billing).toContainText(c.noInvoices);
          await expectNoAxeViolations(page);

          await billing.getByRole('button', { name: c.changeCard }).click();
          await expect(page.getByRole('heading', { name: c.cardTitle, level: 1 })).toBeVisible();
          await expect(page.getByText(c.cardIntro)).toBeVisible();
          await expectNoAxeViolations(page);
          await page.getByLabel(c.card, { exact: true }).fill('4000 0000 0000 0341');
          await page.getByRole('button', { name: c.saveCard }).click();
          await expect(page).toHaveURL(`${origin}${managePath}?returned=card`);
          await expect(page.getByText(c.returnedCard)).toBeVisible();
          await expect(billing).toContainText(c.noInvoices);
        });

        const number = await test.step('3. started again on the 1st: declined, the e-mail, its Pay now link opens the invoice due', async () => {
          await server.stop();
          server = await startServer(port, dist, { dataDir, env: { APP_NOW: billingDay } });
          await context.clock.setSystemTime(billingDay);
          const failed = await waitForMail(mailDir, c.failedSubject);
          const found = c.failedSubject.exec(failed.subject ?? '')![1]!;
          expect(plain(failed.text ?? '')).toContain(plain(c.failedWhy(december)));
          const payNowLink = buttonLink(failed, c.payNowInMail);
          expect(payNowLink).toBe(`${origin}${managePath}`);

          await page.goto(payNowLink);
          await expect(page.getByRole('heading', { name: c.title, level: 1 })).toBeVisible();
          const invoice = invoiceOf(found);
          await expect(invoice).toContainText(`${c.invoiceLine(found)} · ${december} · ${c.due} · ${c.owed(december)}`);
          await expect(invoice.getByRole('button', { name: exactly(c.payNow(found, december)) })).toBeEnabled();
          await expectNoAxeViolations(page);
          return found;
        });

        await test.step('4. Pay now with 4242: the invoice paid, its PDF, and the paid e-mail with the invoice', async () => {
          const invoice = invoiceOf(number);
          await invoice.getByRole('button', { name: exactly(c.payNow(number, december)) }).click();
          await expect(page.getByRole('heading', { name: c.invoiceTitle, level: 1 })).toBeVisible();
          await expect(page.getByText(c.invoiceKept)).toBeVisible();
          await expectNoAxeViolations(page);
          await page.getByLabel(c.card, { exact: true }).fill('4242 4242 4242 4242');
          await page.getByRole('button', { name: exactly(c.pay(december)) }).click();
          await expect(page).toHaveURL(`${origin}${managePath}?returned=paid`);
          await expect(page.getByText(c.returnedPaid)).toBeVisible();
          await expect(invoice).toContainText(`${c.invoiceLine(number)} · ${december} · ${c.paid}`);
          await expect(invoice.getByRole('button')).toHaveCount(0);
          const pdf = await page.request.get((await invoice.getByRole('link', { name: c.pdf(number) }).getAttribute('href'))!);
          expect(pdf.status()).toBe(200);
          expect(pdf.headers()['content-type']).toBe('application/pdf');
          expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
          await expectNoAxeViolations(page);

          const paid = await waitForMail(mailDir, c.paidSubject(number));
          expect(plain(paid.text ?? '')).toContain(plain(c.paidText(number, december)));
          expect(paid.attachments.map((a) => [a.contentType, a.filename])).toEqual([['application/pdf', `invoice-facture-${number}.pdf`]]);
          expect(paid.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
        });

        await test.step('5. the console lists the rental, and its page the invoice paid', async () => {
          const signIn = demoStaffSignIn(dataDir);
          await page.goto('/staff/rentals');
          await expect(page).toHaveURL(/\/staff\/sign-in\?next=/);
          await page.getByLabel(c.staff.email).fill(signIn.email);
          await page.getByLabel(c.staff.password).fill(signIn.password);
          await page.getByRole('button', { name: c.staff.signIn }).click();
          await expect(page.getByRole('heading', { name: c.staff.title, level: 1 })).toBeVisible();
          const row = page.getByRole('table', { name: c.staff.table }).getByRole('row').filter({ hasText: c.desk });
          await expect(row).toHaveCount(1);
          await expect(row).toContainText('camille@example.com');
          await expect(row).toContainText(c.officeId);
          await expect(row).toContainText(money(45_000));
          await expect(row.locator('[data-state]')).toHaveText(c.staff.active);
          await expectNoAxeViolations(page);

          await row.getByRole('link', { name: c.staff.view(c.desk) }).click();
          await expect(page.getByRole('heading', { name: c.staff.rentalTitle(c.desk), level: 1 })).toBeVisible();
          const invoiceRow = page.getByRole('table', { name: c.staff.invoices }).getByRole('row').filter({ hasText: number });
          await expect(invoiceRow).toContainText(december);
          await expect(invoiceRow.locator('[data-state]')).toHaveText(c.paid);
          await expectNoAxeViolations(page);
        });
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});

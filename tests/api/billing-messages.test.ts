import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invoiceLineNames, taxLabel } from '../../src/server/documents/line-names.ts';
import { emlFileTransport, type OutgoingMail } from '../../src/server/mail/transport.ts';
import { earlierRows } from '../../src/server/messages/earlier-rows.ts';
import { createRenderer } from '../../src/server/messages/render.ts';
import { readMessageData, type MessageData, type MessageKind } from '../../src/server/outbox/message-data.ts';
import type { ClaimedMessage } from '../../src/server/outbox/worker.ts';
import { sealText } from '../../src/server/secrets/sealed-text.ts';
import { formatCad } from '../../src/shared/domain/pricing.ts';
import { site } from '../../src/shared/site.ts';
import { testBankingKeys, testNow } from './test-app.ts';

/*
 * A rental's billing messages, rendered from hand-built rows as the billing round writes them:
 * no database, since a row carries all it says.
 */

const siteOrigin = 'http://localhost:5173';
const nbsp = '\u00a0';
const languages = ['en', 'fr'] as const;
const token = randomBytes(32).toString('base64url');
const manageUrl = `${siteOrigin}/booking/${token}`;

/** A line of an amounts table in the text part: the label, spaces, the amount at the right. */
function amountLine(text: string, label: string, value: string): boolean {
  return text.split('\n').some((l) => l.startsWith(label) && l.endsWith(value) && l.length > label.length + value.length && l.slice(label.length, l.length - value.length).trim() === '');
}

type Invoice = MessageData['invoice_paid']['invoice'];

const customer = { name: 'Camille Tremblay', email: 'camille@example.com', language: 'en' as const };
const rental = { id: randomUUID(), unitName: 'Desk D-12', serviceType: 'assigned_desk', product: 'standard', monthlyCents: 45_000, endsOn: null, customer };

const december: Invoice = {
  id: randomUUID(),
  number: 'F-2026-000003',
  periodStart: '2026-12-01',
  periodEnd: '2026-12-31',
  final: false,
  lines: [{ item: 'monthly_rent' as const, cents: 45_000 }],
  subtotal: 45_000,
  gst: 2_250,
  qst: 4_489,
  total: 51_739,
  issuedAt: new Date('2026-12-01T10:00:00Z'),
};

/** The rental's last month: the last month paid in advance (at a lower rent then) comes off the rent. */
const march: Invoice = {
  ...december,
  id: randomUUID(),
  number: 'F-2027-000041',
  periodStart: '2027-03-01',
  periodEnd: '2027-03-31',
  final: true,
  lines: [
    { item: 'monthly_rent' as const, cents: 45_000 },
    { item: 'prepaid_last_month' as const, cents: -40_000 },
  ],
  subtotal: 5_000,
  gst: 250,
  qst: 499,
  total: 5_749,
  issuedAt: new Date('2027-03-01T10:00:00Z'),
};

/** Part of a month: from a rental's start on the 18th. */
const lateDecember: Invoice = { ...december, id: randomUUID(), number: 'F-2026-000002', periodStart: '2026-12-18', periodEnd: '2026-12-31', lines: [{ item: 'monthly_rent' as const, cents: 20_323 }], subtotal: 20_323, gst: 1_016, qst: 2_027, total: 23_366 };


function invoiceDocument(invoice: Invoice, paidAt: Date) {
  // Every month billed here has 31 days.
  const period = { start: invoice.periodStart, end: invoice.periodEnd, days: Number(invoice.periodEnd.slice(8)) - Number(invoice.periodStart.slice(8)) + 1, daysInMonth: 31 };
  const fr = invoiceLineNames(invoice.lines, rental.unitName, period, 'fr');
  const en = invoiceLineNames(invoice.lines, rental.unitName, period, 'en');
  return {
    kind: 'invoice',
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    invoice: { period: { from: invoice.periodStart, to: invoice.periodEnd }, paidAt },
    buyer: { name: customer.name, email: customer.email },
    item: { fr: `${rental.unitName} (poste attitré)`, en: `${rental.unitName} (assigned desk)` },
    lines: invoice.lines.map((line, i) => ({ description: { fr: fr[i]!.name, en: en[i]!.name }, cents: line.cents, taxable: true })),
    dates: [],
    subtotal: invoice.subtotal,
    gst: invoice.gst,
    qst: invoice.qst,
    total: invoice.total,
    payment: { method: 'card', reference: 'pi_invoice_1' },
  };
}

function paid(invoice: Invoice, extra: { endsOn: string | null; next: { on: string; cents: number } | null }): unknown {
  const paidAt = new Date(invoice.issuedAt.getTime() + 3_600_000);
  return {
    rental: { ...rental, endsOn: extra.endsOn },
    invoice,
    payment: { method: 'card', paidAt, reference: 'pi_invoice_1', cents: invoice.total },
    document: invoiceDocument(invoice, paidAt),
    next: extra.next,
  };
}

function failed(invoice: Invoice, attempt: { number: number; reason: string; nextTryOn: string | null }): unknown {
  return { rental, invoice, attempt: { ...attempt, of: 3, at: new Date('2026-12-04T10:00:00Z') } };
}

/** A row as the worker claims it: its data read through its kind's schema, the manage link's token sealed to the row. */
function claimed(kind: MessageKind, recipient: string, language: 'en' | 'fr', stored: unknown, options: { secret?: string | null } = {}): ClaimedMessage {
  const read = readMessageData(kind, stored);
  if (!read.ok) throw new Error(read.problem);
  const id = randomUUID();
  const secret = options.secret === undefined ? (kind.startsWith('staff_') ? null : token) : options.secret;
  return {
    id,
    kind,
    recipient,
    language,
    about: { rentalId: rental.id, invoiceId: randomUUID() },
    data: read.data,
    secretEncrypted: secret === null ? null : sealText(testBankingKeys, secret, `outbox:${id}`),
    attempts: 1,
    giveUpAt: new Date(testNow.getTime() + 86_400_000),
    claimedUntil: new Date(testNow.getTime() + 180_000),
  } as ClaimedMessage;
}

describe('a rental’s billing messages', () => {
  const render = createRenderer({ keyring: testBankingKeys, siteOrigin, from: { name: site.productName, address: site.email }, clock: () => testNow, earlierRows: earlierRows(undefined as never, testBankingKeys) });
  /** Every message rendered, for MAIL_PREVIEW_DIR. */
  const previews: { name: string; mail: OutgoingMail }[] = [];

  async function rendered(message: ClaimedMessage): Promise<OutgoingMail> {
    const mail = await render(message);
    if (mail === 'gone') throw new Error(`${message.kind} rendered as gone`);
    previews.push({ name: `${message.kind}-${message.language}-${previews.length}`, mail });
    return mail;
  }

  afterAll(async () => {
    const dir = process.env.MAIL_PREVIEW_DIR;
    if (!dir) return;
    // For a person to look at: each message as the .eml the file transport writes.
    mkdirSync(dir, { recursive: true });
    for (const { name, mail } of previews) {
      const written = mkdtempSync(join(tmpdir(), 'billing-messages-'));
      const transport = emlFileTransport(written);
      await transport.send(mail);
      transport.close();
      copyFileSync(join(written, `${mail.messageId.replace(/^<|@.*$/g, '')}.eml`), join(dir, `${name}.eml`));
      rmSync(written, { recursive: true, force: true });
    }
  });

  it('an invoice paid: the period, the amount and how it was paid, its lines and taxes, the next invoice, the manage link and the invoice PDF', async () => {
    const data = paid(december, { endsOn: null, next: { on: '2027-01-01', cents: 51_739 } });
    const mails: Partial<Record<'en' | 'fr', OutgoingMail>> = {};
    for (const language of languages) {
      const mail = await rendered(claimed('invoice_paid', customer.email, language, data));
      mails[language] = mail;
      expect(mail.to).toEqual({ name: 'Camille Tremblay', address: 'camille@example.com' });
      expect(mail.replyTo).toBe(site.email);
      expect(mail.text).toContain(`${language === 'fr' ? 'Gérer votre location' : 'Manage your rental'}${language === 'fr' ? nbsp : ''}:\n${manageUrl}`);
      expect(mail.html).toContain(`href="${manageUrl}"`);
      expect(amountLine(mail.text, taxLabel('gst', language), formatCad(2_250, language))).toBe(true);
      expect(amountLine(mail.text, taxLabel('qst', language), formatCad(4_489, language))).toBe(true);
      expect(mail.attachments).toHaveLength(1);
      const pdf = mail.attachments[0]!;
      expect(pdf.filename).toBe('invoice-facture-F-2026-000003.pdf');
      expect(pdf.contentType).toBe('application/pdf');
      expect(Buffer.from(pdf.content).subarray(0, 5).toString()).toBe('%PDF-');
    }
    const en = mails.en!;
    const fr = mails.fr!;
    expect(en.subject).toBe('Invoice F-2026-000003 paid: Desk D-12, December 2026');
    expect(en.text).toContain('Hello Camille Tremblay,');
    expect(en.text).toContain('your invoice F-2026-000003 for December 2026 is paid. We have received $517.39, taxes included, by card;');
    expect(amountLine(en.text, 'Desk D-12: rent, December 2026', '$450.00')).toBe(true);
    expect(amountLine(en.text, 'Total paid', '$517.39')).toBe(true);
    expect(en.text).toContain('Your next invoice: $517.39 on Friday, January 1, 2027.');
    expect(en.text).not.toMatch(/last invoice|paid in advance/);

    expect(fr.subject).toBe(`Facture F-2026-000003 payée${nbsp}: Desk D-12, décembre 2026`);
    expect(fr.text).toContain('Bonjour Camille Tremblay,');
    expect(fr.text).toContain(`votre facture F-2026-000003 pour décembre 2026 est payée. Nous avons reçu 517,39${nbsp}$, taxes incluses, par carte;`);
    expect(amountLine(fr.text, `Desk D-12${nbsp}: loyer, décembre 2026`, `450,00${nbsp}$`)).toBe(true);
    expect(amountLine(fr.text, 'Total payé', `517,39${nbsp}$`)).toBe(true);
    expect(fr.text).toContain(`Votre prochaine facture${nbsp}: 517,39${nbsp}$ le vendredi 1er janvier 2027.`);
    expect(fr.html).toContain('<html lang="fr">');
    expect(`${fr.subject}${fr.text}`).not.toMatch(/Invoice|Total paid|next invoice/);
  });

  it('a final invoice: the last month paid in advance comes off as a negative line, and no next invoice but the day the rental ends', async () => {
    const data = paid(march, { endsOn: '2027-03-31', next: null });
    const en = await rendered(claimed('invoice_paid', customer.email, 'en', data));
    expect(en.subject).toBe('Invoice F-2027-000041 paid: Desk D-12, March 2027');
    expect(amountLine(en.text, 'Desk D-12: rent, March 2027', '$450.00')).toBe(true);
    expect(amountLine(en.text, 'Desk D-12: last month paid in advance, applied', '-$400.00')).toBe(true);
    expect(amountLine(en.text, 'Subtotal', '$50.00')).toBe(true);
    expect(amountLine(en.text, 'Total paid', '$57.49')).toBe(true);
    expect(en.text).toContain('This is the last invoice of your rental: the last month you paid in advance is applied to it.');
    expect(en.text).toContain('There is no next invoice: your rental ends on Wednesday, March 31, 2027.');
    expect(en.text).not.toContain('Your next invoice');

    const fr = await rendered(claimed('invoice_paid', customer.email, 'fr', data));
    expect(amountLine(fr.text, `Desk D-12${nbsp}: dernier mois payé d’avance, appliqué`, `-400,00${nbsp}$`)).toBe(true);
    expect(amountLine(fr.text, 'Sous-total', `50,00${nbsp}$`)).toBe(true);
    expect(fr.text).toContain(`Il s’agit de la dernière facture de votre location${nbsp}: le dernier mois que vous avez payé d’avance y est appliqué.`);
    expect(fr.text).toContain(`Aucune autre facture ne suivra${nbsp}: votre location se termine le mercredi 31 mars 2027.`);
    expect(fr.attachments.map((a) => a.filename)).toEqual(['invoice-facture-F-2027-000041.pdf']);

    // A final month the prepaid month covers in full: nothing was charged, and the message says so.
    const covered = { ...march, lines: [march.lines[0]!, { item: 'prepaid_last_month' as const, cents: -45_000 }], subtotal: 0, gst: 0, qst: 0, total: 0 };
    const zero = await rendered(claimed('invoice_paid', customer.email, 'en', paid(covered, { endsOn: '2027-03-31', next: null })));
    expect(zero.text).toContain('is settled: the last month you paid in advance covers it, so nothing was charged.');
    expect(zero.text).not.toMatch(/GST|by card/);
    expect(amountLine(zero.text, 'Total paid', '$0.00')).toBe(true);
  });

  it('a payment that failed: why in plain words, a Pay now button on the manage link, and the day of the next try', async () => {
    const data = failed(december, { number: 2, reason: 'card_declined', nextTryOn: '2026-12-08' });
    const en = await rendered(claimed('invoice_payment_failed', customer.email, 'en', data));
    expect(en.subject).toBe('Payment failed: invoice F-2026-000003, Desk D-12');
    expect(en.to).toEqual({ name: 'Camille Tremblay', address: 'camille@example.com' });
    expect(en.text).toContain('Your payment of $517.39 for December 2026 could not be taken from your card: your bank declined the card.');
    expect(en.text).toContain(`Pay now:\n${manageUrl}`);
    expect(en.html).toContain(`href="${manageUrl}"`);
    expect(en.html).toContain('>Pay now</a>');
    expect(en.text).toContain('the card you pay with is kept for the months to come');
    expect(en.text).toContain('We will try your card again on Tuesday, December 8, 2026');
    expect(en.text).toContain('Payment try: 2 of 3');
    expect(en.text).not.toContain('last automatic try');
    expect(en.attachments).toEqual([]);

    const fr = await rendered(claimed('invoice_payment_failed', customer.email, 'fr', data));
    expect(fr.subject).toBe(`Paiement refusé${nbsp}: facture F-2026-000003, Desk D-12`);
    expect(fr.text).toContain(`Votre paiement de 517,39${nbsp}$ pour décembre 2026 n’a pas pu être prélevé sur votre carte${nbsp}: votre banque a refusé la carte.`);
    expect(fr.text).toContain(`Payer maintenant${nbsp}:\n${manageUrl}`);
    expect(fr.text).toContain('Nous essaierons de nouveau votre carte le mardi 8 décembre 2026');
    expect(fr.text).toContain(`Essai de paiement${nbsp}: 2 sur 3`);
  });

  it('after the last try: no next try, but pay now or contact us; each reason in its own words (a card removed, a customer gone, an amount refused too), any other code in general ones', async () => {
    const reasons: [string, string, string][] = [
      ['authentication_required', 'your bank asks you to confirm the payment yourself', 'votre banque demande que vous confirmiez vous-même le paiement'],
      ['expired_card', 'the card has expired', 'la carte est expirée'],
      ['insufficient_funds', 'the card does not have enough funds or credit available', 'les fonds ou le crédit disponibles sur la carte sont insuffisants'],
      ['incorrect_cvc', 'the card’s security code (CVC) was refused', 'le code de sécurité (CVC) de la carte a été refusé'],
      ['processing_error', 'an error occurred while the card was being processed', 'une erreur s’est produite pendant le traitement de la carte'],
      // A card or customer the provider cannot charge (stripe.ts's isCardsCode): not the bank's doing.
      ['payment_method_missing', 'the card on file was removed', 'la carte enregistrée a été retirée'],
      ['customer_missing', 'the card on file is no longer on record with our payment provider', 'la carte enregistrée ne figure plus chez notre fournisseur de paiement'],
      ['amount_too_large', 'the amount was refused by the card network as too large', 'le montant a été refusé par le réseau de cartes comme trop élevé'],
      ['amount_too_small', 'the amount was refused by the card network as too small', 'le montant a été refusé par le réseau de cartes comme trop bas'],
      ['payment_method_unactivated', 'the card on file can no longer be used', 'la carte enregistrée ne peut plus être utilisée'],
      ['payment_intent_incompatible_payment_method', 'the card on file can no longer be used', 'la carte enregistrée ne peut plus être utilisée'],
      ['no_saved_card', 'no card is saved for your rental', 'aucune carte n’est enregistrée pour votre location'],
      ['do_not_honor', 'your bank did not accept the payment', 'votre banque n’a pas accepté le paiement'],
      // A code that is a name every object has is still just an unknown code.
      ['constructor', 'your bank did not accept the payment', 'votre banque n’a pas accepté le paiement'],
    ];
    let en: OutgoingMail | undefined;
    let fr: OutgoingMail | undefined;
    for (const [reason, enReason, frReason] of reasons) {
      const data = failed(december, { number: 3, reason, nextTryOn: null });
      en = await rendered(claimed('invoice_payment_failed', customer.email, 'en', data));
      fr = await rendered(claimed('invoice_payment_failed', customer.email, 'fr', data));
      expect(en.text).toContain(`from your card: ${enReason}.`);
      expect(fr.text).toContain(`sur votre carte${nbsp}: ${frReason}.`);
    }
    expect(en!.text).toContain(`This was our last automatic try: please pay now, or contact us at ${site.email} or ${site.phoneDisplay}.`);
    expect(en!.text).not.toContain('We will try your card again');
    expect(en!.text).toContain('Payment try: 3 of 3');
    expect(en!.text).toContain(`Pay now:\n${manageUrl}`);
    expect(fr!.text).toContain(`C’était notre dernier essai automatique${nbsp}: veuillez payer maintenant, ou communiquez avec nous à ${site.email} ou au ${site.phoneDisplay}.`);
  });

  it('staff hear that the last try failed, in French by default, with a reply that reaches the customer', async () => {
    const data = failed(lateDecember, { number: 3, reason: 'insufficient_funds', nextTryOn: null });
    const fr = await rendered(claimed('staff_invoice_overdue', site.operations.email, site.operations.language, data));
    expect(fr.subject).toBe(`Facture en souffrance F-2026-000002${nbsp}: Desk D-12 – Camille Tremblay`);
    expect(fr.to).toEqual({ name: site.operations.name, address: site.operations.email });
    expect(fr.replyTo).toBe('camille@example.com');
    for (const text of ['Camille Tremblay', 'camille@example.com', 'F-2026-000002', rental.id, `233,66${nbsp}$`, `Motif (fournisseur de paiement)${nbsp}: insufficient_funds`, `Période${nbsp}: 18–31 décembre 2026`, '(essai 3 sur 3)']) {
      expect(fr.text).toContain(text);
    }
    expect(fr.text).toContain(`rien n’est résilié automatiquement${nbsp}: enregistrez un paiement, relancez le paiement ou mettez fin à la location dans la console.`);
    expect(fr.attachments).toEqual([]);
    expect(fr.text).not.toContain(token);

    const en = await rendered(claimed('staff_invoice_overdue', site.operations.email, 'en', data));
    expect(en.subject).toBe('Overdue invoice F-2026-000002: Desk D-12 – Camille Tremblay');
    expect(en.text).toContain('Period: December 18–31, 2026');
    expect(en.text).toContain('The rental is now overdue; nothing is ended automatically: record a payment, retry, or end the rental in the console.');
    expect(en.replyTo).toBe('camille@example.com');
  });

  it('a part of a month is named by its days, in the customer’s messages too', async () => {
    const en = await rendered(claimed('invoice_payment_failed', customer.email, 'en', failed(lateDecember, { number: 1, reason: 'card_declined', nextTryOn: '2026-12-21' })));
    expect(en.text).toContain('Your payment of $233.66 for December 18–31, 2026 could not be taken');
    const fr = await rendered(claimed('invoice_paid', customer.email, 'fr', paid(lateDecember, { endsOn: null, next: { on: '2027-01-01', cents: 51_739 } })));
    expect(fr.subject).toBe(`Facture F-2026-000002 payée${nbsp}: Desk D-12, 18–31 décembre 2026`);
    expect(fr.text).toContain('pour la période 18–31 décembre 2026 est payée');
    expect(amountLine(fr.text, `Desk D-12${nbsp}: loyer, 18–31 décembre 2026 (14 jours sur 31)`, `203,23${nbsp}$`)).toBe(true);
  });

  it('refused when the row’s recipient is not the customer; failed without the link to pay; gone for a row without its data', async () => {
    await expect(render(claimed('invoice_paid', 'someone-else@example.com', 'en', paid(december, { endsOn: null, next: null })))).rejects.toThrow(/recipient/);
    await expect(render(claimed('invoice_payment_failed', 'someone-else@example.com', 'en', failed(december, { number: 1, reason: 'card_declined', nextTryOn: '2026-12-04' })))).rejects.toThrow(/recipient/);
    await expect(render(claimed('invoice_payment_failed', customer.email, 'en', failed(december, { number: 1, reason: 'card_declined', nextTryOn: '2026-12-04' }), { secret: null }))).rejects.toThrow(/manage link/);
    // Without a manage link, a paid invoice's message still goes, only without its button.
    const unlinked = await rendered(claimed('invoice_paid', customer.email, 'en', paid(december, { endsOn: null, next: null }), { secret: null }));
    expect(unlinked.text).not.toContain('/booking/');
    for (const kind of ['invoice_paid', 'invoice_payment_failed', 'staff_invoice_overdue'] as const) {
      const message = { ...claimed(kind, customer.email, 'en', kind === 'invoice_paid' ? paid(december, { endsOn: null, next: null }) : failed(december, { number: 3, reason: 'x', nextTryOn: null })), data: null };
      expect(await render(message as ClaimedMessage)).toBe('gone');
    }
  });

  it('every link is absolute on the site’s origin; no image, script or remote resource', () => {
    expect(previews.length).toBeGreaterThan(10);
    for (const { mail } of previews) {
      for (const [, url] of mail.html.matchAll(/href="([^"]*)"/g)) expect(url!.startsWith(`${siteOrigin}/`)).toBe(true);
      expect(mail.html).not.toMatch(/<img|<script|src=|url\(|@import/i);
    }
  });
});

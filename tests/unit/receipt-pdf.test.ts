import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLineNames } from '../../src/server/documents/line-names.ts';
import { periodText } from '../../src/shared/domain/period-text.ts';
import type { ReceiptDocument } from '../../src/server/documents/receipt.ts';
import { receiptPdf } from '../../src/server/documents/receipt-pdf.ts';
import { addDays, longDate } from '../../src/shared/domain/time.ts';

/* The receipt PDF, read back as text by pdftotext (poppler, which .ci/run installs): what a person's viewer would show. */

const pdftotext = '/usr/bin/pdftotext';
const scratch = mkdtempSync(join(tmpdir(), 'receipt-pdf-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Text of every page, pages separated by a form feed; any run of other white space (a wrapped line, a no-break space) as one space. */
type Extractor = (pdf: Buffer) => string;

const flat = (text: string) => text.replace(/[^\S\f]+/g, ' ');

let fileCount = 0;
const byPdftotext: Extractor = (pdf) => {
  const file = join(scratch, `doc-${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  return flat(execFileSync(pdftotext, ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
};

const extractors: [string, Extractor][] = [['pdftotext', byPdftotext]];

/** Pages of an uncompressed PDF. */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

/** A document information entry (pdfkit writes them as UTF-16BE literal strings). */
function infoEntry(pdf: Buffer, key: 'Title' | 'Author' | 'Subject'): string {
  const raw = pdf.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(raw)?.[1];
  const literal = ref ? new RegExp(`\\n${ref} 0 obj\\n\\(([\\s\\S]*?)\\)\\nendobj`).exec(raw)?.[1] : undefined;
  if (literal === undefined) return '';
  const bytes = Buffer.from(
    literal.replace(/\\([0-7]{1,3}|[\\()nrtbf])/g, (_m, e: string) => {
      const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      return /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : (named[e] ?? e);
    }),
    'latin1',
  );
  return bytes[0] === 0xfe && bytes[1] === 0xff ? new TextDecoder('utf-16be').decode(bytes.subarray(2)) : bytes.toString('latin1');
}

const receipt: ReceiptDocument = {
  kind: 'receipt',
  number: '2026-000042',
  issuedAt: new Date('2026-11-18T14:30:00.000Z'),
  buyer: { name: 'Élodie Tremblay-Côté', email: 'elodie@example.ca' },
  item: { fr: 'Bureau 204 (Bureau privé)', en: 'Office 204 (Private office)' },
  lines: [
    { description: { fr: 'Bureau 204 : premier mois, au prorata (13 jours sur 30)', en: 'Office 204: first month, prorated (13 of 30 days)' }, cents: 52_000, taxable: true },
    { description: { fr: 'Bureau 204 : dernier mois, payé d’avance', en: 'Office 204: last month, paid in advance' }, cents: 120_000, taxable: true },
    { description: { fr: 'Bureau 204 : frais de clé', en: 'Office 204: key fee' }, cents: 5_000, taxable: true },
    { description: { fr: 'Dépôt de garantie', en: 'Security deposit' }, cents: 120_000, taxable: false },
  ],
  dates: [],
  subtotal: 297_000,
  gst: 8_850,
  qst: 17_656,
  total: 323_506,
  payment: { method: 'card', reference: 'pi_3QxYz1234567890' },
};

const days: string[] = [];
for (let d = '2026-11-23'; days.length < 62; d = addDays(d, 1)) days.push(d);
const dayLines = days.map((d) => ({ description: { fr: `Bureau 12 : ${longDate(d, 'fr-CA')}`, en: `Office 12: ${longDate(d, 'en-CA')}` }, cents: 9_000, taxable: true }));

const creditNote: ReceiptDocument = {
  kind: 'credit_note',
  number: 'NC-2026-000003',
  refersTo: '2026-000041',
  issuedAt: new Date('2026-07-19T16:05:00.000Z'),
  buyer: { name: 'Sam Roy', email: 'sam@example.com' },
  item: { fr: 'Salle Mont-Royal (Salle de conférence)', en: 'Salle Mont-Royal (Conference room)' },
  lines: dayLines.slice(0, 2),
  dates: days.slice(0, 2),
  hours: '7:00–19:00',
  subtotal: 18_000,
  gst: 900,
  qst: 1_796,
  total: 20_696,
  payment: { method: 'test', reference: null },
};

const longBooking: ReceiptDocument = {
  ...receipt,
  number: '2026-000043',
  item: { fr: 'Bureau 12 (Bureau privé)', en: 'Office 12 (Private office)' },
  lines: dayLines,
  dates: days,
  hours: '8:00–18:00',
  subtotal: 62 * 9_000,
  gst: 27_900,
  qst: 55_661,
  total: 62 * 9_000 + 27_900 + 55_661,
};

const oddBuyer: ReceiptDocument = {
  ...receipt,
  number: '2026-000044',
  buyer: { name: 'Bob 🎉 <script>alert(1)</script>\nO’Brien (Ω)', email: 'bob+"x"@example.com' },
};

const rentDecember = {
  description: { fr: 'Bureau D-12 : loyer, décembre 2026', en: 'Desk D-12: rent, December 2026' },
  cents: 45_000,
  taxable: true,
};

const paidInvoice: ReceiptDocument = {
  kind: 'invoice',
  number: 'F-2026-000001',
  issuedAt: new Date('2026-12-01T11:00:00.000Z'),
  // 9:15 at the space on 1 December.
  invoice: { period: { from: '2026-12-01', to: '2026-12-31' }, paidAt: new Date('2026-12-01T14:15:00.000Z') },
  buyer: { name: 'Élodie Tremblay-Côté', email: 'elodie@example.ca' },
  item: { fr: 'Bureau D-12 (Bureau dédié, au mois)', en: 'Desk D-12 (Dedicated desk, month to month)' },
  lines: [rentDecember],
  dates: [],
  subtotal: 45_000,
  gst: 2_250,
  qst: 4_489,
  total: 51_739,
  payment: { method: 'card', reference: 'pi_3Invoice0001' },
};

const dueInvoice: ReceiptDocument = {
  ...paidInvoice,
  number: 'F-2026-000002',
  invoice: { period: { from: '2026-12-01', to: '2026-12-31' }, paidAt: null },
  payment: { method: 'pad', reference: null },
};

/** A rental's final invoice, 1–14 December, paid in full by the last month paid in advance at checkout. */
const settledInvoice: ReceiptDocument = {
  ...paidInvoice,
  number: 'F-2026-000003',
  invoice: { period: { from: '2026-12-01', to: '2026-12-14' }, paidAt: null },
  lines: [
    { description: { fr: 'Bureau D-12 : loyer, 1er–14 décembre 2026 (14 jours sur 31)', en: 'Desk D-12: rent, December 1–14, 2026 (14 of 31 days)' }, cents: 20_323, taxable: true },
    { description: { fr: 'Bureau D-12 : dernier mois payé d’avance, appliqué', en: 'Desk D-12: last month paid in advance, applied' }, cents: -20_323, taxable: true },
  ],
  subtotal: 0,
  gst: 0,
  qst: 0,
  total: 0,
  payment: { method: 'card', reference: null },
};

/** Paid by cheque, over a period across two months. */
const chequeInvoice: ReceiptDocument = {
  ...paidInvoice,
  number: 'F-2026-000004',
  invoice: { period: { from: '2026-12-18', to: '2027-01-17' }, paidAt: new Date('2027-01-05T20:00:00.000Z') },
  lines: [{ description: { fr: 'Bureau D-12 : loyer', en: 'Desk D-12: rent' }, cents: 150_000, taxable: true }],
  subtotal: 150_000,
  gst: 7_500,
  qst: 14_963,
  total: 172_463,
  payment: { method: 'cheque', reference: 'Chèque nº 001234' },
};

/** A credit note against December's invoice: the rental ended at once on the 10th, the 21 days after it credited. */
const invoiceCredit: ReceiptDocument = {
  ...paidInvoice,
  kind: 'credit_note',
  number: 'NC-2026-000009',
  issuedAt: new Date('2026-12-10T15:00:00.000Z'),
  refersTo: 'F-2026-000001',
  refersToKind: 'invoice',
  invoice: { period: { from: '2026-12-11', to: '2026-12-31' }, paidAt: null },
  lines: [{ description: { fr: 'Bureau D-12 : loyer, 11–31 décembre 2026 (21 jours sur 31)', en: 'Desk D-12: rent, December 11–31, 2026 (21 of 31 days)' }, cents: 30_484, taxable: true }],
  subtotal: 30_484,
  gst: 1_524,
  qst: 3_041,
  total: 35_049,
  payment: { method: 'credit', reference: null },
};

const pdfs = {} as Record<
  'receipt' | 'creditNote' | 'longBooking' | 'oddBuyer' | 'testPayment' | 'paidInvoice' | 'dueInvoice' | 'settledInvoice' | 'chequeInvoice' | 'etransferInvoice' | 'invoiceCredit',
  Buffer
>;
beforeAll(async () => {
  pdfs.receipt = await receiptPdf(receipt, { compress: false });
  pdfs.creditNote = await receiptPdf(creditNote, { compress: false });
  pdfs.longBooking = await receiptPdf(longBooking, { compress: false });
  pdfs.oddBuyer = await receiptPdf(oddBuyer, { compress: false });
  pdfs.testPayment = await receiptPdf({ ...receipt, payment: { method: 'test', reference: null } }, { compress: false });
  pdfs.paidInvoice = await receiptPdf(paidInvoice, { compress: false });
  pdfs.dueInvoice = await receiptPdf(dueInvoice, { compress: false });
  pdfs.settledInvoice = await receiptPdf(settledInvoice, { compress: false });
  pdfs.chequeInvoice = await receiptPdf(chequeInvoice, { compress: false });
  pdfs.invoiceCredit = await receiptPdf(invoiceCredit, { compress: false });
  pdfs.etransferInvoice = await receiptPdf({ ...paidInvoice, payment: { method: 'etransfer', reference: null } }, { compress: false });
});

/** Asserts that each text occurs, each after the one before it. */
function expectInOrder(text: string, parts: readonly string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `'${part}' after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

describe.each(extractors)('the receipt PDF, read by %s', (_name, textOf) => {
  it('is a PDF of one page for a normal order', () => {
    expect(pdfs.receipt.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdfs.receipt)).toBe(1);
    expect(textOf(pdfs.receipt)).toContain('Page 1 / 1');
  });

  it('names the seller with its taxes’ registration numbers', () => {
    const text = textOf(pdfs.receipt);
    for (const part of ['Espace Cowork Montréal inc.', '1250 rue Sainte-Catherine Ouest, Montréal, QC H3G 1P1', 'hello@espacecowork.ca', '(514) 555-0142']) expect(text).toContain(part);
    expect(text).toContain('Nº TPS / GST no. 723456789 RT0001');
    expect(text).toContain('Nº TVQ / QST no. 1223456789 TQ0001');
  });

  it('puts French first on every label, English beside it', () => {
    const text = textOf(pdfs.receipt);
    for (const label of [
      'Reçu / Receipt',
      'Nº de reçu / Receipt no.',
      'Date d’émission / Date of issue',
      'Facturé à / Billed to',
      'Article / Item',
      'Montant / Amount',
      'Sous-total / Subtotal',
      'TPS (5 %) / GST (5%)',
      'TVQ (9,975 %) / QST (9.975%)',
      'Payé par carte / Paid by card',
      'non taxable / not taxable',
      'Montants en dollars canadiens (CAD) / Amounts in Canadian dollars (CAD)',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).not.toMatch(/Receipt \/ Reçu|Subtotal \/ Sous-total/);
  });

  it('says what was bought, from whom, when and for how much', () => {
    const text = textOf(pdfs.receipt);
    expect(text).toContain('2026-000042');
    expectInOrder(text, ['18 novembre 2026 à 09 h 30 HNE', 'November 18, 2026 at 9:30 a.m. EST']);
    expectInOrder(text, ['Élodie Tremblay-Côté', 'elodie@example.ca']);
    expectInOrder(text, ['Bureau 204 (Bureau privé)', 'Office 204 (Private office)']);
    expectInOrder(text, ['Bureau 204 : premier mois, au prorata (13 jours sur 30)', 'Office 204: first month, prorated (13 of 30 days)']);
    expectInOrder(text, ['Dépôt de garantie', 'Security deposit', 'non taxable / not taxable']);
    for (const amount of ['520,00 $', '1 200,00 $', '50,00 $', '2 970,00 $', '88,50 $', '176,56 $', '3 235,06 $']) expect(text).toContain(amount);
    expectInOrder(text, ['Total', '3 235,06 $']);
    expect(text).toContain('pi_3QxYz1234567890');
  });

  it('marks only the non-taxable lines', () => {
    expect(textOf(pdfs.receipt).match(/non taxable \/ not taxable/g)).toHaveLength(1);
    expect(textOf(pdfs.longBooking)).not.toContain('non taxable');
  });

  it('writes a credit note that names the receipt it refunds', () => {
    const text = textOf(pdfs.creditNote);
    expect(text).toContain('Note de crédit / Credit note');
    expect(text).not.toContain('Reçu / Receipt');
    expect(text).toContain('Rembourse le reçu nº / Refunds receipt no.');
    expectInOrder(text, ['Rembourse le reçu nº / Refunds receipt no.', '2026-000041']);
    expect(text).toContain('NC-2026-000003');
    expectInOrder(text, ['19 juillet 2026 à 12 h 05 HAE', 'July 19, 2026 at 12:05 p.m. EDT']);
    expect(text).toContain('Remboursement de test (aucune carte créditée) / Test refund (no card credited)');
    expect(text).toContain('Total remboursé / Total refunded');
    expect(text).toContain('206,96 $');
  });

  it('writes a credit note against an invoice: the invoice it corrects, the days credited, credited rather than refunded', () => {
    const text = textOf(pdfs.invoiceCredit);
    expectInOrder(text, ['Note de crédit / Credit note', 'NC-2026-000009', 'Corrige la facture nº / Corrects invoice no.', 'F-2026-000001']);
    expect(text).not.toContain('Rembourse le reçu');
    expectInOrder(text, ['Période / Period', '11–31 décembre 2026', 'December 11–31, 2026']);
    expectInOrder(text, ['Crédit / Credit', 'Porté au crédit de la facture / Credited to the invoice', '350,49 $']);
    expect(text).toContain('Total crédité / Total credited');
    expect(text).not.toContain('Total remboursé');
    expect(text).not.toContain('Remboursé sur la carte');
  });

  it('lists the refunded dates and their hours in both languages, French first', () => {
    const text = textOf(pdfs.creditNote);
    expectInOrder(text, ['Dates remboursées / Refunded dates', '23–24 novembre 2026', 'November 23–24, 2026']);
    expect(text).not.toContain('Dates réservées');
    expectInOrder(text, ['Heures (heure de Montréal) / Hours (Montréal time)', '7:00–19:00']);
    expectInOrder(text, ['Bureau 12 : 23 novembre 2026', 'Office 12: November 23, 2026', 'Bureau 12 : 24 novembre 2026', 'Office 12: November 24, 2026']);
  });

  it('says a test payment charged no card', () => {
    const text = textOf(pdfs.testPayment);
    expect(text).toContain('Paiement de test (aucune carte débitée) / Test payment (no card charged)');
    expect(text).not.toContain('Payé par carte');
    expect(textOf(pdfs.receipt)).not.toContain('Paiement de test');
  });

  it('flows 62 lines onto more pages, each with its page number', () => {
    const pages = pageCount(pdfs.longBooking);
    expect(pages).toBeGreaterThan(1);
    const text = textOf(pdfs.longBooking);
    const texts = text.split('\f').filter((p) => p.trim() !== '');
    expect(texts).toHaveLength(pages);
    texts.forEach((page, i) => expect(page).toContain(`Page ${i + 1} / ${pages}`));
    for (const day of days) expect(text).toContain(`Bureau 12 : ${longDate(day, 'fr-CA')}`);
    expect(text.match(/90,00 \$/g)).toHaveLength(62);
    // A run of days is said once, in both languages.
    expectInOrder(text, ['23 novembre 2026 – 23 janvier 2027', 'November 23, 2026 – January 23, 2027']);
    expect(texts[1]).toContain('(suite / continued)');
    expect(texts.at(-1)).toContain('5 580,00 $');
  });

  it('survives a name with an emoji, markup and a newline', () => {
    expect(pageCount(pdfs.oddBuyer)).toBe(1);
    const text = textOf(pdfs.oddBuyer);
    // The emoji and Ω cannot be drawn by the standard fonts: each shows as '?'; the newline is a space.
    expect(text).toContain('Bob ? <script>alert(1)</script> O’Brien (?)');
    expect(text).toContain('bob+"x"@example.com');
    expect(text).toContain('3 235,06 $');
  });
});

describe.each(extractors)('the invoice PDF, read by %s', (_name, textOf) => {
  it('is an invoice, French first, on one page', () => {
    expect(pageCount(pdfs.paidInvoice)).toBe(1);
    const text = textOf(pdfs.paidInvoice);
    for (const label of ['Facture / Invoice', 'Nº de facture / Invoice no.', 'Date d’émission / Date of issue', 'Facturé à / Billed to', 'Article / Item', 'Période / Period', 'Sous-total / Subtotal']) {
      expect(text).toContain(label);
    }
    expectInOrder(text, ['Nº de facture / Invoice no.', 'F-2026-000001']);
    expect(text).not.toMatch(/Reçu \/ Receipt|Note de crédit|Invoice \/ Facture/);
    expect(text).toContain('Page 1 / 1');
  });

  it('says the period it bills in both languages', () => {
    const text = textOf(pdfs.paidInvoice);
    expectInOrder(text, ['Période / Period', '1er–31 décembre 2026', 'December 1–31, 2026']);
    expectInOrder(textOf(pdfs.settledInvoice), ['Période / Period', '1er–14 décembre 2026', 'December 1–14, 2026']);
    expectInOrder(textOf(pdfs.chequeInvoice), ['Période / Period', '18 décembre 2026 – 17 janvier 2027', 'December 18, 2026 – January 17, 2027']);
  });

  it('says a paid invoice was paid, when at the space, by card, and its reference', () => {
    const text = textOf(pdfs.paidInvoice);
    expectInOrder(text, ['Bureau D-12 : loyer, décembre 2026', 'Desk D-12: rent, December 2026', '450,00 $']);
    expectInOrder(text, ['Paiement / Payment', 'Payée / Paid', '1er décembre 2026', 'December 1, 2026', 'Carte / Card', '517,39 $', 'Réf. / Ref. pi_3Invoice0001']);
    for (const amount of ['450,00 $', '22,50 $', '44,89 $', '517,39 $']) expect(text).toContain(amount);
    expectInOrder(text, ['Total', '517,39 $']);
    expect(text).not.toMatch(/À payer|Total à payer|Amount due|Total due|Mode de paiement/);
  });

  it('says what is still due on an unpaid invoice, with no word of a payment made', () => {
    const text = textOf(pdfs.dueInvoice);
    expectInOrder(text, ['Paiement / Payment', 'À payer / Amount due', '517,39 $']);
    expectInOrder(text, ['Total à payer / Total due', '517,39 $']);
    expectInOrder(text, ['Mode de paiement / Payment method', 'Prélèvement automatique / Pre-authorized debit']);
    expect(text).not.toMatch(/Payée|Paid|Payé par carte|Paid by card|Réf\./i);
  });

  it('prints the prepaid last month as a negative line, and a zero total as paid', () => {
    const text = textOf(pdfs.settledInvoice);
    expectInOrder(text, [
      'Bureau D-12 : loyer, 1er–14 décembre 2026 (14 jours sur 31)',
      'Desk D-12: rent, December 1–14, 2026 (14 of 31 days)',
      'Bureau D-12 : dernier mois payé d’avance, appliqué',
      'Desk D-12: last month paid in advance, applied',
    ]);
    // The amounts' column reads after the descriptions'.
    expectInOrder(text, [' 203,23 $', ' -203,23 $']);
    // Settled the day it was issued (6:00 at the space on 1 December); no payment was made, so no method is named.
    expectInOrder(text, ['Payée / Paid', '1er décembre 2026', 'December 1, 2026', '0,00 $']);
    expectInOrder(text, ['Total', '0,00 $']);
    expect(text).not.toMatch(/À payer|Total à payer|Carte \/ Card|Paid by card/);
  });

  it('names a cheque and its reference', () => {
    const text = textOf(pdfs.chequeInvoice);
    expectInOrder(text, ['Payée / Paid', '5 janvier 2027', 'January 5, 2027', 'Chèque / Cheque', '1 724,63 $', 'Réf. / Ref. Chèque nº 001234']);
    expect(text).not.toContain('Carte / Card');
  });

  it('names an Interac e-Transfer', () => {
    expect(textOf(pdfs.etransferInvoice)).toContain('Virement Interac / Interac e-Transfer');
  });
});

describe('invoice line names', () => {
  const december = { start: '2026-12-01', end: '2026-12-31', days: 31, daysInMonth: 31 };
  const rent = (cents: number) => [{ item: 'monthly_rent' as const, cents }];

  it('names a whole month by its month', () => {
    expect(invoiceLineNames(rent(45_000), 'Desk D-12', december, 'en')).toEqual([{ name: 'Desk D-12: rent, December 2026', cents: 45_000 }]);
    expect(invoiceLineNames(rent(45_000), 'Bureau D-12', december, 'fr')).toEqual([{ name: 'Bureau D-12 : loyer, décembre 2026', cents: 45_000 }]);
  });

  it('names part of a month by its days, and how many of the month’s', () => {
    const period = { start: '2026-12-18', end: '2026-12-31', days: 14, daysInMonth: 31 };
    expect(invoiceLineNames(rent(20_323), 'Desk D-12', period, 'en')[0]?.name).toBe('Desk D-12: rent, December 18–31, 2026 (14 of 31 days)');
    expect(invoiceLineNames(rent(20_323), 'Bureau D-12', period, 'fr')[0]?.name).toBe('Bureau D-12 : loyer, 18–31 décembre 2026 (14 jours sur 31)');
    // A final period from the 1st: French writes '1er'; one day is 'jour', not 'jours'.
    const first = { start: '2026-12-01', end: '2026-12-14', days: 14, daysInMonth: 31 };
    expect(invoiceLineNames(rent(1), 'Desk D-12', first, 'en')[0]?.name).toBe('Desk D-12: rent, December 1–14, 2026 (14 of 31 days)');
    expect(invoiceLineNames(rent(1), 'Bureau D-12', first, 'fr')[0]?.name).toBe('Bureau D-12 : loyer, 1er–14 décembre 2026 (14 jours sur 31)');
    const oneDay = { start: '2026-12-01', end: '2026-12-01', days: 1, daysInMonth: 31 };
    expect(invoiceLineNames(rent(1), 'Desk D-12', oneDay, 'en')[0]?.name).toBe('Desk D-12: rent, December 1, 2026 (1 of 31 days)');
    expect(invoiceLineNames(rent(1), 'Bureau D-12', oneDay, 'fr')[0]?.name).toBe('Bureau D-12 : loyer, 1er décembre 2026 (1 jour sur 31)');
  });

  it('counts February of a leap year as 29 days', () => {
    const february = { start: '2028-02-01', end: '2028-02-29', days: 29, daysInMonth: 29 };
    expect(invoiceLineNames(rent(45_000), 'Desk D-12', february, 'en')[0]?.name).toBe('Desk D-12: rent, February 2028');
    expect(invoiceLineNames(rent(45_000), 'Bureau D-12', february, 'fr')[0]?.name).toBe('Bureau D-12 : loyer, février 2028');
    const lateFebruary = { start: '2028-02-15', end: '2028-02-29', days: 15, daysInMonth: 29 };
    expect(invoiceLineNames(rent(23_276), 'Desk D-12', lateFebruary, 'en')[0]?.name).toBe('Desk D-12: rent, February 15–29, 2028 (15 of 29 days)');
    expect(invoiceLineNames(rent(23_276), 'Bureau D-12', lateFebruary, 'fr')[0]?.name).toBe('Bureau D-12 : loyer, 15–29 février 2028 (15 jours sur 29)');
  });

  it('names the prepaid last month applied, keeping its negative amount and the lines’ order', () => {
    const period = { start: '2026-12-01', end: '2026-12-14', days: 14, daysInMonth: 31 };
    const lines = [...rent(20_323), { item: 'prepaid_last_month' as const, cents: -20_323 }];
    expect(invoiceLineNames(lines, 'Desk D-12', period, 'en')).toEqual([
      { name: 'Desk D-12: rent, December 1–14, 2026 (14 of 31 days)', cents: 20_323 },
      { name: 'Desk D-12: last month paid in advance, applied', cents: -20_323 },
    ]);
    expect(invoiceLineNames(lines, 'Bureau D-12', period, 'fr')).toEqual([
      { name: 'Bureau D-12 : loyer, 1er–14 décembre 2026 (14 jours sur 31)', cents: 20_323 },
      { name: 'Bureau D-12 : dernier mois payé d’avance, appliqué', cents: -20_323 },
    ]);
  });

  it('writes a period across two months with both ends in full', () => {
    expect(periodText('2026-12-18', '2027-01-17', 'en')).toBe('December 18, 2026 – January 17, 2027');
    expect(periodText('2026-12-18', '2027-01-01', 'fr')).toBe('18 décembre 2026 – 1er janvier 2027');
  });
});

describe('the receipt PDF’s metadata', () => {
  it('has a title, the seller as author and a subject', () => {
    expect(infoEntry(pdfs.receipt, 'Title')).toBe('Reçu / Receipt 2026-000042');
    expect(infoEntry(pdfs.receipt, 'Author')).toBe('Espace Cowork Montréal inc.');
    expect(infoEntry(pdfs.receipt, 'Subject')).toBe('Reçu / Receipt - Espace Cowork Montréal');
    expect(infoEntry(pdfs.creditNote, 'Title')).toBe('Note de crédit / Credit note NC-2026-000003');
    expect(infoEntry(pdfs.paidInvoice, 'Title')).toBe('Facture / Invoice F-2026-000001');
  });

  it('loads no remote resource', () => {
    expect(pdfs.receipt.toString('latin1')).not.toMatch(/\/URI|https?:\/\//);
  });

  it('is compressed by default', async () => {
    const compressed = await receiptPdf(longBooking);
    expect(compressed.toString('latin1')).toContain('/FlateDecode');
    expect(compressed.length).toBeLessThan(pdfs.longBooking.length);
  });
});

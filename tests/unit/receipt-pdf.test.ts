import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const pdfs = {} as Record<'receipt' | 'creditNote' | 'longBooking' | 'oddBuyer' | 'testPayment', Buffer>;
beforeAll(async () => {
  pdfs.receipt = await receiptPdf(receipt, { compress: false });
  pdfs.creditNote = await receiptPdf(creditNote, { compress: false });
  pdfs.longBooking = await receiptPdf(longBooking, { compress: false });
  pdfs.oddBuyer = await receiptPdf(oddBuyer, { compress: false });
  pdfs.testPayment = await receiptPdf({ ...receipt, payment: { method: 'test', reference: null } }, { compress: false });
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

describe('the receipt PDF’s metadata', () => {
  it('has a title, the seller as author and a subject', () => {
    expect(infoEntry(pdfs.receipt, 'Title')).toBe('Reçu / Receipt 2026-000042');
    expect(infoEntry(pdfs.receipt, 'Author')).toBe('Espace Cowork Montréal inc.');
    expect(infoEntry(pdfs.receipt, 'Subject')).toBe('Reçu / Receipt - Espace Cowork Montréal');
    expect(infoEntry(pdfs.creditNote, 'Title')).toBe('Note de crédit / Credit note NC-2026-000003');
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

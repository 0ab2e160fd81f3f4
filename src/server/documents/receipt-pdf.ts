import PDFDocument from 'pdfkit';
import { formatCad, formatTaxRate, type Cents } from '../../shared/domain/pricing.ts';
import { longDate, type IsoDate } from '../../shared/domain/time.ts';
import { formatAtSpace, spaceToday } from '../../shared/domain/zoned-time.ts';
import { site } from '../../shared/site.ts';
import { dateText, periodText } from '../../shared/domain/period-text.ts';
import type { DocumentPaymentMethod, ReceiptDocument } from './receipt.ts';
import { pdfSafeText } from './pdf-text.ts';

/*
 * The receipt of a paid order, the credit note of a refund, or the invoice of a month of a rental,
 * as a PDF: one Letter page for a normal order, more (with the table's header repeated) for a
 * long daily booking. A Quebec receipt may be bilingual but French comes first: every label
 * reads 'français / English'.
 * Amounts are written one way throughout, as French Canada writes them ('1 234,50 $'), in CAD.
 */

/** Every label of the document, French first. */
const labels = {
  receipt: 'Reçu / Receipt',
  creditNote: 'Note de crédit / Credit note',
  invoice: 'Facture / Invoice',
  receiptNo: 'Nº de reçu / Receipt no.',
  creditNoteNo: 'Nº de note de crédit / Credit note no.',
  invoiceNo: 'Nº de facture / Invoice no.',
  refundsReceipt: 'Rembourse le reçu nº / Refunds receipt no.',
  correctsInvoice: 'Corrige la facture nº / Corrects invoice no.',
  creditedToInvoice: 'Porté au crédit de la facture / Credited to the invoice',
  issuedOn: 'Date d’émission / Date of issue',
  billedTo: 'Facturé à / Billed to',
  item: 'Article / Item',
  bookedDates: 'Dates réservées / Booked dates',
  refundedDates: 'Dates remboursées / Refunded dates',
  hours: 'Heures (heure de Montréal) / Hours (Montréal time)',
  period: 'Période / Period',
  description: 'Description',
  amount: 'Montant / Amount',
  continued: 'suite / continued',
  notTaxable: 'non taxable / not taxable',
  subtotal: 'Sous-total / Subtotal',
  total: 'Total',
  totalRefunded: 'Total remboursé / Total refunded',
  totalCredited: 'Total crédité / Total credited',
  totalDue: 'Total à payer / Total due',
  payment: 'Paiement / Payment',
  refund: 'Remboursement / Refund',
  credit: 'Crédit / Credit',
  paidByCard: 'Payé par carte / Paid by card',
  testPayment: 'Paiement de test (aucune carte débitée) / Test payment (no card charged)',
  refundedToCard: 'Remboursé sur la carte / Refunded to card',
  testRefund: 'Remboursement de test (aucune carte créditée) / Test refund (no card credited)',
  paid: 'Payée / Paid',
  amountDue: 'À payer / Amount due',
  paymentMethod: 'Mode de paiement / Payment method',
  reference: 'Réf. / Ref.',
  currency: 'Montants en dollars canadiens (CAD) / Amounts in Canadian dollars (CAD)',
  thanks: 'Merci de votre confiance! / Thank you for your business!',
  questions: 'Questions',
  page: 'Page',
} as const;

function gstLabel(): string {
  const rate = site.taxes.gst.rateThousandthsOfPercent;
  return `TPS (${formatTaxRate(rate, 'fr')} %) / GST (${formatTaxRate(rate, 'en')}%)`;
}

function qstLabel(): string {
  const rate = site.taxes.qst.rateThousandthsOfPercent;
  return `TVQ (${formatTaxRate(rate, 'fr')} %) / QST (${formatTaxRate(rate, 'en')}%)`;
}

/** How an invoice was (or is to be) paid; a receipt's card and test payments keep their own wording. */
const invoiceMethods: Record<DocumentPaymentMethod, string> = {
  card: 'Carte / Card',
  test: labels.testPayment,
  pad: 'Prélèvement automatique / Pre-authorized debit',
  cheque: 'Chèque / Cheque',
  etransfer: 'Virement Interac / Interac e-Transfer',
  credit: 'Note de crédit / Credit note',
};

const gstNumber = `Nº TPS / GST no. ${site.taxes.gst.registrationNumber}`;
const qstNumber = `Nº TVQ / QST no. ${site.taxes.qst.registrationNumber}`;

/** The one way amounts are written on the document: '1 234,50 $'. */
function money(cents: Cents): string {
  return formatCad(cents, 'fr');
}

/** An instant at the space, in one language: '18 novembre 2026 à 09 h 30 HNE'. */
function issuedText(instant: Date, locale: 'fr-CA' | 'en-CA'): string {
  return formatAtSpace(instant, locale, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

function nextDay(date: IsoDate): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Runs of consecutive days, so a month of bookings reads as a few ranges. */
function dateRuns(dates: readonly IsoDate[]): [IsoDate, IsoDate][] {
  const runs: [IsoDate, IsoDate][] = [];
  for (const date of [...new Set(dates)].sort()) {
    const last = runs.at(-1);
    if (last && nextDay(last[1]) === date) last[1] = date;
    else runs.push([date, date]);
  }
  return runs;
}

/** The booked days in one language: '23–27 novembre 2026, 1er décembre 2026' / 'November 23–27, 2026, …'. */
function datesText(dates: readonly IsoDate[], locale: 'fr-CA' | 'en-CA'): string {
  const sameMonth = (a: IsoDate, b: IsoDate) => a.slice(0, 7) === b.slice(0, 7);
  return dateRuns(dates)
    .map(([from, to]) => {
      if (from === to) return longDate(from, locale);
      if (!sameMonth(from, to)) return `${longDate(from, locale)} – ${longDate(to, locale)}`;
      const first = Number(from.slice(8, 10));
      const last = longDate(to, locale);
      // '27 novembre 2026' → '23–27 novembre 2026'; 'November 27, 2026' → 'November 23–27, 2026'.
      return locale === 'fr-CA' ? `${first}–${last}` : last.replace(/ (\d+),/, ` ${first}–$1,`);
    })
    .join(locale === 'fr-CA' ? ' ; ' : '; ');
}

/** What a person typed (a name, an e-mail) on one line, in what the standard fonts can draw. */
function oneLine(value: string): string {
  return pdfSafeText(value.replace(/\s+/gu, ' ').trim());
}

const colors = { text: '#1a1a1a', muted: '#5f6368', accent: '#1f4e79', rule: '#c9ced6', band: '#eef2f7' } as const;
type Font = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique';

/** The receipt (or credit note, or invoice) as a PDF; `compress: false` keeps the text streams readable (tests). */
export function receiptPdf(doc: ReceiptDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const isCredit = doc.kind === 'credit_note';
  const title = { receipt: labels.receipt, credit_note: labels.creditNote, invoice: labels.invoice }[doc.kind];
  // Nothing left to pay (the prepaid last month covered it all) is as good as paid.
  const invoicePaidAt = doc.invoice?.paidAt ?? (doc.total === 0 ? doc.issuedAt : null);
  const margins = { top: 48, bottom: 64, left: 50, right: 50 };
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins,
    compress: options.compress ?? true,
    bufferPages: true,
    lang: 'fr-CA',
    info: {
      Title: `${title} ${doc.number}`,
      Author: site.legalName,
      Subject: `${title} - ${site.productName}`,
      Creator: site.productName,
      CreationDate: doc.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = margins.left;
  const width = pdf.page.width - margins.left - margins.right;
  const right = left + width;
  const bottom = pdf.page.height - margins.bottom;

  /** Writes text at a place and returns the height it took. */
  const put = (value: string, x: number, y: number, o: { width: number; font?: Font; size?: number; color?: string; align?: 'left' | 'right' | 'center' }): number => {
    pdf
      .font(o.font ?? 'Helvetica')
      .fontSize(o.size ?? 10)
      .fillColor(o.color ?? colors.text);
    pdf.text(pdfSafeText(value), x, y, { width: o.width, align: o.align ?? 'left', lineGap: 1 });
    return pdf.y - y;
  };
  const measure = (value: string, o: { width: number; font?: Font; size?: number }): number =>
    pdf
      .font(o.font ?? 'Helvetica')
      .fontSize(o.size ?? 10)
      .heightOfString(pdfSafeText(value), { width: o.width, lineGap: 1 });
  const rule = (y: number, color: string = colors.rule, x0 = left, x1 = right) => {
    pdf.moveTo(x0, y).lineTo(x1, y).lineWidth(0.75).strokeColor(color).stroke();
  };
  const label = (value: string, x: number, y: number, w: number, align: 'left' | 'right' = 'left') =>
    put(value, x, y, { width: w, font: 'Helvetica-Bold', size: 8, color: colors.muted, align });

  // The seller, left; what the document is, right.
  const sellerWidth = 270;
  let ly = margins.top;
  ly += put(site.productName, left, ly, { width: sellerWidth, font: 'Helvetica-Bold', size: 17, color: colors.accent }) + 2;
  ly += put(site.legalName, left, ly, { width: sellerWidth, size: 9 });
  ly += put(site.address, left, ly, { width: sellerWidth, size: 9 });
  ly += put(`${site.email} · ${site.phoneDisplay}`, left, ly, { width: sellerWidth, size: 9 });
  if (site.taxes.enabled) {
    ly += 3;
    ly += put(gstNumber, left, ly, { width: sellerWidth, size: 8.5, color: colors.muted });
    ly += put(qstNumber, left, ly, { width: sellerWidth, size: 8.5, color: colors.muted });
  }

  const metaWidth = 236;
  const metaX = right - metaWidth;
  let ry = margins.top - 2;
  let titleSize = 19;
  while (titleSize > 12 && pdf.font('Helvetica-Bold').fontSize(titleSize).widthOfString(title) > metaWidth) titleSize -= 0.5;
  ry += put(title, metaX, ry, { width: metaWidth, font: 'Helvetica-Bold', size: titleSize, color: colors.accent, align: 'right' }) + 6;
  const meta = (name: string, value: string, extra?: string) => {
    ry += label(name, metaX, ry, metaWidth, 'right');
    ry += put(value, metaX, ry, { width: metaWidth, font: 'Helvetica-Bold', size: 10, align: 'right' });
    if (extra) ry += put(extra, metaX, ry, { width: metaWidth, size: 9, color: colors.muted, align: 'right' });
    ry += 5;
  };
  meta({ receipt: labels.receiptNo, credit_note: labels.creditNoteNo, invoice: labels.invoiceNo }[doc.kind], doc.number);
  if (isCredit && doc.refersTo) meta(doc.refersToKind === 'invoice' ? labels.correctsInvoice : labels.refundsReceipt, doc.refersTo);
  meta(labels.issuedOn, issuedText(doc.issuedAt, 'fr-CA'), issuedText(doc.issuedAt, 'en-CA'));

  let y = Math.max(ly, ry) + 10;
  rule(y, colors.accent);
  y += 14;

  // Who was billed, and for what.
  const half = (width - 24) / 2;
  const itemX = left + half + 24;
  let by = y + label(labels.billedTo, left, y, half) + 2;
  by += put(oneLine(doc.buyer.name) || '-', left, by, { width: half, font: 'Helvetica-Bold', size: 10.5 });
  by += put(oneLine(doc.buyer.email), left, by, { width: half, size: 10 });
  let iy = y + label(labels.item, itemX, y, half) + 2;
  iy += put(oneLine(doc.item.fr), itemX, iy, { width: half, font: 'Helvetica-Bold', size: 10.5 });
  if (doc.item.en !== doc.item.fr) iy += put(oneLine(doc.item.en), itemX, iy, { width: half, size: 9.5, color: colors.muted });
  if (doc.invoice) {
    const { from, to } = doc.invoice.period;
    iy += 8;
    iy += label(labels.period, itemX, iy, half) + 2;
    iy += put(periodText(from, to, 'fr'), itemX, iy, { width: half, size: 10 });
    iy += put(periodText(from, to, 'en'), itemX, iy, { width: half, size: 9.5, color: colors.muted });
  }
  y = Math.max(by, iy) + 12;

  if (doc.dates.length > 0) {
    y += label(isCredit ? labels.refundedDates : labels.bookedDates, left, y, width) + 2;
    y += put(datesText(doc.dates, 'fr-CA'), left, y, { width, size: 10 });
    y += put(datesText(doc.dates, 'en-CA'), left, y, { width, size: 9.5, color: colors.muted });
    if (doc.hours) {
      y += 4;
      y += label(labels.hours, left, y, width) + 1;
      y += put(doc.hours, left, y, { width, size: 10 });
    }
    y += 12;
  }

  // The lines: French description, English below it, the amount on the right.
  const amountWidth = 110;
  const descWidth = width - amountWidth - 24;
  const amountX = right - amountWidth - 8;
  const tableHeader = () => {
    pdf.rect(left, y, width, 20).fill(colors.band);
    put(labels.description, left + 8, y + 6, { width: descWidth, font: 'Helvetica-Bold', size: 9 });
    put(labels.amount, amountX, y + 6, { width: amountWidth, font: 'Helvetica-Bold', size: 9, align: 'right' });
    y += 20;
  };
  const newPage = () => {
    pdf.addPage();
    y = margins.top;
    y += put(`${title} ${doc.number} (${labels.continued})`, left, y, { width, font: 'Helvetica-Bold', size: 9, color: colors.muted }) + 8;
  };
  const separator = ' / ';
  tableHeader();
  for (const line of doc.lines) {
    const fr = oneLine(line.description.fr);
    const en = oneLine(line.description.en);
    // French, then English beside it when both fit on one line, else below it.
    pdf.font('Helvetica').fontSize(9.5);
    const frWidth = pdf.widthOfString(pdfSafeText(fr));
    const inline = frWidth + pdf.widthOfString(separator + pdfSafeText(en)) <= descWidth;
    const textHeight = inline ? measure(fr, { width: descWidth, size: 9.5 }) : measure(fr, { width: descWidth, size: 9.5 }) + measure(en, { width: descWidth, size: 9 });
    const height = 5 + textHeight + (line.taxable ? 0 : 10) + 5;
    if (y + height > bottom) {
      newPage();
      tableHeader();
    }
    let cy = y + 5;
    put(money(line.cents), amountX, cy, { width: amountWidth, size: 9.5, align: 'right' });
    if (inline) {
      put(fr, left + 8, cy, { width: frWidth + 1, size: 9.5 });
      cy += put(separator + en, left + 8 + frWidth, cy, { width: descWidth - frWidth, size: 9.5, color: colors.muted });
    } else {
      cy += put(fr, left + 8, cy, { width: descWidth, size: 9.5 });
      cy += put(en, left + 8, cy, { width: descWidth, size: 9, color: colors.muted });
    }
    if (!line.taxable) cy += put(labels.notTaxable, left + 8, cy + 1, { width: descWidth, font: 'Helvetica-Oblique', size: 8, color: colors.muted }) + 1;
    y = cy + 5;
    rule(y);
  }

  // The totals on the right, the payment on the left, then a closing line.
  const showTaxes = site.taxes.enabled || doc.gst > 0 || doc.qst > 0;
  const closingHeight = 150 + (showTaxes ? 56 : 0);
  if (y + 12 + closingHeight > bottom) newPage();
  else y += 12;

  const totalsWidth = 290;
  const totalsX = right - totalsWidth;
  const top = y;
  let ty = y;
  const totalRow = (name: string, cents: Cents, note?: string) => {
    put(money(cents), totalsX, ty, { width: totalsWidth - 8, size: 10, align: 'right' });
    ty += put(name, totalsX + 8, ty, { width: totalsWidth - amountWidth, size: 10 });
    if (note) ty += put(note, totalsX + 8, ty, { width: totalsWidth - 16, size: 8, color: colors.muted });
    ty += 7;
  };
  totalRow(labels.subtotal, doc.subtotal);
  if (showTaxes) {
    totalRow(gstLabel(), doc.gst, gstNumber);
    totalRow(qstLabel(), doc.qst, qstNumber);
  }
  const totalLabel = isCredit ? (doc.payment.method === 'credit' ? labels.totalCredited : labels.totalRefunded) : doc.kind === 'invoice' && invoicePaidAt === null ? labels.totalDue : labels.total;
  const totalAmountWidth = pdf.font('Helvetica-Bold').fontSize(11.5).widthOfString(pdfSafeText(money(doc.total)));
  const totalLabelWidth = totalsWidth - 16 - totalAmountWidth - 10;
  const totalHeight = measure(totalLabel, { width: totalLabelWidth, font: 'Helvetica-Bold', size: 11.5 }) + 14;
  pdf.rect(totalsX, ty, totalsWidth, totalHeight).fill(colors.band);
  rule(ty, colors.accent, totalsX, right);
  put(totalLabel, totalsX + 8, ty + 7, { width: totalLabelWidth, font: 'Helvetica-Bold', size: 11.5 });
  put(money(doc.total), totalsX, ty + 7, { width: totalsWidth - 8, font: 'Helvetica-Bold', size: 11.5, align: 'right' });
  ty += totalHeight;

  const paymentWidth = width - totalsWidth - 30;
  let py = top + label(doc.payment.method === 'credit' ? labels.credit : isCredit ? labels.refund : labels.payment, left, top, paymentWidth) + 2;
  const showReference = () => {
    if (doc.payment.reference) py += put(`${labels.reference} ${oneLine(doc.payment.reference)}`, left, py + 2, { width: paymentWidth, size: 8, color: colors.muted }) + 2;
  };
  if (doc.kind !== 'invoice') {
    const method =
      doc.payment.method === 'credit'
        ? labels.creditedToInvoice
        : doc.payment.method === 'card'
          ? isCredit
            ? labels.refundedToCard
            : labels.paidByCard
          : isCredit
            ? labels.testRefund
            : labels.testPayment;
    py += put(method, left, py, { width: paymentWidth, size: 10 });
    py += put(money(doc.total), left, py + 2, { width: paymentWidth, font: 'Helvetica-Bold', size: 10 }) + 2;
    showReference();
  } else if (invoicePaidAt !== null) {
    const paidOn = spaceToday(invoicePaidAt);
    py += put(labels.paid, left, py, { width: paymentWidth, font: 'Helvetica-Bold', size: 10.5, color: colors.accent }) + 1;
    py += put(dateText(paidOn, 'fr'), left, py, { width: paymentWidth, size: 10 });
    py += put(dateText(paidOn, 'en'), left, py, { width: paymentWidth, size: 9.5, color: colors.muted });
    // A zero total was settled by the prepaid month: no payment was made, so none is named.
    if (doc.total !== 0) py += put(invoiceMethods[doc.payment.method], left, py + 2, { width: paymentWidth, size: 10 }) + 2;
    py += put(money(doc.total), left, py + 2, { width: paymentWidth, font: 'Helvetica-Bold', size: 10 }) + 2;
    showReference();
  } else {
    py += put(labels.amountDue, left, py, { width: paymentWidth, font: 'Helvetica-Bold', size: 10.5, color: colors.accent }) + 1;
    py += put(money(doc.total), left, py + 2, { width: paymentWidth, font: 'Helvetica-Bold', size: 10 }) + 2;
    py += 6;
    py += label(labels.paymentMethod, left, py, paymentWidth) + 1;
    py += put(invoiceMethods[doc.payment.method], left, py, { width: paymentWidth, size: 9.5 });
  }

  y = Math.max(ty, py) + 28;
  y += put(labels.currency, left, y, { width, size: 8.5, color: colors.muted, align: 'center' });
  y += put(`${labels.questions} : ${site.email} · ${site.phoneDisplay}`, left, y, { width, size: 8.5, color: colors.muted, align: 'center' });
  put(labels.thanks, left, y + 4, { width, font: 'Helvetica-Bold', size: 9.5, color: colors.accent, align: 'center' });

  // Every page: the seller and the document on the left, 'Page n / N' on the right.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf.page.margins.bottom = 0;
    const fy = pdf.page.height - 42;
    rule(fy - 6);
    pdf.font('Helvetica').fontSize(8).fillColor(colors.muted);
    pdf.text(pdfSafeText(`${site.legalName} · ${title} ${doc.number}`), left, fy, { width: width - 90, lineBreak: false });
    pdf.text(`${labels.page} ${i - range.start + 1} / ${range.count}`, right - 90, fy, { width: 90, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = margins.bottom;
  }
  pdf.end();
  return done;
}

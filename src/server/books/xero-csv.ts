import { stringify } from 'csv-stringify/sync';
import type { BookDocument } from '../../shared/contract/books.ts';
import { decimalAmount } from '../../shared/domain/pricing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { spreadsheetSafe } from './documents-csv.ts';

/*
 * The period's documents in Xero's own import layouts (Business › Invoices › Import, and Credit
 * notes › Import; https://central.xero.com/s/article/Import-customer-invoices): receipts and
 * invoices as sales invoices, credit notes as credit notes with positive amounts, as Xero's
 * templates take them. A document is one or two lines: its sales before tax, with its GST and QST
 * given as the line's TaxAmount (so Xero keeps our taxes to the cent rather than computing its
 * own), and the deposits it asked for, untaxed, on the deposits account (held, never sales).
 */

/**
 * The operator's Xero: its chart of accounts' codes for sales and for deposits held (a liability),
 * its tax rates' names as Xero shows them (the combined GST/QST rate, and no tax), and the order
 * its region reads dates in (DD/MM/YYYY; MM/DD/YYYY for a US organisation).
 */
export const xeroSettings = { salesAccountCode: '200', depositsAccountCode: '835', taxedRate: 'GST/QST on Sales', untaxedRate: 'Tax Exempt', dateOrder: 'DD/MM/YYYY' as 'DD/MM/YYYY' | 'MM/DD/YYYY' };

const address = ['POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion', 'POPostalCode', 'POCountry'];
const lineColumns = ['InventoryItemCode', '*Description', '*Quantity', '*UnitAmount', 'Discount', '*AccountCode', '*TaxType', 'TaxAmount', 'TrackingName1', 'TrackingOption1', 'TrackingName2', 'TrackingOption2', 'Currency', 'BrandingTheme'];
export const xeroInvoiceColumns = ['*ContactName', 'EmailAddress', ...address, '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', ...lineColumns];
export const xeroCreditNoteColumns = ['*ContactName', 'EmailAddress', ...address, '*CreditNoteNumber', 'Reference', '*CreditNoteDate', ...lineColumns];

/** What each product is called on the accountant's lines. */
const productWords: Record<string, string> = {
  office_daily: 'Private office by the day',
  office_monthly: 'Private office by the month',
  office_lease: 'Private office lease',
  standard: 'Monthly rental',
  conference_room: 'Conference room',
  day_pass: 'Day pass',
  mailbox: 'Mailbox service',
  returned_debit_fee: 'Returned debit fee',
};

const xeroDate = (date: IsoDate) => {
  const [y, m, d] = date.split('-');
  return xeroSettings.dateOrder === 'DD/MM/YYYY' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
};

const kindWords = { receipt: 'Receipt', invoice: 'Invoice', credit_note: 'Credit note' } as const;

/** A document's lines, amounts as Xero takes them (a credit note's positive). */
function lines(d: BookDocument, sign: 1 | -1): string[][] {
  const taxes = sign * (d.gst_cents + d.qst_cents);
  const what = `${productWords[d.product] ?? d.product} (${kindWords[d.kind]} ${d.number})`;
  const line = (description: string, cents: number, account: string, rate: string, tax: number) => ['', description, '1', decimalAmount(cents), '', account, rate, decimalAmount(tax), '', '', '', '', 'CAD', ''];
  const out = [line(what, sign * d.subtotal_cents, xeroSettings.salesAccountCode, taxes === 0 ? xeroSettings.untaxedRate : xeroSettings.taxedRate, taxes)];
  if (d.deposits_cents !== 0) out.push(line(`Deposits held (${kindWords[d.kind]} ${d.number})`, sign * d.deposits_cents, xeroSettings.depositsAccountCode, xeroSettings.untaxedRate, 0));
  return out;
}

const contact = (d: BookDocument) => [spreadsheetSafe(d.customer || d.email || 'Customer'), spreadsheetSafe(d.email), '', '', '', '', '', '', '', ''];

/** Receipts and invoices, as Xero's sales invoice import takes them; due the day they are dated (a receipt was paid then; an invoice is due then or at its debit). */
export function xeroInvoicesCsv(documents: readonly BookDocument[]): string {
  const rows = documents.filter((d) => d.kind !== 'credit_note').flatMap((d) => lines(d, 1).map((l) => [...contact(d), d.number, d.kind === 'receipt' ? 'Paid by card at checkout' : '', xeroDate(d.date), xeroDate(d.date), ...l]));
  return stringify([xeroInvoiceColumns, ...rows], { record_delimiter: 'windows', bom: true });
}

/** Credit notes, as Xero's credit note import takes them: amounts positive, the document they correct as the reference. */
export function xeroCreditNotesCsv(documents: readonly BookDocument[]): string {
  const rows = documents.filter((d) => d.kind === 'credit_note').flatMap((d) => lines(d, -1).map((l) => [...contact(d), d.number, d.corrects ?? '', xeroDate(d.date), ...l]));
  return stringify([xeroCreditNoteColumns, ...rows], { record_delimiter: 'windows', bom: true });
}

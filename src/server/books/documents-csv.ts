import { stringify } from 'csv-stringify/sync';
import type { BookDocument } from '../../shared/contract/books.ts';
import { decimalAmount } from '../../shared/domain/pricing.ts';

/*
 * The accountant's export: every document of a period, one line each, as the README's "The
 * accountant's export" documents its columns (English headers: accounting imports expect them).
 * Amounts with a dot, a credit note's below zero, so each column sums to the period report's.
 */

export const documentCsvColumns = ['type', 'number', 'date', 'customer', 'email', 'product', 'before_tax', 'gst', 'qst', 'deposits', 'total', 'paid_by', 'corrects'] as const;

/**
 * A text a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return first) is
 * written after an apostrophe, so a customer's name can never run in the accountant's spreadsheet.
 */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function documentsCsv(documents: readonly BookDocument[]): string {
  const rows = documents.map((d) => [
    d.kind,
    d.number,
    d.date,
    spreadsheetSafe(d.customer),
    spreadsheetSafe(d.email),
    d.product,
    decimalAmount(d.subtotal_cents),
    decimalAmount(d.gst_cents),
    decimalAmount(d.qst_cents),
    decimalAmount(d.deposits_cents),
    decimalAmount(d.total_cents),
    d.paid_by,
    d.corrects ?? '',
  ]);
  // A byte-order mark first: a spreadsheet then reads the accents of Québec's names as UTF-8.
  return stringify([[...documentCsvColumns], ...rows], { record_delimiter: 'windows', bom: true });
}

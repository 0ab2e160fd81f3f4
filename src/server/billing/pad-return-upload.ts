import { sql } from 'kysely';
import type { PadReturnItemView } from '../../shared/contract/pad-files.ts';
import { maskAccountNumber } from '../../shared/domain/banking.ts';
import { isPadReturnCode } from '../../shared/domain/pad-returns.ts';
import type { Db } from '../db/database.ts';
import { recordPadReturn, type PadDeps, type PadReturnResult } from './pad-debits.ts';
import type { ReturnedItem, ReturnFile } from './pad-return-file.ts';

/*
 * The bank's return file, applied item by item (docs/architecture.md §12): each returned debit is
 * found by its cross-reference (our invoice number) and recorded as staff record one by hand
 * (recordPadReturn, with its audit row), when it is the latest debit of a PAD tenancy's invoice,
 * of that payment date and amount. Uploading a file again changes nothing: an item recorded
 * already says so. The payor's account number is answered masked, and never stored or logged.
 */

export type RecordedReturn = Extract<PadReturnResult, { kind: 'recorded' }>;

type ItemResult = PadReturnItemView;

/** How many items came to each result. */
export function countsOf(items: readonly ItemResult[]): Record<ItemResult['result'], number> {
  const counts = { recorded: 0, already: 0, refused: 0, not_found: 0, unknown_code: 0, not_ours: 0 };
  for (const item of items) counts[item.result]++;
  return counts;
}

/** The PAD debits of an invoice, latest first, with their file's payment date. */
const padDebitsOf = (db: Db, invoiceId: string) =>
  db
    .selectFrom('invoice_payments as p')
    .innerJoin('pad_files as f', 'f.id', 'p.pad_file_id')
    .select(['p.id', 'p.status', 'p.return_code', 'p.amount_cents', sql<string>`f.payment_date::text`.as('payment_date')])
    .where('p.invoice_id', '=', invoiceId)
    .where('p.method', '=', 'pad')
    .where('p.status', 'in', ['open', 'succeeded', 'returned'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();

async function applyItem(
  deps: PadDeps,
  item: ReturnedItem,
  recordedBy: string,
  audit: (trx: Db, item: ReturnedItem, rentalId: string, recorded: RecordedReturn) => Promise<void>,
): Promise<ItemResult> {
  const base: ItemResult = {
    record: item.record,
    segment: item.segment,
    invoice: item.crossReference,
    tenant: item.payorName,
    amount_cents: item.amountCents,
    payment_date: item.paymentDate,
    account: maskAccountNumber(item.account),
    code: item.returnCode,
    result: 'not_found',
    outcome: null,
    reason: null,
    recorded_code: null,
    redebit_on: null,
    fee_invoice_number: null,
  };
  if (item.kind === 'credit') return { ...base, result: 'not_ours' };
  const code = item.returnCode;
  if (!isPadReturnCode(code)) return { ...base, result: 'unknown_code' };
  const invoice = await deps.db
    .selectFrom('invoices as i')
    .innerJoin('rentals as r', 'r.id', 'i.rental_id')
    .select(['i.id', 'i.number', 'i.rental_id', 'r.pays_by', 'r.customer_name'])
    .where('i.number', '=', item.crossReference)
    .executeTakeFirst();
  if (!invoice) return base;
  const found = { ...base, tenant: invoice.customer_name };
  const refused = (reason: ItemResult['reason'], recordedCode: string | null = null): ItemResult => ({ ...found, result: 'refused', reason, recorded_code: recordedCode });
  if (invoice.pays_by !== 'pad') return refused('not_pad');
  const debits = await padDebitsOf(deps.db, invoice.id);
  const matching = debits.find((d) => d.payment_date === item.paymentDate && d.amount_cents === item.amountCents);
  if (!matching) return refused('no_matching_debit');
  // Returned already (this file uploaded before, or recorded by hand): nothing to do, whatever debit came since.
  if (matching.status === 'returned') return matching.return_code === code ? { ...found, result: 'already' } : refused('returned_with_another_code', matching.return_code);
  // An earlier debit than the invoice's latest is too late to act on by the file; recordPadReturn checks it again under the invoice's lock,
  // since a PAD file made meanwhile may have filed a newer debit.
  if (matching !== debits[0]) return refused('not_latest_debit');
  const result = await recordPadReturn(deps, { rentalId: invoice.rental_id, invoiceNumber: invoice.number, code, recordedBy, paymentId: matching.id }, (trx, recorded) =>
    audit(trx, item, invoice.rental_id, recorded),
  );
  switch (result.kind) {
    case 'recorded':
      return { ...found, result: 'recorded', outcome: result.outcome, redebit_on: result.redebitOn, fee_invoice_number: result.feeInvoiceNumber };
    case 'already':
      return { ...found, result: 'already' };
    case 'refused':
      if (result.reason === 'returned_with_another_code') return refused('returned_with_another_code', result.code ?? null);
      if (result.reason === 'not_latest_debit') return refused('not_latest_debit');
      return refused('no_matching_debit');
  }
}

/**
 * Records each returned debit of a parsed return file, one transaction each (with `audit`, the
 * staff audit row), in the file's order: what became of each item, with the account masked.
 */
export async function applyPadReturnFile(
  deps: PadDeps,
  file: ReturnFile,
  recordedBy: string,
  audit: (trx: Db, item: ReturnedItem, rentalId: string, recorded: RecordedReturn) => Promise<void>,
): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const item of file.items) results.push(await applyItem(deps, item, recordedBy, audit));
  return results;
}

import { sql } from 'kysely';
import { periodFrom } from '../../shared/domain/billing.ts';
import { addBusinessDays, earliestNoticedDebit } from '../../shared/domain/pad.ts';
import { padReturnCodes, type PadReturnCodeValue } from '../../shared/domain/pad-returns.ts';
import { taxedTotal } from '../../shared/domain/pricing.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { site } from '../../shared/site.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { tellInvoicePaid, tellPadDebitReturned, tellPaidTwice } from './billing-mail.ts';
import { owedSql } from './invoice-records.ts';
import { insertInvoice } from './invoices.ts';

/*
 * A PAD debit after its file went to the bank (docs/architecture.md §12). The bank says nothing
 * of a debit that went through: it is treated as paid once the settlement window has passed
 * without a return (site.pad.settlementBusinessDays), and its paid invoice is e-mailed. A debit
 * the bank returns, before or after that, is reversed: its payment row says returned, with the
 * CPA-007 code, and the invoice owes again. What follows depends on the code (pad-returns.ts).
 */

export interface PadDeps {
  db: Db;
  clock: () => Date;
  keyring: BankingKeyring;
}

/** Debits whose settlement window has passed without a return become payments that succeeded, each with its paid e-mail, once. */
export async function settlePadDebits(deps: PadDeps, limit: number): Promise<number> {
  const now = deps.clock();
  const today = spaceToday(now);
  const open = await deps.db
    .selectFrom('invoice_payments as p')
    .innerJoin('pad_files as f', 'f.id', 'p.pad_file_id')
    .select(['p.id', 'p.invoice_id', sql<string>`f.payment_date::text`.as('payment_date')])
    .where('p.method', '=', 'pad')
    .where('p.status', '=', 'open')
    .where('f.payment_date', '<', today)
    .orderBy('f.payment_date')
    .orderBy('p.id')
    .execute();
  let settled = 0;
  for (const debit of open) {
    if (settled >= limit) break;
    if (addBusinessDays(debit.payment_date, site.pad.settlementBusinessDays) > today) continue;
    const done = await deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('invoices').select('id').where('id', '=', debit.invoice_id).forUpdate().executeTakeFirst();
      // Another instance settled it, or staff recorded its return, while this one waited: nothing twice.
      const row = await trx.updateTable('invoice_payments').set({ status: 'succeeded', settled_at: now }).where('id', '=', debit.id).where('status', '=', 'open').returning(['id', 'amount_cents']).executeTakeFirst();
      if (!row) return false;
      // A debit filed before a credit note lowered its invoice (the tenancy ended) took more than
      // it now owes: no card gives it back, so staff are told to return it, and the tenant is not
      // told of a payment their credit note already settled.
      const { owed } = (await sql<{ owed: number }>`select ${owedSql('i')} as owed from invoices i where i.id = ${debit.invoice_id}`.execute(trx)).rows[0]!;
      const beyond = Math.min(row.amount_cents, Math.max(0, -owed));
      if (beyond > 0) await tellPaidTwice(trx, { invoiceId: debit.invoice_id, paymentId: debit.id, refundCents: 0 }, now);
      if (beyond < row.amount_cents) await tellInvoicePaid(trx, deps.keyring, { invoiceId: debit.invoice_id, paymentId: debit.id }, now);
      return true;
    });
    if (done) settled++;
  }
  return settled;
}

/** What a return recorded did to the agreement (pad-returns.ts says which code does what). */
export type PadReturnOutcome =
  /** Debited once more after a new notice, with the handling fee's invoice. */
  | 'redebit'
  /** A lack of funds again (or on a fee): not debited again; paid otherwise. */
  | 'no_redebit'
  /** The agreement's debits stop. */
  | 'stopped'
  /** Claimed back by the payer: due again, the agreement stands. */
  | 'dispute';

export type PadReturnResult =
  | { kind: 'recorded'; outcome: PadReturnOutcome; invoiceId: string; rentalId: string; paymentId: string; redebitOn: IsoDate | null; feeInvoiceNumber: string | null }
  /** The same return recorded again: nothing changes. */
  | { kind: 'already'; invoiceId: string; rentalId: string; paymentId: string }
  | { kind: 'refused'; reason: 'no_invoice' | 'no_pad_debit' | 'returned_with_another_code' | 'not_latest_debit'; code?: string };

/**
 * Records that the bank returned the latest PAD debit of an invoice, with its CPA-007 code: in one
 * transaction under the invoice's lock, with `also` (the audit row). Recorded twice, the second
 * changes nothing.
 */
export async function recordPadReturn(
  deps: PadDeps,
  /** `paymentId`: the debit the bank's file names, recorded only while it is still the invoice's latest. */
  input: { rentalId: string; invoiceNumber: string; code: PadReturnCodeValue; recordedBy: string; paymentId?: string },
  also: (trx: Db, result: Extract<PadReturnResult, { kind: 'recorded' }>) => Promise<void>,
): Promise<PadReturnResult> {
  const now = deps.clock();
  const today = spaceToday(now);
  return deps.db.transaction().execute(async (trx): Promise<PadReturnResult> => {
    const invoice = await trx.selectFrom('invoices').select(['id', 'rental_id', 'kind']).where('rental_id', '=', input.rentalId).where('number', '=', input.invoiceNumber).forUpdate().executeTakeFirst();
    if (!invoice) return { kind: 'refused', reason: 'no_invoice' };
    const debit = await trx
      .selectFrom('invoice_payments')
      .select(['id', 'status', 'return_code'])
      .where('invoice_id', '=', invoice.id)
      .where('method', '=', 'pad')
      .where('status', 'in', ['open', 'succeeded', 'returned'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!debit) return { kind: 'refused', reason: 'no_pad_debit' };
    if (input.paymentId !== undefined && debit.id !== input.paymentId) return { kind: 'refused', reason: 'not_latest_debit' };
    const ids = { invoiceId: invoice.id, rentalId: invoice.rental_id, paymentId: debit.id };
    if (debit.status === 'returned') {
      return debit.return_code === input.code ? { kind: 'already', ...ids } : { kind: 'refused', reason: 'returned_with_another_code', code: debit.return_code ?? undefined };
    }
    await trx
      .updateTable('invoice_payments')
      .set({ status: 'returned', return_code: input.code, returned_at: now, return_recorded_by: input.recordedBy })
      .where('id', '=', debit.id)
      .execute();
    const rental = await trx.selectFrom('rentals').select(sql<string | null>`pad_last_debit_on::text`.as('pad_last_debit_on')).where('id', '=', invoice.rental_id).forUpdate().executeTakeFirstOrThrow();
    let outcome: PadReturnOutcome;
    let redebitOn: IsoDate | null = null;
    let feeInvoiceId: string | null = null;
    switch (padReturnCodes[input.code].outcome) {
      case 'redebit': {
        const earlier = await trx.selectFrom('pad_redebits').select('invoice_id').where('invoice_id', '=', invoice.id).executeTakeFirst();
        const on = earliestNoticedDebit(today);
        const agreementStands = rental.pad_last_debit_on === null || on <= rental.pad_last_debit_on;
        if (invoice.kind !== 'period' || earlier || !agreementStands) {
          outcome = 'no_redebit';
          break;
        }
        const lines = [{ item: 'returned_debit_fee' as const, cents: site.pad.returnedDebitFeeCents }];
        feeInvoiceId = await insertInvoice(trx, invoice.rental_id, { kind: 'fee', period: periodFrom(today, today), final: false, charges: { lines, ...taxedTotal(lines) }, dueOn: on }, now);
        await trx.insertInto('pad_redebits').values({ invoice_id: invoice.id, returned_payment_id: debit.id, fee_invoice_id: feeInvoiceId, debit_on: on, created_at: now }).execute();
        outcome = 'redebit';
        redebitOn = on;
        break;
      }
      case 'stop':
        await stopPadDebits(trx, invoice.rental_id, addDays(today, -1), `return:${input.code}`, now);
        outcome = 'stopped';
        break;
      case 'dispute':
        outcome = 'dispute';
        break;
    }
    const feeNumber = feeInvoiceId ? (await trx.selectFrom('invoices').select('number').where('id', '=', feeInvoiceId).executeTakeFirstOrThrow()).number : null;
    const result = { kind: 'recorded' as const, outcome, ...ids, redebitOn, feeInvoiceNumber: feeNumber };
    await tellPadDebitReturned(trx, deps.keyring, { ...ids, feeInvoiceId }, { code: input.code, outcome, redebitOn }, now);
    await also(trx, result);
    return result;
  });
}

/** Ends an agreement's debits after `lastDebitOn` (kept if an earlier end stands), under the rental's row. */
async function stopPadDebits(trx: Db, rentalId: string, lastDebitOn: IsoDate, reason: string, now: Date): Promise<void> {
  await trx
    .updateTable('rentals')
    .set({ pad_last_debit_on: lastDebitOn, pad_stop_reason: reason, pad_stopped_at: now })
    .where('id', '=', rentalId)
    .where((eb) => eb.or([eb('pad_last_debit_on', 'is', null), eb('pad_last_debit_on', '>', lastDebitOn)]))
    .execute();
}

export type RevocationResult = { kind: 'recorded'; lastDebitOn: IsoDate } | { kind: 'refused'; reason: 'no_rental' | 'not_pad' };

/**
 * A tenant's written revocation of the PAD agreement (the contract's section 9), received on
 * `receivedOn`: it takes effect after its 10 days' notice, so no debit is filed for a payment date
 * from then on; invoices are then paid by card or as staff record.
 */
export async function recordPadRevocation(
  deps: PadDeps,
  input: { rentalId: string; receivedOn: IsoDate },
  also: (trx: Db, lastDebitOn: IsoDate) => Promise<void>,
): Promise<RevocationResult> {
  return deps.db.transaction().execute(async (trx): Promise<RevocationResult> => {
    const rental = await trx.selectFrom('rentals').select('pays_by').where('id', '=', input.rentalId).forUpdate().executeTakeFirst();
    if (!rental) return { kind: 'refused', reason: 'no_rental' };
    if (rental.pays_by !== 'pad') return { kind: 'refused', reason: 'not_pad' };
    const lastDebitOn = addDays(input.receivedOn, site.pad.noticeDays - 1);
    await stopPadDebits(trx, input.rentalId, lastDebitOn, 'revoked', deps.clock());
    const stored = await trx.selectFrom('rentals').select(sql<string>`pad_last_debit_on::text`.as('on')).where('id', '=', input.rentalId).executeTakeFirstOrThrow();
    await also(trx, stored.on);
    return { kind: 'recorded', lastDebitOn: stored.on };
  });
}

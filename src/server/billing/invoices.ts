import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isAgreementAmount, periodCharges, periodFrom, type BillingPeriod, type PeriodCharges } from '../../shared/domain/billing.ts';
import { padDebitDay, padInvoiceHorizon } from '../../shared/domain/pad.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { nextDocumentNumber } from '../documents/numbers.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { tellInvoiceIssued } from './billing-mail.ts';
import { firstDebitDay } from './first-debit.ts';
import { applyPrepaidMonth } from './prepaid-month.ts';
import { takeFreeInvoices } from './rental-locks.ts';

/*
 * Invoices: the sales document of one period of a rental, written and committed before any money
 * moves, and never rewritten. A rental's next period is invoiced the day it begins at the space;
 * a round that missed days (a server down on the 1st, or started with a later APP_NOW) issues
 * every period due, one by one, none twice.
 */

export interface IssuedInvoice {
  rentalId: string;
  invoiceId: string;
  totalCents: number;
  /** The final invoice's refund of what the prepaid last month left over. */
  refundId: string | null;
}

/**
 * Issues the invoice of one rental's period due by `now`, in one transaction, and moves the
 * rental's next period on; null when no rental has a period due. The rental's row is taken with
 * SKIP LOCKED, so two instances issue different rentals' invoices side by side, and the unique
 * (rental, period) key stands behind that. The number is taken only once the rental is held, so
 * the series has no gap.
 */
export async function issueNextInvoice(db: Db, keyring: BankingKeyring, now: Date): Promise<IssuedInvoice | null> {
  const today = spaceToday(now);
  return db.transaction().execute(async (trx) => {
    const rental = await trx
      .selectFrom('rentals')
      .select(['id', 'order_id', 'monthly_cents', 'prepaid_last_month_cents', 'provider_customer_id', 'pays_by', sql<string>`next_period_start::text`.as('next_period_start'), sql<string | null>`ends_on::text`.as('ends_on')])
      .select(sql<string | null>`pad_last_debit_on::text`.as('pad_last_debit_on'))
      .where('ended_at', 'is', null)
      // A tenancy's month is invoiced ahead, on the 20th of the month before, so its debit can be filed in time.
      .where(sql<boolean>`next_period_start <= (case when pays_by = 'pad' then ${padInvoiceHorizon(today)}::date else ${today}::date end)`)
      .where(sql<boolean>`(ends_on is null or next_period_start <= ends_on)`)
      .orderBy('next_period_start')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!rental) return null;
    const period = periodFrom(rental.next_period_start, rental.ends_on);
    const final = rental.ends_on !== null && period.end === rental.ends_on;
    const charges = periodCharges(rental.monthly_cents, period, final ? rental.prepaid_last_month_cents : null);
    if (rental.pays_by === 'pad') {
      // The agreement's fixed amount needs no notice: anything else is announced 10 days ahead, and nothing is debited before the initial debit.
      const debit = padDebitDay(period.start, isAgreementAmount(charges, rental.monthly_cents), today, await firstDebitDay(trx, rental.id));
      const invoiceId = await writeInvoice(trx, rental.id, { period, final, charges, dueOn: debit.on }, now);
      // After the agreement's debits ended, the invoice is paid by card on the manage link, or as staff record.
      const debited = rental.pad_last_debit_on === null || debit.on <= rental.pad_last_debit_on;
      await tellInvoiceIssued(trx, keyring, { invoiceId, refundId: null }, false, now, debited ? { kind: 'debit', ...debit } : { kind: 'stopped' });
      return { rentalId: rental.id, invoiceId, totalCents: charges.total, refundId: null };
    }
    const invoiceId = await writeInvoice(trx, rental.id, { period, final, charges }, now);
    // What the prepaid month leaves over pays what is still owed before any of it goes back.
    const prepaid =
      final && charges.surplusCents > 0 && rental.order_id
        ? await applyPrepaidMonth(trx, { id: rental.id, orderId: rental.order_id }, charges.surplusCents, await takeFreeInvoices(trx, rental.id), now)
        : null;
    const refundId = prepaid?.surplusRefundId ?? null;
    // Nobody charges it: nothing is owed (the prepaid month paid it), or no card is on file (Pay now).
    if (charges.total === 0 || rental.provider_customer_id === null) await tellInvoiceIssued(trx, keyring, { invoiceId, refundId, creditIds: prepaid?.creditIds ?? [] }, charges.total > 0, now);
    return { rentalId: rental.id, invoiceId, totalCents: charges.total, refundId };
  });
}

/**
 * Writes the invoice of a rental's period, numbered in the year it is issued, and moves the
 * rental's next period on past it: in the transaction that holds the rental's row.
 */
export async function writeInvoice(
  trx: Db,
  rentalId: string,
  invoice: { period: BillingPeriod; final: boolean; charges: Omit<PeriodCharges, 'surplusCents'>; dueOn?: IsoDate; depositsCents?: number },
  now: Date,
): Promise<string> {
  const invoiceId = await insertInvoice(trx, rentalId, { ...invoice, kind: 'period' }, now);
  await trx.updateTable('rentals').set({ next_period_start: addDays(invoice.period.end, 1) }).where('id', '=', rentalId).execute();
  return invoiceId;
}

/** Writes an invoice, numbered in the year it is issued: a period's (writeInvoice), or a fee's, which bills no period of rent. */
export async function insertInvoice(
  trx: Db,
  rentalId: string,
  invoice: { kind: 'period' | 'fee'; period: BillingPeriod; final: boolean; charges: Omit<PeriodCharges, 'surplusCents'>; dueOn?: IsoDate; depositsCents?: number },
  now: Date,
): Promise<string> {
  const { period, final, charges } = invoice;
  const invoiceId = randomUUID();
  await trx
    .insertInto('invoices')
    .values({
      id: invoiceId,
      number: await nextDocumentNumber(trx, 'invoice', Number(spaceToday(now).slice(0, 4))),
      rental_id: rentalId,
      kind: invoice.kind,
      period_start: period.start,
      period_end: period.end,
      final,
      lines: JSON.stringify(charges.lines),
      subtotal_cents: charges.subtotal,
      gst_cents: charges.gst,
      qst_cents: charges.qst,
      total_cents: charges.total,
      issued_at: now,
      due_on: invoice.dueOn ?? null,
      deposits_cents: invoice.depositsCents ?? 0,
    })
    .execute();
  return invoiceId;
}

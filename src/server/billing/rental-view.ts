import { sql } from 'kysely';
import type { InvoiceState, RentalBilling, RentalState } from '../../shared/contract/bookings.ts';
import { nextInvoice, nextMonthlyDebit, triesPerInvoice } from '../../shared/domain/billing.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { failedScheduledTriesSql } from './card-charges.ts';
import { creditedSql, creditsOfInvoices, paidSql } from './invoice-records.ts';
import { tenancyDebitsOf } from './tenancy-debits.ts';

/*
 * Where a rental and its invoices stand, derived from the payment rows and never stored: an
 * invoice is paid once its succeeded payments cover it (or it owes nothing), being paid while a
 * try is open, overdue once every scheduled try failed, else due; a rental is ended after its last
 * day, overdue while an invoice is, ending once its last day is set, else active.
 */

/** Each invoice of some rentals with what derives its state: the one query every view of them reads. */
export function invoiceFacts(db: Db) {
  return db
    .selectFrom('invoices as i')
    .select([
      'i.id',
      'i.rental_id',
      'i.number',
      'i.final',
      'i.total_cents',
      'i.lines',
      'i.subtotal_cents',
      'i.gst_cents',
      'i.qst_cents',
      'i.issued_at',
      sql<string>`i.period_start::text`.as('period_start'),
      sql<string>`i.period_end::text`.as('period_end'),
      paidSql('i').as('paid_cents'),
      creditedSql('i').as('credited_cents'),
      // Settled when its last payment or credit note came (greatest ignores the one that is null).
      sql<Date | null>`greatest((select max(p.settled_at) from invoice_payments p where p.invoice_id = i.id and p.status = 'succeeded'), (select max(c.created_at) from invoice_credits c where c.invoice_id = i.id))`.as(
        'paid_at',
      ),
      sql<boolean>`exists (select 1 from invoice_payments p where p.invoice_id = i.id and p.status = 'open')`.as('open'),
      failedScheduledTriesSql('i').as('failed_tries'),
    ]);
}

export type InvoiceFacts = Awaited<ReturnType<ReturnType<typeof invoiceFacts>['execute']>>[number];

/** What an invoice still owes, taxes included: its total less its payments and its credit notes (owedSql's rule, on read facts). */
export const owedOf = (invoice: Pick<InvoiceFacts, 'total_cents' | 'paid_cents' | 'credited_cents'>): number => Math.max(0, invoice.total_cents - invoice.paid_cents - invoice.credited_cents);

/** Overdue stays overdue while a Pay now or Retry now is under way: only a payment (or a credit note) ends it. */
export function invoiceStateOf(invoice: Pick<InvoiceFacts, 'total_cents' | 'paid_cents' | 'credited_cents' | 'open' | 'failed_tries'>): InvoiceState {
  if (owedOf(invoice) === 0) return 'paid';
  if (invoice.failed_tries >= triesPerInvoice) return 'overdue';
  return invoice.open ? 'processing' : 'due';
}

export function rentalStateOf(rental: { ended_at: Date | null; ends_on: string | null }, invoices: readonly InvoiceState[], now: Date): RentalState {
  if (rental.ended_at !== null || (rental.ends_on !== null && rental.ends_on < spaceToday(now))) return invoices.includes('overdue') ? 'overdue' : 'ended';
  if (invoices.includes('overdue')) return 'overdue';
  return rental.ends_on !== null ? 'ending' : 'active';
}

/** The billing a rental's manage page shows (an order's rental, or a tenancy's). */
export async function rentalBillingOf(db: Db, rentalId: string, now: Date): Promise<RentalBilling> {
  const rental = await db
    .selectFrom('rentals')
    .select(['id', 'monthly_cents', 'prepaid_last_month_cents', 'provider_customer_id', 'ended_at', 'pays_by'])
    .select([sql<string>`next_period_start::text`.as('next_period_start'), sql<string | null>`ends_on::text`.as('ends_on'), sql<string | null>`pad_last_debit_on::text`.as('pad_last_debit_on')])
    .where('id', '=', rentalId)
    .executeTakeFirstOrThrow();
  const rows = await invoiceFacts(db).where('i.rental_id', '=', rental.id).orderBy('i.period_start', 'desc').orderBy('i.number', 'desc').execute();
  const credits = await creditsOfInvoices(
    db,
    rows.filter((i) => i.credited_cents > 0).map((i) => i.id),
  );
  const pad = rental.pays_by === 'pad' ? await tenancyDebitsOf(db, rental.id, rental.pad_last_debit_on) : null;
  const invoices = rows.map((i) => {
    const state = invoiceStateOf(i);
    const owed = owedOf(i);
    const debit = pad?.get(i.id);
    return {
      number: i.number,
      periodStart: i.period_start,
      periodEnd: i.period_end,
      final: i.final,
      total: i.total_cents,
      owed,
      state,
      paidAt: state === 'paid' ? new Date(i.paid_at ?? i.issued_at).toISOString() : null,
      creditNotes: credits.filter((c) => c.invoiceId === i.id).map((c) => ({ number: c.number, total: c.total })),
      ...(debit ? { debitOn: owed > 0 ? debit.debitOn : null, returnCode: debit.returnCode } : {}),
    };
  });
  const ended = rental.ended_at !== null || (rental.ends_on !== null && rental.ends_on < spaceToday(now));
  const terms = { nextPeriodStart: rental.next_period_start, endsOn: rental.ends_on, monthlyCents: rental.monthly_cents, prepaidLastMonthCents: rental.prepaid_last_month_cents, paysBy: rental.pays_by };
  return {
    state: rentalStateOf(rental, invoices.map((i) => i.state), now),
    monthlyCents: rental.monthly_cents,
    next: ended ? null : nextInvoice(terms),
    cardOnFile: rental.provider_customer_id !== null,
    lastDay: rental.ends_on,
    paysBy: rental.pays_by,
    ...(pad ? { nextDebit: ended ? null : nextDebitOf(invoices, nextMonthlyDebit(terms), rental.pad_last_debit_on, spaceToday(now)) } : {}),
    invoices,
  };
}

/**
 * A tenancy's next debit from today: the earliest day an owed invoice is debited (the owed amounts
 * of that day together), or else the next month's; none after the day its debits stopped. A debit
 * whose day has passed (made, and waiting for settlement; or not filed yet) is not the next one.
 */
function nextDebitOf(invoices: readonly { owed: number; debitOn?: string | null }[], nextMonth: { on: string; cents: number } | null, lastDebitOn: string | null, today: string) {
  const planned = invoices.filter((i) => i.owed > 0 && i.debitOn && i.debitOn >= today).map((i) => ({ on: i.debitOn!, cents: i.owed }));
  const first = planned.map((d) => d.on).sort()[0];
  if (first !== undefined) return { on: first, cents: planned.filter((d) => d.on === first).reduce((sum, d) => sum + d.cents, 0) };
  if (!nextMonth || (lastDebitOn !== null && nextMonth.on > lastDebitOn)) return null;
  return nextMonth;
}

/** The billing an order's manage page shows; null when the order made no rental (a day product). */
export async function rentalBillingOfOrder(db: Db, orderId: string, now: Date): Promise<RentalBilling | null> {
  const rental = await db.selectFrom('rentals').select('id').where('order_id', '=', orderId).executeTakeFirst();
  return rental ? rentalBillingOf(db, rental.id, now) : null;
}

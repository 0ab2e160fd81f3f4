import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { periodCharges, periodsDue, unusedDaysCents, type InvoiceLine } from '../../shared/domain/billing.ts';
import { taxedTotal } from '../../shared/domain/pricing.ts';
import { earliestNoticedDebit, padDebitDay } from '../../shared/domain/pad.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { tellRentalEnded } from './billing-mail.ts';
import { storedQuote } from '../documents/stored-amounts.ts';
import { creditInvoice, owedSql, padDebitOnSql, storedLines } from './invoice-records.ts';
import { writeInvoice } from './invoices.ts';
import { applyPrepaidMonth } from './prepaid-month.ts';

/*
 * Staff end a rental at once (non-payment, a move agreed in person): its billing is settled to
 * the day, in the transaction that ends it (bookings/end-rental.ts frees the unit in it too).
 * - Periods begun by its last day and not invoiced yet are invoiced, the last one to that day.
 * - The invoice of the period the last day falls in, when it billed days after it, is corrected
 *   by a credit note for them ('ended_early').
 * - The last month paid in advance, if nothing used it yet, pays what is still owed and only its
 *   rest goes back, as at the end of a notice (prepaid-month.ts).
 * - What a credit leaves beyond what its invoice owed (the month was paid) goes back where it came
 *   from: to the card payments that paid it, then (a final invoice the prepaid month paid) to the
 *   checkout's payment; money paid by cheque or e-Transfer is returned by staff.
 * Unpaid invoices stay owed, and their tries go on: ending a rental forgives nothing.
 */

export interface EndedAtOnce {
  /** The credit notes written: against an invoice, or (the prepaid month's surplus) against the receipt. */
  creditNotes: { number: string; invoiceNumber: string | null; cents: number }[];
  /** What goes back to the customer's card, taxes included. */
  refundedCents: number;
  /** What staff return by hand: a credited invoice's money paid by cheque or e-Transfer, which no card can give back. */
  toReturnCents: number;
  /** What the rental still owes once this is applied. */
  owedCents: number;
}

interface RentalToSettle {
  id: string;
  /** Its checkout's order; null for a tenancy (a signed lease paid by PAD). */
  order_id: string | null;
  pays_by: 'card' | 'pad';
  monthly_cents: number;
  prepaid_last_month_cents: number;
  next_period_start: IsoDate;
}

interface OpenInvoice {
  id: string;
  number: string;
  kind: 'period' | 'fee';
  period_start: IsoDate;
  period_end: IsoDate;
  final: boolean;
  lines: unknown;
  owed: number;
  /** A PAD debit filed and not settled yet: it settles or comes back as any other. */
  debit_open: boolean;
  /** The rent (before tax) its credit notes for days after an end took already. */
  ended_early_cents: number;
}

async function invoicesOf(trx: Db, rentalId: string): Promise<OpenInvoice[]> {
  const rows = await sql<OpenInvoice>`select i.id, i.number, i.kind, i.period_start::text as period_start, i.period_end::text as period_end, i.final, i.lines, ${owedSql('i')} as owed,
      exists (select 1 from invoice_payments p where p.invoice_id = i.id and p.method = 'pad' and p.status = 'open') as debit_open,
      coalesce((select sum(c.subtotal_cents) from invoice_credits c where c.invoice_id = i.id and c.reason = 'ended_early'), 0)::int as ended_early_cents
    from invoices i where i.rental_id = ${rentalId} order by i.period_start, i.number`.execute(trx);
  return rows.rows;
}

/** Whether the prepaid last month is still unused: no final invoice applied it, no notice applied it to what was owed or refunded it. */
async function prepaidUnused(trx: Db, rental: RentalToSettle): Promise<boolean> {
  if (rental.prepaid_last_month_cents === 0 || rental.order_id === null) return false;
  const final = await trx.selectFrom('invoices').select('id').where('rental_id', '=', rental.id).where('final', '=', true).executeTakeFirst();
  if (final) return false;
  const applied = await trx
    .selectFrom('invoice_credits as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .select('c.id')
    .where('i.rental_id', '=', rental.id)
    .where('c.reason', '=', 'prepaid_last_month')
    .executeTakeFirst();
  if (applied) return false;
  const refunded = await trx.selectFrom('refunds').select('id').where('order_id', '=', rental.order_id).where('reason', '=', 'prepaid_surplus').executeTakeFirst();
  return refunded === undefined;
}

/** The rent an invoice billed: its monthly_rent line, or a tenancy's first month on its initial invoice. */
function billedRent(lines: unknown): InvoiceLine {
  const rent = storedLines(lines).find((l) => l.item === 'monthly_rent' || l.item === 'lease_first_month');
  if (!rent) throw new Error('an invoice without its rent line');
  return rent;
}

/** The checkout's payment: what it took, less what went back through it already (refunds not tied to an invoice's payment). */
async function checkoutLeft(trx: Db, orderId: string): Promise<number> {
  const order = await trx.selectFrom('orders').select('quote').where('id', '=', orderId).executeTakeFirstOrThrow();
  const given = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
    .where('order_id', '=', orderId)
    .where('invoice_payment_id', 'is', null)
    .executeTakeFirstOrThrow();
  return storedQuote(order.quote).total - Number(given.cents);
}

/** A refund row: money only, asked of the provider by the refund round; the document is the invoice's credit note. */
async function refundRow(trx: Db, orderId: string, invoicePaymentId: string | null, cents: number, now: Date): Promise<void> {
  await trx
    .insertInto('refunds')
    .values({
      id: randomUUID(),
      order_id: orderId,
      invoice_payment_id: invoicePaymentId,
      amount_cents: cents,
      reason: 'ended_early',
      status: 'pending',
      amounts: JSON.stringify({ lines: [], subtotal: cents, gst: 0, qst: 0, total: cents }),
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

/**
 * Gives back `cents` a credited invoice was paid beyond what it now comes to, where that money
 * came from: its card payments first, newest first, each as far as it was not given back already;
 * then what the prepaid month paid on it (a final invoice's negative line), through the checkout's
 * payment, as far as that payment still holds it. What is left was paid by cheque or e-Transfer:
 * no card took it, so none gives it back; staff return it (the answer and the e-mail say so).
 * Returns what went back through the provider and what staff return.
 */
async function giveBackBeyond(trx: Db, invoice: OpenInvoice, orderId: string | null, cents: number, now: Date): Promise<{ refunded: number; byHand: number }> {
  // A tenancy was paid by PAD, cheque or e-Transfer: no card gives any of it back.
  if (orderId === null) return { refunded: 0, byHand: cents };
  const payments = await sql<{ id: string; left: number }>`select p.id,
      p.amount_cents - coalesce((select sum(r.amount_cents) from refunds r where r.invoice_payment_id = p.id), 0)::int as left
    from invoice_payments p
    where p.invoice_id = ${invoice.id} and p.status = 'succeeded' and p.method = 'card' and p.provider_payment_id is not null
    order by p.settled_at desc, p.id`.execute(trx);
  let left = cents;
  for (const payment of payments.rows) {
    const amount = Math.min(left, payment.left);
    if (amount <= 0) continue;
    await refundRow(trx, orderId, payment.id, amount, now);
    left -= amount;
  }
  // What the prepaid month paid of it: a final invoice's negative line, or its credit notes applying the month (notice, prepaid-month.ts).
  const prepaidLine = storedLines(invoice.lines).find((l) => l.item === 'prepaid_last_month');
  const applied = await trx
    .selectFrom('invoice_credits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('cents'))
    .where('invoice_id', '=', invoice.id)
    .where('reason', '=', 'prepaid_last_month')
    .executeTakeFirstOrThrow();
  const fromPrepaid = (prepaidLine ? taxedTotal([{ item: 'prepaid_last_month', cents: -prepaidLine.cents }]).total : 0) + Number(applied.cents);
  const throughCheckout = Math.min(left, fromPrepaid, Math.max(0, await checkoutLeft(trx, orderId)));
  if (throughCheckout > 0) await refundRow(trx, orderId, null, throughCheckout, now);
  left -= throughCheckout;
  return { refunded: cents - left, byHand: left };
}

/**
 * Settles the billing of a rental staff end, `lastDay` its last day, in the caller's transaction,
 * which holds the rental's row and its invoices' rows (rental-locks.ts); e-mails the customer what
 * it comes to. `atOnce`: today is the last day, and the periods begun are invoiced now; otherwise
 * (a tenancy ended under its contract, on a later day) the round invoices the last period,
 * prorated to that day, when it comes.
 */
export async function settleRentalEnd(
  trx: Db,
  keyring: BankingKeyring,
  rental: RentalToSettle,
  held: { lastDay: IsoDate; atOnce: boolean; invoiceIds: readonly string[] },
  now: Date,
): Promise<EndedAtOnce> {
  const { lastDay, atOnce } = held;
  const written: string[] = [];
  const creditNotes: EndedAtOnce['creditNotes'] = [];
  const creditIds: string[] = [];
  const today = spaceToday(now);
  const prepaid = (await prepaidUnused(trx, rental)) ? rental.prepaid_last_month_cents : 0;

  if (atOnce) {
    // The periods begun and not invoiced yet (the round had not come by), to the last day.
    for (const period of periodsDue(rental.next_period_start, lastDay, lastDay)) {
      const charges = periodCharges(rental.monthly_cents, period, null);
      // A tenancy's debit of a prorated amount waits for its notice, which the e-mail below gives.
      const dueOn = rental.pays_by === 'pad' ? padDebitDay(period.start, false, today).on : undefined;
      written.push(await writeInvoice(trx, rental.id, { period, final: period.end === lastDay, charges, dueOn }, now));
    }
    await trx.updateTable('rentals').set({ next_period_start: addDays(lastDay, 1) }).where('id', '=', rental.id).where('next_period_start', '<=', lastDay).execute();
  }
  // What each invoice owed before this settlement: only what it pushes below zero goes back (an
  // invoice paid twice was given back its second payment already).
  const invoices = await invoicesOf(trx, rental.id);
  const before = new Map(invoices.map((i) => [i.id, i.owed]));
  // The days billed after the last one: the rent of the period's days after it (a period begun
  // after it, invoiced already on the 20th before: all of it), less what an earlier end of this
  // rental credited of them already (a tenancy ended under its contract, then at once).
  for (const invoice of invoices.filter((i) => i.kind === 'period' && i.period_end > lastDay)) {
    const rent = billedRent(invoice.lines);
    const unused = invoice.period_start > lastDay ? rent.cents : unusedDaysCents(rental.monthly_cents, rent.cents, invoice.period_start, lastDay);
    const cents = unused - invoice.ended_early_cents;
    if (cents <= 0) continue;
    const from = invoice.period_start > lastDay ? invoice.period_start : addDays(lastDay, 1);
    const written = await creditInvoice(trx, { invoiceId: invoice.id, reason: 'ended_early', period: { start: from, end: invoice.period_end }, lines: [{ item: rent.item, cents }] }, now);
    creditNotes.push({ number: written.number, invoiceNumber: invoice.number, cents: written.total });
    creditIds.push(written.id);
  }

  // The prepaid month, on what is owed, oldest first; its surplus refunded against the receipt.
  // On the invoices the caller holds (rental-locks.ts), and those this transaction wrote.
  let refundedCents = 0;
  let surplusRefundId: string | null = null;
  if (rental.order_id !== null) {
    const prepaidApplied = await applyPrepaidMonth(trx, { id: rental.id, orderId: rental.order_id }, prepaid, [...held.invoiceIds, ...written], now);
    creditNotes.push(...prepaidApplied.creditNotes);
    creditIds.push(...prepaidApplied.creditIds);
    surplusRefundId = prepaidApplied.surplusRefundId;
    refundedCents = prepaidApplied.refundedCents;
  }

  // A credited invoice that had been paid: what it was paid beyond what it now comes to goes back.
  let toReturnCents = 0;
  const after = await invoicesOf(trx, rental.id);
  for (const invoice of after) {
    const beyond = Math.max(0, -invoice.owed) - Math.max(0, -(before.get(invoice.id) ?? 0));
    if (beyond <= 0) continue;
    const given = await giveBackBeyond(trx, invoice, rental.order_id, beyond, now);
    refundedCents += given.refunded;
    toReturnCents += given.byHand;
  }
  const stillOwed = after.filter((i) => i.owed > 0);
  if (rental.pays_by === 'pad') await noticeChangedDebits(trx, stillOwed.filter((i) => i.owed !== before.get(i.id)), today, now);
  const debitDays = rental.pays_by === 'pad' ? await debitDaysOf(trx, stillOwed) : new Map<string, IsoDate | null>();
  const owedCents = stillOwed.reduce((sum, i) => sum + i.owed, 0);
  const owed = stillOwed.map((i) => ({ number: i.number, cents: i.owed, ...(debitDays.has(i.id) ? { debitOn: debitDays.get(i.id)! } : {}) }));
  await tellRentalEnded(trx, keyring, { rentalId: rental.id, creditIds, surplusRefundId }, { lastDay, refundCents: refundedCents, toReturnCents, owed, mode: atOnce ? 'now' : 'contract' }, now);
  return { creditNotes, refundedCents, toReturnCents, owedCents };
}

/**
 * Invoices of a tenancy whose amount a credit note just changed before their debit was filed: the
 * debit now takes an amount other than the agreement's, so it is made no earlier than its notice
 * allows (Rule H1), the e-mail of this end being that notice. A debit filed already is left to
 * settle or come back as any other.
 */
async function noticeChangedDebits(trx: Db, changed: readonly OpenInvoice[], today: IsoDate, now: Date): Promise<void> {
  const noticedOn = earliestNoticedDebit(today);
  for (const invoice of changed) {
    if (invoice.debit_open) continue;
    await trx
      .insertInto('pad_debit_notices')
      .values({ invoice_id: invoice.id, debit_on: noticedOn, created_at: now })
      .onConflict((oc) => oc.column('invoice_id').doUpdateSet({ debit_on: sql`greatest(pad_debit_notices.debit_on, excluded.debit_on)` }))
      .execute();
  }
}

/** The day each owed invoice of a tenancy is debited (padDebitOnSql); null while a debit filed already is under way. */
async function debitDaysOf(trx: Db, owed: readonly OpenInvoice[]): Promise<Map<string, IsoDate | null>> {
  if (owed.length === 0) return new Map();
  const rows = await trx
    .selectFrom('invoices as i')
    .leftJoin('pad_redebits as rd', 'rd.invoice_id', 'i.id')
    .leftJoin('pad_debit_notices as n', 'n.invoice_id', 'i.id')
    .select(['i.id', padDebitOnSql.as('debit_on')])
    .where(
      'i.id',
      'in',
      owed.map((i) => i.id),
    )
    .execute();
  const open = new Set(owed.filter((i) => i.debit_open).map((i) => i.id));
  return new Map(rows.map((r) => [r.id, open.has(r.id) ? null : r.debit_on]));
}

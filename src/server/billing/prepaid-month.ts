import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { prepaidCredit } from '../../shared/domain/billing.ts';
import { taxedTotal } from '../../shared/domain/pricing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { nextDocumentNumber } from '../documents/numbers.ts';
import { creditInvoice, owedSql } from './invoice-records.ts';

/*
 * The last month a rental's checkout took in advance, once the rental's end leaves some or all of
 * it unused: it pays what the rental still owes first, oldest invoice first, each time by a credit
 * note against that invoice (its GST and QST were collected on the checkout's receipt); only what
 * it leaves over goes back to the card, under a credit note against that receipt. One rule for the
 * three ways a rental ends: notice whose final period was invoiced already (bookings'
 * cancellations.ts through rentals.ts setRentalEnd), the final invoice the prepaid month pays
 * (invoices.ts), and staff's End at once (end-at-once.ts). Money never goes back to a customer
 * who owes.
 */

export interface PrepaidApplied {
  /** The credit notes written, against an invoice, or (the surplus) against the receipt. */
  creditNotes: { number: string; invoiceNumber: string | null; cents: number }[];
  /** The invoice credits among them, by id, for the e-mail that attaches them. */
  creditIds: string[];
  /** The refund of what was left over, if anything was. */
  surplusRefundId: string | null;
  /** What goes back to the card, taxes included. */
  refundedCents: number;
}

/**
 * What the prepaid month leaves over, refunded with its taxes (it was taxed at checkout), under a
 * credit note against the checkout's receipt, and asked of the provider once this commits
 * (bookings' refund round).
 */
async function refundPrepaidSurplus(trx: Db, orderId: string, surplusCents: number, now: Date): Promise<{ id: string; number: string; cents: number }> {
  const lines = [{ item: 'last_month' as const, cents: surplusCents }];
  const amounts = { lines, ...taxedTotal(lines) };
  const id = randomUUID();
  const number = await nextDocumentNumber(trx, 'credit_note', Number(spaceToday(now).slice(0, 4)));
  await trx
    .insertInto('refunds')
    .values({
      id,
      order_id: orderId,
      amount_cents: amounts.total,
      reason: 'prepaid_surplus',
      status: 'pending',
      amounts: JSON.stringify({ lines, subtotal: amounts.subtotal, gst: amounts.gst, qst: amounts.qst, total: amounts.total }),
      next_attempt_at: now,
      created_at: now,
      credit_note_number: number,
    })
    .execute();
  return { id, number, cents: amounts.total };
}

/**
 * Applies `cents` (before tax) of a rental's prepaid month to what it owes, oldest invoice first,
 * and refunds the rest; in the caller's transaction. `lockedInvoices` are the invoices the caller
 * holds (rental-locks.ts): only those are credited, so an invoice a card try is settling this very
 * moment, which a round that never waits could not take, is left to that try.
 */
export async function applyPrepaidMonth(trx: Db, rental: { id: string; orderId: string }, cents: number, lockedInvoices: readonly string[], now: Date): Promise<PrepaidApplied> {
  const applied: PrepaidApplied = { creditNotes: [], creditIds: [], surplusRefundId: null, refundedCents: 0 };
  if (cents <= 0) return applied;
  let left = cents;
  if (lockedInvoices.length > 0) {
    const owed = await sql<{ id: string; number: string; period_start: IsoDate; period_end: IsoDate; owed: number }>`select i.id, i.number,
        i.period_start::text as period_start, i.period_end::text as period_end, ${owedSql('i')} as owed
      from invoices i where i.rental_id = ${rental.id} and i.id in (${sql.join(lockedInvoices)})
      order by i.period_start, i.number`.execute(trx);
    for (const invoice of owed.rows) {
      const credit = prepaidCredit(invoice.owed, left);
      if (!credit) continue;
      const written = await creditInvoice(
        trx,
        {
          invoiceId: invoice.id,
          reason: 'prepaid_last_month',
          period: { start: invoice.period_start, end: invoice.period_end },
          lines: [{ item: 'prepaid_last_month', cents: credit.applied }],
          amounts: credit.amounts,
        },
        now,
      );
      applied.creditNotes.push({ number: written.number, invoiceNumber: invoice.number, cents: written.total });
      applied.creditIds.push(written.id);
      left -= credit.applied;
    }
  }
  if (left > 0) {
    const surplus = await refundPrepaidSurplus(trx, rental.orderId, left, now);
    applied.surplusRefundId = surplus.id;
    applied.creditNotes.push({ number: surplus.number, invoiceNumber: null, cents: surplus.cents });
    applied.refundedCents = surplus.cents;
  }
  return applied;
}

import { sql, type RawBuilder } from 'kysely';
import { feeProduct, type BooksRange } from '../../shared/contract/books.ts';
import { addDays } from '../../shared/domain/time.ts';
import { endOfSpaceDay } from '../../shared/domain/zoned-time.ts';
import { site } from '../../shared/site.ts';

/*
 * The ledger as the books read it: two SQL row sources over the stored documents and the money
 * rows that point at them, and nothing else. Every figure of the period report, every list a
 * figure links to and every line of the accountant's export is one of these rows or a sum of
 * them, so they agree by construction and no second copy of a number can drift.
 *
 * - documentRows: receipts (a checkout paid), invoices (a rental's period, or a returned debit's
 *   fee) and credit notes (a refund's against a receipt, a credit against an invoice), each dated
 *   when issued, a credit note's amounts below zero.
 * - moneyRows: money that moved: a checkout's card payment, an invoice's payment (card, PAD,
 *   recorded by staff) once it stands, a PAD debit the bank returned after it was counted (below
 *   zero), and a refund the provider confirmed.
 */

/** The instants a range of days at the space covers: [start, end). */
export function rangeInstants(range: BooksRange): { start: Date; end: Date } {
  return { start: endOfSpaceDay(addDays(range.from, -1)), end: endOfSpaceDay(range.to) };
}

const zone = sql.lit(site.timeZone);
/** A timestamp's day at the space, as YYYY-MM-DD. */
export const spaceDayOf = (instant: RawBuilder<unknown>): RawBuilder<string> => sql<string>`((${instant} at time zone ${zone})::date)::text`;
export const spaceDaySql = (column: string): RawBuilder<string> => spaceDayOf(sql.ref(column));

const within = (column: string, range: BooksRange) => {
  const { start, end } = rangeInstants(range);
  return sql`${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end}`;
};

/** A rental's product, or the fee's for a returned debit's fee invoice. */
const invoiceProduct = sql`case when i.kind = 'fee' then ${feeProduct} else r.product end`;

/** An order's quote amounts (an order placed before taxes were charged has no subtotal, no taxes: stored-amounts.ts). */
const quoteSubtotal = sql`coalesce((o.quote->>'subtotal')::int, (o.quote->>'total')::int)`;
const quoteGst = sql`coalesce((o.quote->>'gst')::int, 0)`;
const quoteQst = sql`coalesce((o.quote->>'qst')::int, 0)`;

/** How an invoice was paid: the methods of its payments that stand, else credited in full, nothing due, or unpaid. */
const invoicePaidBy = sql`coalesce(
  (select string_agg(distinct p.method, '+' order by p.method) from invoice_payments p where p.invoice_id = i.id and p.status = 'succeeded'),
  case when i.total_cents = 0 then 'nothing_due'
       when i.total_cents - coalesce((select sum(c.total_cents) from invoice_credits c where c.invoice_id = i.id), 0) <= 0 then 'credit'
       else 'unpaid' end)`;

/**
 * Every document dated in the range, one row each: kind, number, at (the instant), date, customer,
 * email, product, subtotal_cents (sales before tax), gst_cents, qst_cents, deposits_cents,
 * total_cents, paid_by, corrects, order_id, rental_id.
 */
export function documentRows(range: BooksRange): RawBuilder<unknown> {
  return sql`
    select 'receipt' as kind, o.receipt_number as number, o.paid_at as at, ${spaceDaySql('o.paid_at')} as date,
      coalesce(o.buyer_name, '') as customer, coalesce(o.buyer_email, '') as email, o.product as product,
      ${quoteSubtotal} as subtotal_cents, ${quoteGst} as gst_cents, ${quoteQst} as qst_cents, 0 as deposits_cents,
      (o.quote->>'total')::int as total_cents, 'card' as paid_by, null::text as corrects, o.id as order_id, null::text as rental_id
    from orders o
    where o.receipt_number is not null and ${within('o.paid_at', range)}
    union all
    select 'invoice', i.number, i.issued_at, ${spaceDaySql('i.issued_at')},
      r.customer_name, r.customer_email, ${invoiceProduct},
      i.subtotal_cents - i.deposits_cents, i.gst_cents, i.qst_cents, i.deposits_cents,
      i.total_cents, ${invoicePaidBy}, null::text, r.order_id, r.id
    from invoices i join rentals r on r.id = i.rental_id
    where ${within('i.issued_at', range)}
    union all
    select 'credit_note', f.credit_note_number, f.created_at, ${spaceDaySql('f.created_at')},
      coalesce(o.buyer_name, ''), coalesce(o.buyer_email, ''), o.product,
      -coalesce((f.amounts->>'subtotal')::int, ${quoteSubtotal}), -coalesce((f.amounts->>'gst')::int, ${quoteGst}), -coalesce((f.amounts->>'qst')::int, ${quoteQst}), 0,
      -coalesce((f.amounts->>'total')::int, (o.quote->>'total')::int), 'card_refund', o.receipt_number, o.id, null::text
    from refunds f join orders o on o.id = f.order_id
    where f.credit_note_number is not null and ${within('f.created_at', range)}
    union all
    select 'credit_note', c.credit_note_number, c.created_at, ${spaceDaySql('c.created_at')},
      r.customer_name, r.customer_email, ${invoiceProduct},
      -c.subtotal_cents, -c.gst_cents, -c.qst_cents, 0,
      -c.total_cents, 'credit', i.number, r.order_id, r.id
    from invoice_credits c join invoices i on i.id = c.invoice_id join rentals r on r.id = i.rental_id
    where ${within('c.created_at', range)}`;
}

/** An invoice payment's kind of money: card, PAD, or recorded by staff (a cheque, an e-Transfer). */
const paymentKind = sql`case p.method when 'card' then 'card' when 'pad' then 'pad' else 'recorded' end`;

/**
 * Every movement of money in the range, one row each: kind, at, date, cents, customer, document,
 * reference, order_id, rental_id. A PAD debit counts once it stands (settled: its window passed
 * without a return); one returned after that is reversed on the day of its return; one returned
 * before it never counted.
 */
export function moneyRows(range: BooksRange): RawBuilder<unknown> {
  return sql`
    select 'card' as kind, o.paid_at as at, ${spaceDaySql('o.paid_at')} as date, (o.quote->>'total')::int as cents,
      coalesce(o.buyer_name, '') as customer, o.receipt_number as document, o.payment_intent_id as reference, o.id as order_id, null::text as rental_id
    from orders o
    where o.receipt_number is not null and ${within('o.paid_at', range)}
    union all
    select ${paymentKind}, p.settled_at, ${spaceDaySql('p.settled_at')}, p.amount_cents,
      r.customer_name, i.number, coalesce(p.reference, p.provider_payment_id), r.order_id, r.id
    from invoice_payments p join invoices i on i.id = p.invoice_id join rentals r on r.id = i.rental_id
    where p.status in ('succeeded', 'returned') and p.settled_at is not null and ${within('p.settled_at', range)}
    union all
    select 'returned', p.returned_at, ${spaceDaySql('p.returned_at')}, -p.amount_cents,
      r.customer_name, i.number, p.return_code, r.order_id, r.id
    from invoice_payments p join invoices i on i.id = p.invoice_id join rentals r on r.id = i.rental_id
    where p.status = 'returned' and p.settled_at is not null and ${within('p.returned_at', range)}
    union all
    select 'refund', f.refunded_at, ${spaceDaySql('f.refunded_at')}, f.amount_cents,
      coalesce(o.buyer_name, ''), f.credit_note_number, f.reason, o.id, ${refundRental}
    from refunds f join orders o on o.id = f.order_id
    where f.status = 'succeeded' and ${within('f.refunded_at', range)}`;
}

/** A refund's (f, of order o) rental: the one whose invoice payment it gives back, if any. */
const refundRental = sql`(select i.rental_id from invoice_payments p join invoices i on i.id = p.invoice_id where p.id = f.invoice_payment_id)`;

/**
 * The refunds decided by the range's end that the card network had not confirmed then, as money
 * rows of kind refund_pending dated the day each was decided: not yet money that moved.
 */
export function pendingRefundRows(range: BooksRange): RawBuilder<unknown> {
  const { end } = rangeInstants(range);
  return sql`
    select 'refund_pending' as kind, f.created_at as at, ${spaceDaySql('f.created_at')} as date, f.amount_cents as cents,
      coalesce(o.buyer_name, '') as customer, f.credit_note_number as document, f.reason as reference, o.id as order_id, ${refundRental} as rental_id
    from refunds f join orders o on o.id = f.order_id
    where f.created_at < ${end} and (f.status = 'pending' or f.refunded_at >= ${end})`;
}

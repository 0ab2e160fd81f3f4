import { sql } from 'kysely';
import { site } from '../../shared/site.ts';
import type { Db } from '../db/database.ts';
import { creditNoteOfRefund, receiptOfOrder } from '../documents/receipts.ts';
import { storedQuote, storedRefundAmounts } from '../documents/stored-amounts.ts';
import { enqueueMessage, type MessageData } from '../outbox/outbox.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { settleManageToken } from '../billing/manage-link.ts';
import { invoiceCreditDocumentsOf } from '../billing/billing-mail.ts';
import type { PrepaidApplied } from '../billing/prepaid-month.ts';

/*
 * The messages an order's events write, and what each says, gathered in the event's own
 * transaction from the rows it has just written: the buyer's and staff's, for a payment, a late
 * payment refunded, days cancelled and notice given. The buyer's carry the order's manage
 * link, sealed in their row.
 */

type PaidOrder = MessageData['staff_order_paid']['order'];

/** A paid order as its messages name it; undefined for no such order. */
async function paidOrderOf(db: Db, orderId: string): Promise<PaidOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'office_name', 'service_type', 'quote', 'locale', 'paid_at', 'buyer_name', 'buyer_email', 'receipt_number', 'provider', 'payment_intent_id'])
    .select(sql<string>`booking_date::text`.as('booking_date'))
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.receipt_number || !row.paid_at) throw new Error('the order has no receipt yet');
  return {
    id: row.id,
    unitName: row.office_name,
    serviceType: row.service_type,
    quote: storedQuote(row.quote),
    startDate: row.booking_date,
    receiptNumber: row.receipt_number,
    paidAt: new Date(row.paid_at),
    buyer: { name: row.buyer_name, email: row.buyer_email, language: row.locale },
    payment: { provider: row.provider, reference: row.payment_intent_id },
  };
}

/** What a paid order's confirmation says, with its receipt; undefined for no such order. */
export async function orderPaidData(db: Db, orderId: string): Promise<MessageData['order_paid'] | undefined> {
  const order = await paidOrderOf(db, orderId);
  if (!order) return undefined;
  const receipt = await receiptOfOrder(db, orderId);
  if (!receipt) throw new Error('the receipt of the order cannot be made');
  return { order, receipt };
}

/** What a refund's messages say, with its credit note; undefined for no such order or refund. */
export async function orderRefundedData(db: Db, ids: { orderId: string; refundId: string }): Promise<MessageData['order_refunded'] | undefined> {
  const row = await db.selectFrom('refunds').select(['order_id', 'credit_note_number', 'amounts']).where('id', '=', ids.refundId).executeTakeFirst();
  const order = await paidOrderOf(db, ids.orderId);
  if (!row || !order) return undefined;
  if (row.order_id !== order.id) throw new Error('the refund is not one of the order’s');
  const creditNote = await creditNoteOfRefund(db, ids.refundId);
  if (!row.credit_note_number || !creditNote) throw new Error('the credit note of the refund cannot be made');
  return { order, refund: { creditNoteNumber: row.credit_note_number, amounts: storedRefundAmounts(row.amounts, order.quote) }, creditNote };
}

/** What a cancellation's messages say: its refund, and the days of the order still booked once its days are cancelled. */
export async function bookingCancelledData(db: Db, ids: { orderId: string; refundId: string }): Promise<MessageData['booking_cancelled'] | undefined> {
  const refunded = await orderRefundedData(db, ids);
  if (!refunded) return undefined;
  // A day pass holds no reservation: its one day is cancelled or it is not, and nothing is left.
  const booked = await db
    .selectFrom('reservations')
    .select(sql<string>`start_date::text`.as('day'))
    .where('order_id', '=', ids.orderId)
    .where('kind', '=', 'day')
    .where('status', '=', 'booked')
    .orderBy('start_date')
    .execute();
  return { ...refunded, stillBooked: booked.map((r) => r.day) };
}

/** What notice on a rental says: the day it was given and the rental's last day. */
export async function rentalNoticeData(db: Db, orderId: string, prepaid?: PrepaidApplied | null): Promise<MessageData['rental_notice_given'] | undefined> {
  const order = await paidOrderOf(db, orderId);
  if (!order) return undefined;
  const notice = await db
    .selectFrom('orders')
    .select([sql<string | null>`notice_given_on::text`.as('given_on'), sql<string | null>`rental_ends_on::text`.as('ends_on')])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (!notice.given_on || !notice.ends_on) throw new Error('the rental has no notice');
  const data = { order, notice: { givenOn: notice.given_on, endsOn: notice.ends_on } };
  // Said only when the notice is written (an earlier row's rendering does not know what was refunded then).
  if (prepaid === undefined) return data;
  if (prepaid !== null) {
    const creditNote = prepaid.surplusRefundId ? (await creditNoteOfRefund(db, prepaid.surplusRefundId))! : null;
    if (prepaid.creditIds.length === 0 && creditNote) return { ...data, lastMonth: { kind: 'refunded' as const, creditNote } };
    return { ...data, lastMonth: { kind: 'owed_paid' as const, owedPaid: await invoiceCreditDocumentsOf(db, prepaid.creditIds), creditNote } };
  }
  const rental = await db.selectFrom('rentals').select('prepaid_last_month_cents').where('order_id', '=', orderId).executeTakeFirst();
  return rental && rental.prepaid_last_month_cents > 0 ? { ...data, lastMonth: { kind: 'applied' as const } } : data;
}

const staff = { to: site.operations.email, language: site.operations.language };

/** The buyer's confirmation, carrying the receipt and the manage link, and staff's notice of the payment. */
export async function tellOrderPaid(trx: Db, keyring: BankingKeyring, orderId: string, manageToken: string, now: Date): Promise<void> {
  const data = (await orderPaidData(trx, orderId))!;
  const about = { orderId };
  if (data.order.buyer.email) {
    await enqueueMessage(trx, { kind: 'order_paid', to: data.order.buyer.email, language: data.order.buyer.language, about, data, secret: { keyring, text: manageToken } }, now);
  }
  await enqueueMessage(trx, { kind: 'staff_order_paid', ...staff, about, data: { order: data.order } }, now);
}

/** A payment that came after its booking went to someone else: the buyer's refund notice with its credit note, and staff's. */
export async function tellLatePaymentRefunded(trx: Db, ids: { orderId: string; refundId: string }, now: Date): Promise<void> {
  const data = (await orderRefundedData(trx, ids))!;
  if (data.order.buyer.email) await enqueueMessage(trx, { kind: 'order_refunded', to: data.order.buyer.email, language: data.order.buyer.language, about: ids, data }, now);
  await enqueueMessage(trx, { kind: 'staff_order_refunded', ...staff, about: ids, data: { order: data.order, refund: data.refund } }, now);
}

/** Days cancelled through the manage link (or by staff): the buyer's message with the credit note and the link, and staff's. */
export async function tellDaysCancelled(trx: Db, keyring: BankingKeyring, ids: { orderId: string; refundId: string }, now: Date): Promise<void> {
  const data = (await bookingCancelledData(trx, ids))!;
  if (data.order.buyer.email) {
    const token = await settleManageToken(trx, keyring, ids.orderId);
    await enqueueMessage(trx, { kind: 'booking_cancelled', to: data.order.buyer.email, language: data.order.buyer.language, about: ids, data, secret: { keyring, text: token } }, now);
  }
  await enqueueMessage(trx, { kind: 'staff_booking_cancelled', ...staff, about: ids, data: { order: data.order, refund: data.refund, stillBooked: data.stillBooked } }, now);
}

/** Notice given on a rental: the buyer's message with the manage link, and staff's. */
export async function tellNoticeGiven(trx: Db, keyring: BankingKeyring, orderId: string, prepaid: PrepaidApplied | null, now: Date): Promise<void> {
  const data = (await rentalNoticeData(trx, orderId, prepaid))!;
  const about = { orderId };
  if (data.order.buyer.email) {
    const token = await settleManageToken(trx, keyring, orderId);
    await enqueueMessage(trx, { kind: 'rental_notice_given', to: data.order.buyer.email, language: data.order.buyer.language, about, data, secret: { keyring, text: token } }, now);
  }
  await enqueueMessage(trx, { kind: 'staff_rental_notice_given', ...staff, about, data }, now);
}

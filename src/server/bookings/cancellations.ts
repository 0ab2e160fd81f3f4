import { sql, type Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../shared/contract/bookings.ts';
import type { Quote } from '../../shared/domain/pricing.ts';
import { cancellationRule, canCancelDay, dayCancellationDeadline, refundForDays, rentalEndsOn, type RefundAmounts } from '../../shared/domain/cancellation.ts';
import { productNames, productRule, type Product } from '../../shared/domain/products.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { nextDocumentNumber } from '../documents/numbers.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { tellDaysCancelled, tellNoticeGiven } from './order-mail.ts';
import { lockUnit } from '../reservations/unit-lock.ts';
import { setRentalEnd } from '../billing/rentals.ts';
import { lockRentalOfOrder } from '../billing/rental-locks.ts';
import { rentalBillingOfOrder } from '../billing/rental-view.ts';
import { paidAmounts, storedQuote, storedRefundAmounts } from '../documents/stored-amounts.ts';
import { problem, type Problem } from '../../shared/contract/problems.ts';
import type { OrdersTable, RefundsTable } from '../db/schema.ts';

/*
 * What a customer does with a paid order through its manage link: cancel booked days (each
 * refunded under the policy of cancellation.ts) or give notice on a rental. Each is one
 * transaction under the unit's lock, with its messages in the outbox: the days are free again
 * the moment it commits. The refund is asked of the provider after that (refunds.ts).
 */

/** Everything of an order these read, as stored. */
type OrderRow = Pick<
  Selectable<OrdersTable>,
  | 'id'
  | 'office_id'
  | 'product'
  | 'service_type'
  | 'office_name'
  | 'status'
  | 'refund_reason'
  | 'quote'
  | 'booking_date'
  | 'locale'
  | 'paid_at'
  | 'buyer_name'
  | 'buyer_email'
  | 'receipt_number'
  | 'notice_given_on'
  | 'rental_ends_on'
  | 'notice_key'
>;

/** A refund of the order, with what it gives back read through its schema. */
type RefundRow = Pick<Selectable<RefundsTable>, 'id' | 'status' | 'credit_note_number' | 'idempotency_key' | 'created_at'> & { amounts: RefundAmounts };

async function loadOrder(db: Db, orderId: string, lock: boolean): Promise<OrderRow | undefined> {
  let q = db
    .selectFrom('orders')
    .select(['id', 'office_id', 'product', 'service_type', 'office_name', 'status', 'refund_reason', 'quote', 'locale', 'paid_at', 'buyer_name', 'buyer_email', 'receipt_number', 'notice_key'])
    .select([
      sql<string>`booking_date::text`.as('booking_date'),
      sql<string | null>`notice_given_on::text`.as('notice_given_on'),
      sql<string | null>`rental_ends_on::text`.as('rental_ends_on'),
    ])
    .where('id', '=', orderId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

async function loadRefunds(db: Db, orderId: string, quote: Quote): Promise<RefundRow[]> {
  const rows = await db
    .selectFrom('refunds')
    .select(['id', 'status', 'amounts', 'credit_note_number', 'idempotency_key', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, amounts: storedRefundAmounts(r.amounts, quote) }));
}

function productOf(order: Pick<OrderRow, 'product'>): Product {
  if (!(productNames as readonly string[]).includes(order.product)) throw new Error(`order of an unknown product: ${order.product}`);
  return order.product as Product;
}

/** The days of an order refunds have given back. */
function refundedDates(refunds: readonly { amounts: RefundAmounts }[]): Set<IsoDate> {
  return new Set(refunds.flatMap((r) => r.amounts.lines.flatMap((l) => (l.item === 'day' && l.date ? [l.date] : []))));
}

/** The booking as its manage page shows it, at `now`; undefined for an order never paid. */
export async function bookingViewOf(db: Db, orderId: string, now: Date): Promise<BookingView | undefined> {
  const order = await loadOrder(db, orderId, false);
  if (!order?.paid_at || !order.receipt_number) return undefined;
  const product = productOf(order);
  const quote = storedQuote(order.quote);
  const refunds = await loadRefunds(db, orderId, quote);
  const rule = cancellationRule(product, order.service_type);
  const gone = refundedDates(refunds);
  const days =
    rule.kind === 'by_day'
      ? quote.dates.map((date) => ({
          date,
          status: gone.has(date) ? ('cancelled' as const) : ('booked' as const),
          cancellableUntil: dayCancellationDeadline(rule, date).toISOString(),
        }))
      : [];
  const cancelledDays = days.filter((d) => d.status === 'cancelled').length;
  const state =
    order.refund_reason === 'paid_after_taken'
      ? 'not_booked'
      : days.length > 0 && cancelledDays === days.length
        ? 'cancelled'
        : cancelledDays > 0
          ? 'partly_cancelled'
          : 'paid';
  const hours = productRule(product).hours;
  return {
    reference: order.receipt_number,
    officeName: order.office_name,
    serviceType: order.service_type,
    product,
    language: order.locale,
    state,
    refund: refunds.length === 0 ? 'none' : refunds.some((r) => r.status === 'pending') ? 'pending' : 'refunded',
    buyerName: order.buyer_name ?? '',
    paidAt: new Date(order.paid_at).toISOString(),
    startDate: order.booking_date,
    hours: hours && quote.dates.length > 0 ? { ...hours } : null,
    paid: paidAmounts(quote),
    days,
    refunds: refunds.map((r) => ({
      creditNote: r.credit_note_number,
      status: r.status === 'succeeded' ? ('refunded' as const) : ('pending' as const),
      createdAt: new Date(r.created_at).toISOString(),
      amounts: r.amounts,
    })),
    policy: rule,
    notice: order.notice_given_on && order.rental_ends_on ? { givenOn: order.notice_given_on, endsOn: order.rental_ends_on } : null,
    endsIfNoticeToday: rule.kind === 'notice' && !order.notice_given_on && !order.rental_ends_on && state === 'paid' ? rentalEndsOn(rule, order.booking_date, spaceToday(now)) : null,
    billing: await rentalBillingOfOrder(db, orderId, now),
    checkedAt: now.toISOString(),
  };
}

/**
 * A rental's unit is free from the day after its last one: its booking ends then, and the list
 * shows it available from that day. In the transaction that holds the unit's lock.
 */
export async function freeUnitAfter(trx: Db, rental: { orderId: string; unitId: number }, lastDay: IsoDate, now: Date): Promise<void> {
  const freeFrom = addDays(lastDay, 1);
  await trx.updateTable('reservations').set({ end_date: freeFrom }).where('order_id', '=', rental.orderId).where('kind', '=', 'rental').where('status', '=', 'booked').execute();
  await trx.updateTable('offices').set({ next_available_date: freeFrom, updated_at: now }).where('id', '=', rental.unitId).where('is_available', '=', false).execute();
}

/** Why a request to cancel or give notice is refused, and how the customer is told. */
export type ManageRefusal = {
  kind: 'refused';
  /** already: the end state asked for holds already; too_late: past the policy's deadline. */
  reason: 'already' | 'too_late' | 'not_online' | 'not_booked' | 'not_a_day' | 'key_reused';
  problem: Problem;
};

export type CancelResult = { kind: 'cancelled'; refundId: string; replay: boolean } | ManageRefusal;

/** What else a cancellation records in its own transaction (staff's audit row), once it is decided. */
export type AlsoOnCancel = (trx: Db, cancelled: { dates: IsoDate[]; refundId: string; creditNote: string; amountCents: number }) => Promise<void>;

const refuse = (reason: ManageRefusal['reason'], why: Problem): ManageRefusal => ({ kind: 'refused', reason, problem: why });

/** Whether a refund asked for these days, under this key, is the one asked again. */
const sameDays = (amounts: RefundAmounts, dates: readonly IsoDate[]) => {
  const own = amounts.lines.map((l) => l.date).sort();
  const asked = [...new Set(dates)].sort();
  return own.length === asked.length && own.every((d, i) => d === asked[i]);
};

/**
 * Cancels booked days of a paid order and decides their refund, in one transaction: the days
 * stop being booked (the calendar offers them again as soon as it commits), a refund row with
 * its credit-note number records the money owed, and the customer and staff messages are written.
 * Under the unit's lock and the order's row lock, so a double tap, two tabs or two instances
 * cancel once: the same Idempotency-Key finds its own refund again; another key finds the days
 * already cancelled. Staff cancel through here too, under the same policy.
 */
export async function cancelDays(db: Db, keyring: BankingKeyring, orderId: string, dates: readonly IsoDate[], key: string, now: Date, also?: AlsoOnCancel): Promise<CancelResult> {
  return db.transaction().execute(async (trx): Promise<CancelResult> => {
    const unit = await trx.selectFrom('orders').select('office_id').where('id', '=', orderId).executeTakeFirst();
    if (!unit) return refuse('not_booked', problem('no_booking'));
    await lockUnit(trx, unit.office_id);
    const order = (await loadOrder(trx, orderId, true))!;
    const quote = storedQuote(order.quote);
    const refunds = await loadRefunds(trx, orderId, quote);
    const mine = refunds.find((r) => r.idempotency_key === key);
    if (mine) {
      return sameDays(mine.amounts, dates)
        ? { kind: 'cancelled', refundId: mine.id, replay: true }
        : refuse('key_reused', problem('cancel_key_reused'));
    }
    // Staff can name any order; a manage link exists only for a paid one.
    if (!order.paid_at) return refuse('not_booked', problem('order_never_paid'));
    if (order.refund_reason === 'paid_after_taken') return refuse('not_booked', problem('paid_after_taken'));
    const rule = cancellationRule(productOf(order), order.service_type);
    if (rule.kind !== 'by_day') {
      return refuse('not_online', problem(rule.kind === 'notice' ? 'rental_not_cancelled' : 'lease_not_cancelled_online'));
    }
    const gone = refundedDates(refunds);
    const asked = [...new Set(dates)].sort();
    const foreign = asked.filter((d) => !quote.dates.includes(d));
    if (foreign.length > 0) return refuse('not_a_day', problem('days_not_in_booking', { dates: foreign }));
    const open = asked.filter((d) => !gone.has(d));
    if (open.length === 0) return refuse('already', problem('already_cancelled', { dates: asked }));
    if (open.length < asked.length) return refuse('already', problem('some_already_cancelled', { dates: asked.filter((d) => gone.has(d)) }));
    const late = asked.filter((d) => !canCancelDay(rule, d, now));
    if (late.length > 0) {
      return refuse('too_late', problem('too_late_to_cancel', { dates: late, hours: rule.hoursBefore }));
    }

    const amounts = refundForDays(quote, refunds.map((r) => r.amounts), asked);
    await trx
      .updateTable('reservations')
      .set({ status: 'cancelled', cancelled_at: now })
      .where('order_id', '=', orderId)
      .where('kind', '=', 'day')
      .where('status', '=', 'booked')
      .where(sql<boolean>`start_date::text in (${sql.join(asked)})`)
      .execute();
    const refundId = randomUUID();
    const creditNote = await nextDocumentNumber(trx, 'credit_note', Number(spaceToday(now).slice(0, 4)));
    await trx
      .insertInto('refunds')
      .values({
        id: refundId,
        order_id: orderId,
        amount_cents: amounts.total,
        reason: 'cancelled',
        status: 'pending',
        amounts: JSON.stringify(amounts),
        idempotency_key: key,
        next_attempt_at: now,
        created_at: now,
        credit_note_number: creditNote,
      })
      .execute();
    if (gone.size + asked.length === quote.dates.length) {
      await trx.updateTable('orders').set({ status: 'refund_pending', refund_reason: 'cancelled' }).where('id', '=', orderId).execute();
    }
    await tellDaysCancelled(trx, keyring, { orderId, refundId }, now);
    await also?.(trx, { dates: asked, refundId, creditNote, amountCents: amounts.total });
    return { kind: 'cancelled', refundId, replay: false };
  });
}

export type NoticeResult = { kind: 'given'; endsOn: IsoDate; freesUnit: boolean; replay: boolean } | ManageRefusal;

/**
 * Records notice on a rental: the day it was given (at the space) and the rental's last day under
 * the policy. A rented unit's booking now ends then, so the list shows when it frees up (its
 * 'Lease End' date) and the unit can be rented again from the day after.
 */
export async function giveNotice(db: Db, keyring: BankingKeyring, orderId: string, key: string, now: Date): Promise<NoticeResult> {
  return db.transaction().execute(async (trx): Promise<NoticeResult> => {
    const unit = await trx.selectFrom('orders').select('office_id').where('id', '=', orderId).executeTakeFirst();
    if (!unit) return refuse('not_booked', problem('no_booking'));
    await lockUnit(trx, unit.office_id);
    // The rental's rows before the order's (billing/rental-locks.ts): the round holds them in that order.
    const held = await lockRentalOfOrder(trx, orderId);
    const order = (await loadOrder(trx, orderId, true))!;
    const product = productOf(order);
    const rentsUnit = productRule(product).rentsUnit;
    if (order.notice_given_on && order.rental_ends_on) {
      if (order.notice_key === key) return { kind: 'given', endsOn: order.rental_ends_on, freesUnit: rentsUnit, replay: true };
      return refuse('already', problem('notice_already_given', { givenOn: order.notice_given_on, endsOn: order.rental_ends_on }));
    }
    // Ended at once by staff: its last day is set, without notice.
    if (order.status !== 'paid' || order.rental_ends_on) return refuse('not_booked', problem('not_an_active_rental'));
    const rule = cancellationRule(product, order.service_type);
    if (rule.kind !== 'notice') {
      return refuse('not_online', problem(rule.kind === 'by_day' ? 'day_not_given_notice' : 'lease_not_ended_online'));
    }
    const givenOn = spaceToday(now);
    const endsOn = rentalEndsOn(rule, order.booking_date, givenOn);
    await trx.updateTable('orders').set({ notice_given_on: givenOn, rental_ends_on: endsOn, notice_key: key }).where('id', '=', orderId).execute();
    const prepaid = await setRentalEnd(trx, orderId, endsOn, held?.invoiceIds ?? [], now);
    if (rentsUnit) await freeUnitAfter(trx, { orderId, unitId: order.office_id }, endsOn, now);
    await tellNoticeGiven(trx, keyring, orderId, prepaid, now);
    return { kind: 'given', endsOn, freesUnit: rentsUnit, replay: false };
  });
}

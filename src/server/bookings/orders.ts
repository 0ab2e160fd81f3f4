import { sql } from 'kysely';
import { createHash, randomUUID } from 'node:crypto';
import { dayPassOfficeId } from '../../shared/contract/checkout.ts';
import type { OrderStatus } from '../../shared/contract/orders.ts';
import type { Quote } from '../../shared/domain/pricing.ts';
import { unitRentingProducts } from '../../shared/domain/products.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { nextDocumentNumber } from '../documents/numbers.ts';
import type { PaymentEvent, SavedCard } from '../payments/provider.ts';
import { startRental } from '../billing/rentals.ts';
import { keepOfferForCheckout, settleClaim } from '../waitlist/unit-offers.ts';
import { lockUnit, releaseExpiredHolds } from '../reservations/unit-lock.ts';
import { storedQuote } from '../documents/stored-amounts.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { settleManageToken } from '../billing/manage-link.ts';
import { tellLatePaymentRefunded, tellOrderPaid } from './order-mail.ts';
import { takesItsDays } from '../reservations/takes-days.ts';

/** Stripe refuses a session that expires in under 30 minutes; a minute more absorbs the round trip. */
export const checkoutSessionMinutes = 31;
/** A hold outlives its session a little, so a payment made in the last second is never sold twice. */
export const holdGraceMinutes = 5;

/** The fields of an inventory unit that booking it needs. */
export interface Unit {
  id: number;
  office_id: string;
  service_code: string | null;
  name: string;
  service_type: string;
  is_available: boolean;
  base_monthly_rate: string | null;
}

/** A unit on offer (not retired) by the officeId of SPEC.md §7 call 1: 'daypass', an office_id, a service_code or the numeric id. */
export async function findUnit(db: Db, code: string): Promise<Unit | undefined> {
  let q = db
    .selectFrom('offices')
    .select(['id', 'office_id', 'service_code', 'name', 'service_type', 'is_available', sql<string | null>`base_monthly_rate::text`.as('base_monthly_rate')])
    .where('retired_at', 'is', null);
  if (code === dayPassOfficeId) {
    q = q.where('service_type', '=', 'day_pass');
  } else {
    const numeric = /^\d{1,9}$/.test(code) ? Number(code) : -1;
    q = q.where((eb) => eb.or([eb('office_id', '=', code), eb('service_code', '=', code), eb('id', '=', numeric)]));
  }
  // An exact office_id wins over a service_code or id that happens to look the same.
  return q.orderBy(sql`case when office_id = ${code} then 0 else 1 end`).orderBy('id').limit(1).executeTakeFirst();
}

/** What an order is for, as written when it is placed and read back when it is paid or looked up. */
interface OrderFacts {
  id: string;
  unitName: string;
  serviceType: string;
  quote: Quote;
  bookingDate: IsoDate;
  locale: 'en' | 'fr';
  successUrl: string;
  cancelUrl: string;
}

export interface NewOrder extends OrderFacts {
  provider: 'stripe' | 'test';
  unitId: number;
  /** Who placed it (clientKeyOf): the cap on unpaid holds counts per client. */
  clientKey: string;
  /** How many checkouts holding days or a unit a client may have waiting for payment. */
  maxUnpaidHolds: number;
  /**
   * What the order holds: each day, a rental from its first day on, or nothing (day pass,
   * mailbox); or, placed through a waitlist claim link, the offer's own hold (kept open for it).
   */
  hold: { kind: 'day'; dates: IsoDate[] } | { kind: 'rental'; from: IsoDate } | { kind: 'none' } | { kind: 'offer'; offerId: string };
  now: Date;
  sessionExpiresAt: Date;
}

/** The first key of the advisory locks that make one client's checkouts take turns. */
const clientLockSpace = 7302;

/** What orders remember of the client that placed them: a hash of its address, never the address. */
export function clientKeyOf(address: string): string {
  return createHash('sha256').update(`client:${address}`).digest('hex').slice(0, 32);
}

/** Which order: by the provider's session id, or by our own id. */
type OrderKey = { sessionId: string } | { orderId: string };
const whereOrder = (key: OrderKey) => ('sessionId' in key ? sql<boolean>`session_id = ${key.sessionId}` : sql<boolean>`id = ${key.orderId}`);

/** The unit an order holds days or a rental of: it never changes, so it is read without a lock. */
async function unitOfOrder(db: Db, key: OrderKey): Promise<number | undefined> {
  return (await db.selectFrom('orders').select('office_id').where(whereOrder(key)).executeTakeFirst())?.office_id;
}

export type PlaceResult = { kind: 'placed' } | { kind: 'already_booked' } | { kind: 'hold_cap'; retryAfterSeconds: number } | { kind: 'retired' } | { kind: 'offer_closed' };

/**
 * Whether the unit was retired, read in the order's transaction. FOR KEY SHARE waits for a
 * retirement in progress (retireUnit locks the row FOR UPDATE) and then reads what it committed;
 * a retirement that starts after waits for this order instead. Checkouts of one unit do not
 * wait on each other for it (a day pass is one unit for everyone).
 */
async function isRetired(trx: Db, unitId: number): Promise<boolean> {
  const row = await trx.selectFrom('offices').select('retired_at').where('id', '=', unitId).forKeyShare().executeTakeFirst();
  return !row || row.retired_at !== null;
}

function isConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // 23P01: the exclusion constraint; 23505: a unique index.
  return code === '23P01' || code === '23505';
}

/**
 * Writes the order and its holds in one transaction, so either both exist or neither does.
 * The database's exclusion constraint decides between two visitors who want the same days; a
 * client already holding its share of unpaid checkouts is refused, so no one can hoard.
 */
export async function placeOrder(db: Db, order: NewOrder): Promise<PlaceResult> {
  const holdUntil = new Date(order.sessionExpiresAt.getTime() + holdGraceMinutes * 60_000);
  const offerId = order.hold.kind === 'offer' ? order.hold.offerId : null;
  const insertOrder = sql`insert into orders (id, provider, office_id, product, rental_type, office_name, service_type, total_cents, quote,
      booking_date, locale, success_url, cancel_url, status, expires_at, created_at, client_key, waitlist_offer_id)
    values (${order.id}, ${order.provider}, ${order.unitId}, ${order.quote.product}, ${order.quote.rentalType}, ${order.unitName},
      ${order.serviceType}, ${order.quote.total}, ${JSON.stringify(order.quote)}::jsonb, ${order.bookingDate}::date, ${order.locale},
      ${order.successUrl}, ${order.cancelUrl}, 'pending', ${order.sessionExpiresAt}, ${order.now}, ${order.clientKey}, ${offerId})
    returning id`;
  const rows =
    order.hold.kind === 'day'
      ? order.hold.dates.map((d) => sql`(${d}::date, ${d}::date + 1)`)
      : order.hold.kind === 'rental'
        ? [sql`(${order.hold.from}::date, null::date)`]
        : [];
  try {
    return await db.transaction().execute(async (trx): Promise<PlaceResult> => {
      if (offerId !== null) {
        // The unit is held for this person by their offer: it holds it for the checkout too.
        await lockUnit(trx, order.unitId);
        if (await isRetired(trx, order.unitId)) return { kind: 'retired' };
        if (!(await keepOfferForCheckout(trx, offerId, holdUntil, order.now))) return { kind: 'offer_closed' };
        await insertOrder.execute(trx);
        return { kind: 'placed' };
      }
      if (rows.length === 0) {
        // The checkout found the unit on sale a moment ago; staff may have retired it since.
        if (await isRetired(trx, order.unitId)) return { kind: 'retired' };
        await insertOrder.execute(trx);
        return { kind: 'placed' };
      }
      // One client's checkouts take turns, so two at once cannot both slip under the cap.
      await sql`select pg_advisory_xact_lock(${clientLockSpace}, hashtext(${order.clientKey}))`.execute(trx);
      const unpaid = await sql<{ holds: number; first_lapse: Date | null }>`
        select count(distinct o.id)::int as holds, min(r.expires_at) as first_lapse
        from orders o join reservations r on r.order_id = o.id
        where o.client_key = ${order.clientKey} and o.status = 'pending' and r.status = 'held' and r.expires_at > ${order.now}`.execute(trx);
      const { holds, first_lapse } = unpaid.rows[0] ?? { holds: 0, first_lapse: null };
      if (holds >= order.maxUnpaidHolds) {
        const lapse = first_lapse ? new Date(first_lapse).getTime() : order.now.getTime() + 60_000;
        return { kind: 'hold_cap', retryAfterSeconds: Math.max(1, Math.ceil((lapse - order.now.getTime()) / 1000)) };
      }
      // Checkouts for one unit take turns. Without this, many visitors inserting at once wait on
      // each other's unfinished rows inside the constraint check, and PostgreSQL needs a second
      // per deadlock to break each cycle. The constraint below still decides who wins.
      await lockUnit(trx, order.unitId);
      // retireUnit takes the same lock: a checkout that read the unit before its retirement places no hold after it.
      if (await isRetired(trx, order.unitId)) return { kind: 'retired' };
      await releaseExpiredHolds(trx, order.unitId, order.now);
      await sql`with o as (${insertOrder})
        insert into reservations (order_id, office_id, kind, start_date, end_date, status, expires_at, created_at)
        select o.id, ${order.unitId}, ${order.hold.kind}, v.start_date, v.end_date, 'held', ${holdUntil}, ${order.now}
        from o, (values ${sql.join(rows)}) as v(start_date, end_date)`.execute(trx);
      return { kind: 'placed' };
    });
  } catch (err) {
    if (isConflict(err)) return { kind: 'already_booked' };
    throw err;
  }
}

export async function attachSession(db: Db, orderId: string, session: { id: string; url: string }): Promise<void> {
  await db.updateTable('orders').set({ session_id: session.id, checkout_url: session.url }).where('id', '=', orderId).execute();
}

/** Ends a pending order and frees what it held, under its unit's lock, inside the caller's transaction. */
async function endPendingOrder(trx: Db, key: OrderKey, status: 'failed' | 'expired' | 'cancelled'): Promise<void> {
  const unitId = await unitOfOrder(trx, key);
  if (unitId === undefined) return;
  await lockUnit(trx, unitId);
  await sql`with o as (update orders set status = ${status} where ${whereOrder(key)} and status = 'pending' returning id)
    update reservations set status = 'released' from o where reservations.order_id = o.id and reservations.status = 'held'`.execute(trx);
}

/** The provider could not start a session: the order fails and its holds free the days at once. */
export async function failOrder(db: Db, orderId: string): Promise<void> {
  await db.transaction().execute((trx) => endPendingOrder(trx, { orderId }, 'failed'));
}

export type ConfirmResult = 'confirmed' | 'already_applied' | 'unknown_session' | 'paid_but_taken';

/** A payment as the provider reports it: its id (to refund it by), who paid, as the checkout collected them, and the card it kept for a rental. */
export interface Payment {
  paymentIntentId: string | null;
  buyer: { name: string; email: string } | null;
  /** Absent or null: no card kept (a day product, or a provider that kept none). */
  savedCard?: SavedCard | null;
}

/**
 * Payment received (Stripe's webhook or the test checkout's Pay): the order is paid, its holds
 * become bookings and a rented unit leaves the list of available units. Run inside the caller's
 * transaction, applied once: a second call finds the order already paid and changes nothing.
 *
 * The caller drops the cached unit list once its transaction commits.
 *
 * A payment that arrives after its hold lapsed and the days (or the unit) went to someone else
 * books nothing: the order becomes refund_pending with a refund row, and the refund is asked
 * of the provider once this transaction has committed (settleRefund).
 */
export async function confirmOrder(trx: Db, sessionId: string, now: Date, payment: Payment, keyring: BankingKeyring): Promise<ConfirmResult> {
  const unitId = await unitOfOrder(trx, { sessionId });
  if (unitId === undefined) return 'unknown_session';
  // The same turn-taking as placing a hold: nobody can take these days while this decides.
  await lockUnit(trx, unitId);
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'status', 'office_id', 'office_name', 'service_type', 'quote', 'provider', 'product', 'total_cents', 'locale', 'buyer_name', 'buyer_email', 'waitlist_offer_id', sql<string>`booking_date::text`.as('booking_date')])
    .where('session_id', '=', sessionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (order.status !== 'pending' && order.status !== 'expired') return 'already_applied';
  await releaseExpiredHolds(trx, order.office_id, now);
  const paymentIntentId = payment.paymentIntentId;
  const buyer = payment.buyer ?? (order.buyer_email ? { name: order.buyer_name ?? '', email: order.buyer_email } : null);
  // Money came in: it gets a receipt, numbered in this transaction (gapless, per year at the space).
  const receiptNumber = await nextDocumentNumber(trx, 'receipt', Number(spaceToday(now).slice(0, 4)));
  await trx
    .updateTable('orders')
    .set({ receipt_number: receiptNumber, ...(buyer ? { buyer_name: buyer.name, buyer_email: buyer.email } : {}) })
    .where('id', '=', order.id)
    .execute();
  // Its private link comes with the receipt: the confirmation and the success page show this one.
  const manageToken = await settleManageToken(trx, keyring, order.id);
  // A unit retired while this order waited for payment (retireUnit takes the unit's lock, held
  // here): a hold placed before the retirement that still stands keeps its payment valid, since
  // the customer paid for a unit that was on sale when they chose it, and staff settle it as
  // any booking of the unit. Once the hold has lapsed, though, the payment books a unit no
  // longer offered: it is refunded as a payment for days taken.
  const retired = await isRetired(trx, order.office_id);
  const lapsed =
    retired &&
    (order.status === 'expired' ||
      (await trx.selectFrom('reservations').select('order_id').where('order_id', '=', order.id).where('status', '=', 'released').executeTakeFirst()) !== undefined);
  // Placed through a waitlist claim link, the order holds nothing of its own: its offer held the
  // unit. Claimed in time (or the unit back on sale, free), it books the unit like any rental.
  // An order that rents the unit yet holds nothing of its own came through a claim link, even
  // when its offer is gone since (deleted with its entry, on request).
  const rentsUnit = (unitRentingProducts as readonly string[]).includes(order.product);
  const holdsNothing = rentsUnit && (await trx.selectFrom('reservations').select('id').where('order_id', '=', order.id).executeTakeFirst()) === undefined;
  let claimTooLate = false;
  if (order.waitlist_offer_id !== null || holdsNothing) {
    const claim = await settleClaim(trx, { id: order.id, offerId: order.waitlist_offer_id, unitId: order.office_id, from: order.booking_date }, now);
    claimTooLate = claim === 'taken';
    if (!claimTooLate) {
      await sql`insert into reservations (order_id, office_id, kind, start_date, end_date, status, expires_at, created_at)
        values (${order.id}, ${order.office_id}, 'rental', ${order.booking_date}::date, null, 'held', ${now}, ${now})`.execute(trx);
    }
  }
  const taken = await sql<{ n: number }>`select count(*)::int as n from reservations mine join reservations other
      on other.office_id = mine.office_id and other.order_id is distinct from mine.order_id
      and daterange(other.start_date, other.end_date, '[)') && daterange(mine.start_date, mine.end_date, '[)')
      and ${takesItsDays(now, 'other')}
    where mine.order_id = ${order.id}`.execute(trx);
  if ((taken.rows[0]?.n ?? 0) > 0 || lapsed || claimTooLate) {
    await trx
      .updateTable('orders')
      .set({ status: 'refund_pending', paid_at: now, payment_intent_id: paymentIntentId, refund_reason: 'paid_after_taken' })
      .where('id', '=', order.id)
      .execute();
    await trx.updateTable('reservations').set({ status: 'released' }).where('order_id', '=', order.id).where('status', '=', 'held').execute();
    const refundId = randomUUID();
    const creditNote = await nextDocumentNumber(trx, 'credit_note', Number(spaceToday(now).slice(0, 4)));
    await trx
      .insertInto('refunds')
      .values({ id: refundId, order_id: order.id, amount_cents: order.total_cents, reason: 'paid_after_taken', status: 'pending', next_attempt_at: now, created_at: now, credit_note_number: creditNote })
      .execute();
    await tellLatePaymentRefunded(trx, { orderId: order.id, refundId }, now);
    return 'paid_but_taken';
  }
  await trx.updateTable('orders').set({ status: 'paid', paid_at: now, payment_intent_id: paymentIntentId }).where('id', '=', order.id).execute();
  await trx.updateTable('reservations').set({ status: 'booked', expires_at: null }).where('order_id', '=', order.id).where('status', 'in', ['held', 'released']).execute();
  if (rentsUnit) {
    await trx.updateTable('offices').set({ is_available: false, next_available_date: null, updated_at: now }).where('id', '=', order.office_id).execute();
  }
  await startRental(
    trx,
    {
      id: order.id,
      unitId: order.office_id,
      unitName: order.office_name,
      serviceType: order.service_type,
      quote: storedQuote(order.quote),
      startDate: order.booking_date,
      provider: order.provider,
      customer: { name: buyer?.name ?? '', email: buyer?.email ?? '', language: order.locale },
    },
    payment.savedCard ?? null,
    now,
  );
  await tellOrderPaid(trx, keyring, order.id, manageToken, now);
  return 'confirmed';
}

/**
 * A provider's event, recorded and applied in one transaction: a redelivered event (even two
 * deliveries at once) finds its id taken and changes nothing.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent, now: Date, keyring: BankingKeyring): Promise<'applied' | 'duplicate' | ConfirmResult> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('payment_events')
      .values({ id: event.id, type: event.type, session_id: event.sessionId, received_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate' as const;
    if (event.sessionId && event.action === 'confirm') return confirmOrder(trx, event.sessionId, now, { paymentIntentId: event.paymentIntentId, buyer: event.buyer, savedCard: event.savedCard ?? null }, keyring);
    if (event.sessionId && event.action === 'expire') await endPendingOrder(trx, { sessionId: event.sessionId }, 'expired');
    return 'applied' as const;
  });
}

/** The visitor cancelled on the checkout page: the order ends and its holds free the days. */
export async function cancelOrder(db: Db, sessionId: string): Promise<void> {
  await db.transaction().execute((trx) => endPendingOrder(trx, { sessionId }, 'cancelled'));
}

export interface StoredOrder extends OrderFacts {
  sessionId: string;
  status: OrderStatus;
  expiresAt: Date;
  refundReason: 'paid_after_taken' | 'cancelled' | null;
  receiptNumber: string | null;
}

/** An order's status now: a pending order whose checkout's time is up is over, even before the provider says so. */
export function currentStatus(order: Pick<StoredOrder, 'status' | 'expiresAt'>, now: Date): OrderStatus {
  return order.status === 'pending' && order.expiresAt <= now ? 'expired' : order.status;
}

export async function findOrderBySession(db: Db, sessionId: string): Promise<StoredOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'session_id', 'status', 'office_name', 'service_type', 'quote', 'locale', 'success_url', 'cancel_url', 'expires_at', 'refund_reason', 'receipt_number'])
    .select(sql<string>`booking_date::text`.as('booking_date'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  if (!row || !row.session_id) return undefined;
  return {
    id: row.id,
    sessionId: row.session_id,
    status: row.status,
    unitName: row.office_name,
    serviceType: row.service_type,
    quote: storedQuote(row.quote),
    bookingDate: row.booking_date,
    locale: row.locale,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    expiresAt: new Date(row.expires_at),
    refundReason: row.refund_reason,
    receiptNumber: row.receipt_number,
  };
}

/**
 * The dates of a unit, between two dates inclusive, that an active hold or a booking takes: a
 * rental takes every day from its start.
 */
export async function bookedDates(db: Db, unitId: number, startDate: IsoDate, endDate: IsoDate, now: Date): Promise<IsoDate[]> {
  const rows = await db
    .selectFrom('reservations')
    .select([sql<string>`start_date::text`.as('start_date'), sql<string | null>`end_date::text`.as('end_date')])
    .where('office_id', '=', unitId)
    .where(takesItsDays(now))
    .where(sql<boolean>`daterange(start_date, end_date, '[)') && daterange(${startDate}::date, ${endDate}::date + 1, '[)')`)
    .execute();
  const dates = new Set<IsoDate>();
  for (const r of rows) {
    const from = r.start_date > startDate ? r.start_date : startDate;
    const until = r.end_date === null ? endDate : addDays(r.end_date, -1) < endDate ? addDays(r.end_date, -1) : endDate;
    for (let d = from; d <= until; d = addDays(d, 1)) dates.add(d);
  }
  return [...dates].sort();
}

/** SPEC.md §7 call 2: the dates of a unit that holds and bookings take, or undefined for no such unit. */
export async function unitBookedDates(db: Db, code: string, startDate: IsoDate, endDate: IsoDate, now: Date): Promise<IsoDate[] | undefined> {
  const unit = await findUnit(db, code);
  if (!unit) return undefined;
  return bookedDates(db, unit.id, startDate, endDate, now);
}

/** Orders ever paid, a refunded one too (GET /metrics): every instance's, as the database has them. */
export async function paidOrderCount(db: Db): Promise<number> {
  const row = await db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).where('paid_at', 'is not', null).executeTakeFirstOrThrow();
  return row.n;
}

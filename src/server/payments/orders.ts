import { sql } from 'kysely';
import type { Quote } from '../../shared/domain/pricing.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import type { OrderStatus } from '../../shared/contract/checkout.ts';
import type { Db } from '../db/database.ts';
import { invalidateOfficesList } from '../routes/offices.ts';

/** Stripe refuses a session that expires in under 30 minutes; a minute more absorbs the round trip. */
export const checkoutSessionMinutes = 31;
/** A hold outlives its session a little, so a payment made in the last second is never sold twice. */
export const holdGraceMinutes = 5;

/** What an order is for, as written when it is placed and read back when it is paid or looked up. */
interface OrderFacts {
  id: string;
  officeName: string;
  serviceType: string;
  quote: Quote;
  bookingDate: IsoDate;
  locale: 'en' | 'fr';
  successUrl: string;
  cancelUrl: string;
}

export interface NewOrder extends OrderFacts {
  provider: 'stripe' | 'test';
  officeId: number;
  /** What the order holds: each day, a rental from its first day on, or nothing (day pass, mailbox). */
  hold: { kind: 'day'; dates: IsoDate[] } | { kind: 'rental'; from: IsoDate } | { kind: 'none' };
  now: Date;
  sessionExpiresAt: Date;
}

/** The first key of the advisory locks that make checkouts for one unit take turns. */
const reservationLockSpace = 7301;

function isConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // 23P01: the exclusion constraint; 23505: a unique index.
  return code === '23P01' || code === '23505';
}

/**
 * Writes the order and its holds in one transaction, so either both exist or neither does.
 * The database's exclusion constraint decides between two visitors who want the same days.
 */
export async function placeOrder(db: Db, order: NewOrder): Promise<'placed' | 'already_booked'> {
  const holdUntil = new Date(order.sessionExpiresAt.getTime() + holdGraceMinutes * 60_000);
  const insertOrder = sql`insert into orders (id, provider, office_id, product, rental_type, office_name, service_type, total_cents, quote,
      booking_date, locale, success_url, cancel_url, status, expires_at, created_at)
    values (${order.id}, ${order.provider}, ${order.officeId}, ${order.quote.product}, ${order.quote.rentalType}, ${order.officeName},
      ${order.serviceType}, ${order.quote.total}, ${JSON.stringify(order.quote)}::jsonb, ${order.bookingDate}::date, ${order.locale},
      ${order.successUrl}, ${order.cancelUrl}, 'pending', ${order.sessionExpiresAt}, ${order.now})
    returning id`;
  const rows =
    order.hold.kind === 'day'
      ? order.hold.dates.map((d) => sql`(${d}::date, ${d}::date + 1)`)
      : order.hold.kind === 'rental'
        ? [sql`(${order.hold.from}::date, null::date)`]
        : [];
  try {
    await db.transaction().execute(async (trx) => {
      // Checkouts for one unit take turns. Without this, many visitors inserting at once wait on
      // each other's unfinished rows inside the constraint check, and PostgreSQL needs a second
      // per deadlock to break each cycle. The constraint below still decides who wins.
      await sql`select pg_advisory_xact_lock(${reservationLockSpace}, ${order.officeId})`.execute(trx);
      if (rows.length === 0) {
        await insertOrder.execute(trx);
      } else {
        await sql`with o as (${insertOrder})
          insert into reservations (order_id, office_id, kind, start_date, end_date, status, expires_at, created_at)
          select o.id, ${order.officeId}, ${order.hold.kind}, v.start_date, v.end_date, 'held', ${holdUntil}, ${order.now}
          from o, (values ${sql.join(rows)}) as v(start_date, end_date)`.execute(trx);
      }
    });
    return 'placed';
  } catch (err) {
    if (isConflict(err)) return 'already_booked';
    throw err;
  }
}

export async function attachSession(db: Db, orderId: string, session: { id: string; url: string }): Promise<void> {
  await db.updateTable('orders').set({ session_id: session.id, checkout_url: session.url }).where('id', '=', orderId).execute();
}

/** The provider could not start a session: the order fails and its holds free the days at once. */
export async function failOrder(db: Db, orderId: string): Promise<void> {
  await sql`with o as (update orders set status = 'failed' where id = ${orderId} and status = 'pending' returning id)
    update reservations set status = 'released' from o where reservations.order_id = o.id and reservations.status = 'held'`.execute(db);
}

/** Holds of a unit whose time is up stop holding; their orders are marked expired. */
export async function releaseExpiredHolds(db: Db, officeId: number, now: Date): Promise<void> {
  await sql`with r as (
      update reservations set status = 'released'
      where office_id = ${officeId} and status = 'held' and expires_at <= ${now} returning order_id)
    update orders set status = 'expired' where id in (select order_id from r) and status = 'pending'`.execute(db);
}

export type ConfirmResult = 'confirmed' | 'already_applied' | 'unknown_session' | 'paid_but_taken';

/**
 * Payment received (Stripe's webhook or the test checkout's Pay): the order is paid, its holds
 * become bookings and a rented unit leaves the list of available units. One statement, applied
 * once: a second call finds the order already paid and changes nothing.
 */
export async function confirmOrder(db: Db, sessionId: string, now: Date): Promise<ConfirmResult> {
  try {
    const result = await sql<{ orders: number; units: number }>`with o as (
        update orders set status = 'paid', paid_at = ${now}
        where session_id = ${sessionId} and status in ('pending', 'expired') returning id, office_id, product),
      r as (
        update reservations set status = 'booked', expires_at = null from o
        where reservations.order_id = o.id and reservations.status in ('held', 'released') returning reservations.id),
      u as (
        update offices set is_available = false, next_available_date = null, updated_at = ${now} from o
        where offices.id = o.office_id and o.product in ('office_monthly', 'office_lease', 'standard') returning offices.id)
      select (select count(*) from o)::int as orders, (select count(*) from r)::int as reservations, (select count(*) from u)::int as units`.execute(db);
    const applied = result.rows[0];
    if (applied && applied.units > 0) invalidateOfficesList(db);
    if (applied && applied.orders > 0) return 'confirmed';
  } catch (err) {
    if (!isConflict(err)) throw err;
    // The hold had lapsed and someone else took the days before this late payment arrived:
    // the money is recorded so staff can refund it, and the other visitor keeps the days.
    await sql`update orders set status = 'paid', paid_at = ${now} where session_id = ${sessionId} and status in ('pending', 'expired')`.execute(db);
    console.error(`Order with session ${sessionId} was paid after its days were sold to someone else: refund it.`);
    return 'paid_but_taken';
  }
  const existing = await db.selectFrom('orders').select('status').where('session_id', '=', sessionId).executeTakeFirst();
  return existing ? 'already_applied' : 'unknown_session';
}

/** The session expired or the visitor cancelled: the order ends and its holds free the days. */
export async function releaseOrder(db: Db, sessionId: string, status: 'expired' | 'cancelled'): Promise<boolean> {
  const result = await sql<{ orders: number }>`with o as (
      update orders set status = ${status} where session_id = ${sessionId} and status = 'pending' returning id),
    r as (
      update reservations set status = 'released' from o
      where reservations.order_id = o.id and reservations.status = 'held' returning reservations.id)
    select (select count(*) from o)::int as orders, (select count(*) from r)::int as reservations`.execute(db);
  return (result.rows[0]?.orders ?? 0) > 0;
}

/** Event ids already applied: a redelivered event is acknowledged and skipped. */
export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  return (await db.selectFrom('payment_events').select('id').where('id', '=', eventId).executeTakeFirst()) !== undefined;
}

export async function recordEvent(db: Db, event: { id: string; type: string; sessionId: string | null }, now: Date): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({ id: event.id, type: event.type, session_id: event.sessionId, received_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface StoredOrder extends OrderFacts {
  sessionId: string;
  status: OrderStatus;
  expiresAt: Date;
}

export async function findOrderBySession(db: Db, sessionId: string): Promise<StoredOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'session_id', 'status', 'office_name', 'service_type', 'quote', 'locale', 'success_url', 'cancel_url', 'expires_at'])
    .select(sql<string>`booking_date::text`.as('booking_date'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  if (!row || !row.session_id) return undefined;
  return {
    id: row.id,
    sessionId: row.session_id,
    status: row.status,
    officeName: row.office_name,
    serviceType: row.service_type,
    // Written by placeOrder from the server's own Quote; jsonb comes back parsed (a string on drivers that do not parse it).
    quote: (typeof row.quote === 'string' ? JSON.parse(row.quote) : row.quote) as Quote,
    bookingDate: row.booking_date,
    locale: row.locale,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * The dates of a unit, between two dates inclusive, that an active hold or a booking takes: a
 * rental takes every day from its start.
 */
export async function bookedDates(db: Db, officeId: number, startDate: IsoDate, endDate: IsoDate, now: Date): Promise<IsoDate[]> {
  const rows = await db
    .selectFrom('reservations')
    .select([sql<string>`start_date::text`.as('start_date'), sql<string | null>`end_date::text`.as('end_date')])
    .where('office_id', '=', officeId)
    .where((eb) => eb.or([eb('status', '=', 'booked'), eb.and([eb('status', '=', 'held'), eb('expires_at', '>', now)])]))
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

import { sql } from 'kysely';
import { occupancyServiceTypes, type BooksRange, type OccupancyResponse, type OccupancyServiceType } from '../../shared/contract/books.ts';
import { isBookingProduct, productNames } from '../../shared/domain/products.ts';
import { addDays, lastDayOfMonth, type IsoDate } from '../../shared/domain/time.ts';
import { endOfSpaceDay, spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { documentRows } from './ledger.ts';

/*
 * Occupancy and revenue by month (Books, at a glance): each month the range touches, as it stood
 * at the end of its last day (now, for the month under way; a month not begun is left out). Read
 * from the rows that decide it: reservations (what is booked), waitlist and lease offers (what is
 * offered), rentals (what bills every month), waitlist entries, and the receipts of day products.
 */

interface Month {
  month: string;
  /** When it began, and the day it stood as with the instant it ended (the end of that day, or now). */
  start: Date;
  on: IsoDate;
  at: Date;
  /** The day the month before stood as: what a change in revenue is counted from. */
  before: IsoDate;
}

const monthOf = (date: IsoDate) => date.slice(0, 7);

/** The months from `from`'s to `to`'s, up to today's, each as it stood. */
function monthsOf(range: BooksRange, now: Date): Month[] {
  const today = spaceToday(now);
  const months: Month[] = [];
  for (let first = `${monthOf(range.from)}-01`; first <= range.to && first <= today; first = addDays(lastDayOfMonth(first), 1)) {
    const last = lastDayOfMonth(first);
    const ended = last < today;
    months.push({ month: monthOf(first), start: endOfSpaceDay(addDays(first, -1)), on: ended ? last : today, at: ended ? endOfSpaceDay(last) : now, before: addDays(first, -1) });
  }
  return months;
}

/** The months as a VALUES list: (month, start, on_day, at, before_day). */
const monthsTable = (months: readonly Month[]) =>
  sql`months(month, start, on_day, at, before_day) as (values ${sql.join(months.map((m) => sql`(${m.month}::text, ${m.start}::timestamptz, ${m.on}::date, ${m.at}::timestamptz, ${m.before}::date)`))})`;

/** A rental running on a day (the column holding that day): begun, and not past its last day. */
const runningOn = (day: string) => sql`r.start_date <= ${sql.ref(day)} and (r.ends_on is null or r.ends_on >= ${sql.ref(day)})`;

const dayProducts = productNames.filter((p) => isBookingProduct(p));

type ByType<T> = T & { month: string; service_type: OccupancyServiceType };

export async function occupancyByMonth(db: Db, range: BooksRange, now: Date): Promise<OccupancyResponse> {
  const months = monthsOf(range, now);
  const empty: OccupancyResponse = { success: true, from: range.from, to: range.to, occupancy: [], revenue: [], day_products: [] };
  if (months.length === 0) return empty;
  const types = sql.join([...occupancyServiceTypes]);

  // Each unit in the inventory that day: booked (rented), else offered (held), else for sale.
  const units = await sql<ByType<{ units: number; rented: number; held: number }>>`
    with ${monthsTable(months)},
    rented as (
      select distinct m.month, r.office_id from months m
      join reservations r on r.start_date <= m.on_day and (r.end_date is null or r.end_date > m.on_day)
        and (r.status = 'booked' or (r.status = 'cancelled' and r.cancelled_at > m.at))
    ),
    held as (
      select m.month, w.office_id from months m
      join waitlist_offers w on w.offered_at <= m.at and coalesce(w.closed_at, w.expires_at) > m.at
      union
      select m.month, s.office_id from months m
      join lease_offers l on l.created_at <= m.at and l.expires_at > m.at
        and not exists (select 1 from lease_signatures g where g.offer_id = l.id and g.signed_at <= m.at)
      join lease_offer_services s on s.offer_id = l.id
    )
    select m.month, o.service_type, count(*)::int as units,
      count(rn.office_id)::int as rented, (count(h.office_id) filter (where rn.office_id is null))::int as held
    from months m cross join offices o
    left join rented rn on rn.month = m.month and rn.office_id = o.id
    left join held h on h.month = m.month and h.office_id = o.id
    where o.service_type in (${types}) and (o.created_at is null or o.created_at <= m.at) and (o.retired_at is null or o.retired_at > m.at)
    group by m.month, o.service_type`.execute(db);

  // People on the waitlist that day for a unit of the kind (one entry may want several kinds), and for how long.
  const waiting = await sql<ByType<{ waiting: number; average_wait_days: number | null }>>`
    with ${monthsTable(months)},
    wanting as (
      select distinct m.month, m.at, o.service_type, e.id, e.created_at
      from months m
      join waitlist_entries e on e.created_at <= m.at and (e.left_at is null or e.left_at > m.at) and (e.claimed_at is null or e.claimed_at > m.at)
      join waitlist_entry_offices eo on eo.entry_id = e.id
      join offices o on o.id = eo.office_id and o.service_type in (${types})
    )
    select month, service_type, count(*)::int as waiting, floor(avg(extract(epoch from (at - created_at)) / 86400))::int as average_wait_days
    from wanting group by month, service_type`.execute(db);

  // Waitlist offers that closed in the month: claimed, or lapsed (declined, let expire).
  const offers = await sql<ByType<{ claimed: number; lapsed: number }>>`
    with ${monthsTable(months)}
    select m.month, o.service_type,
      (count(*) filter (where w.status = 'claimed'))::int as claimed,
      (count(*) filter (where w.status in ('declined', 'expired')))::int as lapsed
    from months m
    join waitlist_offers w on w.closed_at >= m.start and w.closed_at < m.at
    join offices o on o.id = w.office_id and o.service_type in (${types})
    group by m.month, o.service_type`.execute(db);

  // Recurring revenue that day, by kind; and, over every kind, what began and what ended since the month before.
  const mrr = await sql<ByType<{ mrr_cents: number }>>`
    with ${monthsTable(months)}
    select m.month, r.service_type, sum(r.monthly_cents)::bigint as mrr_cents
    from months m join rentals r on ${runningOn('m.on_day')}
    group by m.month, r.service_type`.execute(db);
  const changes = await sql<{ month: string; mrr_cents: number; before_cents: number; new_cents: number; ended_cents: number }>`
    with ${monthsTable(months)}
    select m.month,
      coalesce(sum(r.monthly_cents) filter (where ${runningOn('m.on_day')}), 0)::bigint as mrr_cents,
      coalesce(sum(r.monthly_cents) filter (where ${runningOn('m.before_day')}), 0)::bigint as before_cents,
      coalesce(sum(r.monthly_cents) filter (where ${runningOn('m.on_day')} and not (${runningOn('m.before_day')})), 0)::bigint as new_cents,
      coalesce(sum(r.monthly_cents) filter (where ${runningOn('m.before_day')} and not (${runningOn('m.on_day')})), 0)::bigint as ended_cents
    from months m left join rentals r on true
    group by m.month`.execute(db);

  // Day products: their receipts, less their credit notes, in each month.
  const whole = { from: `${months[0]!.month}-01`, to: months.at(-1)!.on };
  const days = await sql<{ month: string; product: string; documents: number; subtotal_cents: number }>`
    select left(date, 7) as month, product, count(*)::bigint as documents, sum(subtotal_cents)::bigint as subtotal_cents
    from (${documentRows(whole)}) d
    where product in (${sql.join(dayProducts)})
    group by left(date, 7), product
    order by 1, 2`.execute(db);

  const find = <T extends { month: string; service_type: string }>(rows: readonly T[], month: string, type: string) => rows.find((r) => r.month === month && r.service_type === type);
  return {
    ...empty,
    occupancy: months.flatMap((m) =>
      occupancyServiceTypes.map((type) => {
        const u = find(units.rows, m.month, type);
        const w = find(waiting.rows, m.month, type);
        const o = find(offers.rows, m.month, type);
        const count = Number(u?.units ?? 0);
        const rented = Number(u?.rented ?? 0);
        const held = Number(u?.held ?? 0);
        return {
          month: m.month,
          on: m.on,
          service_type: type,
          units: count,
          rented,
          held,
          available: count - rented - held,
          waiting: Number(w?.waiting ?? 0),
          average_wait_days: w?.average_wait_days === undefined || w.average_wait_days === null ? null : Number(w.average_wait_days),
          offers_claimed: Number(o?.claimed ?? 0),
          offers_lapsed: Number(o?.lapsed ?? 0),
          mrr_cents: Number(find(mrr.rows, m.month, type)?.mrr_cents ?? 0),
        };
      }),
    ),
    revenue: months.map((m) => {
      const c = changes.rows.find((r) => r.month === m.month)!;
      const [now_, before, added, ended] = [c.mrr_cents, c.before_cents, c.new_cents, c.ended_cents].map(Number) as [number, number, number, number];
      return { month: m.month, mrr_cents: now_, new_cents: added, ended_cents: -ended, changed_cents: now_ - before - added + ended };
    }),
    day_products: days.rows.map((d) => ({ month: d.month, product: d.product, documents: Number(d.documents), subtotal_cents: Number(d.subtotal_cents) })),
  };
}

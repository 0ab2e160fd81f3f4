import { sql } from 'kysely';
import { type StaffCalendarUnit, type StaffCalendarDay, productName } from '../../shared/contract/staff-console.ts';
import { cancellationRule, canCancelDay } from '../../shared/domain/cancellation.ts';
import { productNames, productRule } from '../../shared/domain/products.ts';
import { monthBounds } from '../../shared/domain/booking-windows.ts';
import type { Db } from '../db/database.ts';
import { takesItsDays } from '../reservations/takes-days.ts';

/** The kinds of unit booked by the day (a room, an office for a day): what the calendar shows. */
const dayBookedTypes = [...new Set(productNames.filter((p) => productRule(p).holds === 'days').flatMap((p) => productRule(p).serviceTypes))];

/**
 * A month of the units booked by the day and each day a hold or a booking takes, with who booked
 * it and whether the visitor's cancellation policy lets it be cancelled now. A retired unit shows
 * only while it still has days that month.
 */
export async function calendarMonth(db: Db, month: string, now: Date): Promise<{ units: StaffCalendarUnit[]; days: StaffCalendarDay[] }> {
  const { startDate: first, endDate: last } = monthBounds(month);
  const rows = await db
    .selectFrom('reservations as v')
    .innerJoin('orders as r', 'r.id', 'v.order_id')
    .innerJoin('offices as o', 'o.id', 'v.office_id')
    .select([
      'v.office_id as unit_id',
      sql<string>`v.start_date::text`.as('date'),
      'v.status',
      'v.expires_at',
      'r.id as order_id',
      'r.status as order_status',
      'r.product',
      'r.service_type',
      'r.buyer_name',
      'r.buyer_email',
    ])
    .where('v.kind', '=', 'day')
    .where('o.service_type', 'in', dayBookedTypes)
    .where(takesItsDays(now, 'v'))
    .where(sql<boolean>`v.start_date between ${first}::date and ${last}::date`)
    .orderBy('v.start_date')
    .orderBy('v.office_id')
    .execute();

  const days: StaffCalendarDay[] = rows.map((r) => {
    const product = productName.safeParse(r.product);
    const rule = product.success ? cancellationRule(product.data, r.service_type) : null;
    return {
      unit_id: r.unit_id,
      date: r.date,
      status: r.status as 'held' | 'booked',
      order_id: r.order_id,
      order_status: r.order_status,
      buyer_name: r.buyer_name,
      buyer_email: r.buyer_email,
      hold_expires_at: r.status === 'held' && r.expires_at ? new Date(r.expires_at).toISOString() : null,
      cancellable: r.status === 'booked' && rule?.kind === 'by_day' && canCancelDay(rule, r.date, now),
    };
  });
  const withDays = [...new Set(days.map((d) => d.unit_id))];
  const units = await db
    .selectFrom('offices')
    .select(['id', 'office_id', 'name', 'service_type'])
    .where('service_type', 'in', dayBookedTypes)
    .where((eb) => eb.or([eb('retired_at', 'is', null), ...(withDays.length > 0 ? [eb('id', 'in', withDays)] : [])]))
    .orderBy('id')
    .execute();
  return { units: units as StaffCalendarUnit[], days };
}

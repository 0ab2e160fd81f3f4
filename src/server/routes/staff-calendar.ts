import { Hono } from 'hono';
import { sql } from 'kysely';
import { calendarQuery, productName, type StaffCalendarDay } from '../../shared/contract/staff-console.ts';
import { cancellationRule, canCancelDay } from '../../shared/domain/cancellation.ts';
import { productNames, productRule, type ServiceType } from '../../shared/domain/products.ts';
import { daysInMonth } from '../../shared/domain/time.ts';
import type { AppContext } from '../deps.ts';
import { jsonError } from '../http/errors.ts';
import { issuesText } from '../http/json-body.ts';
import type { StaffEnv } from '../http/staff-auth.ts';

/** The kinds of unit booked by the day (a room, an office for a day): what the calendar shows. */
const dayBookedTypes = [...new Set(productNames.filter((p) => productRule(p).holds === 'days').flatMap((p) => productRule(p).serviceTypes))];

/**
 * Staff's calendar of a month: the units booked by the day and each day a hold or a booking takes,
 * with who booked it and whether the visitor's cancellation policy lets it be cancelled now. A
 * retired unit shows only while it still has days that month.
 */
export function staffCalendarRoutes(ctx: AppContext) {
  return new Hono<StaffEnv>().get('/', async (c) => {
    const parsed = calendarQuery.safeParse({ month: c.req.query('month') });
    if (!parsed.success) return jsonError(c, 400, issuesText(parsed.error.issues));
    const { month } = parsed.data;
    const first = `${month}-01`;
    const last = `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`;
    const now = ctx.clock();

    const rows = await ctx.db
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
      // A hold whose time is up holds nothing, even before a checkout releases it.
      .where((eb) => eb.or([eb('v.status', '=', 'booked'), eb.and([eb('v.status', '=', 'held'), eb('v.expires_at', '>', now)])]))
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
    const units = await ctx.db
      .selectFrom('offices')
      .select(['id', 'office_id', 'name', 'service_type'])
      .where('service_type', 'in', dayBookedTypes)
      .where((eb) => eb.or([eb('retired_at', 'is', null), ...(withDays.length > 0 ? [eb('id', 'in', withDays)] : [])]))
      .orderBy('id')
      .execute();
    return c.json({
      success: true as const,
      month,
      units: units as { id: number; office_id: string; name: string; service_type: ServiceType }[],
      days,
    });
  });
}

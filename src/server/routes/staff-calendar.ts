import { Hono } from 'hono';
import { calendarQuery } from '../../shared/contract/staff-console.ts';
import type { AppContext } from '../deps.ts';
import { fieldsProblem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { fieldProblemsOf } from '../http/json-body.ts';
import type { StaffEnv } from '../http/staff-auth.ts';
import { calendarMonth } from '../bookings/staff-calendar.ts';

/** Staff's calendar of a month (`?month=YYYY-MM`): the units booked by the day and their days (bookings/staff-calendar.ts). */
export function staffCalendarRoutes(ctx: AppContext) {
  return new Hono<StaffEnv>().get('/', async (c) => {
    const parsed = calendarQuery.safeParse({ month: c.req.query('month') });
    if (!parsed.success) return problemAnswer(c, fieldsProblem('invalid_request', fieldProblemsOf(parsed.error.issues)));
    const { month } = parsed.data;
    const { units, days } = await calendarMonth(ctx.db, month, ctx.clock());
    return c.json({ success: true as const, month, units, days });
  });
}

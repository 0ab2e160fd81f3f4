import { Hono } from 'hono';
import { availabilityQuery } from '../../shared/contract/checkout.ts';
import { daysBetween, isIsoDate } from '../../shared/domain/time.ts';
import type { AppContext } from '../deps.ts';
import { fieldsProblem, problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { fieldProblemsOf } from '../http/json-body.ts';
import { unitBookedDates } from '../bookings/orders.ts';

/** SPEC.md §7 call 2: the dates of a room (or office) that holds and bookings take, for a month. */
export function calendarRoutes(ctx: AppContext) {
  return new Hono().get('/availability', async (c) => {
    const parsed = availabilityQuery.safeParse(c.req.query());
    if (!parsed.success) return problemAnswer(c, fieldsProblem('invalid_availability_query', fieldProblemsOf(parsed.error.issues)));
    const { officeId, startDate, endDate } = parsed.data;
    if (!isIsoDate(startDate) || !isIsoDate(endDate)) return problemAnswer(c, problem('availability_dates_invalid'));
    const span = daysBetween(startDate, endDate);
    if (span < 0) return problemAnswer(c, problem('availability_range_backwards'));
    if (span > 62) return problemAnswer(c, problem('availability_range_too_long'));
    const dates = await unitBookedDates(ctx.db, officeId, startDate, endDate, ctx.clock());
    if (!dates) return problemAnswer(c, problem('no_such_unit_or_room', { id: officeId }));
    // Another visitor's booking can appear at any moment; the service worker keeps its own fallback copy.
    c.header('Cache-Control', 'no-cache');
    return c.json({ success: true, bookedDates: dates });
  });
}

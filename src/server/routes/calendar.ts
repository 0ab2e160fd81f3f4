import { Hono } from 'hono';
import { availabilityQuery } from '../../shared/contract/checkout.ts';
import { daysBetween, isIsoDate } from '../../shared/domain/time.ts';
import { unitBookedDates } from '../bookings/checkout.ts';
import type { AppContext } from '../deps.ts';
import { jsonError } from '../http/errors.ts';
import { issuesText } from '../http/json-body.ts';

/** SPEC.md §7 call 2: the dates of a room (or office) that holds and bookings take, for a month. */
export function calendarRoutes(ctx: AppContext) {
  return new Hono().get('/availability', async (c) => {
    const parsed = availabilityQuery.safeParse(c.req.query());
    if (!parsed.success) return jsonError(c, 400, `Invalid availability query: ${issuesText(parsed.error.issues)}`);
    const { officeId, startDate, endDate } = parsed.data;
    if (!isIsoDate(startDate) || !isIsoDate(endDate)) return jsonError(c, 400, 'startDate and endDate must be real dates (YYYY-MM-DD)');
    const span = daysBetween(startDate, endDate);
    if (span < 0) return jsonError(c, 400, 'endDate must not be before startDate');
    if (span > 62) return jsonError(c, 400, 'Ask for at most two months at a time');
    const dates = await unitBookedDates(ctx, officeId, startDate, endDate);
    if (!dates) return jsonError(c, 404, `No such office or room: ${officeId}`);
    // Another visitor's booking can appear at any moment; the service worker keeps its own fallback copy.
    c.header('Cache-Control', 'no-cache');
    return c.json({ success: true, bookedDates: dates });
  });
}

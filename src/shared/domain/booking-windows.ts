import { Temporal } from 'temporal-polyfill';
import { products, type BookingProduct } from './products.ts';
import { addDays, lastDayOfMonth, weekday, type IsoDate } from './time.ts';
import { spaceDateTime } from './zoned-time.ts';

/**
 * SPEC.md §5 and §9 'Booking windows', each product's as its row in the product table says.
 * Apart from that table: every window starts from an instant read at the space with the time-zone
 * database (zoned-time.ts), which the PWA loads with the booking dialogs, not with the first page.
 */

export interface BookingWindow {
  product: BookingProduct;
  /** Today at the space. */
  today: IsoDate;
  /** The first and last dates that can be booked. */
  first: IsoDate;
  last: IsoDate;
  weekdaysOnly: boolean;
}

/** Why a day cannot be chosen; 'available' when it can. */
export type DayStatus = 'available' | 'past' | 'beyond_window' | 'weekend' | 'booked' | 'same_day_closed';

export function isWeekend(date: IsoDate): boolean {
  const d = weekday(date);
  return d === 0 || d === 6;
}

/** The same day `months` later, or the month's last day when it has no such day (Nov 30 + 3 → Feb 28). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  return Temporal.PlainDate.from(date).add({ months }).toString();
}

export function bookingWindow(product: BookingProduct, now: Date): BookingWindow {
  const rule = products[product].window;
  const { date: today, hour } = spaceDateTime(now);
  const first = rule.sameDayUntilHour !== null && hour >= rule.sameDayUntilHour ? addDays(today, 1) : today;
  const last = 'days' in rule.ahead ? addDays(today, rule.ahead.days) : addMonths(today, rule.ahead.months);
  return { product, today, first, last, weekdaysOnly: rule.weekdaysOnly };
}

export const dailyOfficeWindow = (now: Date): BookingWindow => bookingWindow('office_daily', now);
export const conferenceWindow = (now: Date): BookingWindow => bookingWindow('conference_room', now);
export const dayPassWindow = (now: Date): BookingWindow => bookingWindow('day_pass', now);

/** Whether a date can be chosen in a window, and if not, the reason a calendar announces. */
export function dayStatus(window: BookingWindow, date: IsoDate, booked: ReadonlySet<IsoDate> = new Set()): DayStatus {
  if (date < window.today) return 'past';
  if (date < window.first) return 'same_day_closed';
  if (date > window.last) return 'beyond_window';
  if (window.weekdaysOnly && isWeekend(date)) return 'weekend';
  if (booked.has(date)) return 'booked';
  return 'available';
}

export function isBookable(window: BookingWindow, date: IsoDate, booked?: ReadonlySet<IsoDate>): boolean {
  return dayStatus(window, date, booked) === 'available';
}

/** 'YYYY-MM' of a date. */
export type IsoMonth = string;

export function monthOf(date: IsoDate): IsoMonth {
  return date.slice(0, 7);
}

/** The first and last day of a month: the startDate and endDate of SPEC.md call 2. */
export function monthBounds(month: IsoMonth): { startDate: IsoDate; endDate: IsoDate } {
  return { startDate: `${month}-01`, endDate: lastDayOfMonth(`${month}-01`) };
}

export function shiftMonth(month: IsoMonth, by: number): IsoMonth {
  return monthOf(addMonths(`${month}-01`, by));
}

/** Every date of a month, in order. */
export function datesOfMonth(month: IsoMonth): IsoDate[] {
  const { startDate, endDate } = monthBounds(month);
  const out: IsoDate[] = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Going back a month is disabled on the current month (and before it). */
export function canShowPreviousMonth(window: BookingWindow, shown: IsoMonth): boolean {
  return shown > monthOf(window.today);
}

/** Going forward stops at the month that holds the window's last date. */
export function canShowNextMonth(window: BookingWindow, shown: IsoMonth): boolean {
  return shown < monthOf(window.last);
}

/** The first date of a month that can be booked: the conference dialog selects it by itself. */
export function firstBookableDate(window: BookingWindow, month: IsoMonth, booked: ReadonlySet<IsoDate> = new Set()): IsoDate | null {
  return datesOfMonth(month).find((d) => isBookable(window, d, booked)) ?? null;
}

import { Temporal } from 'temporal-polyfill';
import { site } from '../site.ts';
import type { IsoDate } from './time.ts';

/*
 * Time at the space, computed with Temporal and the time-zone database for site.timeZone (the
 * runtime's own Temporal where it has one, else the polyfill, which reads the database through
 * Intl): a change in Quebec's clock law is a tzdata update, not a code change.
 *
 * The polyfill weighs about 19 KB gzip, so the PWA imports this module (and Temporal) only from
 * chunks that load on demand (booking dialogs, the checkout success page, the lease pages), never
 * from the inventory's first paint; that paint uses the fast path in time.ts, which a unit test
 * pins to the answers of this module.
 */

/** The one time-zone id every computation of time at the space uses. */
export const spaceTimeZone: string = site.timeZone;

/** An instant as a date and time at the space. */
export function atSpace(instant: Date): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(spaceTimeZone);
}

/** The date and hour at the space for an instant. */
export function spaceDateTime(instant: Date): { date: IsoDate; hour: number } {
  const zoned = atSpace(instant);
  return { date: zoned.toPlainDate().toString(), hour: zoned.hour };
}

/** Today at the space. */
export function spaceToday(instant: Date): IsoDate {
  return atSpace(instant).toPlainDate().toString();
}

/**
 * The instant of a wall-clock hour on a date at the space. An hour the clocks skip (2 AM the day
 * they go forward) is the hour after it; an hour they repeat is its first occurrence (RFC 5545).
 */
export function spaceInstant(date: IsoDate, hour: number): Date {
  const zoned = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: spaceTimeZone, plainTime: new Temporal.PlainTime(hour) });
  return new Date(zoned.epochMilliseconds);
}

/** The instant a calendar day ends at the space: the start of the next day there. */
export function endOfSpaceDay(date: IsoDate): Date {
  return new Date(Temporal.PlainDate.from(date).add({ days: 1 }).toZonedDateTime(spaceTimeZone).epochMilliseconds);
}

/** An instant as the clock reads at the space, written by Intl for a locale. */
export function formatAtSpace(instant: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  return atSpace(instant).toLocaleString(locale, options);
}

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoDate = string;

const hourMs = 3_600_000;

/*
 * The fast path of the inventory's first paint: today at the space (its 'Available from' and
 * lease-end labels) and the time of a snapshot, without Temporal or an Intl formatter with a
 * time zone (the Temporal polyfill weighs about 19 KB gzip; the first such formatter costs a
 * phone about 90 ms of blocked main thread, right in the list's first render). It restates the
 * North American DST rule Quebec keeps. Everything else (the server, booking windows, .ics
 * times, offer expiry, the lease) computes time at the space with zoned-time.ts, from the
 * time-zone database; a unit test pins these functions to its answers for every hour of 2020 to
 * 2035, clock changes included, so a tzdata update that moves Quebec's clocks fails that test
 * instead of going unnoticed.
 */

/** The UTC instant of the n-th Sunday (1-based) of a month at a given UTC hour. */
function nthSundayUtc(year: number, month0: number, n: number, utcHour: number): number {
  const firstWeekday = new Date(Date.UTC(year, month0, 1)).getUTCDay();
  const day = 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
  return Date.UTC(year, month0, day, utcHour);
}

/**
 * Hours from UTC at the space: -4 in daylight time, -5 otherwise, from the second Sunday of March
 * at 2:00 (7:00 UTC) to the first Sunday of November at 2:00 daylight time (6:00 UTC).
 */
export function spaceUtcOffsetHours(now: Date): number {
  const year = now.getUTCFullYear();
  const t = now.getTime();
  return t >= nthSundayUtc(year, 2, 2, 7) && t < nthSundayUtc(year, 10, 1, 6) ? -4 : -5;
}

/** The date and hour at the space for an instant (fast path: see above). */
export function spaceDateTimeQuick(now: Date): { date: IsoDate; hour: number } {
  const local = new Date(now.getTime() + spaceUtcOffsetHours(now) * hourMs);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/** Today at the space (fast path: see above; elsewhere use zoned-time.ts). */
export function spaceTodayQuick(now: Date): IsoDate {
  return spaceDateTimeQuick(now).date;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = isoDatePattern.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function utcDay(date: IsoDate): number {
  const m = isoDatePattern.exec(date.slice(0, 10));
  if (!m) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return utcDay(to) - utcDay(from);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date((utcDay(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: IsoDate): number {
  return new Date(utcDay(date) * 86_400_000).getUTCDay();
}

export function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/** The last day of the month a date is in. */
export function lastDayOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 8)}${String(daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)))).padStart(2, '0')}`;
}

/** 'YYYY/MM/DD', the form the inventory's lease-end label uses. */
export function slashDate(date: IsoDate): string {
  return date.slice(0, 10).replaceAll('-', '/');
}

/*
 * Dates for people, written out rather than asked of Intl: the first Intl.DateTimeFormat a
 * page builds costs a phone 60-90 ms of blocked main thread (ICU data), right in the first
 * render of the inventory. The texts are CLDR's for en-CA and fr-CA; a unit test compares
 * them with Intl for every day and every hour of a year.
 */
const months = {
  en: {
    long: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  fr: {
    long: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    short: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juill.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  },
};
const monthsFor = (locale: string) => (locale.startsWith('fr') ? months.fr : months.en);

/** A long calendar date, e.g. 'January 5, 2027' (en-CA) or '5 janvier 2027' (fr-CA). */
export function longDate(date: IsoDate, locale: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const name = monthsFor(locale).long[m - 1];
  return locale.startsWith('fr') ? `${d} ${name} ${y}` : `${name} ${d}, ${y}`;
}

/**
 * An instant as the clock reads at the space (fast path: see above), e.g.
 * 'Nov 23, 2026, 5:49 a.m.' (en-CA) or '23 nov. 2026, 05 h 49' (fr-CA).
 */
export function spaceDateTimeText(instant: Date, locale: string): string {
  const local = new Date(instant.getTime() + spaceUtcOffsetHours(instant) * hourMs);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  const hour = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  const month = monthsFor(locale).short[m];
  if (locale.startsWith('fr')) return `${d} ${month} ${y}, ${String(hour).padStart(2, '0')} h ${minutes}`;
  return `${month} ${d}, ${y}, ${hour % 12 || 12}:${minutes} ${hour < 12 ? 'a.m.' : 'p.m.'}`;
}

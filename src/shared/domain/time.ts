import { site } from '../site.ts';

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoDate = string;

const isoDateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: site.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The date and hour at the space (America/Toronto) for an instant. */
export function spaceDateTime(now: Date): { date: IsoDate; hour: number } {
  const parts = Object.fromEntries(isoDateParts.formatToParts(now).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

export function spaceToday(now: Date): IsoDate {
  return spaceDateTime(now).date;
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

/** 'YYYY/MM/DD', the form the inventory's lease-end label uses. */
export function slashDate(date: IsoDate): string {
  return date.slice(0, 10).replaceAll('-', '/');
}

const longDateFormats = new Map<string, Intl.DateTimeFormat>();

/** A long date in the given locale, read as a calendar date (no time-zone shift). */
export function longDate(date: IsoDate, locale: string): string {
  let f = longDateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    longDateFormats.set(locale, f);
  }
  return f.format(new Date(utcDay(date) * 86_400_000));
}

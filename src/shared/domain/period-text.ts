import { lastDayOfMonth, longDate, type IsoDate } from './time.ts';

/*
 * Calendar dates and a rental's billed periods in words, one way for the invoice PDF, its e-mails
 * and the manage page: French writes the first of a month '1er', a whole month is its name.
 */

/** 'December 2026' / 'décembre 2026'; in UTC, as the date is a calendar date, not an instant. */
export function monthText(date: IsoDate, locale: 'en' | 'fr'): string {
  return new Intl.DateTimeFormat(`${locale}-CA`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** A calendar date, French writing the first of a month '1er' ('1er décembre 2026'). */
export function dateText(date: IsoDate, locale: 'en' | 'fr'): string {
  return locale === 'fr' ? longDate(date, 'fr-CA').replace(/^1 /, '1er ') : longDate(date, 'en-CA');
}

/**
 * Days from `from` to `to`, both included: '18–31 décembre 2026' / 'December 18–31, 2026'; a
 * period across two months names both ends in full, a single day is just its date.
 */
export function periodText(from: IsoDate, to: IsoDate, locale: 'en' | 'fr'): string {
  if (from === to) return dateText(from, locale);
  if (from.slice(0, 7) !== to.slice(0, 7)) return `${dateText(from, locale)} – ${dateText(to, locale)}`;
  const first = Number(from.slice(8, 10));
  if (locale === 'fr') return `${first === 1 ? '1er' : first}–${dateText(to, 'fr')}`;
  // 'December 31, 2026' → 'December 18–31, 2026'.
  return dateText(to, 'en').replace(/ (\d+),/, ` ${first}–$1,`);
}

/** A billed period: its month's name when it is the whole month ('December 2026'), else its days. */
export function billedPeriodText(start: IsoDate, end: IsoDate, locale: 'en' | 'fr'): string {
  const wholeMonth = start.endsWith('-01') && start.slice(0, 7) === end.slice(0, 7) && end === lastDayOfMonth(end);
  return wholeMonth ? monthText(start, locale) : periodText(start, end, locale);
}

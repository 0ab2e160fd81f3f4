import { longDate } from '../../shared/domain/time.ts';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in CAD dollars, e.g. '$1,200.00' (en-CA) or '1 200,00 $' (fr-CA). */
export function formatMoney(dollars: number, locale: string): string {
  let f = moneyFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' });
    moneyFormats.set(locale, f);
  }
  return f.format(dollars);
}

export function formatLongDate(isoDate: string, locale: string): string {
  return longDate(isoDate, locale);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment, shown in the space's time zone. */
export function formatDateTime(instant: string | number | Date, locale: string): string {
  let f = dateTimeFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Toronto' });
    dateTimeFormats.set(locale, f);
  }
  return f.format(new Date(instant));
}

import { dollarsToCents, formatCad } from '../../shared/domain/pricing.ts';
import { longDate, spaceUtcOffsetHours } from '../../shared/domain/time.ts';

/** An amount in CAD dollars, e.g. '$1,200.00' (en-CA) or '1 200,00 $' (fr-CA). */
export function formatMoney(dollars: number, locale: string): string {
  return formatCad(dollarsToCents(dollars), locale.startsWith('fr') ? 'fr' : 'en');
}

export function formatLongDate(isoDate: string, locale: string): string {
  return longDate(isoDate, locale);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment, shown as the clock reads at the space (America/Toronto). Formatted in UTC after
 * shifting by the space's offset: a formatter for the named zone costs a phone ~90 ms to build.
 */
export function formatDateTime(instant: string | number | Date, locale: string): string {
  let f = dateTimeFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    dateTimeFormats.set(locale, f);
  }
  const at = new Date(instant);
  return f.format(new Date(at.getTime() + spaceUtcOffsetHours(at) * 3_600_000));
}

import { dollarsToCents, formatCad } from '../../shared/domain/pricing.ts';
import { longDate, spaceDateTimeText } from '../../shared/domain/time.ts';

/** An amount in CAD dollars, e.g. '$1,200.00' (en-CA) or '1 200,00 $' (fr-CA). */
export function formatMoney(dollars: number, locale: string): string {
  return formatCad(dollarsToCents(dollars), locale.startsWith('fr') ? 'fr' : 'en');
}

export function formatLongDate(isoDate: string, locale: string): string {
  return longDate(isoDate, locale);
}

/** A moment, shown as the clock reads at the space (America/Toronto). */
export function formatDateTime(instant: string | number | Date, locale: string): string {
  return spaceDateTimeText(new Date(instant), locale);
}

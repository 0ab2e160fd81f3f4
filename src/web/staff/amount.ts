import { dollarsToCents } from '../../shared/domain/pricing.ts';
import type { StaffLanguage } from './i18n.ts';

/**
 * An amount as staff type it, in the form the server reads ('1200.50'). In French the decimal
 * sign is a comma and thousands are grouped with spaces ('1 200,50'); in English a comma groups
 * thousands ('1,200.50'). Spaces (ordinary, no-break, narrow) are dropped in both. What is not an
 * amount is returned trimmed, for the validation to refuse.
 */
export function normalizeAmount(typed: string, lang: StaffLanguage): string {
  const compact = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (lang === 'fr') return /^\d+,\d*$/.test(compact) ? compact.replace(',', '.') : compact;
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(compact) ? compact.replaceAll(',', '') : compact;
}

/** An amount the server gave ('1200.50') as staff of this language type it ('1200,50' in French). */
export function amountForInput(amount: string, lang: StaffLanguage): string {
  return lang === 'fr' ? amount.replace('.', ',') : amount;
}

/** An amount staff typed, in whole cents (dollars with at most two decimals, up to 9,999,999.99); NaN when it is not one, for the validation to refuse. */
export function typedCents(typed: string, lang: StaffLanguage): number {
  const amount = normalizeAmount(typed, lang);
  return /^\d{1,7}(\.\d{1,2})?$/.test(amount) ? dollarsToCents(Number(amount)) : Number.NaN;
}

import { formatCad } from '../../shared/domain/pricing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { formatAtSpace } from '../../shared/domain/zoned-time.ts';

/** The two languages of the site, and of every message. */
export type Language = 'en' | 'fr';

export function localeOf(language: Language): 'en-CA' | 'fr-CA' {
  return language === 'fr' ? 'fr-CA' : 'en-CA';
}

const nbsp = '\u00a0';

/** ':' as each language writes it: French puts a no-break space before it. */
export function colon(language: Language): string {
  return language === 'fr' ? `${nbsp}:` : ':';
}

/** 'Label: value' / 'Libellé : valeur'. */
export function labelled(language: Language, label: string, value: string): string {
  return `${label}${colon(language)} ${value}`;
}

/** '$1,234.50' / '1 234,50 $'. */
export function money(cents: number, language: Language): string {
  return formatCad(cents, language);
}

/**
 * A calendar date with its weekday: 'Thursday, November 26, 2026' / 'jeudi 26 novembre 2026'.
 * A date has no time zone: it is formatted as the same day in UTC. The server pays Intl's first
 * use once, so CLDR writes the weekday rather than a table of our own.
 */
export function fullDate(date: IsoDate, language: Language): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return premier(new Intl.DateTimeFormat(localeOf(language), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d))), language);
}

/** An instant as the clock reads at the space, with the zone: 'Monday, December 7, 2026 at 11:59 p.m. EST'. */
export function instantAtSpace(instant: Date, language: Language): string {
  return premier(formatAtSpace(instant, localeOf(language), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }), language);
}

const frenchMonths = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';

/** French writes the first day of a month as an ordinal: 'mardi 1er décembre 2026' (Intl writes '1 décembre'). */
function premier(text: string, language: Language): string {
  return language === 'fr' ? text.replace(new RegExp(`(^|\\s)1(\\s)(${frenchMonths})`, 'g'), (_all, before: string, space: string, month: string) => `${before}1er${space}${month}`) : text;
}

/** A whole hour on the clock at the space: '7 a.m.', '7 p.m.' / '7 h', '19 h'. */
function hourText(hour: number, language: Language): string {
  if (language === 'fr') return `${hour}${nbsp}h`;
  return `${hour % 12 || 12}${nbsp}${hour < 12 ? 'a.m.' : 'p.m.'}`;
}

/** Opening hours: '7 a.m. to 7 p.m.' / 'de 7 h à 19 h'. */
export function hoursText(hours: { opens: number; closes: number }, language: Language): string {
  return language === 'fr' ? `de ${hourText(hours.opens, 'fr')} à ${hourText(hours.closes, 'fr')}` : `${hourText(hours.opens, 'en')} to ${hourText(hours.closes, 'en')}`;
}

/**
 * Text that goes into a header (a subject, a display name) or stands on one line: no control
 * characters (CR and LF above all, which would start a header of their own), no line or
 * paragraph separators, no bidirectional overrides (which can disguise what a name says);
 * runs of spaces become one, and it is kept to a length a subject line can bear.
 */
export function oneLine(text: string, max = 200): string {
  const cleaned = text
    .replace(/[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1).trimEnd()}…` : cleaned;
}

/** A sentence's closing period, unless it already ends with one ('… to 7 p.m.'). */
export function period(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

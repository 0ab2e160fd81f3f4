import { formatCad } from '../../shared/domain/pricing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { formatAtSpace } from '../../shared/domain/zoned-time.ts';
import { catalogue, type Language } from './catalogue.ts';

const nbsp = '\u00a0';
const frenchMonths = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';

/** How each language writes what every message formats: its locale, ':', the hours of a day. */
const formats = catalogue({
  en: {
    locale: 'en-CA' as 'en-CA' | 'fr-CA',
    colon: ':',
    /** '7 a.m.', '7 p.m.'. */
    hour: (hour: number) => `${hour % 12 || 12}${nbsp}${hour < 12 ? 'a.m.' : 'p.m.'}`,
    /** '7 a.m. to 7 p.m.'. */
    hours: (opens: string, closes: string) => `${opens} to ${closes}`,
    firstOfMonth: (text: string) => text,
  },
  fr: {
    locale: 'fr-CA',
    /** French puts a no-break space before it. */
    colon: `${nbsp}:`,
    /** '7 h', '19 h'. */
    hour: (hour: number) => `${hour}${nbsp}h`,
    /** 'de 7 h à 19 h'. */
    hours: (opens: string, closes: string) => `de ${opens} à ${closes}`,
    /** French writes the first day of a month as an ordinal: 'mardi 1er décembre 2026' (Intl writes '1 décembre'). */
    firstOfMonth: (text: string) => text.replace(new RegExp(`(^|\\s)1(\\s)(${frenchMonths})`, 'g'), (_all, before: string, space: string, month: string) => `${before}1er${space}${month}`),
  },
});

export function localeOf(language: Language): 'en-CA' | 'fr-CA' {
  return formats[language].locale;
}

/** ':' as each language writes it. */
export function colon(language: Language): string {
  return formats[language].colon;
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
  return formats[language].firstOfMonth(new Intl.DateTimeFormat(localeOf(language), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d))));
}

/** An instant as the clock reads at the space, with the zone: 'Monday, December 7, 2026 at 11:59 p.m. EST'. */
export function instantAtSpace(instant: Date, language: Language): string {
  return formats[language].firstOfMonth(formatAtSpace(instant, localeOf(language), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }));
}

/** Opening hours: '7 a.m. to 7 p.m.' / 'de 7 h à 19 h'. */
export function hoursText(hours: { opens: number; closes: number }, language: Language): string {
  const f = formats[language];
  return f.hours(f.hour(hours.opens), f.hour(hours.closes));
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

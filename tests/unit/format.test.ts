import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from '../../src/web/i18n/format.ts';

describe('formatting for the space', () => {
  it.each([
    ['2026-11-20T15:00:00Z', 'en-CA'],
    ['2026-07-01T03:30:00Z', 'en-CA'],
    ['2026-03-08T07:15:00Z', 'fr-CA'],
    ['2026-11-01T05:45:00Z', 'fr-CA'],
  ])('shows %s as the clock reads in Montréal (%s)', (instant, locale) => {
    const expected = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Toronto' }).format(new Date(instant));
    expect(formatDateTime(instant, locale)).toBe(expected);
  });

  it('formats CAD amounts in each language', () => {
    expect(formatMoney(1234.5, 'en-CA')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'fr-CA').replace(/\s/g, ' ')).toBe('1 234,50 $');
  });
});

/**
 * An hour of the space's clock as the texts say it: 7 → '7 AM' or '7 h', 19 → '7 PM' or '19 h',
 * 12 → 'noon' or 'midi'. Apart from format.ts, which the first page loads: only the booking
 * dialogs and the pages after paying say hours.
 */
export function formatHour(hour: number, lang: 'en' | 'fr'): string {
  if (hour === 12) return lang === 'fr' ? 'midi' : 'noon';
  return lang === 'fr' ? `${hour} h` : `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The standard PDF fonts cover Windows-1252 only: keep what they can draw (French accents,
 * guillemets, the bullet), turn the narrow spaces Intl puts in French amounts into plain
 * no-break spaces, and show anything else (emoji, other scripts) as '?' rather than garbage.
 */
export function pdfSafeText(text: string): string {
  return text.replace(/[\u2007\u2009\u202f]/g, '\u00a0').replace(/[^\t\n\r\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/gu, '?');
}

/** The two languages of the site, and of every message. */
export type Language = 'en' | 'fr';

/**
 * A message's texts in both languages, under the same keys: a text missing in one language, or
 * one only French has, fails the type check. A text that takes values is a function of them.
 * French follows Quebec typography as written; layout.ts's frenchSpacing sets the no-break
 * space before each ':' of a letter.
 */
export function catalogue<T extends object>(texts: { en: T; fr: NoInfer<T> }): Readonly<Record<Language, T>> {
  return texts;
}

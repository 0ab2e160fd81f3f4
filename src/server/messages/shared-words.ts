import { site } from '../../shared/site.ts';
import { catalogue, type Language } from './catalogue.ts';
import { oneLine } from './letter-format.ts';

/** The words every message shares: the greeting and sign-off, where to ask, why staff get it, and the labels of amounts. */
export const shared = catalogue({
  en: {
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    signOff: `The team at ${site.productName}`,
    questions: `Questions? Simply reply to this e-mail or call us at ${site.phoneDisplay}.`,
    staffReason: 'Automatic message from the booking site, for the operations team.',
    languageNames: { en: 'English', fr: 'French' } as Record<Language, string>,
    subtotal: 'Subtotal',
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    // French elides before a vowel or a mute h: « L’équipe d’Espace… ».
    signOff: /^[aeiouyéèêh]/i.test(site.productName) ? `L’équipe d’${site.productName}` : `L’équipe de ${site.productName}`,
    questions: `Des questions? Répondez simplement à ce courriel ou appelez-nous au ${site.phoneDisplay}.`,
    staffReason: 'Message automatique du site de réservation, pour l’équipe des opérations.',
    languageNames: { en: 'anglais', fr: 'français' },
    subtotal: 'Sous-total',
  },
});

/** 'Hello Camille,' / 'Bonjour Camille,': a name a person typed stays on one line. */
export function greeting(name: string | null | undefined, language: Language): string {
  return shared[language].hello(name ? oneLine(name, 100) : '');
}

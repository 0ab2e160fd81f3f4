import type { Catalogue } from '../../i18n/i18n.tsx';

/**
 * The texts of the waitlist page's frame and of its loading and error states: the route's pending
 * state is part of the app's first download, so it reads these alone, not the whole catalogue.
 */
const en = {
  pageName: 'Waitlist',
  heading: 'Join the Waitlist',
  intro: 'Tell us what you need. We will contact you as soon as one of the spaces you choose opens up.',
  back: 'Back',
  loading: 'Loading offices...',
  loadFailed: 'Failed to load office data',
  invalidResponse: 'Invalid API response format',
  tryAgain: 'Try Again',
};

const fr: typeof en = {
  pageName: 'Liste d’attente',
  heading: 'Inscrivez-vous sur la liste d’attente',
  intro: 'Dites-nous ce dont vous avez besoin. Nous vous contacterons dès qu’un des espaces choisis se libère.',
  back: 'Retour',
  loading: 'Chargement des espaces...',
  loadFailed: 'Impossible de charger les données des espaces',
  invalidResponse: 'Format de réponse de l’API invalide',
  tryAgain: 'Réessayer',
};

export const waitlistFrameCatalogue: Catalogue<typeof en> = { en, fr };

import type { Catalogue } from './i18n.tsx';
import type { CategorySlug } from '../../shared/domain/categories.ts';
import { serviceTypeNames } from '../../shared/domain/products.ts';
import { site } from '../../shared/site.ts';

const en = {
  skipToContent: 'Skip to content',
  heroTitle: 'Workspaces in the heart of Montréal',
  heroText: 'Offices, desks, meeting rooms and mailboxes. Book online, pay in CAD.',
  languageSwitch: 'Français',
  languageSwitchLabel: 'Passer au français',
  categoriesLabel: 'Space categories',
  categories: {
    conference: 'Conference',
    'day-pass': 'Day Pass',
    mailbox: 'Mailbox',
    offices: 'Offices',
    desks: 'Desks',
    'hot-desks': 'Hot Desks',
    parking: 'Parking',
  } satisfies Record<CategorySlug, string>,
  serviceTypes: serviceTypeNames.en,
  pageTitle: (category: string) => `${category} - ${site.productName}`,
  offline: 'Offline',
  offlineReady: 'Ready to work offline: this site now opens even without a connection.',
  updateAvailable: 'A new version of this site is available.',
  reload: 'Reload',
  dismiss: 'Dismiss',
  install: 'Install app',
  iosInstallHint: 'To install this app: tap Share, then “Add to Home Screen”.',
  storageQuota: 'Your browser’s storage is full, so this could not be saved on this device.',
  storageUnavailable: 'This browser does not let the site save data on this device.',
  unhandledAction: `This can’t be done online yet. Please contact us by e-mail at ${site.email} and we’ll take care of it.`,
  close: 'Close',
};

const fr: typeof en = {
  skipToContent: 'Aller au contenu',
  heroTitle: 'Des espaces de travail au cœur de Montréal',
  heroText: 'Bureaux, postes, salles de réunion et boîtes postales. Réservez en ligne, payez en dollars canadiens.',
  languageSwitch: 'English',
  languageSwitchLabel: 'Switch to English',
  categoriesLabel: 'Catégories d’espaces',
  categories: {
    conference: 'Conférence',
    'day-pass': 'Passe journalière',
    mailbox: 'Boîte postale',
    offices: 'Bureaux',
    desks: 'Postes attitrés',
    'hot-desks': 'Postes flexibles',
    parking: 'Stationnement',
  },
  serviceTypes: serviceTypeNames.fr,
  pageTitle: (category: string) => `${category} - ${site.productName}`,
  offline: 'Hors ligne',
  offlineReady: 'Prêt pour le mode hors ligne : ce site s’ouvre maintenant même sans connexion.',
  updateAvailable: 'Une nouvelle version de ce site est disponible.',
  reload: 'Recharger',
  dismiss: 'Fermer',
  install: 'Installer l’application',
  iosInstallHint: 'Pour installer cette application : touchez Partager, puis « Sur l’écran d’accueil ».',
  storageQuota: 'L’espace de stockage de votre navigateur est plein : ces données n’ont pas pu être enregistrées sur cet appareil.',
  storageUnavailable: 'Ce navigateur ne permet pas au site d’enregistrer des données sur cet appareil.',
  unhandledAction: `Cette action n’est pas encore offerte en ligne. Écrivez-nous à ${site.email} et nous nous en occuperons.`,
  close: 'Fermer',
};

export const appCatalogue: Catalogue<typeof en> = { en, fr };

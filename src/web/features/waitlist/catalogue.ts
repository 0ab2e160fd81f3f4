import { fallbackRejection } from '../../../shared/domain/waitlist-outbox.ts';
import { isWaitlistProblem, maxOfficesPerEntry, waitlistProblemEn, waitlistProblems } from '../../../shared/domain/waitlist-rules.ts';
import type { Catalogue } from '../../i18n/i18n.tsx';
import { waitlistProblemWords } from '../../i18n/waitlist-problem-words.ts';
import { waitlistFrameCatalogue } from './frame-catalogue.ts';

/**
 * Counts as each language writes them: '1,487' in English, '1 487' in French. Formatted when a
 * message is worded, not when this module loads: a locale's first formatter loads its data, tens
 * of milliseconds on a phone, and this module loads on every page.
 */
const countEn = (n: number) => n.toLocaleString('en-CA');
const countFr = (n: number) => n.toLocaleString('fr-CA');

const en = {
  ...waitlistFrameCatalogue.en,
  dialogTitle: 'Join the Waitlist',
  requiredNote: 'Fields marked * are required.',
  required: 'required',
  fields: {
    customer_name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    number_of_users: 'Number of users',
    budget_min: 'Minimum monthly budget (CAD)',
    budget_max: 'Maximum monthly budget (CAD)',
    desired_start_date: 'Desired start date',
    service_offering_ids: 'Offices',
  },
  officesHint: `Choose up to ${maxOfficesPerEntry}.`,
  maxSelected: 'Maximum of 3 offices selected',
  noOffices: 'Every space can be rented today: there is no waitlist right now.',
  availableFrom: (date: string) => `Available from ${date}`,
  occupied: 'Currently occupied',
  picker: {
    search: 'Find a space',
    searchHint: 'Search by name, code or location.',
    type: 'Type of space',
    allTypes: 'All types',
    showing: (shown: number, total: number) => `Showing ${countEn(shown)} of ${countEn(total)} matching spaces. Type to narrow the list.`,
    matching: (total: number) => `${countEn(total)} matching ${total === 1 ? 'space' : 'spaces'}.`,
    noMatch: 'No space matches your search.',
  },
  submit: 'Join Waitlist',
  submitting: 'Submitting...',
  submitFailed: 'Failed to submit waitlist entry',
  submitRetry: 'Failed to submit. Please try again.',
  successTitle: "You're on the Waitlist!",
  successText: 'We will contact you as soon as a space you chose becomes available.',
  viewMore: 'View More Offices',
  backToListings: 'Back to Listings',
  redirecting: 'Taking you back to the listings…',
  queuedTitle: 'Saved on this device',
  queuedText:
    'There is no connection right now, so your waitlist entry is saved on this device. It will be sent automatically as soon as the connection is back: you do not need to do anything else.',
  /** What is wrong with an entry, by problem code: the server answers these English texts. */
  problems: waitlistProblemWords.en,
  editTitle: 'Correct your waitlist entry',
  editText: 'This entry is saved on this device. Once you send it corrected, it replaces the saved one.',
  editGone:
    'This entry is no longer on this device: it has been sent as it was, or discarded. If you submit this form, it is sent as a new entry.',
  editOfficesLeftOut: (names: string) => `No longer on the waitlist, so not chosen: ${names}`,
  pending: {
    button: (n: number) => `${n} waitlist ${n === 1 ? 'entry' : 'entries'} to send`,
    /** What the status region says when the list changes: the count, and how many were refused. */
    summary: (n: number, refused: number) => `${n} waitlist ${n === 1 ? 'entry' : 'entries'} to send${refused > 0 ? `, ${refused} not accepted` : ''}`,
    title: 'Waitlist entries on this device',
    lessThanAMinute: 'less than a minute',
    waitingFor: (duration: string, tries: number) => `Waiting for ${duration}${tries > 0 ? ` (${tries} ${tries === 1 ? 'try' : 'tries'})` : ''}`,
    notTriedYet: 'It will be sent automatically.',
    lastNoConnection: 'Last try: no connection. It will be tried again automatically.',
    lastServerAnswer: (status: number) => `Last answer: server ${status >= 500 ? 'error' : 'busy'} ${status}. It will be tried again automatically.`,
    failed: 'Not accepted:',
    sendNow: 'Send now',
    edit: 'Edit',
    editLabel: (label: string) => `Edit the entry of ${label}`,
    discard: 'Discard',
    discardLabel: (label: string) => `Discard the entry of ${label}`,
    close: 'Close',
  },
};

const fr: typeof en = {
  ...waitlistFrameCatalogue.fr,
  dialogTitle: 'Inscription sur la liste d’attente',
  requiredNote: 'Les champs marqués d’un * sont obligatoires.',
  required: 'obligatoire',
  fields: {
    customer_name: 'Nom',
    email: 'Courriel',
    phone: 'Téléphone',
    number_of_users: 'Nombre d’utilisateurs',
    budget_min: 'Budget mensuel minimum ($ CA)',
    budget_max: 'Budget mensuel maximum ($ CA)',
    desired_start_date: 'Date de début souhaitée',
    service_offering_ids: 'Espaces',
  },
  officesHint: `Choisissez-en jusqu’à ${maxOfficesPerEntry}.`,
  maxSelected: 'Maximum de 3 espaces sélectionnés',
  noOffices: 'Tous les espaces peuvent être loués dès aujourd’hui : il n’y a pas de liste d’attente pour le moment.',
  availableFrom: (date: string) => `Disponible à partir du ${date}`,
  occupied: 'Actuellement occupé',
  picker: {
    search: 'Trouver un espace',
    searchHint: 'Cherchez par nom, code ou emplacement.',
    type: 'Type d’espace',
    allTypes: 'Tous les types',
    showing: (shown: number, total: number) =>
      `Affichage de ${countFr(shown)} des ${countFr(total)} espaces correspondants. Tapez pour préciser la liste.`,
    matching: (total: number) => `${countFr(total)} ${total < 2 ? 'espace correspondant' : 'espaces correspondants'}.`,
    noMatch: 'Aucun espace ne correspond à votre recherche.',
  },
  submit: 'M’inscrire',
  submitting: 'Envoi en cours...',
  submitFailed: 'Impossible d’envoyer l’inscription à la liste d’attente',
  submitRetry: 'L’envoi a échoué. Veuillez réessayer.',
  successTitle: 'Vous êtes sur la liste d’attente!',
  successText: 'Nous vous contacterons dès qu’un des espaces choisis se libère.',
  viewMore: 'Voir d’autres espaces',
  backToListings: 'Retour aux annonces',
  redirecting: 'Retour aux annonces…',
  queuedTitle: 'Enregistrée sur cet appareil',
  queuedText:
    'Il n’y a pas de connexion pour le moment : votre inscription est enregistrée sur cet appareil. Elle sera envoyée automatiquement dès le retour de la connexion; vous n’avez rien d’autre à faire.',
  problems: waitlistProblemWords.fr,
  editTitle: 'Corrigez votre inscription à la liste d’attente',
  editText: 'Cette inscription est enregistrée sur cet appareil. Une fois corrigée et envoyée, elle remplace celle enregistrée.',
  editGone:
    'Cette inscription n’est plus sur cet appareil : elle a été envoyée telle quelle, ou supprimée. Si vous envoyez ce formulaire, elle sera envoyée comme une nouvelle inscription.',
  editOfficesLeftOut: (names: string) => `Ne sont plus sur la liste d’attente, donc non choisis : ${names}`,
  pending: {
    button: (n: number) => `${n} ${n === 1 ? 'inscription' : 'inscriptions'} à envoyer`,
    summary: (n: number, refused: number) =>
      `${n} ${n === 1 ? 'inscription' : 'inscriptions'} à envoyer${refused > 0 ? `, dont ${refused} ${refused === 1 ? 'refusée' : 'refusées'}` : ''}`,
    title: 'Inscriptions à la liste d’attente sur cet appareil',
    lessThanAMinute: 'moins d’une minute',
    waitingFor: (duration: string, tries: number) => `En attente depuis ${duration}${tries > 0 ? ` (${tries} ${tries === 1 ? 'essai' : 'essais'})` : ''}`,
    notTriedYet: 'Elle sera envoyée automatiquement.',
    lastNoConnection: 'Dernier essai : pas de connexion. Un nouvel essai se fera automatiquement.',
    lastServerAnswer: (status: number) =>
      `Dernière réponse : ${status >= 500 ? 'erreur du serveur' : 'serveur occupé'} ${status}. Un nouvel essai se fera automatiquement.`,
    failed: 'Refusée :',
    sendNow: 'Envoyer maintenant',
    edit: 'Modifier',
    editLabel: (label: string) => `Modifier l’inscription de ${label}`,
    discard: 'Supprimer',
    discardLabel: (label: string) => `Supprimer l’inscription de ${label}`,
    close: 'Fermer',
  },
};

export const waitlistCatalogue: Catalogue<typeof en> = { en, fr };
export type WaitlistCatalogue = typeof en;

/**
 * Why the server refused an entry, in the visitor's language: by the problem code it named. A
 * refusal without a code (an entry stored by a version before codes, a provider that names none)
 * is said by its English text when that is one of ours, else as the server wrote it.
 */
export function refusalText(refusal: { error?: string | undefined; problem?: string | undefined }, m: WaitlistCatalogue): string {
  if (isWaitlistProblem(refusal.problem)) return m.problems[refusal.problem];
  const error = refusal.error ?? '';
  if (error === '' || error === fallbackRejection) return m.submitFailed;
  const known = waitlistProblems.find((p) => waitlistProblemEn[p] === error);
  return known ? m.problems[known] : error;
}

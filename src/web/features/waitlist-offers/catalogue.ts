import type { WaitlistOfferStatus, WaitlistUnitStatus } from '../../../shared/domain/waitlist-states.ts';
import { site } from '../../../shared/site.ts';
import type { Catalogue } from '../../i18n/i18n.tsx';

/** How an offer ended; null: it ended, and the server did not say how. */
export type EndedAs = Exclude<WaitlistOfferStatus, 'open'> | null;

const enOrdinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

const en = {
  // Titles of the three pages (the tab's title, before the product name)
  claimPageTitle: 'Your waitlist offer',
  declinePageTitle: 'Not interested',
  leavePageTitle: 'Leave the waitlist',
  // Loading, and what keeps a link's page from showing
  loadingOffer: 'Loading your offer...',
  loadingEntry: 'Loading your waitlist entry...',
  offlineClaim: 'You are offline. Claiming this space needs a connection: this page loads as soon as you are back online.',
  offlineLink: 'You are offline. This page needs a connection: it loads as soon as you are back online.',
  offerLoadFailedTitle: 'Unable to load this offer',
  entryLoadFailedTitle: 'Unable to load your waitlist entry',
  loadFailed: 'Please try again in a moment.',
  rateLimited: (seconds: number) => `Too many attempts. Please wait ${seconds} seconds and try again.`,
  tryAgain: 'Try Again',
  unknownOfferTitle: 'We can’t find this offer',
  unknownEntryTitle: 'We can’t find this waitlist entry',
  unknownText: `Check that the link is the one in our e-mail, and that it is complete. If it is, contact us at ${site.email} and we will help.`,
  waitlistAgain: 'Looking for a space?',
  joinWaitlist: 'Join the waitlist',
  claimReturnTitle: 'Back from the payment page',
  claimReturnText: 'Nothing was charged. To come back to your offer, open the claim link in our e-mail again.',
  // An offer that has ended, by how it ended
  ended: {
    claimed: { title: 'This offer was already claimed', text: 'The space was rented with this offer. The confirmation e-mail has the details.' },
    declined: { title: 'You declined this offer', text: 'You told us you were not interested, so the space was passed on to the next person.' },
    expired: { title: 'This offer has ended', text: 'The time to claim the space ran out, so it was passed on to the next person.' },
    skipped: { title: 'This offer has ended', text: `Our team passed the space on to someone else. If you have a question about it, contact us at ${site.email}.` },
    withdrawn: {
      title: 'This offer was withdrawn',
      text: 'The space is not free after all, so we took the offer back. You keep your place on the waitlist for it: we will write to you if it frees up again.',
    },
    unknown: { title: 'This offer has ended', text: 'This link no longer opens an offer.' },
  } satisfies Record<NonNullable<EndedAs> | 'unknown', { title: string; text: string }>,
  offerWasFor: (unit: string) => `The offer was for ${unit}.`,
  endedOn: (when: string) => `It ended on ${when} (Montréal time).`,
  // The unit
  spaceTitle: 'The space',
  type: 'Type',
  location: 'Location',
  capacity: 'Capacity',
  people: (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`,
  monthlyRate: 'Monthly rate',
  perMonth: '/month',
  originalPrice: 'Regular price',
  percentOff: (n: number) => `(${n}% off)`,
  contactForPricing: 'Contact for pricing',
  // The claim page
  claimHeading: (name: string) => `A space is free for you, ${name}`,
  claimLead: (unit: string, hours: number | null) =>
    `You were on the waitlist for ${unit}, and it is now free. ${hours === null ? 'It is held for you alone' : `It is held for you alone for ${hours} hours`}: rent it before the time runs out and it is yours.`,
  heldUntil: 'Held for you until',
  montrealTime: '(Montréal time)',
  timeLeft: (hours: number, minutes: number) =>
    hours > 0
      ? `${hours} ${hours === 1 ? 'hour' : 'hours'}${minutes > 0 ? ` ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : ''} left`
      : minutes > 0
        ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`
        : 'Less than a minute left',
  loadingChoices: 'Loading the rental options...',
  claimNeedsConnection: 'You are offline: claiming this space needs a connection.',
  notInterested: 'Not interested? Use the “I’m not interested” link in our e-mail, and the next person in line gets the space sooner. Or simply let the offer lapse: nothing is charged.',
  cannotRentOnline: `This space cannot be rented online. Contact us at ${site.email} or ${site.phoneDisplay} to claim it.`,
  // The not-interested page
  declineHeading: (unit: string) => `Not interested in ${unit}?`,
  declineLead: (name: string) =>
    `${name}, if you do not want this space, tell us and we will offer it to the next person on the waitlist right away. You keep your place in line for any other space you chose.`,
  changedYourMind: 'Changed your mind? Claim it with the link in our e-mail before the time runs out.',
  confirmDecline: 'Yes, offer it to the next person',
  declining: 'Sending...',
  declinedTitle: 'Thank you: the space goes to the next person',
  declinedText: 'We have passed it on. You keep your place in line for any other space you chose.',
  alreadyDeclinedTitle: 'You already told us you were not interested',
  actionFailed: 'This did not go through. Please try again.',
  needsConnection: 'This needs a connection.',
  // The leave page
  leaveHeading: 'Your waitlist entry',
  leaveLead: (name: string, since: string) => `${name}, you joined the waitlist on ${since}. Here is where you stand:`,
  yourSpaces: 'Your spaces',
  unitStatus: (status: WaitlistUnitStatus, place: number | null, offerEnds: string | null): string => {
    switch (status) {
      case 'waiting':
        return place === null ? 'Waiting' : `${enOrdinal(place)} in line`;
      case 'offered':
        return offerEnds === null ? 'Offered to you' : `Offered to you until ${offerEnds}`;
      case 'declined':
        return 'You declined it';
      case 'expired':
        return 'The offer to you ran out';
      case 'skipped':
        return 'Passed on to someone else';
      case 'claimed':
        return 'Claimed';
    }
  },
  leaveExplain: 'Leaving takes you out of the line for every space above, and we will not write to you about them again.',
  leaveEndsOffer: 'The offer you have now ends too, and the space goes to the next person.',
  confirmLeave: 'Leave the waitlist',
  leaving: 'Leaving...',
  leftTitle: 'You have left the waitlist',
  leftText: 'We will not write to you about these spaces again. You can join again at any time.',
  alreadyLeftTitle: 'You have already left the waitlist',
};

const frOrdinal = (n: number) => (n === 1 ? '1er' : `${n}e`);

const fr: typeof en = {
  claimPageTitle: 'Votre offre de la liste d’attente',
  declinePageTitle: 'Ça ne m’intéresse pas',
  leavePageTitle: 'Quitter la liste d’attente',
  loadingOffer: 'Chargement de votre offre...',
  loadingEntry: 'Chargement de votre inscription...',
  offlineClaim: 'Vous êtes hors ligne. Pour réclamer cet espace, il faut une connexion : cette page se chargera dès votre retour en ligne.',
  offlineLink: 'Vous êtes hors ligne. Cette page demande une connexion : elle se chargera dès votre retour en ligne.',
  offerLoadFailedTitle: 'Impossible de charger cette offre',
  entryLoadFailedTitle: 'Impossible de charger votre inscription',
  loadFailed: 'Veuillez réessayer dans un moment.',
  rateLimited: (seconds: number) => `Trop de tentatives. Veuillez attendre ${seconds} secondes et réessayer.`,
  tryAgain: 'Réessayer',
  unknownOfferTitle: 'Nous ne trouvons pas cette offre',
  unknownEntryTitle: 'Nous ne trouvons pas cette inscription',
  unknownText: `Vérifiez que le lien est bien celui de notre courriel, et qu’il est complet. Si c’est le cas, écrivez-nous à ${site.email} et nous vous aiderons.`,
  waitlistAgain: 'Vous cherchez un espace?',
  joinWaitlist: 'Inscrivez-vous sur la liste d’attente',
  claimReturnTitle: 'De retour de la page de paiement',
  claimReturnText: 'Rien n’a été facturé. Pour revenir à votre offre, ouvrez de nouveau le lien de notre courriel.',
  ended: {
    claimed: { title: 'Cette offre a déjà été réclamée', text: 'L’espace a été loué avec cette offre. Le courriel de confirmation en donne les détails.' },
    declined: { title: 'Vous avez refusé cette offre', text: 'Vous nous avez dit que l’espace ne vous intéressait pas : il a été offert à la personne suivante.' },
    expired: { title: 'Cette offre est terminée', text: 'Le délai pour réclamer l’espace est écoulé : il a été offert à la personne suivante.' },
    skipped: { title: 'Cette offre est terminée', text: `Notre équipe a offert l’espace à quelqu’un d’autre. Pour toute question, écrivez-nous à ${site.email}.` },
    withdrawn: {
      title: 'Cette offre a été retirée',
      text: 'L’espace n’est finalement pas libre : nous avons retiré l’offre. Vous gardez votre place sur la liste d’attente pour cet espace et nous vous écrirons s’il se libère de nouveau.',
    },
    unknown: { title: 'Cette offre est terminée', text: 'Ce lien n’ouvre plus d’offre.' },
  },
  offerWasFor: (unit: string) => `L’offre portait sur ${unit}.`,
  endedOn: (when: string) => `Elle a pris fin le ${when} (heure de Montréal).`,
  spaceTitle: 'L’espace',
  type: 'Type',
  location: 'Emplacement',
  capacity: 'Capacité',
  people: (n: number) => `${n} ${n <= 1 ? 'personne' : 'personnes'}`,
  monthlyRate: 'Tarif mensuel',
  perMonth: '/mois',
  originalPrice: 'Prix régulier',
  percentOff: (n: number) => `(${n}${'\u00a0'}% de rabais)`,
  contactForPricing: 'Prix sur demande',
  claimHeading: (name: string) => `Un espace s’est libéré pour vous, ${name}`,
  claimLead: (unit: string, hours: number | null) =>
    `Vous étiez sur la liste d’attente pour ${unit}, et il est maintenant libre. ${hours === null ? 'Il est réservé à votre nom' : `Il est réservé à votre nom pendant ${hours} heures`} : louez-le avant la fin du délai et il est à vous.`,
  heldUntil: 'Réservé pour vous jusqu’au',
  montrealTime: '(heure de Montréal)',
  timeLeft: (hours: number, minutes: number) =>
    hours > 0
      ? `Il reste ${hours} ${hours <= 1 ? 'heure' : 'heures'}${minutes > 0 ? ` et ${minutes} ${minutes <= 1 ? 'minute' : 'minutes'}` : ''}`
      : minutes > 0
        ? `Il reste ${minutes} ${minutes <= 1 ? 'minute' : 'minutes'}`
        : 'Il reste moins d’une minute',
  loadingChoices: 'Chargement des options de location...',
  claimNeedsConnection: 'Vous êtes hors ligne : pour réclamer cet espace, il faut une connexion.',
  notInterested:
    'Ça ne vous intéresse plus? Utilisez le lien « Ça ne m’intéresse pas » de notre courriel : la personne suivante recevra l’offre plus tôt. Ou laissez simplement l’offre expirer : rien ne vous sera facturé.',
  cannotRentOnline: `Cet espace ne se loue pas en ligne. Pour le réclamer, écrivez-nous à ${site.email} ou appelez-nous au ${site.phoneDisplay}.`,
  declineHeading: (unit: string) => `${unit} ne vous intéresse pas?`,
  declineLead: (name: string) =>
    `${name}, si vous ne voulez pas cet espace, dites-le-nous et nous l’offrirons tout de suite à la personne suivante sur la liste d’attente. Vous gardez votre place pour tout autre espace choisi.`,
  changedYourMind: 'Vous avez changé d’idée? Réclamez-le avec le lien de notre courriel avant la fin du délai.',
  confirmDecline: 'Oui, offrez-le à la personne suivante',
  declining: 'Envoi...',
  declinedTitle: 'Merci : l’espace est offert à la personne suivante',
  declinedText: 'C’est fait. Vous gardez votre place pour tout autre espace choisi.',
  alreadyDeclinedTitle: 'Vous nous avez déjà dit que cet espace ne vous intéresse pas',
  actionFailed: 'Cela n’a pas fonctionné. Veuillez réessayer.',
  needsConnection: 'Il faut une connexion.',
  leaveHeading: 'Votre inscription sur la liste d’attente',
  leaveLead: (name: string, since: string) => `${name}, votre inscription sur la liste d’attente date du ${since}. Voici où vous en êtes :`,
  yourSpaces: 'Vos espaces',
  unitStatus: (status: WaitlistUnitStatus, place: number | null, offerEnds: string | null): string => {
    switch (status) {
      case 'waiting':
        return place === null ? 'En attente' : `${frOrdinal(place)} dans la file`;
      case 'offered':
        return offerEnds === null ? 'Réservé pour vous' : `Réservé pour vous jusqu’au ${offerEnds}`;
      case 'declined':
        return 'Vous l’avez refusé';
      case 'expired':
        return 'Le délai de l’offre est écoulé';
      case 'skipped':
        return 'Offert à quelqu’un d’autre';
      case 'claimed':
        return 'Réclamé';
    }
  },
  leaveExplain: 'En quittant, vous perdez votre place dans la file pour chacun de ces espaces, et nous ne vous écrirons plus à leur sujet.',
  leaveEndsOffer: 'L’offre que vous avez en ce moment prend fin aussi, et l’espace est offert à la personne suivante.',
  confirmLeave: 'Quitter la liste d’attente',
  leaving: 'Envoi...',
  leftTitle: 'Vous avez quitté la liste d’attente',
  leftText: 'Nous ne vous écrirons plus au sujet de ces espaces. Vous pouvez vous réinscrire en tout temps.',
  alreadyLeftTitle: 'Vous avez déjà quitté la liste d’attente',
};

export const waitlistOfferCatalogue: Catalogue<typeof en> = { en, fr };
export type WaitlistOfferCatalogue = typeof en;

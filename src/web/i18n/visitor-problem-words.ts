import type { DateRefusal, StaffProblemCode, VisitorProblemCode } from '../../shared/contract/problems.ts';
import { formatCad, type ComparedAmount } from '../../shared/domain/pricing.ts';
import { commonProblemWords } from './common-problem-words.ts';
import { fieldProblemWords } from './field-problem-words.ts';
import { formatHour } from './hours.ts';
import type { ApiRequestError } from '../app/api.ts';
import type { Catalogue, Lang } from './i18n.tsx';
import { problemOfHeaders, type ProblemAnswer } from './problem-headers.ts';
import { problemDay, problemDays, problemText, type ProblemWords } from './problem-words.ts';
import { waitlistProblemWords } from './waitlist-problem-words.ts';

/*
 * The PWA's own words for every problem a visitor may meet, in both languages (the codes the
 * console alone words are not here). Only what shows a problem imports this module: the booking
 * dialogs, the manage page and the waitlist links' pages, all loaded on demand.
 */

type VisitorOnlyCode = Exclude<VisitorProblemCode, StaffProblemCode>;

const amountNames: Catalogue<Record<ComparedAmount, string>> = {
  en: {
    monthlyRate: 'monthly rate',
    proratedFirstMonth: 'prorated first month',
    lastMonth: 'last month',
    keyFee: 'key fee',
    setupFee: 'setup fee',
    totalDueToday: 'total due today',
    dailyRate: 'daily rate',
  },
  fr: {
    monthlyRate: 'tarif mensuel',
    proratedFirstMonth: 'premier mois au prorata',
    lastMonth: 'dernier mois',
    keyFee: 'frais de clé',
    setupFee: 'frais d’installation',
    totalDueToday: 'total à payer aujourd’hui',
    dailyRate: 'tarif à la journée',
  },
};

function dateRefusalEn(r: DateRefusal): string {
  switch (r.why) {
    case 'past':
      return 'the date has passed';
    case 'beyond_window':
      return r.product === 'office_daily'
        ? `offices are booked by the day at most ${r.days} days ahead`
        : r.product === 'conference_room'
          ? `conference rooms are booked at most ${r.months} months ahead`
          : `day passes are sold at most ${r.days} days ahead`;
    case 'weekend':
      return 'weekends are not available';
    case 'same_day_closed':
      return `a day pass for today is sold only before ${formatHour(r.hour, 'en')}`;
  }
}

function dateRefusalFr(r: DateRefusal): string {
  switch (r.why) {
    case 'past':
      return 'la date est passée';
    case 'beyond_window':
      return r.product === 'office_daily'
        ? `les bureaux se réservent à la journée au plus ${r.days} jours à l’avance`
        : r.product === 'conference_room'
          ? `les salles de conférence se réservent au plus ${r.months} mois à l’avance`
          : `les passes journalières se vendent au plus ${r.days} jours à l’avance`;
    case 'weekend':
      return 'les fins de semaine ne sont pas offertes';
    case 'same_day_closed':
      return `une passe pour aujourd’hui se vend seulement avant ${formatHour(r.hour, 'fr')}`;
  }
}

const reloadEn = 'Please reload the page and try again.';
const reloadFr = 'Veuillez recharger la page et réessayer.';
const inParentheses = (text: string) => (text ? ` (${text})` : '');

const en: ProblemWords<VisitorOnlyCode> = {
  invalid_checkout_request: (_p, fields) => `This booking could not be sent${inParentheses(fields)}. ${reloadEn}`,
  return_url_off_site: (p) => `Payment cannot start from this address: open the site at ${p.origins.join(' or ')} and try again.`,
  return_url_carries_claim: () => `The payment could not start: the return address must not carry the claim link. ${reloadEn}`,
  payments_unavailable: () => 'Card payments are not available right now. Please contact us to book.',
  no_such_unit: (p) => `No such office or service: ${p.id}`,
  not_sold_online: (p) => `${p.name} cannot be booked online`,
  subscription_only: () => `This service is a subscription: it cannot be booked this way. ${reloadEn}`,
  wrong_rental_type: (p) => `${p.name} cannot be rented this way. ${reloadEn}`,
  one_date_required: () => 'This booking is for exactly one date.',
  dates_required: () => 'Choose at least one date.',
  not_a_date: (p) => `Not a date: ${p.date}`,
  date_not_bookable: (p) => `${problemDay(p.date, 'en')} cannot be booked: ${dateRefusalEn(p.refusal)}.`,
  claim_link_not_for_unit: () => 'This claim link is not for this space. Please use the link in your e-mail.',
  claimed_by_renting: (p) => `${p.name} is claimed by renting it, month to month or with a lease, not by the day.`,
  unit_unavailable: (p) => `${p.name} is no longer available. Join the waitlist to hear when it is.`,
  price_unavailable: (p) => `Unable to proceed - pricing information unavailable for ${p.name}`,
  prices_differ: (p) =>
    `The prices sent do not match our prices (${p.amounts.map((a) => `${amountNames.en[a.amount]} is ${formatCad(a.ours)}, not ${formatCad(a.sent)}`).join('; ')}). ${reloadEn}`,
  day_count_differs: (p) => `The number of days sent (${p.sent}) does not match the dates chosen (${p.chosen}). ${reloadEn}`,
  too_many_unpaid_holds: (p) =>
    `You already have ${p.holds} bookings waiting for payment. Finish paying for one of them, or try again in ${p.minutes} ${p.minutes === 1 ? 'minute' : 'minutes'}.`,
  claim_ended: (p) => `This offer of ${p.name} has ended, so it can no longer be claimed. You can join the waitlist again.`,
  already_booked: (p) =>
    `${p.name} is already booked${p.dates.length > 0 ? ` on ${problemDays(p.dates, 'en')}` : ''}. Please choose ${p.dates.length > 0 ? 'another date' : 'another space'}.`,
  payment_page_failed: () => 'The payment page could not be opened. Please try again in a moment.',
  invalid_availability_query: (_p, fields) => `The availability could not be read${inParentheses(fields)}. ${reloadEn}`,
  availability_dates_invalid: () => 'The dates asked for are not real dates.',
  availability_range_backwards: () => 'The last date asked for is before the first.',
  availability_range_too_long: () => 'Ask for at most two months at a time.',
  no_such_unit_or_room: (p) => `No such office or room: ${p.id}`,
  not_a_session_id: () => 'This is not a payment session.',
  no_order_for_session: () => 'No order for this payment session.',
  receipt_not_ready: () => 'This order has no receipt yet: it is not paid. Reload the page in a moment.',
  booking_not_found: () => "We can't find this booking",
  too_many_booking_lookups: (p) => `Too many booking lookups. Try again in ${p.seconds} seconds.`,
  no_credit_note: () => 'No such credit note for this booking',
  waitlist_entry_refused: (p) => waitlistProblemWords.en[p.problem],
  idempotency_key_conflict: () => 'This waitlist entry was already sent with other details.',
  waitlist_link_invalid: () => 'This waitlist link is not valid. Please check that you copied the whole link from the e-mail.',
  too_many_waitlist_link_lookups: (p) => `Too many waitlist link lookups. Try again in ${p.seconds} seconds.`,
  waitlist_offer_claimed: () => 'This offer was already claimed.',
  waitlist_offer_ended: () => 'This offer has already ended.',
};

const fr: ProblemWords<VisitorOnlyCode> = {
  invalid_checkout_request: (_p, fields) => `Cette réservation n’a pas pu être envoyée${inParentheses(fields)}. ${reloadFr}`,
  return_url_off_site: (p) => `Le paiement ne peut pas commencer à partir de cette adresse : ouvrez le site à ${p.origins.join(' ou ')} et réessayez.`,
  return_url_carries_claim: () => `Le paiement n’a pas pu commencer : l’adresse de retour ne doit pas contenir le lien de l’offre. ${reloadFr}`,
  payments_unavailable: () => 'Le paiement par carte n’est pas offert pour le moment. Veuillez nous joindre pour réserver.',
  no_such_unit: (p) => `Ce bureau ou ce service n’existe pas : ${p.id}`,
  not_sold_online: (p) => `${p.name} ne peut pas être réservé en ligne`,
  subscription_only: () => `Ce service est un abonnement : il ne se réserve pas de cette façon. ${reloadFr}`,
  wrong_rental_type: (p) => `${p.name} ne se loue pas de cette façon. ${reloadFr}`,
  one_date_required: () => 'Cette réservation se fait pour une seule date.',
  dates_required: () => 'Choisissez au moins une date.',
  not_a_date: (p) => `Ce n’est pas une date : ${p.date}`,
  date_not_bookable: (p) => `Le ${problemDay(p.date, 'fr')} ne peut pas être réservé : ${dateRefusalFr(p.refusal)}.`,
  claim_link_not_for_unit: () => 'Ce lien d’offre n’est pas pour cet espace. Veuillez utiliser le lien de votre courriel.',
  claimed_by_renting: (p) => `${p.name} s’obtient en le louant, au mois ou avec un bail, et non à la journée.`,
  unit_unavailable: (p) => `${p.name} n’est plus disponible. Inscrivez-vous à la liste d’attente pour savoir quand il le sera.`,
  price_unavailable: (p) => `Impossible de continuer : le tarif de ${p.name} n’est pas disponible`,
  prices_differ: (p) =>
    `Les prix envoyés ne correspondent pas aux nôtres (${p.amounts.map((a) => `${amountNames.fr[a.amount]} : ${formatCad(a.ours, 'fr')} et non ${formatCad(a.sent, 'fr')}`).join('; ')}). ${reloadFr}`,
  day_count_differs: (p) => `Le nombre de jours envoyé (${p.sent}) ne correspond pas aux dates choisies (${p.chosen}). ${reloadFr}`,
  too_many_unpaid_holds: (p) =>
    `Vous avez déjà ${p.holds} réservations en attente de paiement. Terminez le paiement de l’une d’elles, ou réessayez dans ${p.minutes} ${p.minutes === 1 ? 'minute' : 'minutes'}.`,
  claim_ended: (p) => `Cette offre pour ${p.name} a pris fin : elle ne peut plus être acceptée. Vous pouvez vous inscrire de nouveau à la liste d’attente.`,
  already_booked: (p) =>
    `${p.name} est déjà réservé${p.dates.length > 0 ? ` le ${problemDays(p.dates, 'fr')}` : ''}. Veuillez choisir ${p.dates.length > 0 ? 'une autre date' : 'un autre espace'}.`,
  payment_page_failed: () => 'La page de paiement n’a pas pu s’ouvrir. Veuillez réessayer dans un moment.',
  invalid_availability_query: (_p, fields) => `Les disponibilités n’ont pas pu être lues${inParentheses(fields)}. ${reloadFr}`,
  availability_dates_invalid: () => 'Les dates demandées ne sont pas de vraies dates.',
  availability_range_backwards: () => 'La dernière date demandée précède la première.',
  availability_range_too_long: () => 'Demandez au plus deux mois à la fois.',
  no_such_unit_or_room: (p) => `Ce bureau ou cette salle n’existe pas : ${p.id}`,
  not_a_session_id: () => 'Ce n’est pas une session de paiement.',
  no_order_for_session: () => 'Aucune commande pour cette session de paiement.',
  receipt_not_ready: () => 'Cette commande n’a pas encore de reçu : elle n’est pas payée. Rechargez la page dans un moment.',
  booking_not_found: () => 'Nous ne trouvons pas cette réservation',
  too_many_booking_lookups: (p) => `Trop de recherches de réservations. Réessayez dans ${p.seconds} secondes.`,
  no_credit_note: () => 'Cette réservation n’a pas cette note de crédit',
  waitlist_entry_refused: (p) => waitlistProblemWords.fr[p.problem],
  idempotency_key_conflict: () => 'Cette inscription à la liste d’attente a déjà été envoyée avec d’autres renseignements.',
  waitlist_link_invalid: () => 'Ce lien de liste d’attente n’est pas valide. Vérifiez que vous avez copié tout le lien du courriel.',
  too_many_waitlist_link_lookups: (p) => `Trop de consultations de liens de liste d’attente. Réessayez dans ${p.seconds} secondes.`,
  waitlist_offer_claimed: () => 'Cette offre a déjà été acceptée.',
  waitlist_offer_ended: () => 'Cette offre a déjà pris fin.',
};

/** Every code a visitor may meet, in both languages: a code without words fails the type check. */
export const visitorProblemWords: Catalogue<ProblemWords<VisitorProblemCode>> = {
  en: { ...commonProblemWords.en, ...en },
  fr: { ...commonProblemWords.fr, ...fr },
};

/**
 * A problem the server named, in the visitor's language; none when it named none, or one this
 * version has no words for: then the server's own text (SPEC.md §8), else the caller's generic one.
 */
export function visitorProblemText(problem: ProblemAnswer | undefined, lang: Lang): string | undefined {
  return problemText(visitorProblemWords[lang], fieldProblemWords[lang], lang, problem);
}

/** What to tell a visitor of a refused API call: the words for the problem it names, else the server's own text. */
export function visitorErrorText(error: ApiRequestError, lang: Lang): string | undefined {
  return visitorProblemText(problemOfHeaders(error.headers), lang) ?? error.serverText;
}

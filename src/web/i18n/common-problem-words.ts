import type { StaffProblemCode, VisitorProblemCode } from '../../shared/contract/problems.ts';
import { site } from '../../shared/site.ts';
import type { Catalogue } from './i18n.tsx';
import { problemDay, problemDays, type ProblemWords } from './problem-words.ts';

/**
 * The problems both a visitor and staff may meet (any request's, and a booking's cancellation,
 * which staff make too): one set of words for the PWA's catalogue and the console's.
 */
export type CommonProblemCode = VisitorProblemCode & StaffProblemCode;

const contactEn = `Please contact us at ${site.email} or ${site.phoneDisplay}.`;
const contactFr = `Veuillez nous joindre à ${site.email} ou au ${site.phoneDisplay}.`;

const en: ProblemWords<CommonProblemCode> = {
  invalid_json: () => 'The request body is not valid JSON',
  invalid_request: (_p, fields) => fields || 'The request is not valid',
  body_too_large: (p) => `The request is too large (at most ${p.kilobytes} KB)`,
  bad_address: () => 'This address is not valid',
  no_such_endpoint: (p) => `No such API endpoint: ${p.method} ${p.path}`,
  not_found: () => 'Not found',
  busy: () => 'We are busy right now. Please try again in a few seconds.',
  server_error: () => 'Something went wrong on our side. Please try again.',
  banking_unreadable: () => 'The banking details of this agreement cannot be read right now. Please contact us; your agreement is safe.',
  idempotency_key_required: () => 'An Idempotency-Key header is required: the same key for a retry of this request, a new one for a new request',
  idempotency_key_invalid: () => 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  too_many_requests: (p) => `Too many requests. Try again in ${p.seconds} seconds.`,
  no_booking: () => 'No such booking',
  cancel_key_reused: () => 'This Idempotency-Key was used to cancel other days: send a new key for a new request.',
  order_never_paid: () => 'This order was never paid: nothing is booked.',
  paid_after_taken: () => 'This payment arrived after the booking had gone to someone else: nothing was booked, and it is refunded in full.',
  rental_not_cancelled: () => 'A rental is not cancelled: give notice instead, and it ends at the end of the notice period.',
  lease_not_cancelled_online: () => `A 12-month lease cannot be cancelled online. ${contactEn}`,
  days_not_in_booking: (p) => `This booking is not for ${problemDays(p.dates, 'en')}.`,
  already_cancelled: (p) => (p.dates.length === 1 && p.dates[0] ? `${problemDay(p.dates[0], 'en')} is already cancelled.` : 'These days are already cancelled.'),
  some_already_cancelled: (p) => `${problemDays(p.dates, 'en')} ${p.dates.length === 1 ? 'is' : 'are'} already cancelled.`,
  too_late_to_cancel: (p) =>
    `${problemDays(p.dates, 'en')} can no longer be cancelled: a day can be cancelled for a refund until ${p.hours} hours before it opens. ${contactEn}`,
  notice_already_given: (p) => `Notice was already given on ${problemDay(p.givenOn, 'en')}: the rental ends on ${problemDay(p.endsOn, 'en')}.`,
  not_an_active_rental: () => 'This order is not an active rental.',
  day_not_given_notice: () => 'A booked day is cancelled, not given notice.',
  lease_not_ended_online: () => `A 12-month lease cannot be ended online. ${contactEn}`,
  not_a_rental: () => 'This booking is not a rental: it has no invoices or card on file.',
  no_invoice: (p) => `This rental has no invoice ${p.number}.`,
  invoice_already_paid: (p) => `Invoice ${p.number} is already paid: nothing is owed on it.`,
  invoice_payment_in_progress: () => 'A payment of this invoice is under way. Try again in a few minutes.',
  rental_has_ended: () => `This rental has ended: its card is no longer used. ${contactEn}`,
  lease_changes_by_contract: () => `A lease is paid by its pre-authorized debits and changed or ended as its contract says, not here. ${contactEn}`,
  lease_offer_not_found: () => 'Lease offer not found',
};

const fr: ProblemWords<CommonProblemCode> = {
  invalid_json: () => 'Le contenu de la demande n’est pas du JSON valide',
  invalid_request: (_p, fields) => fields || 'La demande n’est pas valide',
  body_too_large: (p) => `La demande est trop volumineuse (au plus ${p.kilobytes} Ko)`,
  bad_address: () => 'Cette adresse n’est pas valide',
  no_such_endpoint: (p) => `Ce point d’accès de l’API n’existe pas : ${p.method} ${p.path}`,
  not_found: () => 'Introuvable',
  busy: () => 'Nous sommes très occupés en ce moment. Veuillez réessayer dans quelques secondes.',
  server_error: () => 'Un problème est survenu de notre côté. Veuillez réessayer.',
  banking_unreadable: () => 'Les coordonnées bancaires de cette entente ne peuvent pas être lues pour le moment. Veuillez nous joindre; votre entente est en sécurité.',
  idempotency_key_required: () => 'Un en-tête Idempotency-Key est requis : la même clé pour réessayer cette demande, une nouvelle pour une nouvelle demande',
  idempotency_key_invalid: () => 'Idempotency-Key doit compter de 1 à 255 caractères ASCII visibles',
  too_many_requests: (p) => `Trop de demandes. Réessayez dans ${p.seconds} secondes.`,
  no_booking: () => 'Aucune réservation de ce type',
  cancel_key_reused: () => 'Cette clé d’idempotence a servi à annuler d’autres jours : une nouvelle demande demande une nouvelle clé.',
  order_never_paid: () => 'Cette commande n’a jamais été payée : rien n’est réservé.',
  paid_after_taken: () => 'Ce paiement est arrivé après que la réservation est allée à quelqu’un d’autre : rien n’a été réservé, et il est remboursé en entier.',
  rental_not_cancelled: () => 'Une location ne s’annule pas : donnez plutôt un préavis, et elle prend fin au terme du préavis.',
  lease_not_cancelled_online: () => `Un bail de 12 mois ne peut pas être annulé en ligne. ${contactFr}`,
  days_not_in_booking: (p) => `Cette réservation n’est pas pour le ${problemDays(p.dates, 'fr')}.`,
  already_cancelled: (p) => (p.dates.length === 1 && p.dates[0] ? `Le ${problemDay(p.dates[0], 'fr')} est déjà annulé.` : 'Ces jours sont déjà annulés.'),
  some_already_cancelled: (p) => `${p.dates.length === 1 ? 'Déjà annulé' : 'Déjà annulés'} : ${problemDays(p.dates, 'fr')}.`,
  too_late_to_cancel: (p) =>
    `${p.dates.length === 1 ? 'Ce jour ne peut plus être annulé' : 'Ces jours ne peuvent plus être annulés'} (${problemDays(p.dates, 'fr')}) : un jour s’annule avec remboursement jusqu’à ${p.hours} heures avant son ouverture. ${contactFr}`,
  notice_already_given: (p) => `Le préavis a déjà été donné le ${problemDay(p.givenOn, 'fr')} : la location prend fin le ${problemDay(p.endsOn, 'fr')}.`,
  not_an_active_rental: () => 'Cette commande n’est pas une location en cours.',
  day_not_given_notice: () => 'Un jour réservé s’annule; il ne fait pas l’objet d’un préavis.',
  lease_not_ended_online: () => `Un bail de 12 mois ne peut pas être résilié en ligne. ${contactFr}`,
  not_a_rental: () => 'Cette réservation n’est pas une location : elle n’a ni factures ni carte enregistrée.',
  no_invoice: (p) => `Cette location n’a pas de facture ${p.number}.`,
  invoice_already_paid: (p) => `La facture ${p.number} est déjà payée : rien n’est dû.`,
  invoice_payment_in_progress: () => 'Un paiement de cette facture est en cours. Réessayez dans quelques minutes.',
  rental_has_ended: () => `Cette location a pris fin : sa carte n’est plus utilisée. ${contactFr}`,
  lease_changes_by_contract: () => `Un bail se paie par ses débits préautorisés et se modifie ou prend fin comme son contrat le prévoit, pas ici. ${contactFr}`,
  lease_offer_not_found: () => 'Offre de bail introuvable',
};

export const commonProblemWords: Catalogue<ProblemWords<CommonProblemCode>> = { en, fr };

import type { ProblemParams, StaffProblemCode, VisitorProblemCode } from '../../shared/contract/problems.ts';
import { formatCad } from '../../shared/domain/pricing.ts';
import { spaceDateTimeText } from '../../shared/domain/time.ts';
import { commonProblemWords } from '../i18n/common-problem-words.ts';
import { fieldProblemWords } from '../i18n/field-problem-words.ts';
import type { AnswerField } from '../i18n/problem-headers.ts';
import type { ProblemAnswer } from '../i18n/problem-headers.ts';
import { fieldProblemText, problemText, type FieldProblemWords, type ProblemWords } from '../i18n/problem-words.ts';
import { staffCatalogue, typeset, type StaffCatalogue, type StaffLanguage } from './i18n.ts';

/*
 * The console's own words for every problem the API answers staff, and for every field problem,
 * in English and French: typed by code, so a code without words fails the type check. An answer
 * whose code these do not know (an older or newer server) is said in the server's own text.
 */

type StaffOnlyCode = Exclude<StaffProblemCode, VisitorProblemCode>;

const list = (items: readonly string[]) => items.join(', ');
type ReturnFileFault = ProblemParams<'pad_return_file_invalid'>;

/** Where a return file goes wrong, in the console's words. */
function returnFileFaultEn(p: ReturnFileFault): string {
  const at = `record ${p.record}`;
  const texts: Record<ReturnFileFault['fault'], string> = {
    empty: 'the file is empty.',
    length: `${at} is ${p.found} characters long, not 1464.`,
    header: 'its first record is not a header (type A).',
    trailer: `${at} should be the file’s last record, a trailer (type Z).`,
    type: `${at} is of type ${p.found}, which a return file does not carry.`,
    outgoing: `${at} is a payment sent to the bank (type ${p.found}): choose the bank’s return file, not a PAD file.`,
    count: `${at} is numbered ${p.found}: a record is missing or out of order.`,
    field: `${at} has a field the standard does not allow (${p.found}).`,
    totals: 'its trailer’s totals differ from its items: the file is incomplete.',
    originator: `it is the file of originator ${p.found}, not ours.`,
  };
  return texts[p.fault];
}

function returnFileFaultFr(p: ReturnFileFault): string {
  const at = `l’enregistrement ${p.record}`;
  const texts: Record<ReturnFileFault['fault'], string> = {
    empty: 'le fichier est vide.',
    length: `${at} compte ${p.found} caractères, et non 1464.`,
    header: 'son premier enregistrement n’est pas un en-tête (type A).',
    trailer: `${at} devrait être le dernier du fichier, un enregistrement de fin (type Z).`,
    type: `${at} est de type ${p.found}, qu’un fichier de retours ne contient pas.`,
    outgoing: `${at} est un paiement envoyé à la banque (type ${p.found}) : choisissez le fichier de retours de la banque, pas un fichier DPA.`,
    count: `${at} porte le numéro ${p.found} : un enregistrement manque ou est déplacé.`,
    field: `${at} a un champ que la norme n’admet pas (${p.found}).`,
    totals: 'les totaux de son enregistrement de fin diffèrent de ses éléments : le fichier est incomplet.',
    originator: `c’est le fichier de l’émetteur ${p.found}, pas le nôtre.`,
  };
  return texts[p.fault];
}

const moment = (instant: string, locale: string) => (Number.isNaN(Date.parse(instant)) ? instant : spaceDateTimeText(new Date(instant), locale));

const en: ProblemWords<StaffOnlyCode> = {
  admin_token_invalid: () => 'A valid admin token is required',
  sign_in_required: () => 'Please sign in to continue',
  wrong_origin: () => 'This request must come from the staff console',
  managers_only: () => 'Only a manager can do this. Ask a manager of the space.',
  pad_not_configured: () => 'PAD files cannot be made until the PAD_* settings are given (the bank’s originator id, names, data centre and return account).',
  pad_date_not_business_day: (p) => `${p.date} is not a business day of the banks: choose ${p.next}.`,
  pad_date_past: (p) => `${p.date} has passed: a debit is made on a later day.`,
  pad_nothing_ready: (p) =>
    p.reason === 'nothing_due' || p.until === null ? 'No PAD debit is due: no file was made.' : `No PAD debit is due by that date: the next is due on ${p.until} (its notice runs until then). No file was made.`,
  no_pad_file: () => 'There is no such PAD file.',
  pad_file_unreadable: () => 'This PAD file was sealed under a key that is no longer in BANKING_KEYS, so it cannot be opened.',
  pad_file_voided: (p) => `PAD file no. ${p.number} was voided by ${p.by}: it is not to be sent to the bank, and its debits go in the next file.`,
  pad_file_settled: (p) => `PAD file no. ${p.number} cannot be voided: the debits of ${list(p.invoices)} are already treated as paid or returned. Record a return on each invoice the bank sent back instead.`,
  pad_no_debit: (p) => `Invoice ${p.number} has no PAD debit to return: none was put in a file.`,
  pad_returned_with_another_code: (p) => `The debit of invoice ${p.number} is already recorded as returned, with code ${p.code}.`,
  not_a_pad_tenancy: () => 'This rental is not paid by pre-authorized debit.',
  pad_return_file_invalid: (p) => `This is not a return file the console can read: ${returnFileFaultEn(p)}`,
  no_deposit: () => 'This rental has no such deposit.',
  deposit_already_returned: () => 'This deposit was already returned.',
  deposit_not_collected: () => 'This deposit was never collected (its invoice is not paid), so there is nothing to return.',
  deposit_more_than_held: (p) => `At most ${formatCad(p.cents, 'en')} can be returned: the deposit held.`,
  revocation_in_future: (p) => `${p.date} has not come yet: record a revocation once it has been received.`,
  wrong_sign_in: () => 'The e-mail or password is not right.',
  sign_in_incomplete: () => 'The e-mail or password is not right.',
  too_many_sign_ins: (p) => `Too many sign-in attempts. Try again in ${p.seconds} seconds.`,
  too_many_attempts: (p) => `Too many attempts. Try again in ${p.seconds} seconds.`,
  set_password_link_used: () => 'This link has expired or was already used. Ask for a new one.',
  staff_email_taken: (p) => `${p.email} already has an account`,
  not_a_staff_account: () => 'Not an account id or e-mail',
  no_staff_account: () => 'No such staff account',
  staff_account_disabled: () => 'This account is disabled: it gets no set-password link',
  invalid_cursor: () => 'This list’s next page is not one this server gave: load the list again',
  invalid_limit: () => 'limit must be a whole number from 1 to 1000',
  invalid_status: (p) => `status must be one of ${list(p.statuses)}`,
  invalid_order_list: (p) => `status must be one of ${list(p.statuses)}; limit a whole number from 1 to 1000`,
  not_an_order_id: () => 'Not an order id',
  no_order: (p) => `No order ${p.id}`,
  invalid_rental_list: () => 'state must be one of overdue, active, ending, ended; limit a whole number from 1 to 1000',
  not_a_rental_id: () => 'Not a rental id',
  no_rental: () => 'This rental does not exist',
  not_an_invoice_number: () => 'Not an invoice number (such as F-2026-000001)',
  no_card_on_file: () => 'This rental has no card on file to charge: record a payment, or ask the customer to pay from their e-mail.',
  staff_key_reused: () => 'This request was already used for a different one: close the dialog and start again',
  rental_has_no_order: () => 'This rental was not bought at checkout, so it cannot be ended under the notice policy here.',
  rental_already_ended: () => 'This rental has already ended.',
  tenancy_not_begun: (p) => `This tenancy begins on ${p.startsOn}: its last day can be ${p.startsOn} or later.`,
  tenancy_end_set: (p) => `This tenancy already ends on ${p.endsOn}: to end it sooner, end it at once.`,
  rental_in_first_period: (p) => `This rental is still in the days its checkout paid for (to ${p.paidThrough}): end it under the notice policy instead.`,
  order_has_no_receipt: () => 'This order has no receipt: it is not paid.',
  not_a_unit_id: () => 'Not a unit id',
  no_unit: (p) => `No unit ${p.id}`,
  nothing_to_change: () => 'Send at least one field to change',
  unit_code_taken: (_p, fields) => fields || 'This code is already the code of another unit',
  unit_already_retired: () => 'This unit is already retired',
  not_a_waitlist_entry_id: () => 'Not a waitlist entry id',
  no_waitlist_entry: (p) => `No waitlist entry ${p.id}`,
  unit_not_offerable: () => 'This unit cannot be offered to its waitlist',
  unit_already_offered: (p) => `This unit is already offered to entry ${p.entry} until ${moment(p.until, 'en-CA')}`,
  nobody_waiting: () => 'Nobody is waiting for this unit',
  entry_not_on_unit_waitlist: (p) => `Entry ${p.entry} is not on the waitlist for this unit`,
  entry_not_on_waitlist_of: (p) => `Entry ${p.entry} is not on the waitlist for unit ${p.unit}`,
  entry_left: (p) => `Entry ${p.entry} left the waitlist`,
  entry_claimed: (p) => `Entry ${p.entry} already claimed a unit`,
  unit_taken: () => 'A booking takes this unit: it cannot be offered',
  entry_no_longer_waiting: (p) => `Entry ${p.entry} is no longer waiting`,
  entry_not_waiting: (p) => `Entry ${p.entry} is not waiting for this unit (${p.status})`,
  offers_already_paused: () => 'Offers are already paused for this unit',
  offers_not_paused: () => 'Offers are not paused for this unit',
  not_an_offer_number: () => 'Not an offer number',
  signed_offer_cannot_expire: () => 'A signed offer cannot be expired',
  offer_signed_nothing_to_resend: () => 'This offer is signed: there is nothing to resend',
  offer_expired_create_new: () => 'This offer has expired: create a new one',
  invitation_being_sent: () => 'The invitation is being sent right now: try again in a few minutes',
  not_a_message_id: () => 'Not a message id',
  no_message: (p) => `No message ${p.id}`,
  message_already_sent: () => 'This message was already sent',
  message_being_sent: () => 'This message is being sent right now',
};

const fr: ProblemWords<StaffOnlyCode> = {
  admin_token_invalid: () => 'Un jeton d’administration valide est requis',
  sign_in_required: () => 'Veuillez vous connecter pour continuer',
  wrong_origin: () => 'Cette demande doit venir de la console du personnel',
  managers_only: () => 'Seul un gestionnaire peut faire ceci. Demandez-le à un gestionnaire de l’espace.',
  pad_not_configured: () => 'Aucun fichier DPA ne peut être produit tant que les réglages PAD_* ne sont pas donnés (identifiant d’émetteur de la banque, noms, centre de données et compte de retour).',
  pad_date_not_business_day: (p) => `Le ${p.date} n’est pas un jour ouvrable des banques : choisissez le ${p.next}.`,
  pad_date_past: (p) => `Le ${p.date} est passé : un prélèvement se fait un jour à venir.`,
  pad_nothing_ready: (p) =>
    p.reason === 'nothing_due' || p.until === null
      ? 'Aucun prélèvement DPA n’est dû : aucun fichier n’a été produit.'
      : `Aucun prélèvement DPA n’est dû à cette date : le prochain est dû le ${p.until} (son préavis court jusque-là). Aucun fichier n’a été produit.`,
  no_pad_file: () => 'Ce fichier DPA n’existe pas.',
  pad_file_unreadable: () => 'Ce fichier DPA a été scellé avec une clé qui n’est plus dans BANKING_KEYS : il ne peut pas être ouvert.',
  pad_file_voided: (p) => `Le fichier DPA no ${p.number} a été invalidé par ${p.by === 'admin token' ? 'le jeton d’administration' : p.by} : il ne doit pas être transmis à la banque, et ses prélèvements vont dans le prochain fichier.`,
  pad_file_settled: (p) =>
    `Le fichier DPA no ${p.number} ne peut pas être invalidé : les prélèvements de ${list(p.invoices)} sont déjà considérés comme payés ou retournés. Enregistrez plutôt un retour sur chaque facture que la banque a renvoyée.`,
  pad_no_debit: (p) => `La facture ${p.number} n’a aucun prélèvement DPA à retourner : aucun n’a été mis dans un fichier.`,
  pad_returned_with_another_code: (p) => `Le prélèvement de la facture ${p.number} est déjà enregistré comme retourné, avec le code ${p.code}.`,
  not_a_pad_tenancy: () => 'Cette location n’est pas payée par débit préautorisé.',
  pad_return_file_invalid: (p) => `Ce fichier de retours ne peut pas être lu : ${returnFileFaultFr(p)}`,
  no_deposit: () => 'Cette location n’a pas ce dépôt.',
  deposit_already_returned: () => 'Ce dépôt a déjà été remis.',
  deposit_not_collected: () => 'Ce dépôt n’a jamais été perçu (sa facture n’est pas payée) : il n’y a rien à remettre.',
  deposit_more_than_held: (p) => `Au plus ${formatCad(p.cents, 'fr')} peut être remis : le dépôt détenu.`,
  revocation_in_future: (p) => `Le ${p.date} n’est pas encore arrivé : enregistrez une révocation une fois reçue.`,
  wrong_sign_in: () => 'Le courriel ou le mot de passe n’est pas le bon.',
  sign_in_incomplete: () => 'Le courriel ou le mot de passe n’est pas le bon.',
  too_many_sign_ins: (p) => `Trop de tentatives de connexion. Réessayez dans ${p.seconds} secondes.`,
  too_many_attempts: (p) => `Trop de tentatives. Réessayez dans ${p.seconds} secondes.`,
  set_password_link_used: () => 'Ce lien a expiré ou a déjà servi. Demandez-en un nouveau.',
  staff_email_taken: (p) => `${p.email} a déjà un compte`,
  not_a_staff_account: () => 'Ce n’est pas un identifiant ni un courriel de compte',
  no_staff_account: () => 'Ce compte du personnel n’existe pas',
  staff_account_disabled: () => 'Ce compte est désactivé : il ne reçoit pas de lien pour choisir un mot de passe',
  invalid_cursor: () => 'La page suivante de cette liste ne vient pas de ce serveur : chargez la liste de nouveau',
  invalid_limit: () => 'limit doit être un nombre entier de 1 à 1000',
  invalid_status: (p) => `status doit être l’une de ces valeurs : ${list(p.statuses)}`,
  invalid_order_list: (p) => `status doit être l’une de ces valeurs : ${list(p.statuses)}; limit, un nombre entier de 1 à 1000`,
  not_an_order_id: () => 'Ce n’est pas un numéro de commande',
  no_order: (p) => `Aucune commande ${p.id}`,
  invalid_rental_list: () => 'state doit être l’une de ces valeurs : overdue, active, ending, ended; limit, un nombre entier de 1 à 1000',
  not_a_rental_id: () => 'Ce n’est pas un identifiant de location',
  no_rental: () => 'Cette location n’existe pas',
  not_an_invoice_number: () => 'Ce n’est pas un numéro de facture (comme F-2026-000001)',
  no_card_on_file: () => 'Cette location n’a pas de carte enregistrée à débiter : inscrivez un paiement, ou demandez au client de payer depuis son courriel.',
  staff_key_reused: () => 'Cette demande a déjà servi pour une autre : fermez la fenêtre et recommencez',
  rental_has_no_order: () => 'Cette location n’a pas été achetée en ligne : on ne peut pas y mettre fin ici selon la politique de préavis.',
  rental_already_ended: () => 'Cette location est déjà terminée.',
  tenancy_not_begun: (p) => `Ce bail commence le ${p.startsOn} : son dernier jour peut être le ${p.startsOn} ou plus tard.`,
  tenancy_end_set: (p) => `Ce bail se termine déjà le ${p.endsOn} : pour y mettre fin plus tôt, mettez-y fin immédiatement.`,
  rental_in_first_period: (p) => `Cette location est encore dans les jours payés lors de l’achat (jusqu’au ${p.paidThrough}) : mettez-y fin selon la politique de préavis.`,
  order_has_no_receipt: () => 'Cette commande n’a pas de reçu : elle n’est pas payée.',
  not_a_unit_id: () => 'Ce n’est pas un numéro d’espace',
  no_unit: (p) => `Aucun espace ${p.id}`,
  nothing_to_change: () => 'Envoyez au moins un champ à modifier',
  unit_code_taken: (_p, fields) => fields || 'Ce code est déjà celui d’un autre espace',
  unit_already_retired: () => 'Cet espace est déjà retiré',
  not_a_waitlist_entry_id: () => 'Ce n’est pas un numéro d’inscription',
  no_waitlist_entry: (p) => `Aucune inscription ${p.id}`,
  unit_not_offerable: () => 'Cet espace ne peut pas être offert à sa liste d’attente',
  unit_already_offered: (p) => `Cet espace est déjà offert à l’inscription ${p.entry} jusqu’au ${moment(p.until, 'fr-CA')}`,
  nobody_waiting: () => 'Personne n’attend cet espace',
  entry_not_on_unit_waitlist: (p) => `L’inscription ${p.entry} n’est pas sur la liste d’attente de cet espace`,
  entry_not_on_waitlist_of: (p) => `L’inscription ${p.entry} n’est pas sur la liste d’attente de l’espace ${p.unit}`,
  entry_left: (p) => `L’inscription ${p.entry} a quitté la liste d’attente`,
  entry_claimed: (p) => `L’inscription ${p.entry} a déjà obtenu un espace`,
  unit_taken: () => 'Une réservation occupe cet espace : il ne peut pas être offert',
  entry_no_longer_waiting: (p) => `L’inscription ${p.entry} n’attend plus`,
  entry_not_waiting: (p) => `L’inscription ${p.entry} n’attend pas cet espace (${p.status})`,
  offers_already_paused: () => 'Les offres de cet espace sont déjà suspendues',
  offers_not_paused: () => 'Les offres de cet espace ne sont pas suspendues',
  not_an_offer_number: () => 'Ce n’est pas un numéro d’offre',
  signed_offer_cannot_expire: () => 'Une offre signée ne peut pas expirer',
  offer_signed_nothing_to_resend: () => 'Cette offre est signée : il n’y a rien à renvoyer',
  offer_expired_create_new: () => 'Cette offre a expiré : créez-en une nouvelle',
  invitation_being_sent: () => 'L’invitation est en cours d’envoi : réessayez dans quelques minutes',
  not_a_message_id: () => 'Ce n’est pas un identifiant de message',
  no_message: (p) => `Aucun message ${p.id}`,
  message_already_sent: () => 'Ce message a déjà été envoyé',
  message_being_sent: () => 'Ce message est en cours d’envoi',
};

/** Every code the API answers staff, in both languages; the French set in Quebec typography, as the console's catalogue is. */
export const staffProblemWords: Record<StaffLanguage, ProblemWords<StaffProblemCode>> = {
  en: { ...commonProblemWords.en, ...en },
  fr: typeset({ ...commonProblemWords.fr, ...fr }),
};

/** Every field problem code, in both languages. */
export const staffFieldWords: Record<StaffLanguage, FieldProblemWords> = { en: fieldProblemWords.en, fr: typeset(fieldProblemWords.fr) };

function languageOf(m: StaffCatalogue): StaffLanguage {
  return m.locale === staffCatalogue.fr.locale ? 'fr' : 'en';
}

/** A problem the server named, in the console's language; none when it named none, or one these words do not know. */
export function staffProblemText(m: StaffCatalogue, problem: ProblemAnswer | undefined): string | undefined {
  const lang = languageOf(m);
  return problemText(staffProblemWords[lang], staffFieldWords[lang], lang, problem);
}

/** One field's problem, said beside it; none for a code these words do not know. */
export function staffFieldText(m: StaffCatalogue, field: AnswerField): string | undefined {
  return fieldProblemText(staffFieldWords[languageOf(m)], field);
}

/** One field's problem when it belongs to no input of the form: after its path. */
export function staffLabelledFieldText(m: StaffCatalogue, field: AnswerField): string | undefined {
  const text = staffFieldText(m, field);
  return text === undefined || !field.path ? text : m.labelled(field.path, text);
}

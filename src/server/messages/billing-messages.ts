import { isPadReturnCode, padReturnCodes } from '../../shared/domain/pad-returns.ts';
import { isServiceType, serviceTypeNames } from '../../shared/domain/products.ts';
import { daysBetween, daysInMonth, type IsoDate } from '../../shared/domain/time.ts';
import { site } from '../../shared/site.ts';
import { invoiceLineNames } from '../documents/line-names.ts';
import type { ReceiptDocument } from '../documents/receipt.ts';
import { billedPeriodText } from '../../shared/domain/period-text.ts';
import type { MessageData } from '../outbox/outbox.ts';
import { taxRows } from './amounts.ts';
import { catalogue, type Language } from './catalogue.ts';
import { assertRecipient, staffDraft, type Draft, type Template, type TemplateContext } from './draft.ts';
import type { Block, Fact, Letter } from './layout.ts';
import { fullDate, instantAtSpace, money } from './letter-format.ts';
import { documentAttachment, manageLink, orderWords } from './purchase.ts';
import { greeting, shared } from './shared-words.ts';

/*
 * A rental's monthly invoice, charged to the card on file: paid (with the invoice's PDF), a try
 * at charging it failed (with a link to pay now), and, once the last automatic try has failed,
 * staff told that the rental is overdue.
 */

type Rental = MessageData['invoice_paid']['rental'];
type Invoice = MessageData['invoice_paid']['invoice'];
type Method = MessageData['invoice_paid']['payment']['method'];

/** The reasons a provider gives that the customer is told in plain words; any other code gets a general sentence. */
type Reason =
  | 'card_declined'
  | 'authentication_required'
  | 'expired_card'
  | 'insufficient_funds'
  | 'incorrect_cvc'
  | 'processing_error'
  | 'payment_method_missing'
  | 'customer_missing'
  | 'amount_too_large'
  | 'amount_too_small'
  | 'payment_method_unusable'
  | 'no_saved_card';

/** The invoice's days, as invoiceLineNames names them (documents/line-names.ts). */
interface Period {
  start: IsoDate;
  end: IsoDate;
  days: number;
  daysInMonth: number;
}

function periodOf(invoice: Invoice): Period {
  const [y, m] = invoice.periodStart.split('-').map(Number) as [number, number];
  return { start: invoice.periodStart, end: invoice.periodEnd, days: daysBetween(invoice.periodStart, invoice.periodEnd) + 1, daysInMonth: daysInMonth(y, m) };
}

/** 'December 2026' for a whole month, else its days, as the invoice's PDF names them. */
function periodName(invoice: Invoice, language: Language): string {
  return billedPeriodText(invoice.periodStart, invoice.periodEnd, language);
}

const texts = catalogue({
  en: {
    forPeriod: (name: string, _p: Period) => `for ${name}`,
    paidBy: { card: 'by card', test: 'as a test payment (no card charged)', pad: 'by pre-authorized debit', cheque: 'by cheque', etransfer: 'by Interac e-Transfer', credit: 'by credit note' } as Record<Method, string>,
    methods: { card: 'Card', test: 'Test payment (no card charged)', pad: 'Pre-authorized debit', cheque: 'Cheque', etransfer: 'Interac e-Transfer', credit: 'Credit note' } as Record<Method, string>,
    paidSubject: (number: string, unit: string, period: string) => `Invoice ${number} paid: ${unit}, ${period}`,
    paidTitle: 'Your invoice is paid',
    paid: (number: string, forPeriod: string, amount: string, by: string) =>
      `Thank you: your invoice ${number} ${forPeriod} is paid. We have received ${amount}, taxes included, ${by}; the invoice is attached to this e-mail.`,
    // A final period the prepaid month covers in full leaves nothing to charge.
    settled: (number: string, forPeriod: string) => `Your invoice ${number} ${forPeriod} is settled: the last month you paid in advance covers it, so nothing was charged. The invoice is attached to this e-mail.`,
    invoiceDetails: 'Invoice details',
    invoice: 'Invoice',
    period: 'Period',
    paidOn: 'Paid on',
    payment: 'Payment',
    totalPaid: 'Total paid',
    finalApplied: 'This is the last invoice of your rental: the last month you paid in advance is applied to it.',
    final: 'This is the last invoice of your rental.',
    next: (amount: string, on: string) => `Your next invoice: ${amount} on ${on}.`,
    noNext: (ends: string | null) => (ends ? `There is no next invoice: your rental ends on ${ends}.` : 'There is no next invoice.'),
    manageRental: 'Manage your rental',
    reason: (host: string) => `You are receiving this e-mail about your rental, booked on ${host}.`,
    reasons: {
      card_declined: 'your bank declined the card',
      authentication_required: 'your bank asks you to confirm the payment yourself',
      expired_card: 'the card has expired',
      insufficient_funds: 'the card does not have enough funds or credit available',
      incorrect_cvc: 'the card’s security code (CVC) was refused',
      processing_error: 'an error occurred while the card was being processed',
      payment_method_missing: 'the card on file was removed',
      customer_missing: 'the card on file is no longer on record with our payment provider',
      amount_too_large: 'the amount was refused by the card network as too large',
      amount_too_small: 'the amount was refused by the card network as too small',
      payment_method_unusable: 'the card on file can no longer be used',
      no_saved_card: 'no card is saved for your rental',
    } as Record<Reason, string>,
    otherReason: 'your bank did not accept the payment',
    failedSubject: (number: string, unit: string) => `Payment failed: invoice ${number}, ${unit}`,
    failedTitle: 'Your payment did not go through',
    failedPreview: (amount: string, forPeriod: string) => `Pay now: ${amount} ${forPeriod}.`,
    failed: (amount: string, forPeriod: string, reason: string) => `Your payment of ${amount} ${forPeriod} could not be taken from your card: ${reason}.`,
    payWith: 'You can pay now with this card or another one; the card you pay with is kept for the months to come.',
    payNow: 'Pay now',
    nextTry: (on: string) => `We will try your card again on ${on}, unless you have paid by then.`,
    lastTry: (email: string, phone: string) => `This was our last automatic try: please pay now, or contact us at ${email} or ${phone}.`,
    space: 'Space',
    amountDue: 'Amount due (taxes included)',
    paymentTry: 'Payment try',
    tryOf: (n: number, of: number) => `${n} of ${of}`,
    staffSubject: (number: string, unit: string, who: string) => `Overdue invoice ${number}: ${unit} – ${who}`,
    staffTitle: 'Rent overdue: the last automatic try failed',
    staffWhy: (tries: string) =>
      `The last automatic try at charging this invoice failed (try ${tries}). The rental is now overdue; nothing is ended automatically: record a payment, retry, or end the rental in the console.`,
    providerReason: 'Reason (payment provider)',
    lastTryOn: 'Last try',
    rental: 'Rental',
    twiceSubject: (number: string, unit: string, who: string) => `Invoice ${number} paid twice: ${unit} – ${who}`,
    twiceTitle: 'An invoice was paid twice',
    twiceRefunded: (amount: string) => `A payment came in after the invoice was already paid. ${amount} of it is refunded to the customer's card; the invoice stands as paid.`,
    twiceNotRefunded: 'A payment came in after the invoice was already paid, and it could not be refunded by itself: give it back to the customer.',
    secondPayment: 'Second payment',
    refunded: 'Refunded',
    reference: 'Reference',
    dueSubject: (number: string, unit: string, period: string, amount: string) => `Invoice ${number}: ${unit}, ${period} – ${amount} due`,
    dueTitle: 'Your invoice is ready',
    due: (number: string, forPeriod: string, amount: string) => `Your invoice ${number} ${forPeriod} is attached: ${amount}, taxes included, is due.`,
    noCard: 'We have no card on file for this rental, so it was not charged: please pay it now. The card you pay with is kept, and the next invoices are charged to it on the 1st.',
    padSubject: (number: string, unit: string, period: string, amount: string, on: string) => `Invoice ${number}: ${unit}, ${period} – ${amount} debited on ${on}`,
    padDue: (number: string, forPeriod: string, amount: string, on: string) =>
      `Your invoice ${number} ${forPeriod} is attached: ${amount}, taxes included, will be debited from your bank account on ${on}, under your pre-authorized debit agreement.`,
    padNoticed: 'This e-mail is your notice of that debit (section 8 of your agreement): its amount or date differs from your fixed monthly debit, so it is made at least 10 days after this notice.',
    padStopped: (email: string, phone: string) =>
      `Your pre-authorized debits have ended, so this invoice will not be debited from your account. Please pay it by card, cheque or Interac e-Transfer: contact us at ${email} or ${phone}.`,
    debitOn: 'Debited on',
    settledSubject: (number: string, unit: string, period: string) => `Invoice ${number} settled: ${unit}, ${period}`,
    settledTitle: 'Your last invoice is settled',
    surplus: (amount: string, creditNote: string) =>
      `What the last month you paid in advance leaves over, ${amount} taxes included, is refunded to your card with credit note ${creditNote}; it can take 5 to 10 business days to appear on your statement.`,
    endedSubject: (unit: string, on: string) => `Your rental of ${unit} ended on ${on}`,
    endsSubject: (unit: string, on: string) => `Your rental of ${unit} ends on ${on}`,
    endsAsAgreed: (unit: string, on: string) => `Your rental of ${unit} ends on ${on}, as agreed with our team: the space is yours until the end of that day, and you are not billed after it.`,
    endedOwedPad: (amount: string) =>
      `${amount}, taxes included, is still owed on the invoices below. It is debited from your bank account under your pre-authorized debit agreement on the day shown: this e-mail is your notice of those debits.`,
    debitedOn: (number: string, on: string) => `Invoice ${number}, debited on ${on}`,
    debitUnderWay: (number: string) => `Invoice ${number}, debit under way`,
    endedTitle: 'Your rental has ended',
    endsTitle: 'The end of your rental is set',
    ended: (unit: string, on: string) => `Your rental of ${unit} was ended by our team; its last day was ${on}. You are not billed after that day.`,
    endedCredits: 'The credit notes below settle your billing to that day (they are attached to this e-mail):',
    creditAgainstInvoice: (number: string, invoice: string) => `Credit note ${number}, against invoice ${invoice}`,
    owedPaid: 'The last month you paid in advance first pays what you still owed on your earlier invoices, with the credit notes below (attached):',
    creditAgainstReceipt: (number: string, receipt: string) => `Credit note ${number}, against receipt ${receipt}`,
    endedRefund: (amount: string) => `${amount}, taxes included, is refunded to your card; it can take 5 to 10 business days to appear on your statement.`,
    endedOwed: (amount: string) => `${amount}, taxes included, is still owed on the invoices below: please pay it on your rental's page.`,
    endedOwes: 'Still owed',
    endedReturn: (amount: string) => `You paid ${amount} of it by cheque or Interac e-Transfer: our team will return it to you the same way.`,
    endedSettled: 'Nothing is owed on your rental.',
    payOwed: 'Pay what is owed',
    cardSubject: (unit: string) => `Card changed: ${unit}`,
    cardTitle: 'Your card is changed',
    cardChanged: (unit: string, at: string) => `The card for your rental of ${unit} was changed on ${at}. The next invoices are charged to the new card on the 1st.`,
    cardNext: (amount: string, on: string) => `Your next invoice: ${amount} on ${on}.`,
    cardNotYou: (email: string, phone: string) => `If you did not change it, contact us at once at ${email} or ${phone}.`,
    returnedSubject: (number: string, unit: string) => `Debit returned by your bank: invoice ${number}, ${unit}`,
    returnedTitle: 'Your bank returned a debit',
    returned: (amount: string, number: string, forPeriod: string, reason: string) => `The debit of ${amount} for your invoice ${number} ${forPeriod} was returned by your bank (${reason}).`,
    returnedRedebit: (owed: string, fee: string, feeNumber: string, on: string, total: string) =>
      `We will debit it again on ${on}: ${owed}, with the handling fee of ${fee} that your agreement sets for a refused debit (invoice ${feeNumber}, attached), ${total} in all. This e-mail is your notice of that debit (section 8 of your agreement). Please make sure the funds are in your account by then.`,
    returnedNoRedebit: (owed: string, email: string, phone: string) =>
      `We will not debit it again: please pay the ${owed} owed by card, cheque or Interac e-Transfer; contact us at ${email} or ${phone}.`,
    returnedStopped: (owed: string, email: string, phone: string) =>
      `Your bank says this account can no longer be debited under your agreement, so all pre-authorized debits on it have stopped. Please pay the ${owed} owed by card, cheque or Interac e-Transfer, and contact us at ${email} or ${phone} to sign a new debit agreement or to pay by card from now on.`,
    returnedDispute: (owed: string, email: string, phone: string) =>
      `The debit was claimed back from your bank, so the invoice is due again: please pay the ${owed} owed by card, cheque or Interac e-Transfer, or contact us at ${email} or ${phone} if you think the debit was right. Your next monthly debits are made as usual.`,
    returnedAmount: 'Amount returned',
    returnedReason: 'Reason given by the bank',
    redebitOn: 'Debited again on',
    termSubject: (unit: string, on: string) => `Your lease of ${unit}: its term ends on ${on}`,
    termTitle: 'Your lease’s term is ending',
    term: (months: number, unit: string, on: string) => `The ${months}-month term of your lease of ${unit} ends on ${on}.`,
    termGoesOn: (by: string, rent: string) =>
      `Unless you or we give written notice by ${by} (30 days before that day), your agreement continues from month to month on the same terms: ${rent} a month before taxes, still debited on the 1st under your pre-authorized debit agreement. Either party may then end it with 30 days’ written notice (section 3 of your agreement).`,
    termContact: (email: string, phone: string) => `To end it or to talk about renewing, contact us at ${email} or ${phone}.`,
    termEndsOn: 'End of term',
    noticeBy: 'Notice to end it by',
    monthlyRent: 'Monthly rent (before taxes)',
    staffTermSubject: (who: string, unit: string, on: string) => `Lease term ending: ${who} – ${unit} on ${on}`,
    staffTermTitle: 'A lease’s term ends in 60 days',
    staffTerm: (by: string) =>
      `Unless either party gives written notice by ${by}, this lease continues month to month at the same rent, by pre-authorized debit. The tenant was told today. To end it, use End rental on its page in the console.`,
  },
  fr: {
    // 'pour décembre 2026', 'pour la période 18–31 décembre 2026', 'pour le 1er décembre 2026'.
    forPeriod: (name, p) => (p.days === p.daysInMonth ? `pour ${name}` : p.start === p.end ? `pour le ${name}` : `pour la période ${name}`),
    paidBy: { card: 'par carte', test: 'par paiement de test (aucune carte débitée)', pad: 'par prélèvement préautorisé', cheque: 'par chèque', etransfer: 'par virement Interac', credit: 'par note de crédit' },
    methods: { card: 'Carte', test: 'Paiement de test (aucune carte débitée)', pad: 'Prélèvement préautorisé', cheque: 'Chèque', etransfer: 'Virement Interac', credit: 'Note de crédit' },
    paidSubject: (number, unit, period) => `Facture ${number} payée : ${unit}, ${period}`,
    paidTitle: 'Votre facture est payée',
    paid: (number, forPeriod, amount, by) => `Merci : votre facture ${number} ${forPeriod} est payée. Nous avons reçu ${amount}, taxes incluses, ${by}; la facture est jointe à ce courriel.`,
    settled: (number, forPeriod) => `Votre facture ${number} ${forPeriod} est réglée : le dernier mois que vous avez payé d’avance la couvre, rien n’a donc été prélevé. La facture est jointe à ce courriel.`,
    invoiceDetails: 'Détails de la facture',
    invoice: 'Facture',
    period: 'Période',
    paidOn: 'Payée le',
    payment: 'Paiement',
    totalPaid: 'Total payé',
    finalApplied: 'Il s’agit de la dernière facture de votre location : le dernier mois que vous avez payé d’avance y est appliqué.',
    final: 'Il s’agit de la dernière facture de votre location.',
    next: (amount, on) => `Votre prochaine facture : ${amount} le ${on}.`,
    noNext: (ends) => (ends ? `Aucune autre facture ne suivra : votre location se termine le ${ends}.` : 'Aucune autre facture ne suivra.'),
    manageRental: 'Gérer votre location',
    reason: (host) => `Vous recevez ce courriel au sujet de votre location, réservée sur ${host}.`,
    reasons: {
      card_declined: 'votre banque a refusé la carte',
      authentication_required: 'votre banque demande que vous confirmiez vous-même le paiement',
      expired_card: 'la carte est expirée',
      insufficient_funds: 'les fonds ou le crédit disponibles sur la carte sont insuffisants',
      incorrect_cvc: 'le code de sécurité (CVC) de la carte a été refusé',
      processing_error: 'une erreur s’est produite pendant le traitement de la carte',
      payment_method_missing: 'la carte enregistrée a été retirée',
      customer_missing: 'la carte enregistrée ne figure plus chez notre fournisseur de paiement',
      amount_too_large: 'le montant a été refusé par le réseau de cartes comme trop élevé',
      amount_too_small: 'le montant a été refusé par le réseau de cartes comme trop bas',
      payment_method_unusable: 'la carte enregistrée ne peut plus être utilisée',
      no_saved_card: 'aucune carte n’est enregistrée pour votre location',
    },
    otherReason: 'votre banque n’a pas accepté le paiement',
    failedSubject: (number, unit) => `Paiement refusé : facture ${number}, ${unit}`,
    failedTitle: 'Votre paiement n’a pas été accepté',
    failedPreview: (amount, forPeriod) => `Payez maintenant : ${amount} ${forPeriod}.`,
    failed: (amount, forPeriod, reason) => `Votre paiement de ${amount} ${forPeriod} n’a pas pu être prélevé sur votre carte : ${reason}.`,
    payWith: 'Vous pouvez payer maintenant avec cette carte ou une autre; la carte utilisée sera conservée pour les mois suivants.',
    payNow: 'Payer maintenant',
    nextTry: (on) => `Nous essaierons de nouveau votre carte le ${on}, à moins que vous ayez payé d’ici là.`,
    lastTry: (email, phone) => `C’était notre dernier essai automatique : veuillez payer maintenant, ou communiquez avec nous à ${email} ou au ${phone}.`,
    space: 'Espace',
    amountDue: 'Montant dû (taxes incluses)',
    paymentTry: 'Essai de paiement',
    tryOf: (n, of) => `${n} sur ${of}`,
    staffSubject: (number, unit, who) => `Facture en souffrance ${number} : ${unit} – ${who}`,
    staffTitle: 'Loyer en souffrance : le dernier essai automatique a échoué',
    staffWhy: (tries) =>
      `Le dernier essai automatique de paiement de cette facture a échoué (essai ${tries}). La location est maintenant en retard de paiement; rien n’est résilié automatiquement : enregistrez un paiement, relancez le paiement ou mettez fin à la location dans la console.`,
    providerReason: 'Motif (fournisseur de paiement)',
    lastTryOn: 'Dernier essai',
    rental: 'Location',
    twiceSubject: (number, unit, who) => `Facture ${number} payée deux fois : ${unit} – ${who}`,
    twiceTitle: 'Une facture a été payée deux fois',
    twiceRefunded: (amount) => `Un paiement est arrivé alors que la facture était déjà payée. ${amount} en est remboursé sur la carte du client; la facture reste payée.`,
    twiceNotRefunded: 'Un paiement est arrivé alors que la facture était déjà payée, et il n’a pas pu être remboursé automatiquement : remboursez-le au client.',
    secondPayment: 'Second paiement',
    refunded: 'Remboursé',
    reference: 'Référence',
    dueSubject: (number, unit, period, amount) => `Facture ${number} : ${unit}, ${period} – ${amount} à payer`,
    dueTitle: 'Votre facture est prête',
    due: (number, forPeriod, amount) => `Votre facture ${number} ${forPeriod} est jointe : ${amount}, taxes incluses, est à payer.`,
    noCard: 'Aucune carte n’est enregistrée pour cette location : elle n’a donc pas été débitée; veuillez la payer maintenant. La carte utilisée sera conservée, et les prochaines factures y seront débitées le 1er du mois.',
    padSubject: (number, unit, period, amount, on) => `Facture ${number} : ${unit}, ${period} – ${amount} prélevé le ${on}`,
    padDue: (number, forPeriod, amount, on) =>
      `Votre facture ${number} ${forPeriod} est jointe : ${amount}, taxes incluses, sera prélevé sur votre compte bancaire le ${on}, selon votre accord de débit préautorisé.`,
    padNoticed: 'Ce courriel est votre avis de ce prélèvement (article 8 de votre contrat) : son montant ou sa date diffère de votre prélèvement mensuel fixe; il est donc effectué au moins 10 jours après cet avis.',
    padStopped: (email, phone) =>
      `Vos débits préautorisés ont pris fin : cette facture ne sera donc pas prélevée sur votre compte. Veuillez la payer par carte, par chèque ou par virement Interac : communiquez avec nous à ${email} ou au ${phone}.`,
    debitOn: 'Prélevé le',
    settledSubject: (number, unit, period) => `Facture ${number} réglée : ${unit}, ${period}`,
    settledTitle: 'Votre dernière facture est réglée',
    surplus: (amount, creditNote) =>
      `Ce qui reste du dernier mois payé d’avance, ${amount} taxes incluses, vous est remboursé sur votre carte avec la note de crédit ${creditNote}; le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé.`,
    endedSubject: (unit, on) => `Votre location de ${unit} a pris fin le ${on}`,
    endsSubject: (unit, on) => `Votre location de ${unit} se termine le ${on}`,
    endsAsAgreed: (unit, on) => `Votre location de ${unit} se termine le ${on}, comme convenu avec notre équipe : l’espace est à vous jusqu’à la fin de cette journée, et vous n’êtes pas facturé après.`,
    endedOwedPad: (amount) =>
      `${amount}, taxes incluses, reste dû sur les factures ci-dessous. Ce montant est prélevé de votre compte bancaire selon votre accord de débit préautorisé à la date indiquée : ce courriel est votre préavis de ces prélèvements.`,
    debitedOn: (number, on) => `Facture ${number}, prélevée le ${on}`,
    debitUnderWay: (number) => `Facture ${number}, prélèvement en cours`,
    endedTitle: 'Votre location a pris fin',
    endsTitle: 'La fin de votre location est fixée',
    ended: (unit, on) => `Notre équipe a mis fin à votre location de ${unit}; son dernier jour était le ${on}. Rien ne vous est facturé après ce jour.`,
    endedCredits: 'Les notes de crédit ci-dessous règlent votre facturation jusqu’à ce jour (elles sont jointes à ce courriel) :',
    creditAgainstInvoice: (number, invoice) => `Note de crédit ${number}, sur la facture ${invoice}`,
    owedPaid: 'Le dernier mois payé d’avance paie d’abord ce que vous deviez encore sur vos factures précédentes, par les notes de crédit ci-dessous (jointes) :',
    creditAgainstReceipt: (number, receipt) => `Note de crédit ${number}, sur le reçu ${receipt}`,
    endedRefund: (amount) => `${amount}, taxes incluses, vous est remboursé sur votre carte; le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé.`,
    endedOwed: (amount) => `${amount}, taxes incluses, reste dû sur les factures ci-dessous : veuillez le payer sur la page de votre location.`,
    endedOwes: 'Reste dû',
    endedReturn: (amount) => `Vous en avez payé ${amount} par chèque ou virement Interac : notre équipe vous le remettra de la même façon.`,
    endedSettled: 'Rien n’est dû sur votre location.',
    payOwed: 'Payer le montant dû',
    cardSubject: (unit) => `Carte changée : ${unit}`,
    cardTitle: 'Votre carte est changée',
    cardChanged: (unit, at) => `La carte de votre location de ${unit} a été changée le ${at}. Les prochaines factures seront débitées sur la nouvelle carte le 1er du mois.`,
    cardNext: (amount, on) => `Votre prochaine facture : ${amount} le ${on}.`,
    cardNotYou: (email, phone) => `Si vous n’avez pas fait ce changement, communiquez avec nous sans tarder à ${email} ou au ${phone}.`,
    returnedSubject: (number, unit) => `Prélèvement refusé par votre banque : facture ${number}, ${unit}`,
    returnedTitle: 'Votre banque a refusé un prélèvement',
    returned: (amount, number, forPeriod, reason) => `Le prélèvement de ${amount} pour votre facture ${number} ${forPeriod} a été refusé par votre banque (${reason}).`,
    returnedRedebit: (owed, fee, feeNumber, on, total) =>
      `Nous le prélèverons de nouveau le ${on} : ${owed}, avec les frais de traitement de ${fee} que votre contrat prévoit pour un prélèvement refusé (facture ${feeNumber}, jointe), soit ${total} en tout. Ce courriel est votre avis de ce prélèvement (article 8 de votre contrat). Veuillez vous assurer que les fonds seront dans votre compte d’ici là.`,
    returnedNoRedebit: (owed, email, phone) =>
      `Nous ne le prélèverons pas de nouveau : veuillez payer les ${owed} dus par carte, par chèque ou par virement Interac; communiquez avec nous à ${email} ou au ${phone}.`,
    returnedStopped: (owed, email, phone) =>
      `Votre banque indique que ce compte ne peut plus être prélevé selon votre accord : tous les débits préautorisés sur ce compte ont donc pris fin. Veuillez payer les ${owed} dus par carte, par chèque ou par virement Interac, et communiquez avec nous à ${email} ou au ${phone} pour signer un nouvel accord de débit ou payer par carte dorénavant.`,
    returnedDispute: (owed, email, phone) =>
      `Le prélèvement a été réclamé auprès de votre banque : la facture est donc de nouveau due. Veuillez payer les ${owed} dus par carte, par chèque ou par virement Interac, ou communiquez avec nous à ${email} ou au ${phone} si vous pensez que le prélèvement était conforme. Vos prochains prélèvements mensuels sont effectués comme prévu.`,
    returnedAmount: 'Montant refusé',
    returnedReason: 'Motif donné par la banque',
    redebitOn: 'Prélevé de nouveau le',
    termSubject: (unit, on) => `Votre bail de ${unit} : sa durée prend fin le ${on}`,
    termTitle: 'La durée de votre bail tire à sa fin',
    term: (months, unit, on) => `La durée de ${months} mois de votre bail de ${unit} prend fin le ${on}.`,
    termGoesOn: (by, rent) =>
      `À moins que vous ou nous ne donnions un avis écrit d’ici le ${by} (30 jours avant ce jour), votre contrat se poursuit de mois en mois aux mêmes conditions : ${rent} par mois avant taxes, toujours prélevé le 1er selon votre accord de débit préautorisé. Chaque partie peut alors y mettre fin avec un avis écrit de 30 jours (article 3 de votre contrat).`,
    termContact: (email, phone) => `Pour y mettre fin ou pour discuter du renouvellement, communiquez avec nous à ${email} ou au ${phone}.`,
    termEndsOn: 'Fin de la durée',
    noticeBy: 'Avis pour y mettre fin d’ici le',
    monthlyRent: 'Loyer mensuel (avant taxes)',
    staffTermSubject: (who, unit, on) => `Fin de la durée d’un bail : ${who} – ${unit} le ${on}`,
    staffTermTitle: 'La durée d’un bail prend fin dans 60 jours',
    staffTerm: (by) =>
      `À moins qu’une partie ne donne un avis écrit d’ici le ${by}, ce bail se poursuit de mois en mois au même loyer, par débit préautorisé. Le locataire en a été avisé aujourd’hui. Pour y mettre fin, utilisez Mettre fin à la location sur sa page dans la console.`,
  },
});

/** 'for December 2026' / 'pour décembre 2026', as a sentence names the invoice's days. */
function forPeriod(invoice: Invoice, language: Language): string {
  return texts[language].forPeriod(periodName(invoice, language), periodOf(invoice));
}

/**
 * The provider's code in the customer's words. Stripe's other payment_method_… codes and
 * payment_intent_incompatible_payment_method (the card unactivated, in a state or of a kind that
 * cannot be charged) all mean one thing to the customer: the card on file cannot be used. A code
 * not known is put in general words, never shown raw.
 */
function reasonText(code: string, language: Language): string {
  const t = texts[language];
  if (Object.hasOwn(t.reasons, code)) return t.reasons[code as Reason];
  if (code.startsWith('payment_method_') || code === 'payment_intent_incompatible_payment_method') return t.reasons.payment_method_unusable;
  return t.otherReason;
}

/** The space, its kind, the invoice's number and its days: what both of the customer's messages name it by. */
/** The prepaid month applied to what was owed (prepaid-month.ts): each credit note, with the invoice it pays. */
export function owedPaidBlocks(creditNotes: readonly ReceiptDocument[], language: Language): Block[] {
  const t = texts[language];
  if (creditNotes.length === 0) return [];
  return [
    { kind: 'paragraph', text: t.owedPaid },
    { kind: 'facts', rows: creditNotes.map((doc) => ({ label: t.creditAgainstInvoice(doc.number, doc.refersTo ?? ''), value: money(doc.total, language) })) },
  ];
}

function invoiceFacts(rental: Rental, invoice: Invoice, language: Language): Fact[] {
  const t = texts[language];
  return [
    { label: t.space, value: rental.unitName },
    { label: orderWords[language].type, value: isServiceType(rental.serviceType) ? serviceTypeNames[language][rental.serviceType] : rental.serviceType },
    { label: t.invoice, value: invoice.number },
    { label: t.period, value: periodName(invoice, language) },
  ];
}

/** The invoice's lines (the period's rent, and on a final invoice the prepaid month as a negative line), then the taxes and the total. */
function invoiceAmounts(rental: Rental, invoice: Invoice, totalLabel: string, language: Language): Block {
  const rows: Fact[] = invoiceLineNames(invoice.lines, rental.unitName, periodOf(invoice), language).map(({ name, cents }) => ({ label: name, value: money(cents, language) }));
  return { kind: 'amounts', rows: [...rows, ...taxRows(invoice, language)], total: { label: totalLabel, value: money(invoice.total, language) } };
}

/** A letter to the person who rents: greeted by name, signed by the space, with why they get it. */
function rentalLetter(ctx: TemplateContext, rental: Rental, language: Language, parts: { title: string; preview: string; blocks: Block[] }): Letter {
  const host = new URL(ctx.siteOrigin).host;
  return { language, ...parts, greeting: greeting(rental.customer.name, language), signOff: shared[language].signOff, reason: texts[language].reason(host) };
}

export const invoicePaid: Template<'invoice_paid'> = async (ctx, message) => {
  const { rental, invoice, payment, document, next } = message.data;
  assertRecipient(message, rental.customer.email);
  const language = message.language;
  const t = texts[language];
  const link = manageLink(ctx, message.secret);
  const period = periodName(invoice, language);
  const prepaid = invoice.lines.some((line) => line.item === 'prepaid_last_month');
  const blocks: Block[] = [
    { kind: 'paragraph', text: invoice.total > 0 ? t.paid(invoice.number, forPeriod(invoice, language), money(invoice.total, language), t.paidBy[payment.method]) : t.settled(invoice.number, forPeriod(invoice, language)) },
    { kind: 'section', title: t.invoiceDetails },
    {
      kind: 'facts',
      rows: [...invoiceFacts(rental, invoice, language), { label: t.paidOn, value: instantAtSpace(payment.paidAt, language) }, ...(invoice.total > 0 ? [{ label: t.payment, value: t.methods[payment.method] }] : [])],
    },
    invoiceAmounts(rental, invoice, t.totalPaid, language),
  ];
  if (invoice.final) blocks.push({ kind: 'paragraph', text: prepaid ? t.finalApplied : t.final });
  blocks.push({ kind: 'paragraph', text: next ? t.next(money(next.cents, language), fullDate(next.on, language)) : t.noNext(rental.endsOn && fullDate(rental.endsOn, language)) });
  if (link) blocks.push({ kind: 'button', label: t.manageRental, url: link });
  blocks.push({ kind: 'paragraph', text: shared[language].questions });
  return {
    toName: rental.customer.name,
    subject: t.paidSubject(invoice.number, rental.unitName, period),
    letter: rentalLetter(ctx, rental, language, { title: t.paidTitle, preview: `${rental.unitName}, ${period}: ${money(invoice.total, language)}`, blocks }),
    attachments: [await documentAttachment(document)],
  };
};

/**
 * An invoice issued that nobody charges: due, with Pay now, when no card is on file (a rental sold
 * before cards were kept); or settled, when the last month paid in advance covers the final period,
 * with what it leaves over refunded.
 */
export const invoiceIssued: Template<'invoice_issued'> = async (ctx, message) => {
  if (message.data.pad) return tenancyInvoiceIssued(ctx, message, message.data.pad);
  const { rental, invoice, document, payNow, refund, owedPaid = [] } = message.data;
  assertRecipient(message, rental.customer.email);
  const link = manageLink(ctx, message.secret);
  if (payNow && !link) throw new Error('the manage link is not stored with the message');
  const language = message.language;
  const t = texts[language];
  const amount = money(invoice.total, language);
  const period = periodName(invoice, language);
  const blocks: Block[] = payNow
    ? [
        { kind: 'paragraph', text: t.due(invoice.number, forPeriod(invoice, language), amount) },
        { kind: 'notice', text: t.noCard },
        { kind: 'button', label: t.payNow, url: link! },
      ]
    : [{ kind: 'paragraph', text: t.settled(invoice.number, forPeriod(invoice, language)) }];
  blocks.push(...owedPaidBlocks(owedPaid, language));
  if (refund) blocks.push({ kind: 'paragraph', text: t.surplus(money(refund.cents, language), refund.creditNoteNumber) });
  blocks.push({ kind: 'section', title: t.invoiceDetails }, { kind: 'facts', rows: invoiceFacts(rental, invoice, language) }, invoiceAmounts(rental, invoice, payNow ? t.amountDue : t.totalPaid, language));
  if (invoice.final) blocks.push({ kind: 'paragraph', text: invoice.lines.some((line) => line.item === 'prepaid_last_month') ? t.finalApplied : t.final });
  if (!payNow && link) blocks.push({ kind: 'button', label: t.manageRental, url: link });
  blocks.push({ kind: 'paragraph', text: shared[language].questions });
  return {
    toName: rental.customer.name,
    subject: payNow ? t.dueSubject(invoice.number, rental.unitName, period, amount) : t.settledSubject(invoice.number, rental.unitName, period),
    letter: rentalLetter(ctx, rental, language, { title: payNow ? t.dueTitle : t.settledTitle, preview: `${rental.unitName}, ${period}: ${amount}`, blocks }),
    attachments: [await documentAttachment(document), ...(await Promise.all(owedPaid.map(documentAttachment)))],
  };
};

/** A tenancy's invoice: the day its PAD debit is made (with the notice Rule H1 asks for when it differs), or that it must be paid otherwise. */
async function tenancyInvoiceIssued(ctx: TemplateContext, message: Parameters<Template<'invoice_issued'>>[1], pad: NonNullable<MessageData['invoice_issued']['pad']>): Promise<Draft> {
  const { rental, invoice, document } = message.data;
  assertRecipient(message, rental.customer.email);
  const language = message.language;
  const t = texts[language];
  const amount = money(invoice.total, language);
  const period = periodName(invoice, language);
  const link = manageLink(ctx, message.secret);
  const blocks: Block[] =
    pad.kind === 'debit'
      ? [{ kind: 'paragraph', text: t.padDue(invoice.number, forPeriod(invoice, language), amount, fullDate(pad.on, language)) }, ...(pad.noticed ? [{ kind: 'notice' as const, text: t.padNoticed }] : [])]
      : [
          { kind: 'paragraph', text: t.due(invoice.number, forPeriod(invoice, language), amount) },
          { kind: 'notice', text: t.padStopped(site.email, site.phoneDisplay) },
        ];
  const rows: Fact[] = [...invoiceFacts(rental, invoice, language), ...(pad.kind === 'debit' ? [{ label: t.debitOn, value: fullDate(pad.on, language) }] : [])];
  blocks.push({ kind: 'section', title: t.invoiceDetails }, { kind: 'facts', rows }, invoiceAmounts(rental, invoice, t.amountDue, language));
  if (invoice.final) blocks.push({ kind: 'paragraph', text: t.final });
  // No debit will pay it: its page's Pay now will (copies kept before tenancies had a link give the contacts only).
  if (link) blocks.push({ kind: 'button', label: pad.kind === 'stopped' ? t.payNow : t.manageRental, url: link });
  blocks.push({ kind: 'paragraph', text: shared[language].questions });
  return {
    toName: rental.customer.name,
    subject: pad.kind === 'debit' ? t.padSubject(invoice.number, rental.unitName, period, amount, fullDate(pad.on, language)) : t.dueSubject(invoice.number, rental.unitName, period, amount),
    letter: rentalLetter(ctx, rental, language, { title: t.dueTitle, preview: `${rental.unitName}, ${period}: ${amount}`, blocks }),
    attachments: [await documentAttachment(document)],
  };
}

export const invoicePaymentFailed: Template<'invoice_payment_failed'> = (ctx, message): Draft => {
  const { rental, invoice, attempt } = message.data;
  assertRecipient(message, rental.customer.email);
  // Paying now is what this message asks for: without its link it would only worry the reader.
  const link = manageLink(ctx, message.secret);
  if (!link) throw new Error('the manage link is not stored with the message');
  const language = message.language;
  const t = texts[language];
  const amount = money(invoice.total, language);
  const blocks: Block[] = [
    { kind: 'notice', text: t.failed(amount, forPeriod(invoice, language), reasonText(attempt.reason, language)) },
    { kind: 'paragraph', text: t.payWith },
    { kind: 'button', label: t.payNow, url: link },
    { kind: 'paragraph', text: attempt.nextTryOn ? t.nextTry(fullDate(attempt.nextTryOn, language)) : t.lastTry(site.email, site.phoneDisplay) },
    { kind: 'section', title: t.invoiceDetails },
    {
      kind: 'facts',
      rows: [...invoiceFacts(rental, invoice, language), { label: t.amountDue, value: amount }, { label: t.paymentTry, value: t.tryOf(attempt.number, attempt.of) }],
    },
  ];
  // After the last try, the contacts are already in the sentence that asks to use them.
  if (attempt.nextTryOn) blocks.push({ kind: 'paragraph', text: shared[language].questions });
  return {
    toName: rental.customer.name,
    subject: t.failedSubject(invoice.number, rental.unitName),
    letter: rentalLetter(ctx, rental, language, { title: t.failedTitle, preview: t.failedPreview(amount, forPeriod(invoice, language)), blocks }),
    attachments: [],
  };
};

export const staffInvoiceOverdue: Template<'staff_invoice_overdue'> = (_ctx, message): Draft => {
  const { rental, invoice, attempt } = message.data;
  const language = message.language;
  const t = texts[language];
  const w = orderWords[language];
  return staffDraft(language, rental.customer.email, {
    subject: t.staffSubject(invoice.number, rental.unitName, rental.customer.name.trim() || rental.customer.email),
    title: t.staffTitle,
    blocks: [
      { kind: 'notice', text: t.staffWhy(t.tryOf(attempt.number, attempt.of)) },
      {
        kind: 'facts',
        rows: [
          { label: w.customer, value: rental.customer.name.trim() || '—' },
          { label: w.email, value: rental.customer.email },
          { label: w.customerLanguage, value: shared[language].languageNames[rental.customer.language] },
        ],
      },
      {
        kind: 'facts',
        rows: [
          ...invoiceFacts(rental, invoice, language),
          { label: t.amountDue, value: money(invoice.total, language) },
          { label: t.providerReason, value: attempt.reason },
          { label: t.lastTryOn, value: instantAtSpace(attempt.at, language) },
          { label: t.rental, value: rental.id },
        ],
      },
    ],
  });
};

export const staffInvoicePaidTwice: Template<'staff_invoice_paid_twice'> = (_ctx, message): Draft => {
  const { rental, invoice, payment, refundCents } = message.data;
  const language = message.language;
  const t = texts[language];
  const w = orderWords[language];
  return staffDraft(language, rental.customer.email, {
    subject: t.twiceSubject(invoice.number, rental.unitName, rental.customer.name.trim() || rental.customer.email),
    title: t.twiceTitle,
    blocks: [
      { kind: 'notice', text: refundCents > 0 ? t.twiceRefunded(money(refundCents, language)) : t.twiceNotRefunded },
      {
        kind: 'facts',
        rows: [
          { label: w.customer, value: rental.customer.name.trim() || '—' },
          { label: w.email, value: rental.customer.email },
          ...invoiceFacts(rental, invoice, language),
          { label: t.secondPayment, value: `${money(payment.cents, language)} · ${t.methods[payment.method]}` },
          ...(payment.reference ? [{ label: t.reference, value: payment.reference }] : []),
          { label: t.refunded, value: money(refundCents, language) },
          { label: t.rental, value: rental.id },
        ],
      },
    ],
  });
};

/**
 * Staff ended the rental at once: its last day, the credit notes that settle it (attached, each
 * named with the document it corrects), what goes back to the card and what is still owed, with
 * the rental's page to pay it.
 */
export const rentalEnded: Template<'rental_ended'> = async (ctx, message) => {
  const { rental, lastDay, creditNotes, refundCents, toReturnCents, owed, mode = 'now' } = message.data;
  assertRecipient(message, rental.customer.email);
  const link = manageLink(ctx, message.secret);
  const language = message.language;
  const t = texts[language];
  const on = fullDate(lastDay, language);
  const owedCents = owed.reduce((sum, i) => sum + i.cents, 0);
  const opening = mode === 'now' ? t.ended(rental.unitName, on) : t.endsAsAgreed(rental.unitName, on);
  const blocks: Block[] = [{ kind: 'paragraph', text: opening }];
  // A tenancy's owed invoices are debited under its agreement, each on its day.
  const debited = owed.some((i) => i.debitOn !== undefined);
  const owedLabel = (i: (typeof owed)[number]) => {
    if (i.debitOn === undefined) return `${t.invoice} ${i.number}`;
    return i.debitOn === null ? t.debitUnderWay(i.number) : t.debitedOn(i.number, fullDate(i.debitOn, language));
  };
  if (creditNotes.length > 0) {
    blocks.push(
      { kind: 'paragraph', text: t.endedCredits },
      {
        kind: 'facts',
        rows: creditNotes.map((doc) => ({
          label: doc.refersToKind === 'invoice' ? t.creditAgainstInvoice(doc.number, doc.refersTo ?? '') : t.creditAgainstReceipt(doc.number, doc.refersTo ?? ''),
          value: money(doc.total, language),
        })),
      },
    );
  }
  if (refundCents > 0) blocks.push({ kind: 'paragraph', text: t.endedRefund(money(refundCents, language)) });
  if (toReturnCents > 0) blocks.push({ kind: 'paragraph', text: t.endedReturn(money(toReturnCents, language)) });
  if (owedCents > 0) {
    blocks.push(
      { kind: 'notice', text: debited ? t.endedOwedPad(money(owedCents, language)) : t.endedOwed(money(owedCents, language)) },
      { kind: 'facts', rows: owed.map((i) => ({ label: owedLabel(i), value: money(i.cents, language) })) },
    );
    if (link) blocks.push({ kind: 'button', label: debited ? t.manageRental : t.payOwed, url: link });
  } else {
    blocks.push({ kind: 'paragraph', text: t.endedSettled });
    if (link) blocks.push({ kind: 'button', label: t.manageRental, url: link });
  }
  blocks.push({ kind: 'paragraph', text: shared[language].questions });
  return {
    toName: rental.customer.name,
    subject: mode === 'now' ? t.endedSubject(rental.unitName, on) : t.endsSubject(rental.unitName, on),
    letter: rentalLetter(ctx, rental, language, { title: mode === 'now' ? t.endedTitle : t.endsTitle, preview: opening, blocks }),
    attachments: await Promise.all(creditNotes.map((doc) => documentAttachment(doc))),
  };
};

/** A Change card completed: which rental, when, the next invoice it pays, and whom to call if it was not them. */
export const cardChanged: Template<'card_changed'> = (ctx, message): Draft => {
  const { rental, changedAt, next } = message.data;
  assertRecipient(message, rental.customer.email);
  const link = manageLink(ctx, message.secret);
  const language = message.language;
  const t = texts[language];
  const blocks: Block[] = [{ kind: 'paragraph', text: t.cardChanged(rental.unitName, instantAtSpace(changedAt, language)) }];
  if (next) blocks.push({ kind: 'paragraph', text: t.cardNext(money(next.cents, language), fullDate(next.on, language)) });
  blocks.push({ kind: 'notice', text: t.cardNotYou(site.email, site.phoneDisplay) });
  if (link) blocks.push({ kind: 'button', label: t.manageRental, url: link });
  return {
    toName: rental.customer.name,
    subject: t.cardSubject(rental.unitName),
    letter: rentalLetter(ctx, rental, language, { title: t.cardTitle, preview: t.cardChanged(rental.unitName, instantAtSpace(changedAt, language)), blocks }),
    attachments: [],
  };
};

/** A PAD debit returned: why (the CPA-007 code's words), what follows, what is owed, and the handling fee's invoice attached when one was issued. */
export const padDebitReturned: Template<'pad_debit_returned'> = async (ctx, message) => {
  const { rental, invoice, returned, outcome, redebitOn, owedCents, fee } = message.data;
  assertRecipient(message, rental.customer.email);
  const language = message.language;
  const t = texts[language];
  const link = manageLink(ctx, message.secret);
  const code = isPadReturnCode(returned.code) ? padReturnCodes[returned.code] : null;
  const reason = code ? `${code[language]}, ${returned.code}` : returned.code;
  const owed = money(owedCents, language);
  const next =
    outcome === 'redebit' && fee && redebitOn
      ? t.returnedRedebit(owed, money(fee.total, language), fee.number, fullDate(redebitOn, language), money(owedCents + fee.total, language))
      : outcome === 'stopped'
        ? t.returnedStopped(owed, site.email, site.phoneDisplay)
        : outcome === 'dispute'
          ? t.returnedDispute(owed, site.email, site.phoneDisplay)
          : t.returnedNoRedebit(owed, site.email, site.phoneDisplay);
  const rows: Fact[] = [
    ...invoiceFacts(rental, invoice, language),
    { label: t.returnedAmount, value: money(returned.cents, language) },
    { label: t.returnedReason, value: reason },
    ...(outcome === 'redebit' && redebitOn ? [{ label: t.redebitOn, value: fullDate(redebitOn, language) }] : []),
  ];
  const blocks: Block[] = [
    { kind: 'paragraph', text: t.returned(money(returned.cents, language), invoice.number, forPeriod(invoice, language), reason) },
    { kind: 'notice', text: next },
    { kind: 'section', title: t.invoiceDetails },
    { kind: 'facts', rows },
  ];
  // Unless it is debited again, what it owes is paid on its page (Pay now).
  if (link) blocks.push({ kind: 'button', label: outcome === 'redebit' ? t.manageRental : t.payNow, url: link });
  return {
    toName: rental.customer.name,
    subject: t.returnedSubject(invoice.number, rental.unitName),
    letter: rentalLetter(ctx, rental, language, { title: t.returnedTitle, preview: t.returned(money(returned.cents, language), invoice.number, forPeriod(invoice, language), reason), blocks }),
    attachments: fee ? [await documentAttachment(fee)] : [],
  };
};

/** A lease's term ends in 60 days: the tenant is told it goes on month to month unless notice is given by a day. */
export const leaseTermEnding: Template<'lease_term_ending'> = (ctx, message): Draft => {
  const { rental, termMonths, termEndsOn, noticeBy } = message.data;
  assertRecipient(message, rental.customer.email);
  const language = message.language;
  const t = texts[language];
  const link = manageLink(ctx, message.secret);
  const blocks: Block[] = [
    { kind: 'paragraph', text: t.term(termMonths, rental.unitName, fullDate(termEndsOn, language)) },
    { kind: 'notice', text: t.termGoesOn(fullDate(noticeBy, language), money(rental.monthlyCents, language)) },
    {
      kind: 'facts',
      rows: [
        { label: t.space, value: rental.unitName },
        { label: t.termEndsOn, value: fullDate(termEndsOn, language) },
        { label: t.noticeBy, value: fullDate(noticeBy, language) },
        { label: t.monthlyRent, value: money(rental.monthlyCents, language) },
      ],
    },
    { kind: 'paragraph', text: t.termContact(site.email, site.phoneDisplay) },
  ];
  if (link) blocks.push({ kind: 'button', label: t.manageRental, url: link });
  return {
    toName: rental.customer.name,
    subject: t.termSubject(rental.unitName, fullDate(termEndsOn, language)),
    letter: rentalLetter(ctx, rental, language, { title: t.termTitle, preview: t.term(termMonths, rental.unitName, fullDate(termEndsOn, language)), blocks }),
    attachments: [],
  };
};

export const staffLeaseTermEnding: Template<'staff_lease_term_ending'> = (_ctx, message): Draft => {
  const { rental, termEndsOn, noticeBy } = message.data;
  const language = message.language;
  const t = texts[language];
  const w = orderWords[language];
  const who = rental.customer.name.trim() || rental.customer.email;
  return staffDraft(language, rental.customer.email, {
    subject: t.staffTermSubject(who, rental.unitName, fullDate(termEndsOn, language)),
    title: t.staffTermTitle,
    blocks: [
      { kind: 'notice', text: t.staffTerm(fullDate(noticeBy, language)) },
      {
        kind: 'facts',
        rows: [
          { label: w.customer, value: who },
          { label: w.email, value: rental.customer.email },
          { label: t.space, value: rental.unitName },
          { label: t.termEndsOn, value: fullDate(termEndsOn, language) },
          { label: t.noticeBy, value: fullDate(noticeBy, language) },
          { label: t.monthlyRent, value: money(rental.monthlyCents, language) },
          { label: t.rental, value: rental.id },
        ],
      },
    ],
  });
};

import type { MessageData } from '../outbox/outbox.ts';
import { catalogue, type Language } from './catalogue.ts';
import { assertRecipient, staffDraft, type Draft, type Template } from './draft.ts';
import type { Block, Fact } from './layout.ts';
import { fullDate, money } from './letter-format.ts';
import {
  amountsBlock,
  buyerFacts,
  buyerOf,
  customerLetter,
  documentAttachment,
  manageLink,
  orderFact,
  orderWords,
  paymentFacts,
  purchaseFacts,
  purchaseOf,
  refundFacts,
  type PaidOrder,
  type Refund,
} from './purchase.ts';
import { shared } from './shared-words.ts';
import { owedPaidBlocks } from './billing-messages.ts';

/*
 * What a customer changed through the manage link: days cancelled (with the credit note of
 * their refund) and notice given on a rental; each for the customer and for staff.
 */

const texts = catalogue({
  en: {
    /** What was cancelled: the whole booking, or some of its days. */
    what: { all: 'this booking', days: 'these days', day: 'this day' },
    cancelledWhy: (what: string, amount: string) =>
      `We have cancelled ${what} free of charge. We are refunding ${amount}, taxes included, to your card; it can take 5 to 10 business days to appear on your statement. The credit note is attached to this e-mail.`,
    whatIsCancelled: 'What is cancelled',
    dayCancelled: 'Day cancelled',
    daysCancelled: 'Days cancelled',
    stillBooked: 'Still booked',
    totalRefunded: 'Total refunded',
    cancelledSubject: (unit: string, dates: string, creditNote: string) => `Cancelled: ${unit}, ${dates} – credit note ${creditNote}`,
    cancelledTitle: { all: 'Your booking is cancelled', some: 'Days of your booking are cancelled' },
    cancelledPreview: (amount: string) => `${amount} is refunded to you, taxes included.`,
    staffCancelledSubject: (unit: string, dates: string, who: string, creditNote: string) => `Cancellation: ${unit}, ${dates} – ${who} (credit note ${creditNote})`,
    staffCancelledTitle: 'Booking cancelled by the customer',
    staffCancelledWhy: 'The customer cancelled online, within the free cancellation period: the cancelled days are on offer again and the amount is refunded.',
    noticeGivenOn: 'Notice given on',
    lastDay: 'Last day of the rental',
    noticeReceived: (unit: string, ends: string) => `We have received your notice. Your rental of ${unit} ends on ${ends}: the space is yours until the end of that day.`,
    keysAndLastPayment: 'Our team will contact you about returning your keys and your last payment.',
    keys: 'Our team will contact you about returning your keys.',
    lastMonthApplied:
      'Your last period is invoiced on its first day, prorated to your last day, and paid from the last month you paid in advance; what that month leaves over is refunded to your card.',
    lastMonthRefunded: (amount: string, creditNote: string) =>
      `The invoice of the period your rental ends in is already issued, so the last month you paid in advance is not needed: ${amount}, taxes included, is refunded to your card with credit note ${creditNote} (attached); it can take 5 to 10 business days to appear on your statement.`,
    lastMonthRest: (amount: string, creditNote: string) =>
      `What it leaves over, ${amount} taxes included, is refunded to your card with credit note ${creditNote} (attached); it can take 5 to 10 business days to appear on your statement.`,
    manageRental: 'Manage your rental',
    noticeSubject: (unit: string, ends: string) => `Notice received: ${unit}, ends on ${ends}`,
    noticeTitle: 'Your notice is recorded',
    noticePreview: (ends: string) => `Your rental ends on ${ends}.`,
    staffNoticeSubject: (unit: string, who: string, ends: string) => `Notice: ${unit} – ${who}, ends on ${ends}`,
    staffNoticeTitle: 'Notice to end a rental',
    staffNoticeNext: 'The public list now shows the day the space frees up. Arrange the return of the keys and the last billing.',
  },
  fr: {
    what: { all: 'cette réservation', days: 'ces jours', day: 'ce jour' },
    cancelledWhy: (what, amount) =>
      `Nous avons annulé ${what} sans frais. Nous remboursons ${amount}, taxes incluses, sur votre carte; le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé. La note de crédit est jointe à ce courriel.`,
    whatIsCancelled: 'Ce qui est annulé',
    dayCancelled: 'Jour annulé',
    daysCancelled: 'Jours annulés',
    stillBooked: 'Toujours réservé',
    totalRefunded: 'Total remboursé',
    cancelledSubject: (unit, dates, creditNote) => `Annulation : ${unit}, ${dates} – note de crédit ${creditNote}`,
    cancelledTitle: { all: 'Votre réservation est annulée', some: 'Des jours de votre réservation sont annulés' },
    cancelledPreview: (amount) => `${amount} vous est remboursé, taxes incluses.`,
    staffCancelledSubject: (unit, dates, who, creditNote) => `Annulation : ${unit}, ${dates} – ${who} (note de crédit ${creditNote})`,
    staffCancelledTitle: 'Réservation annulée par le client',
    staffCancelledWhy: 'Le client a annulé en ligne, dans le délai d’annulation gratuite : les jours annulés sont de nouveau offerts et le montant est remboursé.',
    noticeGivenOn: 'Préavis donné le',
    lastDay: 'Dernier jour de la location',
    noticeReceived: (unit, ends) => `Nous avons bien reçu votre préavis. Votre location de ${unit} se termine le ${ends} : l’espace est à vous jusqu’à la fin de cette journée.`,
    keysAndLastPayment: 'Notre équipe communiquera avec vous pour la remise des clés et le dernier paiement.',
    keys: 'Notre équipe communiquera avec vous pour la remise des clés.',
    lastMonthApplied:
      'Votre dernière période est facturée à son premier jour, au prorata jusqu’à votre dernier jour, et payée avec le dernier mois que vous avez payé d’avance; ce qui reste de ce mois vous est remboursé sur votre carte.',
    lastMonthRefunded: (amount, creditNote) =>
      `La facture de la période où se termine votre location est déjà émise : le dernier mois payé d’avance n’est donc pas nécessaire. ${amount}, taxes incluses, vous est remboursé sur votre carte avec la note de crédit ${creditNote} (jointe); le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé.`,
    lastMonthRest: (amount, creditNote) =>
      `Ce qu’il en reste, ${amount} taxes incluses, vous est remboursé sur votre carte avec la note de crédit ${creditNote} (jointe); le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé.`,
    manageRental: 'Gérer votre location',
    noticeSubject: (unit, ends) => `Préavis reçu : ${unit}, fin le ${ends}`,
    noticeTitle: 'Votre préavis est enregistré',
    noticePreview: (ends) => `Votre location se termine le ${ends}.`,
    staffNoticeSubject: (unit, who, ends) => `Préavis : ${unit} – ${who}, fin le ${ends}`,
    staffNoticeTitle: 'Préavis de fin de location',
    staffNoticeNext: 'La liste publique affiche maintenant la date à laquelle l’espace se libère. Prévoir la remise des clés et la dernière facturation.',
  },
});

/** The days a refund gives back. */
function cancelledDates(refund: Refund): string[] {
  return refund.amounts.lines.flatMap((l) => (l.item === 'day' && l.date ? [l.date] : []));
}

function datesText(dates: readonly string[], language: Language): string {
  return dates.map((d) => fullDate(d, language)).join('\n');
}

export const bookingCancelled: Template<'booking_cancelled'> = async (ctx, message) => {
  const { order, refund, stillBooked, creditNote } = message.data;
  assertRecipient(message, order.buyer.email);
  const language = message.language;
  const t = texts[language];
  const p = purchaseOf(order);
  const dates = cancelledDates(refund);
  const link = manageLink(ctx, message.secret);
  const amount = money(refund.amounts.total, language);
  const all = stillBooked.length === 0;
  const facts = refundFacts(p, refund, language);
  const blocks: Block[] = [
    { kind: 'paragraph', text: t.cancelledWhy(all ? t.what.all : dates.length > 1 ? t.what.days : t.what.day, amount) },
    { kind: 'section', title: t.whatIsCancelled },
    {
      kind: 'facts',
      rows: [
        { label: orderWords[language].space, value: order.unitName },
        { label: dates.length > 1 ? t.daysCancelled : t.dayCancelled, value: datesText(dates, language) },
        ...(all ? [] : [{ label: t.stillBooked, value: datesText(stillBooked, language) }]),
        facts.receipt,
        facts.creditNote,
      ],
    },
    amountsBlock(p, language, { amounts: refund.amounts, totalLabel: t.totalRefunded }),
  ];
  if (link) blocks.push({ kind: 'button', label: orderWords[language].manageBooking, url: link });
  blocks.push({ kind: 'paragraph', text: shared[language].questions });
  return {
    toName: order.buyer.name,
    subject: t.cancelledSubject(order.unitName, datesText(dates, language).replaceAll('\n', ', '), refund.creditNoteNumber),
    letter: customerLetter(ctx, order, language, { title: all ? t.cancelledTitle.all : t.cancelledTitle.some, preview: t.cancelledPreview(amount), blocks }),
    attachments: [await documentAttachment(creditNote)],
  };
};

export const staffBookingCancelled: Template<'staff_booking_cancelled'> = (_ctx, message): Draft => {
  const { order, refund, stillBooked } = message.data;
  const language = message.language;
  const t = texts[language];
  const p = purchaseOf(order);
  const dates = cancelledDates(refund);
  const facts = refundFacts(p, refund, language);
  return staffDraft(language, order.buyer.email, {
    subject: t.staffCancelledSubject(order.unitName, datesText(dates, language).replaceAll('\n', ', '), buyerOf(order), refund.creditNoteNumber),
    title: t.staffCancelledTitle,
    blocks: [
      { kind: 'paragraph', text: t.staffCancelledWhy },
      { kind: 'facts', rows: buyerFacts(order, language) },
      {
        kind: 'facts',
        rows: [
          { label: orderWords[language].space, value: order.unitName },
          { label: t.daysCancelled, value: datesText(dates, language) },
          { label: t.stillBooked, value: stillBooked.length > 0 ? datesText(stillBooked, language) : '—' },
          facts.amount,
          facts.state,
          facts.receipt,
          facts.creditNote,
          ...paymentFacts(order, language),
        ],
      },
    ],
  });
};

function noticeFacts(order: PaidOrder, notice: { givenOn: string; endsOn: string }, language: Language): Fact[] {
  const t = texts[language];
  return [
    ...purchaseFacts(purchaseOf(order), language),
    { label: t.noticeGivenOn, value: fullDate(notice.givenOn, language) },
    { label: t.lastDay, value: fullDate(notice.endsOn, language) },
  ];
}

/** The credit notes a notice's e-mail attaches: those the prepaid month was applied or refunded with. */
function noticeDocuments(lastMonth: MessageData['rental_notice_given']['lastMonth']) {
  if (lastMonth?.kind === 'refunded') return [lastMonth.creditNote];
  if (lastMonth?.kind === 'owed_paid') return lastMonth.creditNote ? [...lastMonth.owedPaid, lastMonth.creditNote] : lastMonth.owedPaid;
  return [];
}

export const rentalNoticeGiven: Template<'rental_notice_given'> = async (ctx, message) => {
  const { order, notice, lastMonth } = message.data;
  assertRecipient(message, order.buyer.email);
  const language = message.language;
  const t = texts[language];
  const link = manageLink(ctx, message.secret);
  const ends = fullDate(notice.endsOn, language);
  const blocks: Block[] = [
    { kind: 'paragraph', text: t.noticeReceived(order.unitName, ends) },
    { kind: 'facts', rows: noticeFacts(order, notice, language) },
  ];
  // What happens to the last month paid in advance, when the rental is billed every month.
  if (lastMonth?.kind === 'applied') blocks.push({ kind: 'paragraph', text: t.lastMonthApplied }, { kind: 'paragraph', text: t.keys });
  else if (lastMonth?.kind === 'refunded') blocks.push({ kind: 'paragraph', text: t.lastMonthRefunded(money(lastMonth.creditNote.total, language), lastMonth.creditNote.number) }, { kind: 'paragraph', text: t.keys });
  else if (lastMonth?.kind === 'owed_paid') {
    blocks.push(...owedPaidBlocks(lastMonth.owedPaid, language));
    if (lastMonth.creditNote) blocks.push({ kind: 'paragraph', text: t.lastMonthRest(money(lastMonth.creditNote.total, language), lastMonth.creditNote.number) });
    blocks.push({ kind: 'paragraph', text: t.keys });
  } else blocks.push({ kind: 'paragraph', text: t.keysAndLastPayment });
  if (link) blocks.push({ kind: 'button', label: t.manageRental, url: link });
  blocks.push({ kind: 'paragraph', text: shared[language].questions });
  return {
    toName: order.buyer.name,
    subject: t.noticeSubject(order.unitName, ends),
    letter: customerLetter(ctx, order, language, { title: t.noticeTitle, preview: t.noticePreview(ends), blocks }),
    attachments: await Promise.all(noticeDocuments(lastMonth).map(documentAttachment)),
  };
};

export const staffRentalNoticeGiven: Template<'staff_rental_notice_given'> = (_ctx, message): Draft => {
  const { order, notice } = message.data;
  const language = message.language;
  const t = texts[language];
  return staffDraft(language, order.buyer.email, {
    subject: t.staffNoticeSubject(order.unitName, buyerOf(order), fullDate(notice.endsOn, language)),
    title: t.staffNoticeTitle,
    blocks: [
      { kind: 'facts', rows: buyerFacts(order, language) },
      { kind: 'facts', rows: [...noticeFacts(order, notice, language), orderFact(order, language)] },
      { kind: 'paragraph', text: t.staffNoticeNext },
    ],
  });
};

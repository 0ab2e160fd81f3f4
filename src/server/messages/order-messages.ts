import { categoryOfServiceType } from '../../shared/domain/categories.ts';
import { isServiceType } from '../../shared/domain/products.ts';
import { catalogue } from './catalogue.ts';
import { assertRecipient, staffDraft, type Draft, type Template } from './draft.ts';
import type { Block } from './layout.ts';
import { money } from './letter-format.ts';
import {
  accessBlocks,
  amountsBlock,
  buyerFacts,
  buyerOf,
  calendarAttachment,
  customerLetter,
  documentAttachment,
  manageLink,
  noteOf,
  orderWords,
  paymentFacts,
  purchaseFacts,
  purchaseOf,
  receiptFacts,
  refundFacts,
  when,
  type PurchaseKind,
} from './purchase.ts';
import { shared } from './shared-words.ts';

/* An order paid, or a payment refunded because it came too late: for the customer and for staff. */

const texts = catalogue({
  en: {
    nouns: { conference_room: 'booking', day_pass: 'booking', office_days: 'booking', mailbox: 'subscription', rental: 'rental' } as Record<PurchaseKind, string>,
    paidSubject: (noun: string, unit: string, when: string, receipt: string) => `Your ${noun}: ${unit}, ${when} – receipt ${receipt}`,
    paidTitle: (noun: string) => `Your ${noun} is confirmed`,
    thanks: (amount: string, receipt: string) => `Thank you for your purchase. We have received your payment of ${amount}; your receipt ${receipt} is attached to this e-mail.`,
    purchaseDetails: 'Purchase details',
    calendarFile: 'Open the attached calendar file (.ics) to add your booking to your calendar.',
    welcomeCall: 'Our team will contact you within 24 hours to welcome you and answer your questions.',
    lateWhy: (amount: string) =>
      `Your payment arrived after this booking had gone to someone else, so nothing was booked. We are refunding the full amount, ${amount}, to your card; it can take 5 to 10 business days to appear on your statement.`,
    sorry: 'We are sorry for the inconvenience. The credit note is attached to this e-mail.',
    refundedSubject: (unit: string, when: string, creditNote: string) => `Refund: ${unit}, ${when} – credit note ${creditNote}`,
    whatIsRefunded: 'What is refunded',
    amountRefundedWithTaxes: 'Amount refunded (taxes included)',
    seeAvailable: 'See what is available',
    refundedTitle: 'Your payment is being refunded',
    refundedPreview: (amount: string) => `Nothing was booked; ${amount} is refunded to you.`,
    staffPaidSubject: (unit: string, when: string, who: string, receipt: string) => `Paid order: ${unit}, ${when} – ${who} (receipt ${receipt})`,
    staffPaidTitle: 'New paid order',
    staffRefundedSubject: (unit: string, when: string, who: string, creditNote: string) => `Refund: ${unit}, ${when} – ${who} (credit note ${creditNote})`,
    staffRefundedTitle: 'Late payment: refunded in full',
    staffLateWhy: 'The payment arrived after the booking had gone to someone else; nothing was booked and the full amount is refunded to the customer.',
  },
  fr: {
    nouns: { conference_room: 'réservation', day_pass: 'réservation', office_days: 'réservation', mailbox: 'abonnement', rental: 'location' },
    paidSubject: (noun, unit, when, receipt) => `Votre ${noun} : ${unit}, ${when} – reçu ${receipt}`,
    // A French participle agrees with its noun.
    paidTitle: (noun) => (noun === 'abonnement' ? 'Votre abonnement est confirmé' : `Votre ${noun} est confirmée`),
    thanks: (amount, receipt) => `Merci de votre achat. Votre paiement de ${amount} a été reçu; votre reçu ${receipt} est joint à ce courriel.`,
    purchaseDetails: 'Détails de l’achat',
    calendarFile: 'Le fichier de calendrier joint (.ics) ajoute votre réservation à votre agenda.',
    welcomeCall: 'Notre équipe communiquera avec vous d’ici 24 heures pour vous accueillir et répondre à vos questions.',
    lateWhy: (amount) =>
      `Votre paiement est arrivé après que cette réservation a été attribuée à quelqu’un d’autre : rien n’a été réservé. Nous remboursons le montant complet, ${amount}, sur votre carte; le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé.`,
    sorry: 'Nous sommes désolés de ce contretemps. La note de crédit est jointe à ce courriel.',
    refundedSubject: (unit, when, creditNote) => `Remboursement : ${unit}, ${when} – note de crédit ${creditNote}`,
    whatIsRefunded: 'Ce qui est remboursé',
    amountRefundedWithTaxes: 'Montant remboursé (taxes incluses)',
    seeAvailable: 'Voir les disponibilités',
    refundedTitle: 'Votre paiement vous est remboursé',
    refundedPreview: (amount) => `Rien n’a été réservé; ${amount} vous est remboursé.`,
    staffPaidSubject: (unit, when, who, receipt) => `Commande payée : ${unit}, ${when} – ${who} (reçu ${receipt})`,
    staffPaidTitle: 'Nouvelle commande payée',
    staffRefundedSubject: (unit, when, who, creditNote) => `Remboursement : ${unit}, ${when} – ${who} (note de crédit ${creditNote})`,
    staffRefundedTitle: 'Paiement arrivé trop tard : remboursement complet',
    staffLateWhy: 'Le paiement est arrivé après que la réservation a été attribuée à quelqu’un d’autre; rien n’a été réservé et le montant complet est remboursé au client.',
  },
});

export const orderPaid: Template<'order_paid'> = async (ctx, message) => {
  const { order, receipt } = message.data;
  assertRecipient(message, order.buyer.email);
  const language = message.language;
  const t = texts[language];
  const p = purchaseOf(order);
  const ics = calendarAttachment(p, language);
  const link = manageLink(ctx, message.secret);
  const note = noteOf(p, language);
  const noun = t.nouns[p.kind];
  const blocks: Block[] = [
    { kind: 'paragraph', text: t.thanks(money(order.quote.total, language), order.receiptNumber) },
    { kind: 'section', title: t.purchaseDetails },
    { kind: 'facts', rows: [...purchaseFacts(p, language), ...receiptFacts(order, language)] },
    amountsBlock(p, language),
  ];
  if (note) blocks.push({ kind: 'paragraph', text: note });
  if (ics) blocks.push({ kind: 'paragraph', text: t.calendarFile });
  if (link) blocks.push({ kind: 'button', label: orderWords[language].manageBooking, url: link });
  if (p.hours) blocks.push(...accessBlocks(ctx, language));
  else blocks.push({ kind: 'paragraph', text: t.welcomeCall });
  blocks.push({ kind: 'paragraph', text: shared[language].questions });
  return {
    toName: order.buyer.name,
    subject: t.paidSubject(noun, order.unitName, when(p, language), order.receiptNumber),
    letter: customerLetter(ctx, order, language, { title: t.paidTitle(noun), preview: `${order.unitName}, ${when(p, language)}`, blocks }),
    attachments: [await documentAttachment(receipt), ...(ics ? [ics] : [])],
  };
};

export const orderRefunded: Template<'order_refunded'> = async (ctx, message) => {
  const { order, refund, creditNote } = message.data;
  assertRecipient(message, order.buyer.email);
  const language = message.language;
  const t = texts[language];
  const p = purchaseOf(order);
  const amount = money(refund.amounts.total, language);
  const facts = refundFacts(p, refund, language);
  const category = isServiceType(order.serviceType) ? categoryOfServiceType(order.serviceType).slug : null;
  const blocks: Block[] = [
    { kind: 'paragraph', text: t.lateWhy(amount) },
    { kind: 'paragraph', text: t.sorry },
    { kind: 'section', title: t.whatIsRefunded },
    { kind: 'facts', rows: [...purchaseFacts(p, language, { hours: false }), { label: t.amountRefundedWithTaxes, value: amount }, facts.receipt, facts.creditNote] },
    ...(category ? [{ kind: 'button' as const, label: t.seeAvailable, url: `${ctx.siteOrigin}/${category}` }] : []),
    { kind: 'paragraph', text: shared[language].questions },
  ];
  return {
    toName: order.buyer.name,
    subject: t.refundedSubject(order.unitName, when(p, language), refund.creditNoteNumber),
    letter: customerLetter(ctx, order, language, { title: t.refundedTitle, preview: t.refundedPreview(amount), blocks }),
    attachments: [await documentAttachment(creditNote)],
  };
};

export const staffOrderPaid: Template<'staff_order_paid'> = (_ctx, message): Draft => {
  const { order } = message.data;
  const language = message.language;
  const p = purchaseOf(order);
  return staffDraft(language, order.buyer.email, {
    subject: texts[language].staffPaidSubject(order.unitName, when(p, language), buyerOf(order), order.receiptNumber),
    title: texts[language].staffPaidTitle,
    blocks: [
      { kind: 'facts', rows: buyerFacts(order, language) },
      { kind: 'facts', rows: [...purchaseFacts(p, language), ...receiptFacts(order, language), ...paymentFacts(order, language)] },
      amountsBlock(p, language),
    ],
  });
};

export const staffOrderRefunded: Template<'staff_order_refunded'> = (_ctx, message): Draft => {
  const { order, refund } = message.data;
  const language = message.language;
  const t = texts[language];
  const p = purchaseOf(order);
  const facts = refundFacts(p, refund, language);
  return staffDraft(language, order.buyer.email, {
    subject: t.staffRefundedSubject(order.unitName, when(p, language), buyerOf(order), refund.creditNoteNumber),
    title: t.staffRefundedTitle,
    blocks: [
      { kind: 'paragraph', text: t.staffLateWhy },
      { kind: 'facts', rows: buyerFacts(order, language) },
      { kind: 'facts', rows: [...purchaseFacts(p, language, { hours: false }), facts.amount, facts.receipt, facts.creditNote, facts.state, ...paymentFacts(order, language)] },
    ],
  });
};

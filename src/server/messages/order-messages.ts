import { categoryOfServiceType } from '../../shared/domain/categories.ts';
import { isServiceType } from '../../shared/domain/products.ts';
import { creditNotePdfForRefund, receiptPdfForOrder } from '../documents/receipts.ts';
import type { ClaimedMessage } from '../outbox/worker.ts';
import { plainAddress, questions, staffReason, type Draft, type TemplateContext } from './draft.ts';
import { instantAtSpace, money, type Language } from './letter-format.ts';
import type { Block } from './layout.ts';
import {
  accessBlocks,
  amountsBlock,
  buyerFacts,
  calendarAttachment,
  customerLetter,
  manageLink,
  noteOf,
  paidOrderOf,
  paymentText,
  purchaseFacts,
  refundOf,
  when,
  words,
  type RefundRow,
} from './purchase.ts';

export async function orderPaid(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const found = await paidOrderOf(ctx, message);
  if (found === 'gone') return 'gone';
  const { p, receiptNumber } = found;
  const language = message.language;
  const fr = language === 'fr';
  const receipt = await receiptPdfForOrder(ctx.db, p.order.id);
  if (!receipt) throw new Error('the receipt of the order cannot be made');
  const ics = calendarAttachment(ctx, p, language);
  const link = await manageLink(ctx, p.order);
  const note = noteOf(p, language);

  const noun = {
    en: { conference_room: 'booking', day_pass: 'booking', office_days: 'booking', mailbox: 'subscription', rental: 'rental' },
    fr: { conference_room: 'réservation', day_pass: 'réservation', office_days: 'réservation', mailbox: 'abonnement', rental: 'location' },
  }[language][p.kind];
  const subject = fr
    ? `Votre ${noun} : ${p.order.office_name}, ${when(p, language)} – reçu ${receiptNumber}`
    : `Your ${noun}: ${p.order.office_name}, ${when(p, language)} – receipt ${receiptNumber}`;
  const title = fr
    ? p.kind === 'mailbox'
      ? 'Votre abonnement est confirmé'
      : p.kind === 'rental'
        ? 'Votre location est confirmée'
        : 'Votre réservation est confirmée'
    : `Your ${noun} is confirmed`;

  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: fr
        ? `Merci de votre achat. Votre paiement de ${money(p.quote.total, language)} a été reçu; votre reçu ${receiptNumber} est joint à ce courriel.`
        : `Thank you for your purchase. We have received your payment of ${money(p.quote.total, language)}; your receipt ${receiptNumber} is attached to this e-mail.`,
    },
    { kind: 'section', title: fr ? 'Détails de l’achat' : 'Purchase details' },
    {
      kind: 'facts',
      rows: [
        ...purchaseFacts(p, language),
        { label: words[language].receipt, value: receiptNumber },
        { label: words[language].paidOn, value: instantAtSpace(new Date(p.order.paid_at!), language) },
      ],
    },
    amountsBlock(p, language),
  ];
  if (note) blocks.push({ kind: 'paragraph', text: note });
  if (ics) {
    blocks.push({
      kind: 'paragraph',
      text: fr ? 'Le fichier de calendrier joint (.ics) ajoute votre réservation à votre agenda.' : 'Open the attached calendar file (.ics) to add your booking to your calendar.',
    });
  }
  if (link) blocks.push({ kind: 'button', label: fr ? 'Gérer votre réservation' : 'Manage your booking', url: link });
  if (p.hours) {
    blocks.push(...accessBlocks(ctx, language));
  } else {
    blocks.push({
      kind: 'paragraph',
      text: fr
        ? 'Notre équipe communiquera avec vous d’ici 24 heures pour vous accueillir et répondre à vos questions.'
        : 'Our team will contact you within 24 hours to welcome you and answer your questions.',
    });
  }
  blocks.push({ kind: 'paragraph', text: questions(language) });

  return {
    toName: p.order.buyer_name,
    subject,
    letter: customerLetter(ctx, p.order, language, {
      title,
      preview: `${p.order.office_name}, ${when(p, language)}`,
      blocks,
    }),
    attachments: [{ filename: receipt.filename, content: receipt.pdf, contentType: 'application/pdf' }, ...(ics ? [ics] : [])],
  };
}

/** Why the money goes back, in the customer's words: a payment that arrived too late. */
function refundWhy(refund: RefundRow, language: Language): string {
  const amount = money(refund.amount_cents, language);
  const done = refund.status === 'succeeded';
  if (language === 'fr') {
    return (
      'Votre paiement est arrivé après que cette réservation a été attribuée à quelqu’un d’autre : rien n’a été réservé. ' +
      (done ? `Le montant complet, ${amount}, a été remboursé sur votre carte; ` : `Nous remboursons le montant complet, ${amount}, sur votre carte; `) +
      'le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé.'
    );
  }
  return (
    'Your payment arrived after this booking had gone to someone else, so nothing was booked. ' +
    (done ? `The full amount, ${amount}, has been refunded to your card; ` : `We are refunding the full amount, ${amount}, to your card; `) +
    'it can take 5 to 10 business days to appear on your statement.'
  );
}

export async function orderRefunded(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const found = await refundOf(ctx, message);
  if (found === 'gone') return 'gone';
  const { p, refund, receiptNumber, creditNote } = found;
  const language = message.language;
  const fr = language === 'fr';
  const pdf = await creditNotePdfForRefund(ctx.db, refund.id);
  if (!pdf) throw new Error('the credit note of the refund cannot be made');
  const category = isServiceType(p.order.service_type) ? categoryOfServiceType(p.order.service_type).slug : null;
  const subject = fr
    ? `Remboursement : ${p.order.office_name}, ${when(p, language)} – note de crédit ${creditNote}`
    : `Refund: ${p.order.office_name}, ${when(p, language)} – credit note ${creditNote}`;
  const blocks: Block[] = [
    { kind: 'paragraph', text: refundWhy(refund, language) },
    { kind: 'paragraph', text: fr ? 'Nous sommes désolés de ce contretemps. La note de crédit est jointe à ce courriel.' : 'We are sorry for the inconvenience. The credit note is attached to this e-mail.' },
    { kind: 'section', title: fr ? 'Ce qui est remboursé' : 'What is refunded' },
    {
      kind: 'facts',
      rows: [
        ...purchaseFacts(p, language).filter((row) => row.label !== words[language].hours),
        { label: fr ? 'Montant remboursé (taxes incluses)' : 'Amount refunded (taxes included)', value: money(refund.amount_cents, language) },
        { label: fr ? 'Reçu d’origine' : 'Original receipt', value: receiptNumber },
        { label: fr ? 'Note de crédit' : 'Credit note', value: creditNote },
      ],
    },
    ...(category ? [{ kind: 'button' as const, label: fr ? 'Voir les disponibilités' : 'See what is available', url: `${ctx.siteOrigin}/${category}` }] : []),
    { kind: 'paragraph', text: questions(language) },
  ];
  return {
    toName: p.order.buyer_name,
    subject,
    letter: customerLetter(ctx, p.order, language, {
      title: fr ? 'Votre paiement vous est remboursé' : 'Your payment is being refunded',
      preview: fr ? `Rien n’a été réservé; ${money(refund.amount_cents, language)} vous est remboursé.` : `Nothing was booked; ${money(refund.amount_cents, language)} is refunded to you.`,
      blocks,
    }),
    attachments: [{ filename: pdf.filename, content: pdf.pdf, contentType: 'application/pdf' }],
  };
}

export async function staffOrderPaid(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const found = await paidOrderOf(ctx, message);
  if (found === 'gone') return 'gone';
  const { p, receiptNumber } = found;
  const language = message.language;
  const fr = language === 'fr';
  const who = p.order.buyer_name?.trim() || p.order.buyer_email || '—';
  return {
    toName: null,
    subject: fr
      ? `Commande payée : ${p.order.office_name}, ${when(p, language)} – ${who} (reçu ${receiptNumber})`
      : `Paid order: ${p.order.office_name}, ${when(p, language)} – ${who} (receipt ${receiptNumber})`,
    letter: {
      language,
      title: fr ? 'Nouvelle commande payée' : 'New paid order',
      blocks: [
        { kind: 'facts', rows: buyerFacts(p.order, language) },
        {
          kind: 'facts',
          rows: [
            ...purchaseFacts(p, language),
            { label: words[language].receipt, value: receiptNumber },
            { label: words[language].paidOn, value: instantAtSpace(new Date(p.order.paid_at!), language) },
            { label: fr ? 'Paiement' : 'Payment', value: paymentText(p.order, language) },
            { label: fr ? 'Commande' : 'Order', value: p.order.id },
          ],
        },
        amountsBlock(p, language),
      ],
      reason: staffReason(language),
    },
    attachments: [],
    ...(plainAddress(p.order.buyer_email) ? { replyTo: plainAddress(p.order.buyer_email) } : {}),
  };
}

export async function staffOrderRefunded(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const found = await refundOf(ctx, message);
  if (found === 'gone') return 'gone';
  const { p, refund, receiptNumber, creditNote } = found;
  const language = message.language;
  const fr = language === 'fr';
  const who = p.order.buyer_name?.trim() || p.order.buyer_email || '—';
  const state =
    refund.status === 'succeeded'
      ? `${fr ? 'effectué le' : 'done on'} ${instantAtSpace(new Date(refund.refunded_at ?? refund.created_at), language)}${refund.provider_refund_id ? ` (${refund.provider_refund_id})` : ''}`
      : fr
        ? 'en cours auprès du fournisseur de paiement'
        : 'being asked of the payment provider';
  return {
    toName: null,
    subject: fr
      ? `Remboursement : ${p.order.office_name}, ${when(p, language)} – ${who} (note de crédit ${creditNote})`
      : `Refund: ${p.order.office_name}, ${when(p, language)} – ${who} (credit note ${creditNote})`,
    letter: {
      language,
      title: fr ? 'Paiement arrivé trop tard : remboursement complet' : 'Late payment: refunded in full',
      blocks: [
        {
          kind: 'paragraph',
          text: fr
            ? 'Le paiement est arrivé après que la réservation a été attribuée à quelqu’un d’autre; rien n’a été réservé et le montant complet est remboursé au client.'
            : 'The payment arrived after the booking had gone to someone else; nothing was booked and the full amount is refunded to the customer.',
        },
        { kind: 'facts', rows: buyerFacts(p.order, language) },
        {
          kind: 'facts',
          rows: [
            ...purchaseFacts(p, language).filter((row) => row.label !== words[language].hours),
            { label: fr ? 'Montant remboursé' : 'Amount refunded', value: money(refund.amount_cents, language) },
            { label: fr ? 'Reçu d’origine' : 'Original receipt', value: receiptNumber },
            { label: fr ? 'Note de crédit' : 'Credit note', value: creditNote },
            { label: fr ? 'Remboursement' : 'Refund', value: state },
            { label: fr ? 'Paiement' : 'Payment', value: paymentText(p.order, language) },
            { label: fr ? 'Commande' : 'Order', value: p.order.id },
          ],
        },
      ],
      reason: staffReason(language),
    },
    attachments: [],
    ...(plainAddress(p.order.buyer_email) ? { replyTo: plainAddress(p.order.buyer_email) } : {}),
  };
}

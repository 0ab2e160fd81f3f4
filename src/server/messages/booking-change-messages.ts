import { sql } from 'kysely';
import { creditNotePdfForRefund } from '../documents/receipts.ts';
import type { ClaimedMessage } from '../outbox/worker.ts';
import { assertRecipient, idOf, plainAddress, questions, staffReason, type Draft, type TemplateContext } from './draft.ts';
import { fullDate, instantAtSpace, money, type Language } from './letter-format.ts';
import type { Block, Fact } from './layout.ts';
import { amountsBlock, buyerFacts, customerLetter, loadOrder, manageLink, paymentText, purchaseFacts, purchaseOf, refundOf, words, type Purchase, type RefundRow } from './purchase.ts';

/*
 * What a customer changed through the manage link: days cancelled (with the credit note of
 * their refund) and notice given on a rental; each for the customer and for staff.
 */

function cancelledDates(refund: RefundRow): string[] {
  return refund.amounts.lines.flatMap((l) => (l.item === 'day' && l.date ? [l.date] : []));
}

/** The days of the order still booked once this refund's days are cancelled (and any before it). */
async function stillBooked(ctx: TemplateContext, p: Purchase): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('reservations')
    .select(sql<string>`start_date::text`.as('day'))
    .where('order_id', '=', p.order.id)
    .where('kind', '=', 'day')
    .where('status', '=', 'booked')
    .orderBy('start_date')
    .execute();
  // A day pass holds no reservation: its one day is cancelled or it is not.
  return rows.length > 0 || p.kind !== 'day_pass' ? rows.map((r) => r.day) : [];
}

function datesText(dates: readonly string[], language: Language): string {
  return dates.map((d) => fullDate(d, language)).join('\n');
}

function refundState(refund: RefundRow, language: Language): string {
  const fr = language === 'fr';
  if (refund.status === 'succeeded') {
    return `${fr ? 'effectué le' : 'done on'} ${instantAtSpace(new Date(refund.refunded_at ?? refund.created_at), language)}${refund.provider_refund_id ? ` (${refund.provider_refund_id})` : ''}`;
  }
  const asking = fr ? 'en cours auprès du fournisseur de paiement' : 'being asked of the payment provider';
  return refund.last_error ? `${asking}; ${fr ? 'dernier refus' : 'last refused'}: ${refund.last_error}` : asking;
}

export async function bookingCancelled(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const found = await refundOf(ctx, message);
  if (found === 'gone') return 'gone';
  const { p, refund, receiptNumber, creditNote } = found;
  const language = message.language;
  const fr = language === 'fr';
  const pdf = await creditNotePdfForRefund(ctx.db, refund.id);
  if (!pdf) throw new Error('the credit note of the cancellation cannot be made');
  const dates = cancelledDates(refund);
  const remaining = await stillBooked(ctx, p);
  const link = await manageLink(ctx, p.order);
  const amount = money(refund.amount_cents, language);
  const done = refund.status === 'succeeded';
  const all = remaining.length === 0;
  const what = fr ? (all ? 'cette réservation' : dates.length > 1 ? 'ces jours' : 'ce jour') : all ? 'this booking' : dates.length > 1 ? 'these days' : 'this day';
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: fr
        ? `Nous avons annulé ${what} sans frais. ${done ? `Le montant de ${amount}, taxes incluses, a été remboursé sur votre carte` : `Nous remboursons ${amount}, taxes incluses, sur votre carte`}; le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé. La note de crédit est jointe à ce courriel.`
        : `We have cancelled ${what} free of charge. ${done ? `${amount}, taxes included, has been refunded to your card` : `We are refunding ${amount}, taxes included, to your card`}; it can take 5 to 10 business days to appear on your statement. The credit note is attached to this e-mail.`,
    },
    { kind: 'section', title: fr ? 'Ce qui est annulé' : 'What is cancelled' },
    {
      kind: 'facts',
      rows: [
        { label: words[language].space, value: p.order.office_name },
        { label: dates.length > 1 ? (fr ? 'Jours annulés' : 'Days cancelled') : fr ? 'Jour annulé' : 'Day cancelled', value: datesText(dates, language) },
        ...(remaining.length > 0 ? [{ label: fr ? 'Toujours réservé' : 'Still booked', value: datesText(remaining, language) }] : []),
        { label: fr ? 'Reçu d’origine' : 'Original receipt', value: receiptNumber },
        { label: fr ? 'Note de crédit' : 'Credit note', value: creditNote },
      ],
    },
    amountsBlock(p, language, { amounts: refund.amounts, totalLabel: fr ? 'Total remboursé' : 'Total refunded' }),
  ];
  if (link) blocks.push({ kind: 'button', label: fr ? 'Gérer votre réservation' : 'Manage your booking', url: link });
  blocks.push({ kind: 'paragraph', text: questions(language) });
  return {
    toName: p.order.buyer_name,
    subject: fr
      ? `Annulation : ${p.order.office_name}, ${datesText(dates, language).replaceAll('\n', ', ')} – note de crédit ${creditNote}`
      : `Cancelled: ${p.order.office_name}, ${datesText(dates, language).replaceAll('\n', ', ')} – credit note ${creditNote}`,
    letter: customerLetter(ctx, p.order, language, {
      title: fr ? (all ? 'Votre réservation est annulée' : 'Des jours de votre réservation sont annulés') : all ? 'Your booking is cancelled' : 'Days of your booking are cancelled',
      preview: fr ? `${amount} vous est remboursé, taxes incluses.` : `${amount} is refunded to you, taxes included.`,
      blocks,
    }),
    attachments: [{ filename: pdf.filename, content: pdf.pdf, contentType: 'application/pdf' }],
  };
}

export async function staffBookingCancelled(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const found = await refundOf(ctx, message);
  if (found === 'gone') return 'gone';
  const { p, refund, receiptNumber, creditNote } = found;
  const language = message.language;
  const fr = language === 'fr';
  const who = p.order.buyer_name?.trim() || p.order.buyer_email || '—';
  const dates = cancelledDates(refund);
  const remaining = await stillBooked(ctx, p);
  return {
    toName: null,
    subject: fr
      ? `Annulation : ${p.order.office_name}, ${datesText(dates, language).replaceAll('\n', ', ')} – ${who} (note de crédit ${creditNote})`
      : `Cancellation: ${p.order.office_name}, ${datesText(dates, language).replaceAll('\n', ', ')} – ${who} (credit note ${creditNote})`,
    letter: {
      language,
      title: fr ? 'Réservation annulée par le client' : 'Booking cancelled by the customer',
      blocks: [
        {
          kind: 'paragraph',
          text: fr
            ? 'Le client a annulé en ligne, dans le délai d’annulation gratuite : les jours annulés sont de nouveau offerts et le montant est remboursé.'
            : 'The customer cancelled online, within the free cancellation period: the cancelled days are on offer again and the amount is refunded.',
        },
        { kind: 'facts', rows: buyerFacts(p.order, language) },
        {
          kind: 'facts',
          rows: [
            { label: words[language].space, value: p.order.office_name },
            { label: fr ? 'Jours annulés' : 'Days cancelled', value: datesText(dates, language) },
            { label: fr ? 'Toujours réservé' : 'Still booked', value: remaining.length > 0 ? datesText(remaining, language) : '—' },
            { label: fr ? 'Montant remboursé' : 'Amount refunded', value: money(refund.amount_cents, language) },
            { label: fr ? 'Remboursement' : 'Refund', value: refundState(refund, language) },
            { label: fr ? 'Reçu d’origine' : 'Original receipt', value: receiptNumber },
            { label: fr ? 'Note de crédit' : 'Credit note', value: creditNote },
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

interface Notice {
  p: Purchase;
  givenOn: string;
  endsOn: string;
}

async function noticeOf(ctx: TemplateContext, message: ClaimedMessage): Promise<Notice | 'gone'> {
  const order = await loadOrder(ctx, String(idOf(message, 'orderId')));
  if (!order) return 'gone';
  assertRecipient(message, order.buyer_email);
  if (!order.notice_given_on || !order.rental_ends_on) throw new Error('the rental has no notice');
  return { p: purchaseOf(order), givenOn: order.notice_given_on, endsOn: order.rental_ends_on };
}

function noticeFacts(n: Notice, language: Language): Fact[] {
  const fr = language === 'fr';
  return [
    ...purchaseFacts(n.p, language),
    { label: fr ? 'Préavis donné le' : 'Notice given on', value: fullDate(n.givenOn, language) },
    { label: fr ? 'Dernier jour de la location' : 'Last day of the rental', value: fullDate(n.endsOn, language) },
  ];
}

export async function rentalNoticeGiven(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const n = await noticeOf(ctx, message);
  if (n === 'gone') return 'gone';
  const language = message.language;
  const fr = language === 'fr';
  const link = await manageLink(ctx, n.p.order);
  const ends = fullDate(n.endsOn, language);
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: fr
        ? `Nous avons bien reçu votre préavis. Votre location de ${n.p.order.office_name} se termine le ${ends} : l’espace est à vous jusqu’à la fin de cette journée.`
        : `We have received your notice. Your rental of ${n.p.order.office_name} ends on ${ends}: the space is yours until the end of that day.`,
    },
    { kind: 'facts', rows: noticeFacts(n, language) },
    {
      kind: 'paragraph',
      text: fr
        ? 'Notre équipe communiquera avec vous pour la remise des clés et le dernier paiement.'
        : 'Our team will contact you about returning your keys and your last payment.',
    },
  ];
  if (link) blocks.push({ kind: 'button', label: fr ? 'Gérer votre location' : 'Manage your rental', url: link });
  blocks.push({ kind: 'paragraph', text: questions(language) });
  return {
    toName: n.p.order.buyer_name,
    subject: fr ? `Préavis reçu : ${n.p.order.office_name}, fin le ${ends}` : `Notice received: ${n.p.order.office_name}, ends on ${ends}`,
    letter: customerLetter(ctx, n.p.order, language, {
      title: fr ? 'Votre préavis est enregistré' : 'Your notice is recorded',
      preview: fr ? `Votre location se termine le ${ends}.` : `Your rental ends on ${ends}.`,
      blocks,
    }),
    attachments: [],
  };
}

export async function staffRentalNoticeGiven(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const n = await noticeOf(ctx, message);
  if (n === 'gone') return 'gone';
  const language = message.language;
  const fr = language === 'fr';
  const who = n.p.order.buyer_name?.trim() || n.p.order.buyer_email || '—';
  const ends = fullDate(n.endsOn, language);
  return {
    toName: null,
    subject: fr ? `Préavis : ${n.p.order.office_name} – ${who}, fin le ${ends}` : `Notice: ${n.p.order.office_name} – ${who}, ends on ${ends}`,
    letter: {
      language,
      title: fr ? 'Préavis de fin de location' : 'Notice to end a rental',
      blocks: [
        { kind: 'facts', rows: buyerFacts(n.p.order, language) },
        { kind: 'facts', rows: [...noticeFacts(n, language), { label: fr ? 'Commande' : 'Order', value: n.p.order.id }] },
        {
          kind: 'paragraph',
          text: fr
            ? 'La liste publique affiche maintenant la date à laquelle l’espace se libère. Prévoir la remise des clés et la dernière facturation.'
            : 'The public list now shows the day the space frees up. Arrange the return of the keys and the last billing.',
        },
      ],
      reason: staffReason(language),
    },
    attachments: [],
    ...(plainAddress(n.p.order.buyer_email) ? { replyTo: plainAddress(n.p.order.buyer_email) } : {}),
  };
}

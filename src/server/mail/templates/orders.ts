import { sql } from 'kysely';
import { conferenceHours, dayPassHours } from '../../../shared/domain/booking-windows.ts';
import { calendarFile, calendarMediaType } from '../../../shared/domain/calendar-file.ts';
import { categoryOfServiceType } from '../../../shared/domain/categories.ts';
import type { Quote } from '../../../shared/domain/pricing.ts';
import { isServiceType, serviceTypeNames } from '../../../shared/domain/products.ts';
import { site } from '../../../shared/site.ts';
import { storedQuote } from '../../bookings/repository.ts';
import { creditNotePdfForRefund, receiptPdfForOrder } from '../../documents/receipts.ts';
import { quoteLineNames, taxLabel } from '../../payments/line-items.ts';
import type { ClaimedMessage } from '../worker.ts';
import { assertRecipient, greeting, idOf, languageName, plainAddress, questions, signOff, staffReason, type Draft, type TemplateContext } from './draft.ts';
import { fullDate, hoursText, instantAtSpace, money, period, type Language } from './format.ts';
import type { Block, Fact } from './layout.ts';

interface OrderRow {
  id: string;
  session_id: string | null;
  provider: 'stripe' | 'test';
  product: string;
  rental_type: string;
  office_name: string;
  service_type: string;
  quote: unknown;
  booking_date: string;
  locale: 'en' | 'fr';
  paid_at: Date | null;
  buyer_name: string | null;
  buyer_email: string | null;
  receipt_number: string | null;
  payment_intent_id: string | null;
}

function loadOrder(ctx: TemplateContext, orderId: string): Promise<OrderRow | undefined> {
  return ctx.db
    .selectFrom('orders')
    .select(['id', 'session_id', 'provider', 'product', 'rental_type', 'office_name', 'service_type', 'quote', sql<string>`booking_date::text`.as('booking_date'), 'locale', 'paid_at', 'buyer_name', 'buyer_email', 'receipt_number', 'payment_intent_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** What was bought, as every message about an order describes it. */
interface Purchase {
  order: OrderRow;
  quote: Quote;
  /** A room, a pass or office days: bought for dates, with hours at the space. */
  hours: { opens: number; closes: number } | null;
  kind: 'conference_room' | 'day_pass' | 'office_days' | 'mailbox' | 'rental';
}

function purchaseOf(order: OrderRow): Purchase {
  const quote = storedQuote(order.quote);
  const dated = quote.dates.length > 0;
  const kind =
    dated && order.service_type === 'conference_room'
      ? 'conference_room'
      : dated && order.service_type === 'day_pass'
        ? 'day_pass'
        : dated
          ? 'office_days'
          : order.service_type === 'mailbox'
            ? 'mailbox'
            : 'rental';
  const hours = kind === 'conference_room' ? conferenceHours : dated ? dayPassHours : null;
  return { order, quote, hours, kind };
}

const words = {
  en: {
    days: (n: number) => `${n} days from`,
    from: 'from',
    space: 'Space',
    type: 'Type',
    option: 'Rental option',
    options: { daily: 'Daily', monthly: 'Month-to-month', standard: 'Monthly rental', lease: '12-month lease' } as Record<string, string>,
    date: 'Date',
    dates: 'Dates',
    hours: 'Hours',
    startDate: 'Start date',
    receipt: 'Receipt',
    paidOn: 'Paid on',
    subtotal: 'Subtotal',
    totalPaid: 'Total paid',
  },
  fr: {
    days: (n: number) => `${n} jours à partir du`,
    from: 'à partir du',
    space: 'Espace',
    type: 'Type',
    option: 'Option de location',
    options: { daily: 'À la journée', monthly: 'Au mois', standard: 'Location mensuelle', lease: 'Bail de 12 mois' } as Record<string, string>,
    date: 'Date',
    dates: 'Dates',
    hours: 'Heures',
    startDate: 'Date de début',
    receipt: 'Reçu',
    paidOn: 'Payé le',
    subtotal: 'Sous-total',
    totalPaid: 'Total payé',
  },
} as const;

/** 'Thursday, November 26, 2026', '3 days from Monday, November 30, 2026', 'from Tuesday, December 1, 2026'. */
function when(p: Purchase, language: Language): string {
  const w = words[language];
  const [first] = p.quote.dates;
  if (first === undefined) return `${w.from} ${fullDate(p.order.booking_date, language)}`;
  return p.quote.dates.length === 1 ? fullDate(first, language) : `${w.days(p.quote.dates.length)} ${fullDate(first, language)}`;
}

function typeName(p: Purchase, language: Language): string {
  return isServiceType(p.order.service_type) ? serviceTypeNames[language][p.order.service_type] : p.order.service_type;
}

/** The space, its type, the rental option, the dates and hours (or the start date). */
function purchaseFacts(p: Purchase, language: Language): Fact[] {
  const w = words[language];
  const rows: Fact[] = [
    { label: w.space, value: p.order.office_name },
    { label: w.type, value: typeName(p, language) },
  ];
  const option = w.options[p.order.rental_type];
  if ((p.kind === 'rental' || p.kind === 'office_days') && option) rows.push({ label: w.option, value: option });
  if (p.quote.dates.length > 0) {
    rows.push({ label: p.quote.dates.length > 1 ? w.dates : w.date, value: p.quote.dates.map((d) => fullDate(d, language)).join('\n') });
    if (p.hours) rows.push({ label: w.hours, value: hoursText(p.hours, language) });
  } else {
    rows.push({ label: w.startDate, value: fullDate(p.order.booking_date, language) });
  }
  return rows;
}

/** The lines of the checkout, word for word, then the taxes and the total the card was charged. */
function amountsBlock(p: Purchase, language: Language): Block {
  const w = words[language];
  const rows: Fact[] = quoteLineNames(p.quote, p.order.office_name, language).map(({ name, line }) => ({ label: name, value: money(line.cents, language) }));
  if (p.quote.gst > 0 || p.quote.qst > 0) {
    rows.push({ label: w.subtotal, value: money(p.quote.subtotal, language) });
    if (p.quote.gst > 0) rows.push({ label: taxLabel('gst', language), value: money(p.quote.gst, language) });
    if (p.quote.qst > 0) rows.push({ label: taxLabel('qst', language), value: money(p.quote.qst, language) });
  }
  return { kind: 'amounts', rows, total: { label: w.totalPaid, value: money(p.quote.total, language) } };
}

function orderLink(ctx: TemplateContext, order: OrderRow): string | null {
  return order.session_id ? `${ctx.siteOrigin}/checkout-success?session_id=${encodeURIComponent(order.session_id)}` : null;
}

function noteOf(p: Purchase, language: Language): string | null {
  if (!p.hours) return null;
  const hours = hoursText(p.hours, language);
  const fr = language === 'fr';
  switch (p.kind) {
    case 'conference_room':
      return period(fr ? `Votre salle de conférence est réservée pour la journée complète, ${hours}` : `Your conference room is reserved for the full day, from ${hours}`);
    case 'day_pass':
      return period(fr ? `Votre passe journalière vous donne accès à un poste flexible ${hours}` : `Your day pass gives you hot desk access from ${hours}`);
    default:
      return period(fr ? `Votre bureau vous est réservé chaque jour indiqué, ${hours}` : `Your office is yours on each day booked, from ${hours}`);
  }
}

/** The .ics of a dated booking: one event per day, stamped with the payment so that every copy is the same file. */
function calendarAttachment(ctx: TemplateContext, p: Purchase, language: Language): Draft['attachments'][number] | null {
  if (!p.hours || p.quote.dates.length === 0) return null;
  const fr = language === 'fr';
  const name = p.order.office_name;
  const summary =
    p.kind === 'conference_room'
      ? fr
        ? `${name} : réservation de salle de conférence`
        : `${name}: conference room booking`
      : p.kind === 'day_pass'
        ? fr
          ? 'Passe journalière : accès à un poste flexible'
          : 'Day pass: hot desk access'
        : fr
          ? `${name} : réservation de bureau`
          : `${name}: office booking`;
  const host = new URL(ctx.siteOrigin).hostname;
  const hours = p.hours;
  const text = calendarFile(
    p.quote.dates.map((date) => ({
      uid: `${p.order.id}-${date}@${host}`,
      date,
      opens: hours.opens,
      closes: hours.closes,
      summary,
      description: noteOf(p, language) ?? '',
      stamp: p.order.paid_at ? new Date(p.order.paid_at) : ctx.clock(),
    })),
  );
  const prefix = p.kind === 'conference_room' ? 'conference-room' : p.kind === 'day_pass' ? 'day-pass' : 'office';
  return { filename: `${prefix}-${p.quote.dates[0]}.ics`, content: text, contentType: calendarMediaType };
}

/** The success page's access section: door codes, Wi-Fi, who runs the space, the welcome guide. */
function accessBlocks(ctx: TemplateContext, language: Language): Block[] {
  const fr = language === 'fr';
  return [
    { kind: 'section', title: fr ? 'Codes d’accès' : 'Access codes' },
    { kind: 'paragraph', text: fr ? 'Gardez ces codes pour vous : ils vous ouvrent les portes.' : 'Keep these codes to yourself; they open the doors for you.' },
    { kind: 'facts', rows: site.accessCodes.map((a) => ({ label: a.label[language], value: a.code, code: true })) },
    { kind: 'section', title: 'Wi-Fi' },
    {
      kind: 'facts',
      rows: [
        { label: fr ? 'Réseau' : 'Network', value: site.wifi.network, code: true },
        { label: fr ? 'Mot de passe' : 'Password', value: site.wifi.password, code: true },
      ],
    },
    { kind: 'section', title: fr ? 'Responsable des opérations' : 'Operations contact' },
    { kind: 'paragraph', text: [site.operations.name, site.operations.email, site.operations.phone].join('\n') },
    { kind: 'link', label: fr ? 'Lire le guide de bienvenue' : 'Read the welcome guide', url: `${ctx.siteOrigin}/welcome.html` },
  ];
}

function customerReason(ctx: TemplateContext, language: Language): string {
  const host = new URL(ctx.siteOrigin).host;
  return language === 'fr' ? `Vous recevez ce courriel parce que vous avez fait un achat sur ${host}.` : `You are receiving this e-mail because you made a purchase on ${host}.`;
}

function paymentText(order: OrderRow, language: Language): string {
  const fr = language === 'fr';
  const method = order.provider === 'test' ? (fr ? 'paiement de test (aucune carte débitée)' : 'test payment (no card charged)') : fr ? 'carte (Stripe)' : 'card (Stripe)';
  return order.payment_intent_id ? `${method}, ${order.payment_intent_id}` : method;
}

function buyerFacts(order: OrderRow, language: Language): Fact[] {
  const fr = language === 'fr';
  return [
    { label: fr ? 'Client' : 'Customer', value: order.buyer_name?.trim() || '—' },
    { label: fr ? 'Courriel' : 'E-mail', value: order.buyer_email ?? '—' },
    { label: fr ? 'Langue du client' : 'Customer’s language', value: languageName(order.locale, language) },
  ];
}

async function paidOrderOf(ctx: TemplateContext, message: ClaimedMessage): Promise<{ p: Purchase; receiptNumber: string } | 'gone'> {
  const order = await loadOrder(ctx, String(idOf(message, 'orderId')));
  if (!order) return 'gone';
  assertRecipient(message, order.buyer_email);
  if (!order.receipt_number || !order.paid_at) throw new Error('the order has no receipt yet');
  return { p: purchaseOf(order), receiptNumber: order.receipt_number };
}

export async function orderPaid(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const found = await paidOrderOf(ctx, message);
  if (found === 'gone') return 'gone';
  const { p, receiptNumber } = found;
  const language = message.language;
  const fr = language === 'fr';
  const receipt = await receiptPdfForOrder(ctx.db, p.order.id);
  if (!receipt) throw new Error('the receipt of the order cannot be made');
  const ics = calendarAttachment(ctx, p, language);
  const link = orderLink(ctx, p.order);
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
  if (link) blocks.push({ kind: 'button', label: fr ? 'Voir votre commande' : 'View your order', url: link });
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
    letter: {
      language,
      title,
      preview: `${p.order.office_name}, ${when(p, language)}`,
      greeting: greeting(p.order.buyer_name, language),
      blocks,
      signOff: signOff(language),
      reason: customerReason(ctx, language),
    },
    attachments: [{ filename: receipt.filename, content: receipt.pdf, contentType: 'application/pdf' }, ...(ics ? [ics] : [])],
  };
}

interface RefundRow {
  id: string;
  order_id: string;
  amount_cents: number;
  reason: 'paid_after_taken';
  status: 'pending' | 'succeeded';
  created_at: Date;
  refunded_at: Date | null;
  credit_note_number: string | null;
  provider_refund_id: string | null;
}

async function refundOf(ctx: TemplateContext, message: ClaimedMessage): Promise<{ p: Purchase; refund: RefundRow; receiptNumber: string; creditNote: string } | 'gone'> {
  const orderId = String(idOf(message, 'orderId'));
  const refund = await ctx.db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'amount_cents', 'reason', 'status', 'created_at', 'refunded_at', 'credit_note_number', 'provider_refund_id'])
    .where('id', '=', String(idOf(message, 'refundId')))
    .executeTakeFirst();
  const order = await loadOrder(ctx, orderId);
  if (!refund || !order) return 'gone';
  if (refund.order_id !== order.id) throw new Error('the refund is not one of the order’s');
  assertRecipient(message, order.buyer_email);
  if (!refund.credit_note_number || !order.receipt_number) throw new Error('the refund has no credit note yet');
  return { p: purchaseOf(order), refund, receiptNumber: order.receipt_number, creditNote: refund.credit_note_number };
}

/** Why the money goes back, in the customer's words; today one reason only. */
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
    letter: {
      language,
      title: fr ? 'Votre paiement vous est remboursé' : 'Your payment is being refunded',
      preview: fr ? `Rien n’a été réservé; ${money(refund.amount_cents, language)} vous est remboursé.` : `Nothing was booked; ${money(refund.amount_cents, language)} is refunded to you.`,
      greeting: greeting(p.order.buyer_name, language),
      blocks,
      signOff: signOff(language),
      reason: customerReason(ctx, language),
    },
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

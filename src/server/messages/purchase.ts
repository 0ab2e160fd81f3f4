import { sql } from 'kysely';
import { bookingEventUid, calendarFile, calendarMediaType } from '../../shared/domain/calendar-file.ts';
import type { Quote } from '../../shared/domain/pricing.ts';
import { dayHoursOf, isServiceType, serviceTypeNames } from '../../shared/domain/products.ts';
import { site } from '../../shared/site.ts';
import { managePath } from '../../shared/contract/bookings.ts';
import { manageTokenOf } from '../bookings/manage-link.ts';
import type { RefundAmounts } from '../../shared/domain/cancellation.ts';
import { quoteLineNames, taxLabel } from '../documents/line-names.ts';
import type { ClaimedMessage } from '../outbox/worker.ts';
import { assertRecipient, greeting, idOf, languageName, signOff, type Draft, type TemplateContext } from './draft.ts';
import { fullDate, hoursText, money, period, type Language } from './letter-format.ts';
import type { Block, Fact, Letter } from './layout.ts';
import { paidAmounts, storedQuote, storedRefundAmounts } from '../documents/stored-amounts.ts';

export interface OrderRow {
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
  /** A rental given notice: the day it was given, and its last day. */
  notice_given_on: string | null;
  rental_ends_on: string | null;
}

export function loadOrder(ctx: TemplateContext, orderId: string): Promise<OrderRow | undefined> {
  return ctx.db
    .selectFrom('orders')
    .select(['id', 'session_id', 'provider', 'product', 'rental_type', 'office_name', 'service_type', 'quote', sql<string>`booking_date::text`.as('booking_date'), 'locale', 'paid_at', 'buyer_name', 'buyer_email', 'receipt_number', 'payment_intent_id'])
    .select([sql<string | null>`notice_given_on::text`.as('notice_given_on'), sql<string | null>`rental_ends_on::text`.as('rental_ends_on')])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** What was bought, as every message about an order describes it. */
export interface Purchase {
  order: OrderRow;
  quote: Quote;
  /** A room, a pass or office days: bought for dates, with hours at the space. */
  hours: { opens: number; closes: number } | null;
  kind: 'conference_room' | 'day_pass' | 'office_days' | 'mailbox' | 'rental';
}

export function purchaseOf(order: OrderRow): Purchase {
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
  const hours = dated ? dayHoursOf(order.service_type) : null;
  return { order, quote, hours, kind };
}

export const words = {
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
export function when(p: Purchase, language: Language): string {
  const w = words[language];
  const [first] = p.quote.dates;
  if (first === undefined) return `${w.from} ${fullDate(p.order.booking_date, language)}`;
  return p.quote.dates.length === 1 ? fullDate(first, language) : `${w.days(p.quote.dates.length)} ${fullDate(first, language)}`;
}

export function typeName(p: Purchase, language: Language): string {
  return isServiceType(p.order.service_type) ? serviceTypeNames[language][p.order.service_type] : p.order.service_type;
}

/** The space, its type, the rental option, the dates and hours (or the start date). */
export function purchaseFacts(p: Purchase, language: Language): Fact[] {
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
export function amountsBlock(p: Purchase, language: Language, part: { amounts: RefundAmounts; totalLabel: string } | null = null): Block {
  const w = words[language];
  const amounts = part?.amounts ?? paidAmounts(p.quote);
  const rows: Fact[] = quoteLineNames({ ...p.quote, lines: amounts.lines }, p.order.office_name, language).map(({ name, line }) => ({ label: name, value: money(line.cents, language) }));
  if (amounts.gst > 0 || amounts.qst > 0) {
    rows.push({ label: w.subtotal, value: money(amounts.subtotal, language) });
    if (amounts.gst > 0) rows.push({ label: taxLabel('gst', language), value: money(amounts.gst, language) });
    if (amounts.qst > 0) rows.push({ label: taxLabel('qst', language), value: money(amounts.qst, language) });
  }
  return { kind: 'amounts', rows, total: { label: part?.totalLabel ?? w.totalPaid, value: money(amounts.total, language) } };
}

/** The order's private manage link (the same in every message about it); null for an order never paid. */
export async function manageLink(ctx: TemplateContext, order: OrderRow): Promise<string | null> {
  const token = await manageTokenOf(ctx.db, ctx.keyring, order.id);
  return token ? `${ctx.siteOrigin}${managePath(token)}` : null;
}

export function noteOf(p: Purchase, language: Language): string | null {
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
export function calendarAttachment(ctx: TemplateContext, p: Purchase, language: Language): Draft['attachments'][number] | null {
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
  const hours = p.hours;
  const receipt = p.order.receipt_number ?? p.order.id;
  const text = calendarFile(
    p.quote.dates.map((date) => ({
      uid: bookingEventUid(receipt, date),
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
export function accessBlocks(ctx: TemplateContext, language: Language): Block[] {
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

/** A letter to the customer who bought: greeted by name, signed by the space, with why they get it. */
export function customerLetter(ctx: TemplateContext, order: OrderRow, language: Language, parts: { title: string; preview: string; blocks: Block[] }): Letter {
  return { language, ...parts, greeting: greeting(order.buyer_name, language), signOff: signOff(language), reason: customerReason(ctx, language) };
}

export function customerReason(ctx: TemplateContext, language: Language): string {
  const host = new URL(ctx.siteOrigin).host;
  return language === 'fr' ? `Vous recevez ce courriel parce que vous avez fait un achat sur ${host}.` : `You are receiving this e-mail because you made a purchase on ${host}.`;
}

export function paymentText(order: OrderRow, language: Language): string {
  const fr = language === 'fr';
  const method = order.provider === 'test' ? (fr ? 'paiement de test (aucune carte débitée)' : 'test payment (no card charged)') : fr ? 'carte (Stripe)' : 'card (Stripe)';
  return order.payment_intent_id ? `${method}, ${order.payment_intent_id}` : method;
}

export function buyerFacts(order: OrderRow, language: Language): Fact[] {
  const fr = language === 'fr';
  return [
    { label: fr ? 'Client' : 'Customer', value: order.buyer_name?.trim() || '—' },
    { label: fr ? 'Courriel' : 'E-mail', value: order.buyer_email ?? '—' },
    { label: fr ? 'Langue du client' : 'Customer’s language', value: languageName(order.locale, language) },
  ];
}

export async function paidOrderOf(ctx: TemplateContext, message: ClaimedMessage): Promise<{ p: Purchase; receiptNumber: string } | 'gone'> {
  const order = await loadOrder(ctx, String(idOf(message, 'orderId')));
  if (!order) return 'gone';
  assertRecipient(message, order.buyer_email);
  if (!order.receipt_number || !order.paid_at) throw new Error('the order has no receipt yet');
  return { p: purchaseOf(order), receiptNumber: order.receipt_number };
}

export interface RefundRow {
  id: string;
  order_id: string;
  amount_cents: number;
  reason: 'paid_after_taken' | 'cancelled';
  status: 'pending' | 'succeeded';
  created_at: Date;
  refunded_at: Date | null;
  credit_note_number: string | null;
  provider_refund_id: string | null;
  /** What it gives back (the lines, each tax, the total). */
  amounts: RefundAmounts;
  /** The provider's last refusal, while it is pending. */
  last_error: string | null;
}

export async function refundOf(ctx: TemplateContext, message: ClaimedMessage): Promise<{ p: Purchase; refund: RefundRow; receiptNumber: string; creditNote: string } | 'gone'> {
  const orderId = String(idOf(message, 'orderId'));
  const row = await ctx.db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'amount_cents', 'reason', 'status', 'created_at', 'refunded_at', 'credit_note_number', 'provider_refund_id', 'amounts', 'last_error'])
    .where('id', '=', String(idOf(message, 'refundId')))
    .executeTakeFirst();
  const order = await loadOrder(ctx, orderId);
  if (!row || !order) return 'gone';
  const refund: RefundRow = { ...row, amounts: storedRefundAmounts(row.amounts, storedQuote(order.quote)) };
  if (refund.order_id !== order.id) throw new Error('the refund is not one of the order’s');
  assertRecipient(message, order.buyer_email);
  if (!refund.credit_note_number || !order.receipt_number) throw new Error('the refund has no credit note yet');
  return { p: purchaseOf(order), refund, receiptNumber: order.receipt_number, creditNote: refund.credit_note_number };
}

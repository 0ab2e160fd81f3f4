import { managePath } from '../../shared/contract/bookings.ts';
import { bookingEventUid, calendarFile, calendarMediaType } from '../../shared/domain/calendar-file.ts';
import type { RefundAmounts } from '../../shared/domain/cancellation.ts';
import { dayHoursOf, isServiceType, serviceTypeNames, type CheckoutRentalType, type OpeningHours } from '../../shared/domain/products.ts';
import { site } from '../../shared/site.ts';
import { paidAmounts } from '../documents/stored-amounts.ts';
import { documentFileName, type ReceiptDocument } from '../documents/receipt.ts';
import { receiptPdf } from '../documents/receipt-pdf.ts';
import type { MessageData } from '../outbox/outbox.ts';
import { quoteAmounts } from './amounts.ts';
import { catalogue, type Language } from './catalogue.ts';
import type { Draft, TemplateContext } from './draft.ts';
import type { Block, Fact, Letter } from './layout.ts';
import { fullDate, hoursText, instantAtSpace, money, period } from './letter-format.ts';
import { greeting, shared } from './shared-words.ts';

/* What every message about a paid order says of it: what was bought, when, by whom, for how much. */

export type PaidOrder = MessageData['staff_order_paid']['order'];
export type Refund = MessageData['staff_order_refunded']['refund'];

/** What was bought, as the messages tell it apart: a room, a pass or office days (for dates, with hours), a mailbox, a rental. */
export type PurchaseKind = 'conference_room' | 'day_pass' | 'office_days' | 'mailbox' | 'rental';

export interface Purchase {
  order: PaidOrder;
  /** The hours of each day booked; null for what is not bought for dates. */
  hours: OpeningHours | null;
  kind: PurchaseKind;
}

export function purchaseOf(order: PaidOrder): Purchase {
  const dated = order.quote.dates.length > 0;
  const kind =
    dated && order.serviceType === 'conference_room'
      ? 'conference_room'
      : dated && order.serviceType === 'day_pass'
        ? 'day_pass'
        : dated
          ? 'office_days'
          : order.serviceType === 'mailbox'
            ? 'mailbox'
            : 'rental';
  return { order, hours: dated ? dayHoursOf(order.serviceType) : null, kind };
}

export const orderWords = catalogue({
  en: {
    days: (n: number) => `${n} days from`,
    from: 'from',
    space: 'Space',
    type: 'Type',
    option: 'Rental option',
    options: { daily: 'Daily', monthly: 'Month-to-month', standard: 'Monthly rental', lease: '12-month lease' } as Record<CheckoutRentalType, string>,
    date: 'Date',
    dates: 'Dates',
    hours: 'Hours',
    startDate: 'Start date',
    receipt: 'Receipt',
    paidOn: 'Paid on',
    totalPaid: 'Total paid',
    notes: {
      conference_room: (hours: string) => `Your conference room is reserved for the full day, from ${hours}`,
      day_pass: (hours: string) => `Your day pass gives you hot desk access from ${hours}`,
      office: (hours: string) => `Your office is yours on each day booked, from ${hours}`,
    },
    events: {
      conference_room: (unit: string) => `${unit}: conference room booking`,
      day_pass: () => 'Day pass: hot desk access',
      office: (unit: string) => `${unit}: office booking`,
    },
    accessCodes: 'Access codes',
    keepCodes: 'Keep these codes to yourself; they open the doors for you.',
    network: 'Network',
    password: 'Password',
    operations: 'Operations contact',
    welcomeGuide: 'Read the welcome guide',
    manageBooking: 'Manage your booking',
    reason: (host: string) => `You are receiving this e-mail because you made a purchase on ${host}.`,
    testPayment: 'test payment (no card charged)',
    cardPayment: 'card (Stripe)',
    customer: 'Customer',
    email: 'E-mail',
    customerLanguage: 'Customer’s language',
    payment: 'Payment',
    order: 'Order',
    amountRefunded: 'Amount refunded',
    originalReceipt: 'Original receipt',
    creditNote: 'Credit note',
    refund: 'Refund',
    refundAsked: 'being asked of the payment provider',
  },
  fr: {
    days: (n) => `${n} jours à partir du`,
    from: 'à partir du',
    space: 'Espace',
    type: 'Type',
    option: 'Option de location',
    options: { daily: 'À la journée', monthly: 'Au mois', standard: 'Location mensuelle', lease: 'Bail de 12 mois' },
    date: 'Date',
    dates: 'Dates',
    hours: 'Heures',
    startDate: 'Date de début',
    receipt: 'Reçu',
    paidOn: 'Payé le',
    totalPaid: 'Total payé',
    notes: {
      conference_room: (hours) => `Votre salle de conférence est réservée pour la journée complète, ${hours}`,
      day_pass: (hours) => `Votre passe journalière vous donne accès à un poste flexible ${hours}`,
      office: (hours) => `Votre bureau vous est réservé chaque jour indiqué, ${hours}`,
    },
    events: {
      conference_room: (unit) => `${unit} : réservation de salle de conférence`,
      day_pass: () => 'Passe journalière : accès à un poste flexible',
      office: (unit) => `${unit} : réservation de bureau`,
    },
    accessCodes: 'Codes d’accès',
    keepCodes: 'Gardez ces codes pour vous : ils vous ouvrent les portes.',
    network: 'Réseau',
    password: 'Mot de passe',
    operations: 'Responsable des opérations',
    welcomeGuide: 'Lire le guide de bienvenue',
    manageBooking: 'Gérer votre réservation',
    reason: (host) => `Vous recevez ce courriel parce que vous avez fait un achat sur ${host}.`,
    testPayment: 'paiement de test (aucune carte débitée)',
    cardPayment: 'carte (Stripe)',
    customer: 'Client',
    email: 'Courriel',
    customerLanguage: 'Langue du client',
    payment: 'Paiement',
    order: 'Commande',
    amountRefunded: 'Montant remboursé',
    originalReceipt: 'Reçu d’origine',
    creditNote: 'Note de crédit',
    refund: 'Remboursement',
    refundAsked: 'en cours auprès du fournisseur de paiement',
  },
});

/** 'Thursday, November 26, 2026', '3 days from Monday, November 30, 2026', 'from Tuesday, December 1, 2026'. */
export function when(p: Purchase, language: Language): string {
  const w = orderWords[language];
  const [first] = p.order.quote.dates;
  if (first === undefined) return `${w.from} ${fullDate(p.order.startDate, language)}`;
  return p.order.quote.dates.length === 1 ? fullDate(first, language) : `${w.days(p.order.quote.dates.length)} ${fullDate(first, language)}`;
}

export function typeName(order: PaidOrder, language: Language): string {
  return isServiceType(order.serviceType) ? serviceTypeNames[language][order.serviceType] : order.serviceType;
}

/** The space, its type, the rental option, the dates and (unless left out) their hours, or the start date. */
export function purchaseFacts(p: Purchase, language: Language, options: { hours: boolean } = { hours: true }): Fact[] {
  const w = orderWords[language];
  const dates = p.order.quote.dates;
  const rows: Fact[] = [
    { label: w.space, value: p.order.unitName },
    { label: w.type, value: typeName(p.order, language) },
  ];
  if (p.kind === 'rental' || p.kind === 'office_days') rows.push({ label: w.option, value: w.options[p.order.quote.rentalType] });
  if (dates.length > 0) {
    rows.push({ label: dates.length > 1 ? w.dates : w.date, value: dates.map((d) => fullDate(d, language)).join('\n') });
    if (p.hours && options.hours) rows.push({ label: w.hours, value: hoursText(p.hours, language) });
  } else {
    rows.push({ label: w.startDate, value: fullDate(p.order.startDate, language) });
  }
  return rows;
}

/** The receipt number and when it was paid, at the space. */
export function receiptFacts(order: PaidOrder, language: Language): Fact[] {
  const w = orderWords[language];
  return [
    { label: w.receipt, value: order.receiptNumber },
    { label: w.paidOn, value: instantAtSpace(order.paidAt, language) },
  ];
}

/** The lines of the checkout, word for word, then the taxes and the total the card was charged (or the part a refund gives back). */
export function amountsBlock(p: Purchase, language: Language, part: { amounts: RefundAmounts; totalLabel: string } | null = null): Block {
  return quoteAmounts(p.order.quote, part?.amounts ?? paidAmounts(p.order.quote), p.order.unitName, part?.totalLabel ?? orderWords[language].totalPaid, language);
}

/** The order's private manage link, whose token the message carries sealed; null when it carries none. */
export function manageLink(ctx: TemplateContext, token: string | null): string | null {
  return token ? `${ctx.siteOrigin}${managePath(token)}` : null;
}

/** What the hours of a dated booking give: the room for the full day, a hot desk, the office. */
export function noteOf(p: Purchase, language: Language): string | null {
  if (!p.hours) return null;
  const notes = orderWords[language].notes;
  const note = p.kind === 'conference_room' ? notes.conference_room : p.kind === 'day_pass' ? notes.day_pass : notes.office;
  return period(note(hoursText(p.hours, language)));
}

/** The .ics of a dated booking: one event per day, stamped with the payment so that every copy is the same file. */
export function calendarAttachment(p: Purchase, language: Language): Draft['attachments'][number] | null {
  const hours = p.hours;
  if (!hours || p.order.quote.dates.length === 0) return null;
  const events = orderWords[language].events;
  const summary = (p.kind === 'conference_room' ? events.conference_room : p.kind === 'day_pass' ? events.day_pass : events.office)(p.order.unitName);
  const text = calendarFile(
    p.order.quote.dates.map((date) => ({
      uid: bookingEventUid(p.order.receiptNumber, date),
      date,
      opens: hours.opens,
      closes: hours.closes,
      summary,
      description: noteOf(p, language) ?? '',
      stamp: p.order.paidAt,
    })),
  );
  const prefix = p.kind === 'conference_room' ? 'conference-room' : p.kind === 'day_pass' ? 'day-pass' : 'office';
  return { filename: `${prefix}-${p.order.quote.dates[0]}.ics`, content: text, contentType: calendarMediaType };
}

/** A receipt or a credit note, drawn from the document the message carries, named as its download is. */
export async function documentAttachment(doc: ReceiptDocument): Promise<Draft['attachments'][number]> {
  return { filename: documentFileName(doc), content: await receiptPdf(doc), contentType: 'application/pdf' };
}

/** The success page's access section: door codes, Wi-Fi, who runs the space, the welcome guide. */
export function accessBlocks(ctx: TemplateContext, language: Language): Block[] {
  const w = orderWords[language];
  return [
    { kind: 'section', title: w.accessCodes },
    { kind: 'paragraph', text: w.keepCodes },
    { kind: 'facts', rows: site.accessCodes.map((a) => ({ label: a.label[language], value: a.code, code: true })) },
    { kind: 'section', title: 'Wi-Fi' },
    {
      kind: 'facts',
      rows: [
        { label: w.network, value: site.wifi.network, code: true },
        { label: w.password, value: site.wifi.password, code: true },
      ],
    },
    { kind: 'section', title: w.operations },
    { kind: 'paragraph', text: [site.operations.name, site.operations.email, site.operations.phone].join('\n') },
    { kind: 'link', label: w.welcomeGuide, url: `${ctx.siteOrigin}/welcome.html` },
  ];
}

/** A letter to the customer who bought: greeted by name, signed by the space, with why they get it. */
export function customerLetter(ctx: TemplateContext, order: PaidOrder, language: Language, parts: { title: string; preview: string; blocks: Block[] }): Letter {
  const host = new URL(ctx.siteOrigin).host;
  return { language, ...parts, greeting: greeting(order.buyer.name, language), signOff: shared[language].signOff, reason: orderWords[language].reason(host) };
}

/** Who bought, as staff's subject lines name them. */
export function buyerOf(order: PaidOrder): string {
  return order.buyer.name?.trim() || order.buyer.email || '—';
}

export function buyerFacts(order: PaidOrder, language: Language): Fact[] {
  const w = orderWords[language];
  return [
    { label: w.customer, value: order.buyer.name?.trim() || '—' },
    { label: w.email, value: order.buyer.email ?? '—' },
    { label: w.customerLanguage, value: shared[language].languageNames[order.buyer.language] },
  ];
}

/**
 * What staff read of a refund, each a line of its own for the message to put in its order: the
 * amount, where the refund stands (asked of the provider once the event committed), and the
 * documents.
 */
export function refundFacts(p: Purchase, refund: Refund, language: Language): Record<'amount' | 'state' | 'receipt' | 'creditNote', Fact> {
  const w = orderWords[language];
  return {
    amount: { label: w.amountRefunded, value: money(refund.amounts.total, language) },
    state: { label: w.refund, value: w.refundAsked },
    receipt: { label: w.originalReceipt, value: p.order.receiptNumber },
    creditNote: { label: w.creditNote, value: refund.creditNoteNumber },
  };
}

/** The order's id, for staff to find it by. */
export function orderFact(order: PaidOrder, language: Language): Fact {
  return { label: orderWords[language].order, value: order.id };
}

/** How it was paid (with the provider's reference) and the order's id, as staff's messages end their facts. */
export function paymentFacts(order: PaidOrder, language: Language): Fact[] {
  const w = orderWords[language];
  const method = order.payment.provider === 'test' ? w.testPayment : w.cardPayment;
  return [{ label: w.payment, value: order.payment.reference ? `${method}, ${order.payment.reference}` : method }, orderFact(order, language)];
}

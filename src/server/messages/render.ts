import { site } from '../../shared/site.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { openSecret, type MessageData, type MessageKind } from '../outbox/outbox.ts';
import type { ClaimedMessage, ClaimedOf } from '../outbox/worker.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { staffKinds, type Rendering, type Template, type TemplateContext } from './draft.ts';
import { oneLine } from './letter-format.ts';
import { frenchSpacing, letterHtml, letterText } from './layout.ts';
import { cardChanged, invoiceIssued, invoicePaid, invoicePaymentFailed, leaseTermEnding, padDebitReturned, rentalEnded, staffLeaseTermEnding, staffInvoiceOverdue, staffInvoicePaidTwice } from './billing-messages.ts';
import { bookingCancelled, rentalNoticeGiven, staffBookingCancelled, staffRentalNoticeGiven } from './booking-change-messages.ts';
import { leaseOfferCreated, leaseSigned, staffLeaseSigned, staffLeaseSigningRefused } from './lease-messages.ts';
import { orderPaid, orderRefunded, staffOrderPaid, staffOrderRefunded } from './order-messages.ts';
import { staffWaitlistEntry, waitlistReceived } from './waitlist-messages.ts';
import { waitlistOffer } from './waitlist-offer-messages.ts';
import { staffPaymentProviderRefused } from './provider-messages.ts';

/** What a row an earlier version wrote says, read from the records it names; with the secret it needs, when its row carries none. */
export type EarlierRows = { [K in MessageKind]: (message: ClaimedOf<K>) => Promise<{ data: MessageData[K]; secret?: string } | 'gone'> };

export interface RenderDeps {
  /** Opens the secret a row carries (a link's token). */
  keyring: BankingKeyring;
  /** The site's public origin: every link of a message is absolute on it. */
  siteOrigin: string;
  from: { name: string; address: string };
  clock: () => Date;
  /** Rows written before messages carried their data (messages/earlier-rows.ts). */
  earlierRows: EarlierRows;
}

/** Each kind of message, and the template that writes it from what it says. */
const templates: { [K in MessageKind]: Template<K> } = {
  order_paid: orderPaid,
  order_refunded: orderRefunded,
  booking_cancelled: bookingCancelled,
  rental_notice_given: rentalNoticeGiven,
  waitlist_received: waitlistReceived,
  waitlist_offer: waitlistOffer,
  lease_offer_created: leaseOfferCreated,
  lease_signed: leaseSigned,
  staff_order_paid: staffOrderPaid,
  staff_order_refunded: staffOrderRefunded,
  staff_booking_cancelled: staffBookingCancelled,
  staff_rental_notice_given: staffRentalNoticeGiven,
  staff_waitlist_entry: staffWaitlistEntry,
  staff_lease_signed: staffLeaseSigned,
  staff_lease_signing_refused: staffLeaseSigningRefused,
  invoice_paid: invoicePaid,
  invoice_issued: invoiceIssued,
  rental_ended: rentalEnded,
  card_changed: cardChanged,
  invoice_payment_failed: invoicePaymentFailed,
  staff_invoice_overdue: staffInvoiceOverdue,
  staff_invoice_paid_twice: staffInvoicePaidTwice,
  staff_payment_provider_refused: staffPaymentProviderRefused,
  pad_debit_returned: padDebitReturned,
  lease_term_ending: leaseTermEnding,
  staff_lease_term_ending: staffLeaseTermEnding,
};

/**
 * The worker's renderer: an outbox row becomes a message from what it says, in the language of
 * the row, reading nothing else. 'gone' when what it offers has ended, or when the records an
 * earlier version's row names no longer exist. Everything a person typed reaches a header only
 * through oneLine (no CR, LF or other control character) and the HTML only escaped.
 */
export function createRenderer(deps: RenderDeps): (message: ClaimedMessage) => Promise<OutgoingMail | 'gone'> {
  const domain = deps.from.address.slice(deps.from.address.lastIndexOf('@') + 1);
  const ctx: TemplateContext = { siteOrigin: deps.siteOrigin.replace(/\/+$/, ''), clock: deps.clock };
  const from = { name: oneLine(deps.from.name), address: deps.from.address };

  async function renderingOf<K extends MessageKind>(message: ClaimedOf<K>): Promise<Rendering<K> | 'gone'> {
    const secret = message.secretEncrypted === null ? null : openSecret(deps.keyring, message.secretEncrypted, message.id);
    if (message.secretEncrypted !== null && secret === null) throw new Error(`no configured key opens the secret of this ${message.kind} message`);
    const { id, kind, recipient, language } = message;
    if (message.data !== null) return { id, kind, recipient, language, data: message.data, secret };
    const earlier = await deps.earlierRows[message.kind](message);
    if (earlier === 'gone') return 'gone';
    return { id, kind, recipient, language, data: earlier.data, secret: earlier.secret ?? secret };
  }

  async function draftOf<K extends MessageKind>(message: ClaimedOf<K>) {
    const rendering = await renderingOf(message);
    if (rendering === 'gone') return 'gone';
    const template: Template<K> = templates[message.kind];
    return template(ctx, rendering);
  }

  return async (message) => {
    const draft = await draftOf(message);
    if (draft === 'gone') return 'gone';
    const staff = staffKinds.has(message.kind);
    const name = oneLine(staff ? (message.recipient.toLowerCase() === site.operations.email.toLowerCase() ? site.operations.name : '') : (draft.toName ?? ''), 100);
    const replyTo = staff ? draft.replyTo : site.email;
    return {
      messageId: `<${message.id}@${domain}>`,
      from,
      to: name ? { name, address: message.recipient } : { address: message.recipient },
      ...(replyTo ? { replyTo } : {}),
      subject: oneLine(frenchSpacing(draft.subject, message.language), 250),
      text: letterText(draft.letter),
      html: letterHtml(draft.letter),
      attachments: draft.attachments,
    };
  };
}

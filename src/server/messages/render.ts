import { site } from '../../shared/site.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import type { MessageKind } from '../outbox/outbox.ts';
import { staffKinds, type Template, type TemplateContext } from './draft.ts';
import { oneLine } from './letter-format.ts';
import { frenchSpacing, letterHtml, letterText } from './layout.ts';
import { bookingCancelled, rentalNoticeGiven, staffBookingCancelled, staffRentalNoticeGiven } from './booking-change-messages.ts';
import { leaseOfferCreated, leaseSigned, staffLeaseSigned } from './lease-messages.ts';
import { orderPaid, orderRefunded, staffOrderPaid, staffOrderRefunded } from './order-messages.ts';
import { staffWaitlistEntry, waitlistReceived } from './waitlist-messages.ts';
import { waitlistOffer } from './waitlist-offer-messages.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import type { ClaimedMessage } from '../outbox/worker.ts';

export interface RenderDeps {
  db: Db;
  /** Opens the secret a row carries (a lease offer's link). */
  keyring: BankingKeyring;
  /** The site's public origin: every link of a message is absolute on it. */
  siteOrigin: string;
  from: { name: string; address: string };
  clock: () => Date;
}

/** Each kind of message, and the template that writes it from the records its row names. */
const templates: Record<MessageKind, Template> = {
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
};

/**
 * The worker's renderer: an outbox row becomes a message when it is sent, from the records it
 * names (ids only are stored), in the language of the row. 'gone' when those records no longer
 * exist. Everything a person typed reaches a header only through oneLine (no CR, LF or other
 * control character) and the HTML only escaped.
 */
export function createRenderer(deps: RenderDeps): (message: ClaimedMessage) => Promise<OutgoingMail | 'gone'> {
  const domain = deps.from.address.slice(deps.from.address.lastIndexOf('@') + 1);
  const ctx: TemplateContext = { db: deps.db, keyring: deps.keyring, siteOrigin: deps.siteOrigin.replace(/\/+$/, ''), clock: deps.clock };
  const from = { name: oneLine(deps.from.name), address: deps.from.address };
  return async (message) => {
    const template = templates[message.kind];
    if (!template) throw new Error(`no template for messages of kind ${String(message.kind)}`);
    const draft = await template(ctx, message);
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

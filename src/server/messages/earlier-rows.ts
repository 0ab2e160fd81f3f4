import { manageTokenOf } from '../billing/manage-link.ts';
import { bookingCancelledData, orderPaidData, orderRefundedData, rentalNoticeData } from '../bookings/order-mail.ts';
import type { Db } from '../db/database.ts';
import { invitationData, signedLeaseData } from '../lease/lease-mail.ts';
import { findOfferById } from '../lease/lease-offers.ts';
import type { EarlierRows } from './render.ts';
import type { ClaimedMessage } from '../outbox/worker.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { waitlistEntryData, waitlistOfferData } from '../waitlist/waitlist-mail.ts';

/*
 * Rows written before messages carried what they say (migration 0010) name their records by id
 * only. What they say is read from those records as they are sent, by the same functions that
 * gather it for a new message, here and nowhere else: 'gone' when the records no longer exist
 * (a waitlist entry deleted on request) or the offer has closed. The buyer's messages of an
 * order carried no manage link then: they are given the order's own.
 */

/** The id a row names, or an error: a row that names the wrong kind of record was written by a bug. */
function idOf(message: ClaimedMessage, key: 'orderId' | 'refundId' | 'waitlistEntryId' | 'waitlistOfferId' | 'offerId'): string {
  const value: unknown = (message.about as Partial<Record<string, unknown>>)[key];
  if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`a ${message.kind} message names no ${key}`);
  return String(value);
}

export function earlierRows(db: Db, keyring: BankingKeyring): EarlierRows {
  const orderId = (m: ClaimedMessage) => idOf(m, 'orderId');
  const refundIds = (m: ClaimedMessage) => ({ orderId: idOf(m, 'orderId'), refundId: idOf(m, 'refundId') });
  const said = <T>(data: T | undefined) => (data === undefined ? ('gone' as const) : { data });
  /** A buyer's message, with the order's manage link. */
  const linked = async <T>(m: ClaimedMessage, data: T | undefined) => {
    if (data === undefined) return 'gone' as const;
    const secret = await manageTokenOf(db, keyring, orderId(m));
    return secret ? { data, secret } : { data };
  };
  const signed = async (m: ClaimedMessage) => {
    const offer = await findOfferById(db, Number(idOf(m, 'offerId')));
    return offer && signedLeaseData(keyring, offer);
  };
  return {
    order_paid: async (m) => linked(m, await orderPaidData(db, orderId(m))),
    staff_order_paid: async (m) => {
      const paid = await orderPaidData(db, orderId(m));
      return said(paid && { order: paid.order });
    },
    order_refunded: async (m) => said(await orderRefundedData(db, refundIds(m))),
    staff_order_refunded: async (m) => said(await orderRefundedData(db, refundIds(m))),
    booking_cancelled: async (m) => linked(m, await bookingCancelledData(db, refundIds(m))),
    staff_booking_cancelled: async (m) => said(await bookingCancelledData(db, refundIds(m))),
    rental_notice_given: async (m) => linked(m, await rentalNoticeData(db, orderId(m))),
    staff_rental_notice_given: async (m) => said(await rentalNoticeData(db, orderId(m))),
    waitlist_received: async (m) => said(await waitlistEntryData(db, Number(idOf(m, 'waitlistEntryId')))),
    staff_waitlist_entry: async (m) => said(await waitlistEntryData(db, Number(idOf(m, 'waitlistEntryId')))),
    waitlist_offer: async (m) => said(await waitlistOfferData(db, idOf(m, 'waitlistOfferId'))),
    lease_offer_created: async (m) => {
      const offer = await findOfferById(db, Number(idOf(m, 'offerId')));
      return said(offer && invitationData(offer));
    },
    lease_signed: async (m) => said((await signed(m))?.tenant),
    staff_lease_signed: async (m) => said((await signed(m))?.staff),
    // Billing came after migration 0010: every row of its kinds was written with its data.
    invoice_paid: async () => 'gone' as const,
    invoice_issued: async () => 'gone' as const,
    staff_invoice_paid_twice: async () => 'gone' as const,
    staff_payment_provider_refused: async () => 'gone' as const,
    invoice_payment_failed: async () => 'gone' as const,
    staff_invoice_overdue: async () => 'gone' as const,
    rental_ended: async () => 'gone' as const,
    card_changed: async () => 'gone' as const,
    staff_lease_signing_refused: async () => 'gone' as const,
    pad_debit_returned: async () => 'gone' as const,
    lease_term_ending: async () => 'gone' as const,
    staff_lease_term_ending: async () => 'gone' as const,
  };
}

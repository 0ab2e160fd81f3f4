import type { MessageData } from '../outbox/outbox.ts';
import { maskedBankingOf, type BankingKeyring } from '../secrets/banking-keys.ts';
import type { OfferRecord } from './offer-record.ts';

/*
 * What the lease's messages say, from the offer as the transaction that writes them reads it:
 * the offer for its invitation, and the signed offer for the tenant's copy (which alone carries
 * what its agreement PDF draws: the signature, and the banking numbers masked) and for staff.
 */

type Offer = MessageData['lease_offer_created']['offer'];

/** The offer without what only the agreement shows: the drawn signature and the banking numbers' ciphertext. */
function offerOf(record: OfferRecord): Offer {
  const { signature, ...offer } = record;
  if (!signature) return { ...offer, signature: null };
  const { signature_png: _png, banking_encrypted: _banking, ...signed } = signature;
  return { ...offer, signature: signed };
}

export function invitationData(record: OfferRecord): MessageData['lease_offer_created'] {
  return { offer: offerOf(record) };
}

/** The tenant's and staff's messages of a signed offer; undefined while it is not signed. */
export function signedLeaseData(keyring: BankingKeyring, record: OfferRecord): { tenant: MessageData['lease_signed']; staff: MessageData['staff_lease_signed'] } | undefined {
  const offer = offerOf(record);
  const banking = maskedBankingOf(keyring, record);
  if (!offer.signature || !record.signature || !banking) return undefined;
  const signed = { ...offer, signature: offer.signature };
  return { tenant: { offer: signed, agreement: { signaturePng: record.signature.signature_png, banking } }, staff: { offer: signed } };
}

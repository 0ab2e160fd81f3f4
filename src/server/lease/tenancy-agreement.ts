import type { Db } from '../db/database.ts';
import { findOfferById } from './lease-offers.ts';
import type { OfferRecord } from './offer-record.ts';

/** The offer a tenancy (a rental made by signing a lease) was signed from: its agreement, for the tenant's manage page. */
export async function offerOfTenancy(db: Db, rentalId: string): Promise<OfferRecord | undefined> {
  const rental = await db.selectFrom('rentals').select('lease_offer_id').where('id', '=', rentalId).executeTakeFirst();
  return rental?.lease_offer_id ? findOfferById(db, rental.lease_offer_id) : undefined;
}

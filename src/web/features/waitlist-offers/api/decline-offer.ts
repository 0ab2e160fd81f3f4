import { waitlistDeclineResponse } from '../../../../shared/contract/waitlist-offers.ts';
import { requestJson } from '../../../app/api.ts';
import { linkPath } from './offer-links.ts';

/** POST /public-api/waitlist/declines/{token}: not interested. Asked again, the server answers the same (idempotent). */
export async function declineOffer(token: string): Promise<void> {
  await requestJson(linkPath.decline(token), waitlistDeclineResponse, { method: 'POST', body: {} });
}

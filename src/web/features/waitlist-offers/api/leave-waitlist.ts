import { waitlistLeaveResponse } from '../../../../shared/contract/waitlist-offers.ts';
import { requestJson } from '../../../app/api.ts';
import { linkPath } from './offer-links.ts';

/** POST /public-api/waitlist/entries/{token}/leave. */
export async function leaveWaitlist(token: string): Promise<void> {
  await requestJson(`${linkPath.entry(token)}/leave`, waitlistLeaveResponse, { method: 'POST', body: {} });
}

import { submitInfoResponse, type CustomerInfo } from '../../../../shared/contract/lease.ts';
import { ApiRequestError, requestJson } from '../../../app/api.ts';
import { leaseOfferPath } from './get-lease-offer.ts';

/** SPEC call 6; resolves when the server has kept the details, throws an ApiRequestError otherwise. */
export async function submitLeaseInfo(code: string, info: CustomerInfo): Promise<void> {
  try {
    await requestJson(leaseOfferPath(code, '/submit-info'), submitInfoResponse, { body: info, cache: 'no-store' });
  } catch (error) {
    // A provider whose answer we cannot read has still accepted the details when it says 2xx.
    if (error instanceof ApiRequestError && error.problem.kind === 'unreadable') return;
    throw error;
  }
}

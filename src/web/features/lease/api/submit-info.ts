import { submitInfoResponse, type CustomerInfo } from '../../../../shared/contract/lease.ts';
import { leaseOfferPath } from './get-offer.ts';

/** SPEC call 6; resolves when the server has kept the details, rejects otherwise. */
export async function submitLeaseInfo(code: string, info: CustomerInfo): Promise<void> {
  const res = await fetch(leaseOfferPath(code, '/submit-info'), {
    method: 'POST',
    cache: 'no-store',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(info),
  });
  if (!res.ok) throw new Error(`submit-info answered ${res.status}`);
  const parsed = submitInfoResponse.safeParse(await res.json().catch(() => null));
  // A provider whose answer we cannot read has still accepted the details when it says 2xx.
  if (parsed.success && !parsed.data.success) throw new Error(parsed.data.error ?? 'submit-info refused');
}

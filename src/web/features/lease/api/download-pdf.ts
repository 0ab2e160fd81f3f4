import { leasePdfFilename, type LeaseLanguage } from '../../../../shared/contract/lease.ts';
import { requestBlob } from '../../../app/api.ts';
import { leaseOfferPath } from './get-lease-offer.ts';

/** SPEC call 8: fetches the signed agreement and hands it to the browser as a download. */
export async function downloadLeasePdf(code: string, company: string | null | undefined, language: LeaseLanguage): Promise<void> {
  const blob = await requestBlob(leaseOfferPath(code, `/download-pdf?language=${language}`), { cache: 'no-store' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = leasePdfFilename(company, code);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked a moment later: some browsers start reading the file after click() returns.
    window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}

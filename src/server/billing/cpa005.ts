import { EFTGenerator } from '@cityssm/eft-generator';
import type { IsoDate } from '../../shared/domain/time.ts';
import type { PadOriginator } from '../deps.ts';

/*
 * A PAD file in Payments Canada's CPA-005 format (1464-character records: a header 'A', one
 * debit record 'D' per debit, a trailer 'Z'), written by @cityssm/eft-generator. Its fields were
 * checked against the standard one by one (tests/unit/cpa005.test.ts reads every one back by its
 * position with a parser of our own); two things are ours:
 * - amounts are integer cents here; the library takes dollars and multiplies back, which is exact
 *   for cents, and its trailer's total (a sum of those dollars) is checked against ours;
 * - dates go to it as noon on the day, so its Julian date (0YYDDD) is the day at the space
 *   whatever the server's time zone.
 */

/** The CPA transaction code of a pre-authorized debit of commercial rent (@cityssm/cpa-codes: 402, 'Commercial Rent/Leases'). */
export const commercialRentCode = '402';

export interface PadFileDebit {
  /** Our invoice number: the originator's cross-reference the bank reports a return by. */
  crossReference: string;
  amountCents: number;
  /** The payor: the tenant's company, as the account holder. */
  payorName: string;
  institution: string;
  transit: string;
  account: string;
}

const noonOf = (date: IsoDate) => new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 12);

/** What the file's fields take of a name: plain characters (a bank's file has no accents), upper case. */
export function fileText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^ -~]/g, ' ')
    .toUpperCase();
}

/** The file's content, its records joined by CR LF as banks take them. */
export function cpa005File(originator: PadOriginator, file: { number: number; createdOn: IsoDate; paymentDate: IsoDate }, debits: readonly PadFileDebit[]): string {
  const eft = new EFTGenerator({
    originatorId: originator.id,
    originatorShortName: fileText(originator.shortName),
    originatorLongName: fileText(originator.longName),
    fileCreationNumber: String(file.number).padStart(4, '0'),
    fileCreationDate: noonOf(file.createdOn),
    destinationDataCentre: originator.dataCentre,
    destinationCurrency: 'CAD',
    returnInstitutionNumber: originator.returnAccount.institution,
    returnTransitNumber: originator.returnAccount.transit,
    returnAccountNumber: originator.returnAccount.account,
  });
  for (const debit of debits) {
    eft.addDebitTransaction({
      cpaCode: commercialRentCode,
      amount: debit.amountCents / 100,
      paymentDate: noonOf(file.paymentDate),
      bankInstitutionNumber: debit.institution,
      bankTransitNumber: debit.transit,
      bankAccountNumber: debit.account,
      payeeName: fileText(debit.payorName),
      crossReferenceNumber: debit.crossReference,
    });
  }
  const content = eft.toCPA005();
  const trailer = content.slice(content.lastIndexOf('\r\n') + 2);
  const total = debits.reduce((sum, d) => sum + d.amountCents, 0);
  if (Number(trailer.slice(24, 38)) !== total || Number(trailer.slice(38, 46)) !== debits.length) {
    throw new Error(`the CPA-005 trailer does not sum its debits: ${trailer.slice(24, 46)} for ${debits.length} debits of ${total} cents`);
  }
  return content;
}

import { sql } from 'kysely';
import type { BookingView } from '../../shared/contract/bookings.ts';
import { cancellationRule } from '../../shared/domain/cancellation.ts';
import { termEndDate } from '../../shared/domain/lease-payment.ts';
import type { Db } from '../db/database.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { rentalBillingOf } from '../billing/rental-view.ts';
import { maskAccountNumber } from '../../shared/domain/banking.ts';
import { decryptBanking, type BankingKeyring } from '../secrets/banking-keys.ts';

/*
 * A tenancy's manage page (/booking/{token}, docs/architecture.md §12): the lease as signed, the
 * PAD agreement it is paid by (the account masked), the deposits held, and its invoices with the
 * day each is debited, or Pay now when none will be (a debit returned, the debits stopped).
 */

export async function tenancyViewOf(db: Db, keyring: BankingKeyring, rentalId: string, now: Date): Promise<BookingView | undefined> {
  const rental = await db
    .selectFrom('rentals as r')
    .innerJoin('lease_offers as o', 'o.id', 'r.lease_offer_id')
    .innerJoin('lease_signatures as s', 's.offer_id', 'o.id')
    .select(['r.id', 'r.lease_offer_id', 'r.unit_name', 'r.service_type', 'r.language', 'r.customer_name', 'r.pad_stop_reason', 'o.lease_term_months', 's.signed_at', 's.banking_encrypted'])
    .select([sql<string>`r.start_date::text`.as('start_date'), sql<string>`o.start_date::text`.as('term_start'), sql<string | null>`r.pad_last_debit_on::text`.as('pad_last_debit_on')])
    .where('r.id', '=', rentalId)
    .executeTakeFirst();
  if (!rental) return undefined;
  const initial = await db
    .selectFrom('invoices')
    .select(['number', 'subtotal_cents', 'gst_cents', 'qst_cents', 'total_cents'])
    .where('rental_id', '=', rentalId)
    .orderBy('number')
    .limit(1)
    .executeTakeFirstOrThrow();
  const deposits = await db
    .selectFrom('deposits')
    .select(['kind', 'amount_cents', 'returned_cents', 'returned_at'])
    .where('rental_id', '=', rentalId)
    .orderBy('kind', 'desc')
    .execute();
  let account: string;
  try {
    account = maskAccountNumber(decryptBanking(keyring, rental.banking_encrypted, rental.lease_offer_id!).account_number);
  } catch {
    // Its key was dropped from BANKING_KEYS: the page still shows everything else.
    account = '****';
  }
  const stop = rental.pad_stop_reason;
  return {
    reference: initial.number,
    officeName: rental.unit_name,
    serviceType: rental.service_type,
    product: 'office_lease',
    language: rental.language,
    state: 'paid',
    refund: 'none',
    buyerName: rental.customer_name,
    paidAt: new Date(rental.signed_at).toISOString(),
    startDate: rental.start_date,
    hours: null,
    // Its initial payment's totals: their lines are its invoice's.
    paid: { lines: [], subtotal: initial.subtotal_cents, gst: initial.gst_cents, qst: initial.qst_cents, total: initial.total_cents },
    days: [],
    refunds: [],
    policy: cancellationRule('office_lease', rental.service_type),
    notice: null,
    endsIfNoticeToday: null,
    billing: await rentalBillingOf(db, rentalId, now),
    lease: {
      company: rental.customer_name,
      signedAt: new Date(rental.signed_at).toISOString(),
      termMonths: rental.lease_term_months,
      termEndsOn: termEndDate(rental.term_start, rental.lease_term_months),
      account,
      debitsStopped:
        rental.pad_last_debit_on && stop
          ? { lastDebitOn: rental.pad_last_debit_on, returnCode: stop.startsWith('return:') ? stop.slice('return:'.length) : null, revoked: stop === 'revoked' }
          : null,
      deposits: deposits.map((d) => ({ kind: d.kind, cents: d.amount_cents, returnedCents: d.returned_cents, returnedOn: d.returned_at ? spaceToday(new Date(d.returned_at)) : null })),
    },
    checkedAt: now.toISOString(),
  };
}

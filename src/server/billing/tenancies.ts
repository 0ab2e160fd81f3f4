import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { depositItems, periodFrom, type InvoiceLine } from '../../shared/domain/billing.ts';
import type { InitialLeasePayment } from '../../shared/domain/lease-payment.ts';
import { earliestNoticedDebit } from '../../shared/domain/pad.ts';
import { taxedTotal } from '../../shared/domain/pricing.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { tellInvoiceIssued } from './billing-mail.ts';
import { firstDebitDay } from './first-debit.ts';
import { writeInvoice } from './invoices.ts';

/*
 * A signed lease is a tenancy: a rental whose way of paying is the PAD agreement signed with it
 * (docs/architecture.md §12). It is made in the signing's own transaction, with the lease's
 * amounts as signed, and its first invoice is the initial payment (SPEC §9), deposits included:
 * they are collected with it but held, not sold, each recorded apart until staff return it.
 */

/** A signed lease, as its tenancy is made from it. */
export interface SignedLease {
  offerId: number;
  /** Its units, in order: the rental names them all, and keeps the first as its unit. */
  units: readonly { id: number; name: string; serviceType: string }[];
  company: string;
  email: string;
  language: 'en' | 'fr';
  startDate: IsoDate;
  termMonths: number;
  payment: InitialLeasePayment;
  /** The day at the space it is signed: its first debit is announced then, and made after the notice's days. */
  signedOn: IsoDate;
  /** The provider of Pay now, for a debit the bank returns. */
  provider: 'stripe' | 'test';
}

/** The initial payment's lines, as its invoice bills them (a line of nothing is left out). */
export function initialInvoiceLines(payment: InitialLeasePayment): InvoiceLine[] {
  const gross = payment.firstMonth.cents + payment.moveInFee.cents + payment.securityDepositCents + payment.keyFobDepositCents;
  const lines: InvoiceLine[] = [
    { item: 'lease_first_month', cents: payment.firstMonth.cents },
    { item: 'move_in_fee', cents: payment.moveInFee.cents },
    { item: 'security_deposit', cents: payment.securityDepositCents },
    { item: 'key_fob_deposit', cents: payment.keyFobDepositCents },
    // The discount as SPEC §9 takes it: never more than the lines it comes off.
    { item: 'signup_discount', cents: payment.subtotalCents - gross },
  ];
  return lines.filter((line) => line.cents !== 0);
}

/**
 * Makes the tenancy of a lease just signed, inside the signing's transaction: its rental (paid by
 * PAD, billed from the month after its first), the initial invoice, due on the first business day
 * after the notice of the first debit has run, and its deposits. Returns the rental and invoice.
 * That due day is the tenancy's first debit (firstDebitDay): no month is debited before it.
 */
export async function startTenancy(trx: Db, lease: SignedLease, now: Date): Promise<{ rentalId: string; invoiceId: string }> {
  const rentalId = randomUUID();
  const [unit] = lease.units;
  if (!unit) throw new Error('a lease without a unit cannot be a tenancy');
  await trx
    .insertInto('rentals')
    .values({
      id: rentalId,
      order_id: null,
      lease_offer_id: lease.offerId,
      office_id: unit.id,
      product: 'office_lease',
      service_type: unit.serviceType,
      unit_name: lease.units.map((u) => u.name).join(', '),
      customer_name: lease.company,
      customer_email: lease.email,
      language: lease.language,
      monthly_cents: lease.payment.monthlyRentCents,
      prepaid_last_month_cents: 0,
      start_date: lease.startDate,
      minimum_term_months: lease.termMonths,
      // writeInvoice moves it past the first month, which the initial invoice bills.
      next_period_start: lease.startDate,
      provider: lease.provider,
      pays_by: 'pad',
      created_at: now,
    })
    .execute();
  const lines = initialInvoiceLines(lease.payment);
  const depositsCents = lines.filter((l) => depositItems.includes(l.item)).reduce((sum, l) => sum + l.cents, 0);
  const invoiceId = await writeInvoice(
    trx,
    rentalId,
    {
      period: periodFrom(lease.startDate, null),
      final: false,
      charges: { lines, ...taxedTotal(lines) },
      dueOn: earliestNoticedDebit(lease.signedOn),
      depositsCents,
    },
    now,
  );
  const deposits = [
    { kind: 'security' as const, amount_cents: lease.payment.securityDepositCents },
    { kind: 'key_fob' as const, amount_cents: lease.payment.keyFobDepositCents },
  ].filter((d) => d.amount_cents > 0);
  if (deposits.length > 0) {
    await trx
      .insertInto('deposits')
      .values(deposits.map((d) => ({ id: randomUUID(), rental_id: rentalId, invoice_id: invoiceId, ...d, created_at: now })))
      .execute();
  }
  return { rentalId, invoiceId };
}

/**
 * A tenancy adopted after its lease was signed (lease-offers.ts adoptLeasesSignedBefore): billed
 * monthly from the first 1st on or after its first debit (firstDebitDay), never earlier. The
 * months before were never billed here: staff settle them with the tenant, so they are left out,
 * not invoiced now as owing (which is why this is kept beside padDebitDay's rule of when).
 */
export async function billFromNoticedMonth(trx: Db, rentalId: string): Promise<void> {
  const noticed = await firstDebitDay(trx, rentalId);
  if (noticed === undefined) throw new Error('an adopted tenancy has its initial invoice');
  const firstFirst = noticed.endsWith('-01') ? noticed : addDays(periodFrom(noticed, null).end, 1);
  await trx
    .updateTable('rentals')
    .set({ next_period_start: firstFirst })
    .where('id', '=', rentalId)
    .where(sql<boolean>`next_period_start < ${firstFirst}::date`)
    .execute();
}

/** The initial invoice of an adopted tenancy, e-mailed as the notice of its first debit (Rule H1). */
export async function tellInitialInvoice(trx: Db, keyring: BankingKeyring, invoiceId: string, now: Date): Promise<void> {
  const invoice = await trx.selectFrom('invoices').select(sql<string>`due_on::text`.as('due_on')).where('id', '=', invoiceId).executeTakeFirstOrThrow();
  await tellInvoiceIssued(trx, keyring, { invoiceId, refundId: null }, false, now, { kind: 'debit', on: invoice.due_on, noticed: true });
}

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { checkoutPaidThrough, periodFrom } from '../../shared/domain/billing.ts';
import { cancellationRule } from '../../shared/domain/cancellation.ts';
import { leaseTermMonths, type Quote } from '../../shared/domain/pricing.ts';
import { isBilledMonthly, productNames } from '../../shared/domain/products.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { storedQuote } from '../documents/stored-amounts.ts';
import type { Db } from '../db/database.ts';
import type { SavedCard } from '../payments/provider.ts';
import { applyPrepaidMonth, type PrepaidApplied } from './prepaid-month.ts';

/*
 * A rental is what a paid rental or subscription bills every month (docs/architecture.md §3):
 * made in the payment's own transaction, with the monthly amount as sold, so that a later price
 * change in the console leaves it alone. The day products (rooms, passes, office days) make none.
 */

/** A paid order, as a rental is made from it. */
export interface PaidRentalOrder {
  id: string;
  unitId: number;
  unitName: string;
  serviceType: string;
  quote: Quote;
  /** The rental's first day. */
  startDate: IsoDate;
  provider: 'stripe' | 'test';
  customer: { name: string; email: string; language: 'en' | 'fr' };
}

/**
 * Makes the rental of an order just paid, inside its payment's transaction; nothing for a day
 * product, and nothing a second time (the order's rental is unique).
 */
export async function startRental(trx: Db, order: PaidRentalOrder, savedCard: SavedCard | null, now: Date): Promise<void> {
  const product = order.quote.product;
  if (!isBilledMonthly(product)) return;
  const rule = cancellationRule(product, order.serviceType);
  await trx
    .insertInto('rentals')
    .values({
      id: randomUUID(),
      order_id: order.id,
      office_id: order.unitId,
      product,
      service_type: order.serviceType,
      unit_name: order.unitName,
      customer_name: order.customer.name,
      customer_email: order.customer.email,
      language: order.customer.language,
      monthly_cents: order.quote.monthlyRate,
      prepaid_last_month_cents: order.quote.lastMonth,
      start_date: order.startDate,
      minimum_term_months: rule.kind === 'notice' ? rule.minimumTermMonths : product === 'office_lease' ? leaseTermMonths : null,
      next_period_start: addDays(checkoutPaidThrough(product, order.startDate), 1),
      provider: order.provider,
      provider_customer_id: savedCard?.customerId ?? null,
      payment_method_id: savedCard?.paymentMethodId ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/**
 * Notice given on an order's rental: its last day, from which the billing prorates its final
 * period and pays it from the last month paid in advance. When that period is invoiced already
 * (notice on the 1st of a 31-day month ends the rental on the 31st, after the month's invoice
 * went out), the invoice stands and the prepaid month is not needed for it: it pays what the
 * rental still owes, and the rest is refunded (prepaid-month.ts). The caller holds the rental
 * and `lockedInvoices` (rental-locks.ts). Returns what the month came to, if it was used now.
 */
export async function setRentalEnd(trx: Db, orderId: string, endsOn: IsoDate, lockedInvoices: readonly string[], now: Date): Promise<PrepaidApplied | null> {
  const rental = await trx
    .updateTable('rentals')
    .set({ ends_on: endsOn })
    .where('order_id', '=', orderId)
    .returning(['id', 'prepaid_last_month_cents', sql<string>`next_period_start::text`.as('next_period_start')])
    .executeTakeFirst();
  if (!rental || rental.prepaid_last_month_cents === 0 || rental.next_period_start <= endsOn) return null;
  return applyPrepaidMonth(trx, { id: rental.id, orderId }, rental.prepaid_last_month_cents, lockedInvoices, now);
}

/**
 * Rentals sold before rentals were billed (issue 31) become rentals, once, at the first start of
 * a server that bills: their unit, the rate and start they were sold with, and any notice given.
 * Their first invoice is the first period that begins after today, never an earlier one; no card
 * was kept for them, so that invoice is sent with Pay now rather than charged. Every instance
 * may run this at once: an order makes one rental (its unique key), whoever inserts it first.
 */
export async function adoptRentalsSoldBefore(db: Db, now: Date): Promise<number> {
  const today = spaceToday(now);
  const orders = await db
    .selectFrom('orders as o')
    .leftJoin('rentals as r', 'r.order_id', 'o.id')
    .select(['o.id', 'o.office_id', 'o.office_name', 'o.service_type', 'o.quote', 'o.provider', 'o.locale', 'o.buyer_name', 'o.buyer_email'])
    .select([sql<string>`o.booking_date::text`.as('booking_date'), sql<string | null>`o.rental_ends_on::text`.as('rental_ends_on')])
    .where('o.status', '=', 'paid')
    .where('r.id', 'is', null)
    // Only what bills every month: the day products' orders, the most numerous, are not read at all.
    .where(sql<string>`o.quote->>'product'`, 'in', productNames.filter(isBilledMonthly))
    .execute();
  let adopted = 0;
  for (const order of orders) {
    const quote = storedQuote(order.quote);
    if (!isBilledMonthly(quote.product)) continue;
    const rule = cancellationRule(quote.product, order.service_type);
    const inserted = await db
      .insertInto('rentals')
      .values({
        id: randomUUID(),
        order_id: order.id,
        office_id: order.office_id,
        product: quote.product,
        service_type: order.service_type,
        unit_name: order.office_name,
        customer_name: order.buyer_name ?? '',
        customer_email: order.buyer_email ?? '',
        language: order.locale,
        monthly_cents: quote.monthlyRate,
        prepaid_last_month_cents: quote.lastMonth,
        start_date: order.booking_date,
        minimum_term_months: rule.kind === 'notice' ? rule.minimumTermMonths : quote.product === 'office_lease' ? leaseTermMonths : null,
        next_period_start: firstPeriodAfter(addDays(checkoutPaidThrough(quote.product, order.booking_date), 1), today),
        provider: order.provider,
        ends_on: order.rental_ends_on,
        created_at: now,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) adopted++;
  }
  return adopted;
}

/** The first day of a period that begins after `today`: the rental's first billed day, or a later 1st. */
function firstPeriodAfter(firstBilledDay: IsoDate, today: IsoDate): IsoDate {
  if (firstBilledDay > today) return firstBilledDay;
  return addDays(periodFrom(today, null).end, 1);
}

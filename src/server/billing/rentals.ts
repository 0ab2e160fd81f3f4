import { randomUUID } from 'node:crypto';
import { checkoutPaidThrough } from '../../shared/domain/billing.ts';
import { cancellationRule } from '../../shared/domain/cancellation.ts';
import { leaseTermMonths, type Quote } from '../../shared/domain/pricing.ts';
import { isBilledMonthly } from '../../shared/domain/products.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import type { Db } from '../db/database.ts';
import type { SavedCard } from '../payments/provider.ts';

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

/** Notice given on an order's rental: its last day, from which the billing prorates its final period. */
export async function setRentalEnd(trx: Db, orderId: string, endsOn: IsoDate): Promise<void> {
  await trx.updateTable('rentals').set({ ends_on: endsOn }).where('order_id', '=', orderId).execute();
}

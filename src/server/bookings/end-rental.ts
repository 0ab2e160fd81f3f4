import { sql } from 'kysely';
import * as z from 'zod';
import { problem } from '../../shared/contract/problems.ts';
import { checkoutPaidThrough } from '../../shared/domain/billing.ts';
import { productRule, productNames, type Product } from '../../shared/domain/products.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { settleRentalEnd, type EndedAtOnce } from '../billing/end-at-once.ts';
import { lockRental } from '../billing/rental-locks.ts';
import { auditedRequest, type StaffRefusal } from '../billing/staff-rentals.ts';
import type { Db } from '../db/database.ts';
import { lockUnit } from '../reservations/unit-lock.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import type { StaffActor } from '../staff/actor.ts';
import { recordAudit } from '../staff/audit.ts';
import { freeUnitAfter } from './cancellations.ts';

/*
 * Staff end a rental at once, with a reason (non-payment, a move agreed in person): today at the
 * space is its last day. One transaction under the unit's lock, as notice is: the unit is free
 * from tomorrow, the billing is settled to the day (billing/end-at-once.ts), the customer
 * e-mailed, and the audit row written with it, which also answers the same request made again.
 */

export type EndAtOnceResult = ({ kind: 'ended'; endsOn: IsoDate; replay: boolean } & EndedAtOnce) | StaffRefusal;

export const refused = (why: Parameters<typeof problem>[0]): StaffRefusal => ({ kind: 'refused', problem: problem(why) });

/** What the audit row keeps: the request's answer, to give again to the same key. */
const endedDetails = z.object({
  mode: z.enum(['now', 'contract']),
  ends_on: z.string(),
  credit_notes: z.array(z.object({ number: z.string(), invoice_number: z.nullable(z.string()), amount_cents: z.number() })),
  refunded_cents: z.number(),
  to_return_cents: z.number(),
  owed_cents: z.number(),
});

/** The answer an ending recorded under `key` gave, to give again (undefined: none was). */
export async function endedBefore(trx: Db, rentalId: string, key: string): Promise<EndAtOnceResult | undefined> {
  const earlier = await auditedRequest(trx, 'rental_ended', rentalId, key);
  if (earlier === undefined) return undefined;
  const done = endedDetails.safeParse(earlier);
  if (!done.success) return refused('staff_key_reused');
  const d = done.data;
  const creditNotes = d.credit_notes.map((n) => ({ number: n.number, invoiceNumber: n.invoice_number, cents: n.amount_cents }));
  return { kind: 'ended', endsOn: d.ends_on, creditNotes, refundedCents: d.refunded_cents, toReturnCents: d.to_return_cents, owedCents: d.owed_cents, replay: true };
}

/** The audit row of an ending, with its answer and key, in its transaction. */
export async function recordEnded(trx: Db, actor: StaffActor, rentalId: string, ended: { mode: 'now' | 'contract'; reason: string; endsOn: IsoDate; key: string } & EndedAtOnce, now: Date): Promise<void> {
  await recordAudit(
    trx,
    actor,
    {
      action: 'rental_ended',
      subjectType: 'rental',
      subjectId: rentalId,
      details: {
        mode: ended.mode,
        reason: ended.reason,
        ends_on: ended.endsOn,
        credit_notes: ended.creditNotes.map((n) => ({ number: n.number, invoice_number: n.invoiceNumber, amount_cents: n.cents })),
        refunded_cents: ended.refundedCents,
        to_return_cents: ended.toReturnCents,
        owed_cents: ended.owedCents,
        idempotency_key: ended.key,
      },
    },
    now,
  );
}

export async function endRentalAtOnce(db: Db, keyring: BankingKeyring, actor: StaffActor, rentalId: string, reason: string, key: string, now: Date): Promise<EndAtOnceResult> {
  return db.transaction().execute(async (trx): Promise<EndAtOnceResult> => {
    const unit = await trx.selectFrom('rentals').select(['office_id', 'order_id']).where('id', '=', rentalId).executeTakeFirst();
    if (!unit) return refused('no_rental');
    if (!unit.order_id) return refused('rental_has_no_order');
    await lockUnit(trx, unit.office_id);
    const earlier = await endedBefore(trx, rentalId, key);
    if (earlier) return earlier;
    const held = (await lockRental(trx, rentalId))!;
    const rental = await trx
      .selectFrom('rentals')
      .select(['id', 'order_id', 'product', 'office_id', 'monthly_cents', 'prepaid_last_month_cents', 'ended_at', 'pays_by'])
      .select([
        sql<string>`next_period_start::text`.as('next_period_start'),
        sql<string | null>`ends_on::text`.as('ends_on'),
        sql<string>`start_date::text`.as('start_date'),
      ])
      .where('id', '=', rentalId)
      .executeTakeFirstOrThrow();
    const lastDay = spaceToday(now);
    if (rental.ended_at !== null || (rental.ends_on !== null && rental.ends_on < lastDay)) return refused('rental_already_ended');
    // Within the days its checkout paid for (or before it begins) nothing is invoiced yet to settle:
    // notice is the way, as the customer's own.
    const product = (productNames as readonly string[]).includes(rental.product) ? (rental.product as Product) : null;
    const paidThrough = product ? checkoutPaidThrough(product, rental.start_date) : rental.start_date;
    if (lastDay <= paidThrough) return { kind: 'refused', problem: problem('rental_in_first_period', { paidThrough }) };
    const open = await trx
      .selectFrom('invoice_payments as p')
      .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
      .select('p.id')
      .where('i.rental_id', '=', rentalId)
      .where('p.status', '=', 'open')
      .executeTakeFirst();
    // A card may be charged at this moment: staff try again once it is settled (seconds).
    if (open) return refused('invoice_payment_in_progress');

    const orderId = unit.order_id;
    await trx.updateTable('rentals').set({ ends_on: lastDay, ended_at: now, end_reason: reason }).where('id', '=', rentalId).execute();
    await trx.updateTable('orders').set({ rental_ends_on: lastDay }).where('id', '=', orderId).execute();
    if (product && productRule(product).rentsUnit) await freeUnitAfter(trx, { orderId, unitId: rental.office_id }, lastDay, now);
    const ended = await settleRentalEnd(
      trx,
      keyring,
      { id: rental.id, order_id: orderId, pays_by: rental.pays_by, monthly_cents: rental.monthly_cents, prepaid_last_month_cents: rental.prepaid_last_month_cents, next_period_start: rental.next_period_start },
      { lastDay, atOnce: true, invoiceIds: held.invoiceIds },
      now,
    );
    await recordEnded(trx, actor, rentalId, { mode: 'now', reason, endsOn: lastDay, key, ...ended }, now);
    return { kind: 'ended', endsOn: lastDay, ...ended, replay: false };
  });
}

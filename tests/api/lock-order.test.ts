import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardChangeSaved } from '../../src/server/billing/pay-now.ts';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { giveNotice } from '../../src/server/bookings/cancellations.ts';
import { checkoutBody, checkoutOk, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { backend, buildTestApp, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * One lock order for a rental's rows (billing/rental-locks.ts): the round issuing and charging an
 * invoice, notice and Change card, run at the same moment on the same rentals, all commit. Before,
 * notice and Change card took the order, then the rental, while the round took the rental, then
 * the order, and PostgreSQL aborted one of them as a deadlock (40P01). PGlite has one connection,
 * so nothing there ever runs side by side.
 */

const morningOf = (date: string) => new Date(`${date}T14:00:00Z`);
const iterations = 50;

describe.skipIf(backend !== 'postgresql')(`notice, Change card and the billing round side by side (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-10');
  let template: { orderId: string; rentalId: string; customerId: string; paymentMethodId: string };
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'HOT-01', { product: 'standard' }));
    expect((await payTestCheckout(t, sessionId, testBuyer)).status).toBe(303);
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    const rental = await t.db.selectFrom('rentals').select(['id', 'provider_customer_id', 'payment_method_id']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    template = { orderId: order.id, rentalId: rental.id, customerId: rental.provider_customer_id!, paymentMethodId: rental.payment_method_id! };
    // The rental the checkout made is only a pattern: it is never due in the rounds below.
    await t.db.updateTable('rentals').set({ next_period_start: '2099-01-01' }).where('id', '=', rental.id).execute();
    now = morningOf('2026-12-01');
  }, 60_000);
  afterAll(() => t?.close());

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });

  /**
   * A copy of the checkout's order and rental, its December due today: with `endsOn`, notice given
   * already and December its final period, which the prepaid month pays, the rest going back.
   */
  async function rentalLikeTemplate(endsOn: string | null): Promise<{ orderId: string; rentalId: string }> {
    const orderId = randomUUID();
    const rentalId = randomUUID();
    const notice = endsOn ? { notice_given_on: '2026-11-20', rental_ends_on: endsOn, notice_key: randomUUID() } : {};
    const orderChanges = JSON.stringify({ id: orderId, session_id: null, manage_token_hash: null, manage_token_sealed: null, ...notice });
    await sql`insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) || ${orderChanges}::jsonb || jsonb_build_object('receipt_number', o.receipt_number || '-' || ${orderId}))).* from orders o where o.id = ${template.orderId}`.execute(t.db);
    const rentalChanges = JSON.stringify({ id: rentalId, order_id: orderId, next_period_start: '2026-12-01', ends_on: endsOn, manage_token_hash: null, manage_token_sealed: null });
    await sql`insert into rentals select (jsonb_populate_record(null::rentals, to_jsonb(r) || ${rentalChanges}::jsonb)).* from rentals r where r.id = ${template.rentalId}`.execute(t.db);
    return { orderId, rentalId };
  }

  /** A Change card the customer completes now: its row as startCardChange writes it, then the provider's answer. */
  async function changeCard(rentalId: string) {
    const id = randomUUID();
    await t.db.insertInto('card_changes').values({ id, rental_id: rentalId, status: 'open', expires_at: new Date(now.getTime() + 31 * 60_000), created_at: now }).execute();
    return () => cardChangeSaved(t.db, testBankingKeys, id, { customerId: template.customerId, paymentMethodId: template.paymentMethodId }, now);
  }

  it(`commits every one of them, ${iterations} times over`, async () => {
    for (let i = 0; i < iterations; i++) {
      // Ending: the round issues its final invoice (a refund naming the order, an e-mail with the order's manage link).
      const ending = await rentalLikeTemplate('2026-12-15');
      // Running: the round issues December and charges the card (its e-mail's manage link locks the order).
      const running = await rentalLikeTemplate(null);
      const changes = [await changeCard(ending.rentalId), await changeCard(running.rentalId)];
      const results = await Promise.all([
        round(),
        giveNotice(t.db, testBankingKeys, running.orderId, randomUUID(), now),
        giveNotice(t.db, testBankingKeys, ending.orderId, randomUUID(), now),
        ...changes.map((change) => change()),
      ]);
      expect(results.slice(1)).toEqual([expect.objectContaining({ kind: 'given' }), expect.objectContaining({ kind: 'refused' }), 'saved', 'saved']);
      // A rental the round skipped while another held it is issued by the next round: each period once.
      await round();
      const periods = await t.db.selectFrom('invoices').select(['rental_id', 'period_start']).where('rental_id', 'in', [ending.rentalId, running.rentalId]).execute();
      expect(periods).toHaveLength(2);
      expect(await t.db.selectFrom('refunds').select('id').where('order_id', '=', ending.orderId).execute()).toHaveLength(1);
    }
  }, 120_000);
});

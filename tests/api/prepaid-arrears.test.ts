import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { bookingResponse } from '../../src/shared/contract/bookings.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { endRentalResponse } from '../../src/shared/contract/staff-rentals.ts';
import { prepaidCredit, unusedDaysCents } from '../../src/shared/domain/billing.ts';
import { taxedTotal } from '../../src/shared/domain/pricing.ts';
import { checkoutBody, checkoutOk, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { renderedMail } from './rendered-mail.ts';
import { adminToken, backend, buildTestApp, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * The last month paid in advance pays what a rental still owes before any of it goes back to the
 * card (prepaid-month.ts), whichever way the rental ends: notice after its final period was
 * invoiced, and the final invoice the month pays. (End at once, the third way, is billing.test.ts.)
 */

const morningOf = (date: string) => new Date(`${date}T14:00:00Z`);
/** Accepted at checkout, then refused off session (it needs the customer's authentication). */
const declines = '4000 0027 6000 3184';

describe(`the prepaid last month pays arrears first (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-10');
  // Each case on a database of its own: both rent the one hot desk the demo has free.
  beforeEach(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterEach(() => t?.close());

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });

  /** A hot desk rented on the test checkout with a card that is kept and declines every later charge. */
  async function rentWithDecliningCard(officeId: string) {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, { product: 'standard' }));
    expect((await payTestCheckout(t, sessionId, { ...testBuyer, card_number: declines })).status).toBe(303);
    const token = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    const rental = await t.db.selectFrom('rentals').select(['id', 'prepaid_last_month_cents', 'monthly_cents']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(rental.prepaid_last_month_cents).toBe(rental.monthly_cents);
    return { token, orderId: order.id, rentalId: rental.id, monthly: rental.monthly_cents };
  }

  const notice = (token: string) => t.app.request(`/public-api/bookings/${token}/notice`, { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'x-forwarded-for': '203.0.113.61' } });

  async function owedOf(rentalId: string) {
    const rows = await t.db
      .selectFrom('invoices as i')
      .select((eb) => [
        'i.number',
        'i.total_cents',
        eb.fn.coalesce(eb.selectFrom('invoice_credits as c').select((c) => c.fn.sum<number>('c.total_cents').as('s')).whereRef('c.invoice_id', '=', 'i.id'), eb.lit(0)).as('credited'),
        eb.fn.coalesce(eb.selectFrom('invoice_payments as p').select((p) => p.fn.sum<number>('p.amount_cents').as('s')).whereRef('p.invoice_id', '=', 'i.id').where('p.status', '=', 'succeeded'), eb.lit(0)).as('paid'),
      ])
      .where('i.rental_id', '=', rentalId)
      .orderBy('i.period_start')
      .execute();
    return rows.map((r) => ({ number: r.number, owed: r.total_cents - Number(r.credited) - Number(r.paid) }));
  }

  it('notice after the final period was invoiced: the month pays the declined invoice, and nothing goes back', async () => {
    now = morningOf('2026-11-10');
    const desk = await rentWithDecliningCard('HOT-01');
    const monthly = desk.monthly;
    now = morningOf('2026-12-01');
    await round();
    const [december] = await owedOf(desk.rentalId);
    const decemberTotal = taxedTotal([{ item: 'monthly_rent', cents: monthly }]).total;
    // The card was declined: December is owed whole.
    expect(december).toMatchObject({ owed: decemberTotal });

    // Notice on 1 December ends the month-to-month desk on the 31st, in the period invoiced already.
    const res = await notice(desk.token);
    expect(bookingResponse.parse(await res.json()).booking.notice).toEqual({ givenOn: '2026-12-01', endsOn: '2026-12-31' });
    // Before: the whole month went back to the card while December stayed owed.
    expect(await t.db.selectFrom('refunds').select('id').where('order_id', '=', desk.orderId).execute()).toEqual([]);
    const credits = await t.db.selectFrom('invoice_credits').select(['reason', 'total_cents', 'credit_note_number']).execute();
    expect(credits).toEqual([{ reason: 'prepaid_last_month', total_cents: decemberTotal, credit_note_number: expect.stringMatching(/^NC-2026-\d{6}$/) }]);
    expect(await owedOf(desk.rentalId)).toEqual([{ number: december!.number, owed: 0 }]);

    // The e-mail says what the month paid, and attaches its credit note.
    const { data, mail } = await renderedMail(t, 'rental_notice_given', desk.orderId, now);
    expect(data.lastMonth).toMatchObject({ kind: 'owed_paid', creditNote: null, owedPaid: [{ kind: 'credit_note', number: credits[0]!.credit_note_number, refersTo: december!.number, total: decemberTotal }] });
    expect(mail.text).toContain('first pays what you still owed');
    expect(mail.text).toContain(`Credit note ${credits[0]!.credit_note_number}, against invoice ${december!.number}`);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);

    // Paid by its credit note, December is tried no more.
    const tries = await t.db.selectFrom('invoice_payments').select('id').execute();
    now = morningOf('2026-12-04');
    await round();
    expect(await t.db.selectFrom('invoice_payments').select('id').execute()).toHaveLength(tries.length);

    // Staff then end it at once on the 10th: the month is not applied a second time; the days after
    // the 10th, which the month paid, go back through the checkout's payment that took it.
    now = morningOf('2026-12-10');
    const ended = await t.app.request(`/admin-api/rentals/${desk.rentalId}/end`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ mode: 'now', reason: 'Moved out early' }),
    });
    const unused = taxedTotal([{ item: 'monthly_rent', cents: unusedDaysCents(monthly, monthly, '2026-12-01', '2026-12-10') }]).total;
    expect(endRentalResponse.parse(await ended.json()).settled).toEqual({
      credit_notes: [{ number: expect.any(String), invoice_number: december!.number, amount_cents: unused }],
      refunded_cents: unused,
      to_return_cents: 0,
      owed_cents: 0,
    });
    expect(await t.db.selectFrom('invoice_credits').select('reason').where('reason', '=', 'prepaid_last_month').execute()).toHaveLength(1);
  });

  it('the final invoice the month pays: what it leaves over pays the months owed before any of it is refunded', async () => {
    now = morningOf('2027-02-10');
    const desk = await rentWithDecliningCard('HOT-01');
    const monthly = desk.monthly;
    now = morningOf('2027-03-01');
    await round();
    // Notice on 15 March ends the desk on 14 April.
    now = morningOf('2027-03-15');
    expect((await notice(desk.token)).status).toBe(200);
    const [march] = await owedOf(desk.rentalId);
    const marchTotal = taxedTotal([{ item: 'monthly_rent', cents: monthly }]).total;
    // March still owed: every try declined.
    expect(march).toEqual({ number: expect.any(String), owed: marchTotal });
    now = morningOf('2027-04-01');
    await round();

    // The final period, 1–14 April, is paid from the prepaid month; its rest is what April leaves.
    const rent14of30 = Math.floor((2 * monthly * 14 + 30) / 60);
    const surplus = monthly - rent14of30;
    const toMarch = prepaidCredit(marchTotal, surplus)!;
    const credits = await t.db.selectFrom('invoice_credits').select(['reason', 'total_cents', 'lines']).execute();
    expect(credits).toEqual([{ reason: 'prepaid_last_month', total_cents: toMarch.amounts.total, lines: [{ item: 'prepaid_last_month', cents: surplus }] }]);
    // The surplus is smaller than March's rent: all of it paid March, nothing went back.
    expect(toMarch.applied).toBe(surplus);
    expect(await t.db.selectFrom('refunds').select('id').where('order_id', '=', desk.orderId).execute()).toEqual([]);
    expect(await owedOf(desk.rentalId)).toEqual([{ number: march!.number, owed: marchTotal - toMarch.amounts.total }, { number: expect.any(String), owed: 0 }]);

    const final = await t.db.selectFrom('invoices').select('id').where('rental_id', '=', desk.rentalId).where('final', '=', true).executeTakeFirstOrThrow();
    const { data, mail } = await renderedMail(t, 'invoice_issued', final.id, now);
    expect(data).toMatchObject({ refund: null, owedPaid: [{ refersTo: march!.number, total: toMarch.amounts.total }] });
    expect(mail.text).toContain(`against invoice ${march!.number}`);
    expect(mail.attachments).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { applyBillingEvent, billingSessionOf, payNowPaid } from '../../src/server/billing/pay-now.ts';
import { bookingResponse, paymentPageResponse } from '../../src/shared/contract/bookings.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { checkoutBody, checkoutOk, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { backend, buildTestApp, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * Pay now, when other invoices of the rental are owed, pays them too if the customer chooses it
 * (issue 46, point 5): one checkout for the sum, one payment row per invoice, each settled once
 * with its own paid e-mail, however often the payment is told. The clock is the test's.
 */

/** 9 a.m. at the space (EST). */
const morningOf = (date: string) => new Date(`${date}T14:00:00Z`);

describe(`Pay now with the other owed invoices (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-23');
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  const deps = () => ({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
  const headers = { 'x-forwarded-for': '203.0.113.40' };
  const payNow = (token: string, number: string, body?: unknown) =>
    t.app.request(`/public-api/bookings/${token}/invoices/${number}/pay`, { method: 'POST', headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  /** The test checkout's session a Pay now answer opened, as its page reads it. */
  async function sessionOf(answer: Response) {
    expect(answer.status).toBe(200);
    const { url } = paymentPageResponse.parse(await answer.json());
    const path = new URL(url).pathname;
    const session = await billingSessionOf(t.db, path.split('/').pop()!, now);
    if (session?.kind !== 'invoice') throw new Error(`no Pay now session at ${url}`);
    return { path, session };
  }
  const post = (path: string, card?: string) =>
    t.app.request(card === undefined ? `${path}/cancel` : `${path}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card_number: card ?? '' }).toString() });
  const paidMails = async (invoiceId: string) => (await t.db.selectFrom('outbox').select(['kind', 'subject_ids']).where('kind', '=', 'invoice_paid').execute()).filter((m) => JSON.stringify(m.subject_ids).includes(invoiceId)).length;

  it('pays every owed invoice with no payment under way in one checkout when asked, each settled once; only the one invoice otherwise', async () => {
    // A desk rented at checkout, its card then changed to one that is always declined: December's and January's invoices are owed.
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'DSK-01', { product: 'standard' }));
    expect((await payTestCheckout(t, sessionId, testBuyer)).status).toBe(303);
    const token = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
    const cardPage = paymentPageResponse.parse(await (await t.app.request(`/public-api/bookings/${token}/card`, { method: 'POST', headers })).json());
    expect((await post(new URL(cardPage.url).pathname, '4000 0000 0000 0341')).status).toBe(303);
    now = morningOf('2026-12-01');
    await runBillingRound(deps());
    now = morningOf('2027-01-01');
    await runBillingRound(deps());
    const invoices = await t.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).orderBy('period_start').execute();
    expect(invoices).toHaveLength(2);
    const [december, january] = invoices as [(typeof invoices)[0], (typeof invoices)[0]];
    const view = bookingResponse.parse(await (await t.app.request(`/public-api/bookings/${token}`, { headers })).json()).booking;
    expect(view.billing!.invoices.map((i) => [i.number, i.state, i.owed])).toEqual([
      [january.number, 'due', january.total_cents],
      [december.number, expect.stringMatching(/due|overdue/), december.total_cents],
    ]);

    // Without the choice (no body, as before, or with_owed false): January alone.
    const alone = await sessionOf(await payNow(token, january.number));
    expect(alone.session.amountCents).toBe(january.total_cents);
    expect((await post(alone.path)).status).toBe(303);
    const refused = await sessionOf(await payNow(token, january.number, { with_owed: false }));
    expect(refused.session.amountCents).toBe(january.total_cents);
    expect((await post(refused.path)).status).toBe(303);
    // A body that is not the choice is refused plainly.
    expect((await payNow(token, january.number, { with_owed: 'yes' })).status).toBe(400);

    // December's automatic try under way: it is not paid twice, January is paid alone.
    const tryUnderWay = 'try-under-way';
    await t.db.insertInto('invoice_payments').values({ id: tryUnderWay, invoice_id: december.id, method: 'card', trigger: 'retry', status: 'open', amount_cents: december.total_cents, created_at: now }).execute();
    const without = await sessionOf(await payNow(token, january.number, { with_owed: true }));
    expect(without.session.amountCents).toBe(january.total_cents);
    expect((await post(without.path)).status).toBe(303);
    await t.db.updateTable('invoice_payments').set({ status: 'failed', failure_reason: 'card_declined', settled_at: now }).where('id', '=', tryUnderWay).execute();

    // The choice: one checkout for both, each invoice its own row and amount.
    const both = await sessionOf(await payNow(token, january.number, { with_owed: true }));
    expect(both.session.amountCents).toBe(january.total_cents + december.total_cents);
    expect(both.session.description).toContain(december.number);
    const open = await t.db.selectFrom('invoice_payments').select(['id', 'invoice_id', 'amount_cents', 'pay_now_group']).where('status', '=', 'open').orderBy('amount_cents').execute();
    expect(open.map((p) => [p.invoice_id, p.amount_cents, p.pay_now_group ?? 'own'])).toEqual(
      expect.arrayContaining([
        [january.id, january.total_cents, 'own'],
        [december.id, december.total_cents, both.session.invoicePaymentId],
      ]),
    );
    expect(open).toHaveLength(2);
    // Pay now on December while the page is open opens that same page.
    expect(paymentPageResponse.parse(await (await payNow(token, december.number)).json()).url).toContain(both.path);

    // Paid on the page while the provider's event comes too (another instance), then again: each invoice is paid once, with one e-mail.
    const [paid] = await Promise.all([
      post(both.path, '4242 4242 4242 4242'),
      payNowPaid(deps(), both.session.invoicePaymentId, { outcome: 'succeeded', paymentId: 'test_pi_event', paymentMethodId: null }, null),
    ]);
    expect(paid.status).toBe(303);
    expect(await payNowPaid(deps(), both.session.invoicePaymentId, { outcome: 'succeeded', paymentId: 'test_pi_again', paymentMethodId: null }, null)).toBe('already');
    const event = { id: 'evt_again', type: 'checkout.session.completed', action: 'settle_charge' as const, sessionId: null, paymentIntentId: 'test_pi_event', buyer: null };
    expect(await applyBillingEvent(deps(), { ...event, charge: { invoicePaymentId: both.session.invoicePaymentId, paymentId: 'test_pi_event', outcome: 'succeeded', paymentMethodId: null } })).toBe('already');
    expect((await post(both.path, '4242 4242 4242 4242')).status).toBe(303);

    const succeeded = await t.db.selectFrom('invoice_payments').select(['invoice_id', 'amount_cents']).where('status', '=', 'succeeded').where('trigger', '=', 'pay_now').execute();
    expect(succeeded).toHaveLength(2);
    expect(succeeded).toEqual(expect.arrayContaining([{ invoice_id: january.id, amount_cents: january.total_cents }, { invoice_id: december.id, amount_cents: december.total_cents }]));
    expect(await paidMails(january.id)).toBe(1);
    expect(await paidMails(december.id)).toBe(1);
    expect(await t.db.selectFrom('refunds').select('id').where('reason', '=', 'paid_twice').execute()).toEqual([]);
    const after = bookingResponse.parse(await (await t.app.request(`/public-api/bookings/${token}`, { headers })).json()).booking;
    expect(after.billing!.invoices.map((i) => [i.state, i.owed])).toEqual([
      ['paid', 0],
      ['paid', 0],
    ]);
  });
});

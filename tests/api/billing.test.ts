import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { adoptRentalsSoldBefore } from '../../src/server/billing/rentals.ts';
import { settleDueRefunds } from '../../src/server/bookings/refunds.ts';
import { readMessageData } from '../../src/server/outbox/message-data.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { taxedTotal } from '../../src/shared/domain/pricing.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { bookingResponse, paymentPageResponse } from '../../src/shared/contract/bookings.ts';
import { checkoutBody, checkoutOk, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { adminToken, backend, buildTestApp, testBankingKeys, type TestApp } from './test-app.ts';
import { payNowPaid } from '../../src/server/billing/pay-now.ts';
import type { TestPaymentProvider } from '../../src/server/payments/test-checkout.ts';

/*
 * Rentals pay every month: the billing round issues each period's invoice the day it begins at the
 * space and charges it to the card the checkout kept, follows failed payments on schedule, and
 * applies the prepaid last month to the final period. The clock is the test's, moved by hand.
 */

const at = (iso: string) => new Date(iso);
/** 9 a.m. at the space (EST, UTC−5, from November to March). */
const morningOf = (date: string) => at(`${date}T14:00:00Z`);

/** A unit bought through the checkout and paid on the test checkout page (with `card`), and its manage link's token. */
async function paidThroughCheckout(t: TestApp, officeId: string, choice: ProductChoice, options: { card?: string; locale?: 'en' | 'fr' } = {}) {
  const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice, options.locale));
  expect((await payTestCheckout(t, sessionId, { ...testBuyer, card_number: options.card ?? testBuyer.card_number })).status).toBe(303);
  const token = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
  return { sessionId, token };
}

describe(`monthly billing (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-23');
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });

  /** Rents a unit through the checkout, paying with `card`, and returns its order and rental. */
  async function rent(officeId: string, choice: ProductChoice, card = '4242 4242 4242 4242', locale: 'en' | 'fr' = 'en') {
    const { sessionId, token } = await paidThroughCheckout(t, officeId, choice, { card, locale });
    const order = await t.db.selectFrom('orders').select(['id', 'quote']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    const rental = await t.db.selectFrom('rentals').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    return { orderId: order.id, rental, manageToken: token };
  }

  async function invoicesOf(rentalId: string) {
    return t.db
      .selectFrom('invoices')
      .select(['id', 'number', 'total_cents', 'subtotal_cents', 'gst_cents', 'qst_cents', 'final', 'lines'])
      .select((eb) => [eb.cast<string>('period_start', 'text').as('start'), eb.cast<string>('period_end', 'text').as('end')])
      .where('rental_id', '=', rentalId)
      .orderBy('period_start')
      .execute();
  }

  async function paymentsOf(invoiceId: string) {
    return t.db.selectFrom('invoice_payments').select(['status', 'trigger', 'amount_cents', 'failure_reason']).where('invoice_id', '=', invoiceId).orderBy('created_at').orderBy('id').execute();
  }

  async function mailAbout(invoiceId: string) {
    const rows = await t.db.selectFrom('outbox').select(['kind', 'recipient', 'language', 'subject_ids', 'data']).execute();
    return rows.filter((r) => JSON.stringify(r.subject_ids).includes(invoiceId));
  }

  it('keeps the card of a rental bought at checkout, and bills nothing before its first month is over', async () => {
    const desk = await rent('DSK-01', { product: 'standard' });
    expect(desk.rental).toMatchObject({ product: 'standard', monthly_cents: 45_000, prepaid_last_month_cents: 45_000, minimum_term_months: 3, billing_day: 1, provider: 'test' });
    expect(desk.rental.provider_customer_id).toMatch(/^test_cus_/);
    expect(desk.rental.payment_method_id).toMatch(/^test_pm_/);
    expect(await round()).toMatchObject({ issued: 0, succeeded: 0, failed: 0 });
    // A day product makes no rental.
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-26' }));
    expect((await payTestCheckout(t, sessionId)).status).toBe(303);
    const room = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('rentals').select('id').where('order_id', '=', room.id).execute()).toEqual([]);
  });

  it('invoices December on 1 December, charges the card once, and e-mails the paid invoice with its PDF and the next one', async () => {
    const desk = await t.db.selectFrom('rentals').select(['id']).where('unit_name', '=', 'Desk A1').executeTakeFirstOrThrow();
    // The price list changes: the rental keeps the amount it was sold at.
    await t.db.updateTable('offices').set({ base_monthly_rate: '999.00' }).where('office_id', '=', 'DSK-01').execute();
    now = at('2026-12-01T05:30:00Z'); // 00:30 on 1 December at the space
    const first = await round();
    expect(first.issued).toBeGreaterThanOrEqual(1);
    const [december] = await invoicesOf(desk.id);
    const taxes = taxedTotal([{ item: 'monthly_rent', cents: 45_000 }]);
    expect(december).toMatchObject({ number: 'F-2026-000001', start: '2026-12-01', end: '2026-12-31', final: false, subtotal_cents: 45_000, gst_cents: taxes.gst, qst_cents: taxes.qst, total_cents: taxes.total });
    expect(await paymentsOf(december!.id)).toEqual([{ status: 'succeeded', trigger: 'billing_day', amount_cents: taxes.total, failure_reason: null }]);
    const charges = await t.db.selectFrom('test_payment_charges').select(['amount_cents', 'status']).where('metadata', '@>', JSON.stringify({ invoice_id: december!.id })).execute();
    expect(charges).toEqual([{ amount_cents: taxes.total, status: 'succeeded' }]);

    // Again, the same day, and again later that month: nothing more.
    expect(await round()).toMatchObject({ issued: 0, succeeded: 0, failed: 0 });
    now = morningOf('2026-12-20');
    await round();
    expect(await invoicesOf(desk.id)).toHaveLength(1);
    const mail = await mailAbout(december!.id);
    expect(mail.map((m) => m.kind)).toEqual(['invoice_paid']);
    expect(mail[0]).toMatchObject({ recipient: testBuyer.buyer_email, language: 'en' });
    const data = readMessageData('invoice_paid', mail[0]!.data);
    if (!data.ok) throw new Error(data.problem);
    expect(data.data.document).toMatchObject({ kind: 'invoice', number: 'F-2026-000001', total: taxes.total, payment: { method: 'test' } });
    expect(data.data.document.invoice?.paidAt).toBeInstanceOf(Date);
    expect(data.data.next).toEqual({ on: '2027-01-01', cents: taxes.total });
  });

  it('catches up every period a server missed, once, when it starts again later', async () => {
    const desk = await t.db.selectFrom('rentals').select(['id']).where('unit_name', '=', 'Desk A1').executeTakeFirstOrThrow();
    now = morningOf('2027-02-03'); // January and February both due
    await round();
    await round();
    const invoices = await invoicesOf(desk.id);
    expect(invoices.map((i) => [i.number, i.start, i.end])).toEqual([
      ['F-2026-000001', '2026-12-01', '2026-12-31'],
      ['F-2027-000001', '2027-01-01', '2027-01-31'],
      ['F-2027-000002', '2027-02-01', '2027-02-28'],
    ]);
    for (const invoice of invoices) expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('bills a mailbox plan from the day after its full first month, prorated to the month’s end, then on the 1st', async () => {
    now = morningOf('2026-11-23');
    const mailbox = await rent('MAILBOX-BASIC', { product: 'mailbox' }, '4242424242424242', 'fr');
    expect(mailbox.rental.next_period_start).toBeDefined();
    now = morningOf('2026-12-22');
    await round();
    expect(await invoicesOf(mailbox.rental.id)).toEqual([]);
    now = morningOf('2026-12-23');
    await round();
    const [rest] = await invoicesOf(mailbox.rental.id);
    // 23–31 December: 9 of 31 days of $39.00.
    expect(rest).toMatchObject({ start: '2026-12-23', end: '2026-12-31', subtotal_cents: Math.floor((2 * 3_900 * 9 + 31) / 62) });
    const mail = await mailAbout(rest!.id);
    expect(mail.map((m) => [m.kind, m.language])).toEqual([['invoice_paid', 'fr']]);
  });

  it('follows a card that needs authentication: failed on the 1st, tried again on days 3 and 7, then overdue and staff told', async () => {
    now = morningOf('2027-02-10');
    const spot = await rent('PRK-01', { product: 'standard' }, '4000 0027 6000 3184');
    now = morningOf('2027-03-01');
    await round();
    const [march] = await invoicesOf(spot.rental.id);
    expect(await paymentsOf(march!.id)).toMatchObject([{ status: 'failed', trigger: 'billing_day', failure_reason: 'authentication_required' }]);
    const firstMail = readMessageData('invoice_payment_failed', (await mailAbout(march!.id))[0]!.data);
    if (!firstMail.ok) throw new Error(firstMail.problem);
    expect(firstMail.data.attempt).toMatchObject({ number: 1, of: 3, reason: 'authentication_required', nextTryOn: '2027-03-04' });

    now = morningOf('2027-03-03');
    await round();
    expect(await paymentsOf(march!.id)).toHaveLength(1);
    now = morningOf('2027-03-04');
    await round();
    await round();
    expect((await paymentsOf(march!.id)).map((p) => p.trigger)).toEqual(['billing_day', 'retry']);
    now = morningOf('2027-03-08');
    await round();
    expect((await paymentsOf(march!.id)).map((p) => [p.trigger, p.status])).toEqual([
      ['billing_day', 'failed'],
      ['retry', 'failed'],
      ['retry', 'failed'],
    ]);
    const kinds = (await mailAbout(march!.id)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['invoice_payment_failed', 'invoice_payment_failed', 'invoice_payment_failed', 'staff_invoice_overdue']);
    const last = (await mailAbout(march!.id)).filter((m) => m.kind === 'staff_invoice_overdue')[0]!;
    const staffData = readMessageData('staff_invoice_overdue', last.data);
    if (!staffData.ok) throw new Error(staffData.problem);
    expect(staffData.data.attempt).toMatchObject({ number: 3, nextTryOn: null });
    // Nothing is ended by itself, and no fourth try is made.
    now = morningOf('2027-03-20');
    await round();
    expect(await paymentsOf(march!.id)).toHaveLength(3);
    expect(await t.db.selectFrom('rentals').select(['ended_at', 'ends_on']).where('id', '=', spot.rental.id).executeTakeFirstOrThrow()).toEqual({ ended_at: null, ends_on: null });
  });

  it('prorates the final period to the notice’s end, pays it from the prepaid month and refunds the rest with a credit note', async () => {
    now = morningOf('2027-03-10');
    const hot = await rent('HOT-01', { product: 'standard' });
    now = morningOf('2027-04-01');
    await round();
    // Notice on 5 April: a hot desk is month to month, so it ends 30 days later, on 5 May.
    now = morningOf('2027-04-05');
    const res = await t.app.request(`/public-api/bookings/${hot.manageToken}/notice`, { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    now = morningOf('2027-05-01');
    await round();
    const invoices = await invoicesOf(hot.rental.id);
    expect(invoices.map((i) => [i.start, i.end, i.final])).toEqual([
      ['2027-04-01', '2027-04-30', false],
      ['2027-05-01', '2027-05-05', true],
    ]);
    const final = invoices[1]!;
    const rent5of31 = Math.floor((2 * 25_000 * 5 + 31) / 62);
    expect(final.lines).toEqual([
      { item: 'monthly_rent', cents: rent5of31 },
      { item: 'prepaid_last_month', cents: -rent5of31 },
    ]);
    expect(final).toMatchObject({ subtotal_cents: 0, gst_cents: 0, qst_cents: 0, total_cents: 0 });
    // Nothing to charge; the surplus of the prepaid month goes back, taxes included, and the e-mail says so.
    expect(await paymentsOf(final.id)).toEqual([]);
    const settled = await mailAbout(final.id);
    expect(settled.map((m) => m.kind)).toEqual(['invoice_issued']);
    const said = readMessageData('invoice_issued', settled[0]!.data);
    if (!said.ok) throw new Error(said.problem);
    expect(said.data).toMatchObject({ payNow: false, refund: { cents: taxedTotal([{ item: 'last_month', cents: 25_000 - rent5of31 }]).total } });
    const refunds = await t.db.selectFrom('refunds').select(['id', 'amount_cents', 'reason', 'credit_note_number', 'status']).where('order_id', '=', hot.orderId).execute();
    const surplus = taxedTotal([{ item: 'last_month', cents: 25_000 - rent5of31 }]);
    expect(refunds).toMatchObject([{ amount_cents: surplus.total, reason: 'prepaid_surplus', credit_note_number: expect.stringMatching(/^NC-2027-\d{6}$/), status: 'pending' }]);
    await settleDueRefunds({ db: t.db, clock: () => now, payments: t.deps.payments });
    expect(await t.db.selectFrom('refunds').select('status').where('order_id', '=', hot.orderId).executeTakeFirstOrThrow()).toEqual({ status: 'succeeded' });
    // No period after the last day.
    now = morningOf('2027-06-02');
    await round();
    expect(await invoicesOf(hot.rental.id)).toHaveLength(2);
  });

  it('looks up a try whose answer never came once its key has expired: settled by the charge made, or failed without an e-mail when none was', async () => {
    // Two tries left open a day ago, as by an instance that stopped between asking and settling: one reached the provider, one did not.
    now = morningOf('2027-06-02');
    const spot = await t.db.selectFrom('rentals').select(['id', 'provider_customer_id', 'payment_method_id']).where('unit_name', '=', 'Parking Spot P1').executeTakeFirstOrThrow();
    const owed = await t.db.selectFrom('invoices').select(['id', 'total_cents']).where('rental_id', '=', spot.id).orderBy('period_start', 'desc').limit(2).execute();
    const dayAgo = new Date(now.getTime() - 25 * 3_600_000);
    const reached = await t.deps.payments.chargeSavedCard({
      card: { customerId: spot.provider_customer_id!, paymentMethodId: spot.payment_method_id! },
      amountCents: owed[0]!.total_cents,
      idempotencyKey: 'invoice-payment-lost-answer',
      description: 'lost answer',
      metadata: { invoice_payment_id: 'lost-answer', invoice_id: owed[0]!.id },
    });
    expect(reached.outcome).toBe('failed');
    await t.db
      .insertInto('invoice_payments')
      .values([
        { id: 'lost-answer', invoice_id: owed[0]!.id, method: 'card', trigger: 'retry_now', status: 'open', amount_cents: owed[0]!.total_cents, created_at: dayAgo },
        { id: 'never-asked', invoice_id: owed[1]!.id, method: 'card', trigger: 'retry_now', status: 'open', amount_cents: owed[1]!.total_cents, created_at: dayAgo },
      ])
      .execute();
    await round();
    const rows = await t.db.selectFrom('invoice_payments').select(['id', 'status', 'failure_reason']).where('id', 'in', ['lost-answer', 'never-asked']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'lost-answer', status: 'failed', failure_reason: 'authentication_required' },
      { id: 'never-asked', status: 'failed', failure_reason: 'provider_no_answer' },
    ]);
    const told = await t.db.selectFrom('outbox').select('subject_ids').where('kind', '=', 'invoice_payment_failed').execute();
    expect(told.filter((m) => JSON.stringify(m.subject_ids).includes('lost-answer'))).toHaveLength(1);
    expect(told.filter((m) => JSON.stringify(m.subject_ids).includes('never-asked'))).toHaveLength(0);
  });

  it('issues one invoice per rental and period, one charge and one e-mail, with two rounds at once', async () => {
    now = morningOf('2027-06-10');
    const desk = await rent('DSK-02', { product: 'standard' });
    now = morningOf('2027-07-01');
    await Promise.all([round(), round(), round()]);
    const invoices = await invoicesOf(desk.rental.id);
    expect(invoices).toHaveLength(1);
    expect(await paymentsOf(invoices[0]!.id)).toHaveLength(1);
    expect((await mailAbout(invoices[0]!.id)).map((m) => m.kind)).toEqual(['invoice_paid']);
    // The series stays gapless, whoever numbered what.
    const numbers = (await t.db.selectFrom('invoices').select('number').where('number', 'like', 'F-2027-%').orderBy('number').execute()).map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => `F-2027-${String(i + 1).padStart(6, '0')}`));
  });
});

describe(`Pay now and Change card from a rental's manage page (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-23');
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
  const post = (path: string) => t.app.request(path, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.20' } });
  const view = async (token: string) => bookingResponse.parse(await (await t.app.request(`/public-api/bookings/${token}`, { headers: { 'x-forwarded-for': '203.0.113.21' } })).json()).booking;
  /** Opens the provider's page a manage-page button asks for, and answers it with a card. */
  async function onPage(answer: Response, card: string | null): Promise<Response> {
    expect(answer.status).toBe(200);
    const { url } = paymentPageResponse.parse(await answer.json());
    const path = new URL(url).pathname;
    expect((await t.app.request(path)).status).toBe(200);
    return t.app.request(card === null ? `${path}/cancel` : `${path}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: card ?? '' }).toString(),
    });
  }

  it('changes the card, is declined on the 1st, and Pay now with another card pays the invoice and keeps that card', async () => {
    const { token } = await paidThroughCheckout(t, 'DSK-01', { product: 'standard' });
    const rentalOf = () => t.db.selectFrom('rentals').select(['id', 'provider_customer_id', 'payment_method_id']).where('unit_name', '=', 'Desk A1').executeTakeFirstOrThrow();
    const first = await rentalOf();
    expect(await view(token)).toMatchObject({ billing: { state: 'active', monthlyCents: 45_000, cardOnFile: true, invoices: [], next: { on: '2026-12-01' } } });

    // Change card to one that is always declined: the card is kept, nothing is charged.
    const changed = await onPage(await post(`/public-api/bookings/${token}/card`), '4000 0000 0000 0341');
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe(`http://localhost:5173/booking/${token}?returned=card`);
    const second = await rentalOf();
    expect(second.provider_customer_id).toBe(first.provider_customer_id);
    expect(second.payment_method_id).not.toBe(first.payment_method_id);
    // A number that is not a test card is refused on the page.
    expect((await onPage(await post(`/public-api/bookings/${token}/card`), '1234 5678 9012 3456')).status).toBe(422);

    now = morningOf('2026-12-01');
    await round();
    let billing = (await view(token)).billing!;
    expect(billing.invoices).toMatchObject([{ number: 'F-2026-000001', state: 'due', periodStart: '2026-12-01', periodEnd: '2026-12-31' }]);
    const [december] = billing.invoices;
    const failed = await t.db.selectFrom('invoice_payments').select(['failure_reason', 'trigger']).where('status', '=', 'failed').execute();
    expect(failed).toEqual([{ failure_reason: 'card_declined', trigger: 'billing_day' }]);

    // Pay now: a second tap opens the same page; the declined card is refused on it; a good one pays.
    const pay = await post(`/public-api/bookings/${token}/invoices/${december!.number}/pay`);
    const again = await post(`/public-api/bookings/${token}/invoices/${december!.number}/pay`);
    const urls = [paymentPageResponse.parse(await pay.clone().json()).url, paymentPageResponse.parse(await again.json()).url];
    expect(urls[0]).toBe(urls[1]);
    const path = new URL(urls[0]!).pathname;
    const declined = await t.app.request(`${path}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'card_number=4000000000000341' });
    expect(declined.status).toBe(422);
    expect(await declined.text()).toContain('Your card was declined.');
    const paid = await onPage(pay, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:5173/booking/${token}?returned=paid`);
    billing = (await view(token)).billing!;
    expect(billing.invoices[0]).toMatchObject({ state: 'paid', owed: 0 });
    // The clock stands still: the tries share an instant, so they are compared by what they are.
    const payments = await t.db.selectFrom('invoice_payments').select(['trigger', 'status', 'amount_cents']).orderBy('trigger').execute();
    expect(payments.map((p) => [p.trigger, p.status])).toEqual([
      ['billing_day', 'failed'],
      ['pay_now', 'succeeded'],
    ]);
    const kinds = (await t.db.selectFrom('outbox').select('kind').where('kind', 'like', 'invoice%').execute()).map((m) => m.kind).sort();
    expect(kinds).toEqual(['invoice_paid', 'invoice_payment_failed']);
    // The card paid with is the one charged from now on; the scheduled retry of a paid invoice does not happen.
    const third = await rentalOf();
    expect(third.payment_method_id).not.toBe(second.payment_method_id);
    now = morningOf('2026-12-04');
    await round();
    expect(await t.db.selectFrom('invoice_payments').select('id').execute()).toHaveLength(2);
    now = morningOf('2027-01-01');
    await round();
    expect((await view(token)).billing!.invoices.map((i) => [i.number, i.state])).toEqual([
      ['F-2027-000001', 'paid'],
      ['F-2026-000001', 'paid'],
    ]);

    // A paid invoice says so plainly; its PDF downloads through the manage link; an unknown one is not found.
    const twice = await post(`/public-api/bookings/${token}/invoices/F-2026-000001/pay`);
    expect(twice.status).toBe(409);
    expect(twice.headers.get('problem-code')).toBe('invoice_already_paid');
    const pdf = await t.app.request(`/public-api/bookings/${token}/invoices/F-2026-000001`, { headers: { 'x-forwarded-for': '203.0.113.22' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await post(`/public-api/bookings/${token}/invoices/F-2026-999999/pay`)).status).toBe(404);
  });

  it('a day booking has no billing, and its manage link refuses Pay now and Change card plainly', async () => {
    const { token } = await paidThroughCheckout(t, 'CONF-A', { product: 'conference_room', date: '2027-01-12' });
    expect((await view(token)).billing).toBeNull();
    const card = await post(`/public-api/bookings/${token}/card`);
    expect(card.status).toBe(409);
    expect(card.headers.get('problem-code')).toBe('not_a_rental');
  });

  it('refuses Change card once the rental has ended', async () => {
    const { token } = await paidThroughCheckout(t, 'HOT-01', { product: 'standard' });
    expect((await t.app.request(`/public-api/bookings/${token}/notice`, { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'x-forwarded-for': '203.0.113.23' } })).status).toBe(200);
    now = morningOf('2027-03-01');
    const card = await post(`/public-api/bookings/${token}/card`);
    expect(card.status).toBe(409);
    expect(card.headers.get('problem-code')).toBe('rental_has_ended');
    now = morningOf('2027-01-01');
  });
});

describe(`a rental sold before monthly billing (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-10-14');
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  it('becomes a rental once, is first invoiced for the first period after the change, with Pay now, and is never charged', async () => {
    // Rented in October, when nothing kept a card or made a rental; notice given on another one.
    const { sessionId } = await paidThroughCheckout(t, 'DSK-02', { product: 'standard' }, { locale: 'fr' });
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    await t.db.deleteFrom('rentals').where('order_id', '=', order.id).execute();
    await t.db.deleteFrom('test_payment_cards').execute();

    now = morningOf('2026-11-28');
    expect(await adoptRentalsSoldBefore(t.db, now)).toBe(1);
    expect(await adoptRentalsSoldBefore(t.db, now)).toBe(0);
    const rental = await t.db
      .selectFrom('rentals')
      .select(['id', 'monthly_cents', 'provider_customer_id', 'language', (eb) => eb.cast<string>('next_period_start', 'text').as('next_period_start')])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    // November was due before the change: never invoiced. December is the first period after it.
    expect(rental).toMatchObject({ monthly_cents: 45_000, provider_customer_id: null, language: 'fr', next_period_start: '2026-12-01' });

    now = morningOf('2026-12-01');
    await runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
    const invoices = await t.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).where('rental_id', '=', rental.id).execute();
    expect(invoices).toHaveLength(1);
    expect(await t.db.selectFrom('invoice_payments').select('id').execute()).toEqual([]);
    const mail = await t.db.selectFrom('outbox').select(['kind', 'data', 'language']).where('kind', 'like', 'invoice%').execute();
    expect(mail.map((m) => [m.kind, m.language])).toEqual([['invoice_issued', 'fr']]);
    const data = readMessageData('invoice_issued', mail[0]!.data);
    if (!data.ok) throw new Error(data.problem);
    expect(data.data).toMatchObject({ payNow: true, refund: null, invoice: { number: invoices[0]!.number, total: invoices[0]!.total_cents }, document: { kind: 'invoice', invoice: { paidAt: null } } });
    // The retry schedule has nothing to try without a card.
    now = morningOf('2026-12-08');
    await runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
    expect(await t.db.selectFrom('invoice_payments').select('id').execute()).toEqual([]);
  });
});

describe(`an invoice paid twice (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-23');
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  it('a Pay now that lands after staff recorded a cheque is refunded in full, staff are told, and the invoice stays paid once', async () => {
    const { token } = await paidThroughCheckout(t, 'PRK-01', { product: 'standard' }, { card: '4000 0027 6000 3184' });
    now = morningOf('2026-12-01');
    await runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
    const invoice = await t.db.selectFrom('invoices').select(['id', 'number', 'rental_id', 'total_cents']).executeTakeFirstOrThrow();

    // The customer opens Pay now and leaves the page; its payment will land later all the same.
    const opened = paymentPageResponse.parse(await (await t.app.request(`/public-api/bookings/${token}/invoices/${invoice.number}/pay`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.30' } })).json());
    expect((await t.app.request(`${new URL(opened.url).pathname}/cancel`, { method: 'POST' })).status).toBe(303);
    const payNow = await t.db.selectFrom('invoice_payments').select(['id', 'status', 'failure_reason']).where('trigger', '=', 'pay_now').executeTakeFirstOrThrow();
    expect(payNow).toMatchObject({ status: 'failed', failure_reason: 'checkout_abandoned' });

    // Staff record the customer's cheque.
    const recorded = await t.app.request(`/admin-api/rentals/${invoice.rental_id}/invoices/${invoice.number}/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ method: 'cheque', reference: '1042' }),
    });
    expect(recorded.status).toBe(200);

    // The provider's event for the abandoned page arrives: the money came, and goes back.
    await payNowPaid({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys }, payNow.id, { outcome: 'succeeded', paymentId: 'test_pi_late', paymentMethodId: null }, null);
    const payments = await t.db.selectFrom('invoice_payments').select(['trigger', 'status', 'method', 'amount_cents']).where('invoice_id', '=', invoice.id).where('status', '=', 'succeeded').orderBy('trigger').execute();
    expect(payments).toEqual([
      { trigger: 'pay_now', status: 'succeeded', method: 'card', amount_cents: invoice.total_cents },
      { trigger: 'staff', status: 'succeeded', method: 'cheque', amount_cents: invoice.total_cents },
    ]);
    const refunds = await t.db.selectFrom('refunds').select(['id', 'reason', 'amount_cents', 'credit_note_number', 'invoice_payment_id']).where('reason', '=', 'paid_twice').execute();
    expect(refunds).toEqual([{ id: expect.any(String), reason: 'paid_twice', amount_cents: invoice.total_cents, credit_note_number: null, invoice_payment_id: payNow.id }]);
    const kinds = (await t.db.selectFrom('outbox').select(['kind', 'subject_ids']).execute()).filter((m) => JSON.stringify(m.subject_ids).includes(payNow.id)).map((m) => m.kind);
    expect(kinds).toEqual(['staff_invoice_paid_twice']);
    // Asked of the provider against that payment, not the checkout's.
    await settleDueRefunds({ db: t.db, clock: () => now, payments: t.deps.payments });
    const given = (t.deps.payments as TestPaymentProvider).refunds.filter((r) => r.idempotencyKey === `refund-${refunds[0]!.id}`);
    expect(given).toMatchObject([{ paymentIntentId: 'test_pi_late', sessionId: null, amountCents: invoice.total_cents }]);
    const view = bookingResponse.parse(await (await t.app.request(`/public-api/bookings/${token}`, { headers: { 'x-forwarded-for': '203.0.113.31' } })).json());
    expect(view.booking.billing!.invoices[0]).toMatchObject({ state: 'paid', owed: 0 });
  });
});

describe(`notice whose last day falls in a period already invoiced (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-10');
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  it('keeps that invoice and refunds the whole prepaid month, taxes included, with a credit note; nothing is invoiced after', async () => {
    const { sessionId, token } = await paidThroughCheckout(t, 'HOT-01', { product: 'standard' });
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
    now = morningOf('2026-12-01');
    await round();
    // Notice on 1 December, after December's invoice: a month-to-month hot desk ends 30 days later, on the 31st.
    const res = await t.app.request(`/public-api/bookings/${token}/notice`, { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'x-forwarded-for': '203.0.113.40' } });
    expect(bookingResponse.parse(await res.json()).booking.notice).toEqual({ givenOn: '2026-12-01', endsOn: '2026-12-31' });
    const refunds = await t.db.selectFrom('refunds').select(['reason', 'amount_cents', 'credit_note_number']).where('order_id', '=', order.id).execute();
    expect(refunds).toEqual([{ reason: 'prepaid_surplus', amount_cents: taxedTotal([{ item: 'last_month', cents: 25_000 }]).total, credit_note_number: expect.stringMatching(/^NC-2026-\d{6}$/) }]);
    // The notice e-mail says so, with that credit note attached.
    const told = await t.db.selectFrom('outbox').select('data').where('kind', '=', 'rental_notice_given').executeTakeFirstOrThrow();
    const said = readMessageData('rental_notice_given', told.data);
    if (!said.ok) throw new Error(said.problem);
    expect(said.data.lastMonth).toMatchObject({ kind: 'refunded', creditNote: { kind: 'credit_note', number: refunds[0]!.credit_note_number, total: refunds[0]!.amount_cents } });
    now = morningOf('2027-01-02');
    await round();
    const invoices = await t.db.selectFrom('invoices').select(['total_cents', 'final']).execute();
    expect(invoices).toEqual([{ total_cents: taxedTotal([{ item: 'monthly_rent', cents: 25_000 }]).total, final: false }]);
  });
});

describe(`staff end a rental at once (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-23');
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
  const endNow = (rentalId: string, key: string, reason = 'Unpaid since December') =>
    t.app.request(`/admin-api/rentals/${rentalId}/end`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ mode: 'now', reason }),
    });
  /** An invoice's total and what its credit notes sum to (PostgreSQL's sum is a bigint, read as text: made a number here). */
  const owedOf = async (invoiceId: string) => {
    const row = await t.db
      .selectFrom('invoices as i')
      .select((eb) => [
        'i.total_cents',
        eb.fn.coalesce(eb.selectFrom('invoice_credits as c').select((c) => c.fn.sum<number>('c.total_cents').as('s')).whereRef('c.invoice_id', '=', 'i.id'), eb.lit(0)).as('credited'),
      ])
      .where('i.id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    return { total_cents: row.total_cents, credited: Number(row.credited) };
  };

  it('with invoices unpaid: credits the days after today, applies the prepaid month to the oldest owed, frees the unit, and the rest stays owed', async () => {
    const { sessionId, token } = await paidThroughCheckout(t, 'PRK-01', { product: 'standard' }, { card: '4000 0027 6000 3184' });
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    const rental = await t.db.selectFrom('rentals').select(['id', 'monthly_cents', 'prepaid_last_month_cents', 'office_id']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    now = morningOf('2026-12-01');
    await round();
    now = morningOf('2027-01-01');
    await round();
    const [december, january] = await t.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).where('rental_id', '=', rental.id).orderBy('period_start').execute();
    expect(await t.db.selectFrom('invoice_payments').select('status').where('status', '=', 'succeeded').execute()).toEqual([]);

    now = morningOf('2027-01-10');
    const key = crypto.randomUUID();
    const res = await endNow(rental.id, key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ends_on: string; settled: { credit_notes: { number: string; invoice_number: string | null; amount_cents: number }[]; refunded_cents: number; owed_cents: number } };

    // January 11–31 credited on January's invoice; the prepaid month (a whole month, like December) pays December.
    const monthly = rental.monthly_cents;
    const unused = monthly - Math.floor((2 * monthly * 10 + 31) / 62);
    const unusedTaxed = taxedTotal([{ item: 'monthly_rent', cents: unused }]).total;
    expect(rental.prepaid_last_month_cents).toBe(monthly);
    expect(body.ends_on).toBe('2027-01-10');
    expect(body.settled).toEqual({
      credit_notes: [
        { number: expect.stringMatching(/^NC-2027-\d{6}$/), invoice_number: january!.number, amount_cents: unusedTaxed },
        { number: expect.stringMatching(/^NC-2027-\d{6}$/), invoice_number: december!.number, amount_cents: december!.total_cents },
      ],
      refunded_cents: 0,
      to_return_cents: 0,
      owed_cents: january!.total_cents - unusedTaxed,
    });
    const credits = await t.db
      .selectFrom('invoice_credits')
      .select(['invoice_id', 'reason', 'lines', 'subtotal_cents', 'total_cents'])
      .select((eb) => [eb.cast<string>('period_start', 'text').as('start'), eb.cast<string>('period_end', 'text').as('end')])
      .orderBy('credit_note_number')
      .execute();
    expect(credits).toEqual([
      { invoice_id: january!.id, reason: 'ended_early', lines: [{ item: 'monthly_rent', cents: unused }], subtotal_cents: unused, total_cents: unusedTaxed, start: '2027-01-11', end: '2027-01-31' },
      { invoice_id: december!.id, reason: 'prepaid_last_month', lines: [{ item: 'prepaid_last_month', cents: monthly }], subtotal_cents: monthly, total_cents: december!.total_cents, start: '2026-12-01', end: '2026-12-31' },
    ]);
    expect(await owedOf(december!.id)).toEqual({ total_cents: december!.total_cents, credited: december!.total_cents });
    // Nothing went back: the prepaid month was all used.
    expect(await t.db.selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);

    // The rental has ended today; the unit is free from tomorrow; the customer is e-mailed with both credit notes.
    expect(await t.db.selectFrom('rentals').select(['ended_at', 'end_reason']).select((eb) => eb.cast<string>('ends_on', 'text').as('ends_on')).where('id', '=', rental.id).executeTakeFirstOrThrow()).toEqual({
      ended_at: now,
      end_reason: 'Unpaid since December',
      ends_on: '2027-01-10',
    });
    const booked = await t.db.selectFrom('reservations').select((eb) => eb.cast<string>('end_date', 'text').as('end')).where('order_id', '=', order.id).where('status', '=', 'booked').executeTakeFirstOrThrow();
    expect(booked.end).toBe('2027-01-11');
    const mail = (await t.db.selectFrom('outbox').select(['kind', 'recipient', 'data']).where('kind', '=', 'rental_ended').execute()).map((m) => ({ ...m, said: readMessageData('rental_ended', m.data) }));
    expect(mail).toHaveLength(1);
    if (!mail[0]!.said.ok) throw new Error(mail[0]!.said.problem);
    expect(mail[0]!.said.data).toMatchObject({ lastDay: '2027-01-10', refundCents: 0, owed: [{ number: january!.number, cents: january!.total_cents - unusedTaxed }] });
    expect(mail[0]!.said.data.creditNotes.map((d) => [d.kind, d.refersTo, d.refersToKind, d.payment.method, d.total])).toEqual([
      ['credit_note', january!.number, 'invoice', 'credit', unusedTaxed],
      ['credit_note', december!.number, 'invoice', 'credit', december!.total_cents],
    ]);

    // The same request again answers the same and writes nothing more; another is refused.
    const again = await endNow(rental.id, key);
    expect(await again.json()).toEqual(body);
    expect(await t.db.selectFrom('invoice_credits').select('id').execute()).toHaveLength(2);
    const other = await endNow(rental.id, crypto.randomUUID());
    expect(other.status).toBe(409);
    expect(other.headers.get(problemCodeHeader)).toBe('rental_already_ended');

    // The manage page: ended, December paid by its credit note, January owed with Pay now; no notice to give; the credit note's PDF.
    const view = bookingResponse.parse(await (await t.app.request(`/public-api/bookings/${token}`, { headers: { 'x-forwarded-for': '203.0.113.50' } })).json()).booking;
    expect(view.endsIfNoticeToday).toBeNull();
    expect(view.billing).toMatchObject({ state: 'ended', next: null });
    expect(view.billing!.invoices.map((i) => [i.number, i.state, i.owed, i.creditNotes?.length])).toEqual([
      [january!.number, 'due', january!.total_cents - unusedTaxed, 1],
      [december!.number, 'paid', 0, 1],
    ]);
    const pdf = await t.app.request(`/public-api/bookings/${token}/credit-notes/${body.settled.credit_notes[0]!.number}`, { headers: { 'x-forwarded-for': '203.0.113.51' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const notice = await t.app.request(`/public-api/bookings/${token}/notice`, { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'x-forwarded-for': '203.0.113.52' } });
    expect(notice.status).toBe(409);

    // Billing stops; January's tries go on for what it still owes.
    now = morningOf('2027-02-01');
    await round();
    expect(await t.db.selectFrom('invoices').select('id').where('rental_id', '=', rental.id).execute()).toHaveLength(2);
    const januaryTries = await t.db.selectFrom('invoice_payments').select('amount_cents').where('invoice_id', '=', january!.id).orderBy('created_at').execute();
    expect(januaryTries.at(-1)!.amount_cents).toBe(january!.total_cents - unusedTaxed);
  });

  it('with the month paid: gives the days after today back to that card payment, and the unused prepaid month back with a credit note', async () => {
    now = morningOf('2027-03-20');
    const { sessionId } = await paidThroughCheckout(t, 'HOT-01', { product: 'standard' });
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    const rental = await t.db.selectFrom('rentals').select(['id', 'monthly_cents', 'prepaid_last_month_cents']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    now = morningOf('2027-04-01');
    await round();
    const april = await t.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).where('rental_id', '=', rental.id).executeTakeFirstOrThrow();
    const paid = await t.db.selectFrom('invoice_payments').select(['id', 'provider_payment_id']).where('invoice_id', '=', april.id).where('status', '=', 'succeeded').executeTakeFirstOrThrow();

    // Ended on 10 April (of 30 days): 20 days credited and given back to April's payment.
    now = morningOf('2027-04-10');
    const res = await endNow(rental.id, crypto.randomUUID(), 'Moved out, agreed in person');
    expect(res.status).toBe(200);
    const unused = rental.monthly_cents - Math.floor((2 * rental.monthly_cents * 10 + 30) / 60);
    const unusedTaxed = taxedTotal([{ item: 'monthly_rent', cents: unused }]).total;
    const prepaidTaxed = taxedTotal([{ item: 'last_month', cents: rental.prepaid_last_month_cents }]).total;
    const body = (await res.json()) as { settled: { credit_notes: { invoice_number: string | null; amount_cents: number }[]; refunded_cents: number; owed_cents: number } };
    expect(body.settled).toEqual({
      credit_notes: [
        { number: expect.any(String), invoice_number: april.number, amount_cents: unusedTaxed },
        { number: expect.any(String), invoice_number: null, amount_cents: prepaidTaxed },
      ],
      refunded_cents: unusedTaxed + prepaidTaxed,
      to_return_cents: 0,
      owed_cents: 0,
    });
    const refunds = await t.db.selectFrom('refunds').select(['id', 'reason', 'amount_cents', 'invoice_payment_id', 'credit_note_number']).where('order_id', '=', order.id).orderBy('reason').execute();
    expect(refunds).toEqual([
      { id: expect.any(String), reason: 'ended_early', amount_cents: unusedTaxed, invoice_payment_id: paid.id, credit_note_number: null },
      { id: expect.any(String), reason: 'prepaid_surplus', amount_cents: prepaidTaxed, invoice_payment_id: null, credit_note_number: expect.stringMatching(/^NC-2027-\d{6}$/) },
    ]);
    // Each asked of the provider against the payment it came from.
    await settleDueRefunds({ db: t.db, clock: () => now, payments: t.deps.payments });
    const given = (t.deps.payments as TestPaymentProvider).refunds;
    expect(given.find((r) => r.idempotencyKey === `refund-${refunds[0]!.id}`)).toMatchObject({ paymentIntentId: paid.provider_payment_id, sessionId: null, amountCents: unusedTaxed });
    expect(given.find((r) => r.idempotencyKey === `refund-${refunds[1]!.id}`)).toMatchObject({ sessionId: sessionId, amountCents: prepaidTaxed });
  });

  it('with the month paid by cheque, and paid twice: the days after today are for staff to return, and nothing given back goes back again', async () => {
    now = morningOf('2027-05-10');
    const { sessionId, token } = await paidThroughCheckout(t, 'DSK-01', { product: 'standard' }, { card: '4000 0027 6000 3184' });
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    const rental = await t.db.selectFrom('rentals').select(['id', 'monthly_cents', 'prepaid_last_month_cents']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    now = morningOf('2027-06-01');
    await round();
    const june = await t.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).where('rental_id', '=', rental.id).executeTakeFirstOrThrow();
    // A Pay now page left open; staff record the customer's cheque; the page's payment lands after and goes back (paid twice).
    const page = paymentPageResponse.parse(await (await t.app.request(`/public-api/bookings/${token}/invoices/${june.number}/pay`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.60' } })).json());
    expect((await t.app.request(`${new URL(page.url).pathname}/cancel`, { method: 'POST' })).status).toBe(303);
    const cheque = await t.app.request(`/admin-api/rentals/${rental.id}/invoices/${june.number}/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ method: 'cheque', reference: '2044' }),
    });
    expect(cheque.status).toBe(200);
    const payNow = await t.db.selectFrom('invoice_payments').select('id').where('invoice_id', '=', june.id).where('trigger', '=', 'pay_now').executeTakeFirstOrThrow();
    await payNowPaid({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys }, payNow.id, { outcome: 'succeeded', paymentId: 'test_pi_june_late', paymentMethodId: null }, null);
    expect(await t.db.selectFrom('refunds').select(['reason', 'amount_cents']).where('order_id', '=', order.id).execute()).toEqual([{ reason: 'paid_twice', amount_cents: june.total_cents }]);

    // Ended on 10 June (of 30 days): 20 days credited. They were paid by cheque: staff return them; the card's second payment went back already.
    now = morningOf('2027-06-10');
    const res = await endNow(rental.id, crypto.randomUUID(), 'Moved out');
    expect(res.status).toBe(200);
    const unused = rental.monthly_cents - Math.floor((2 * rental.monthly_cents * 10 + 30) / 60);
    const unusedTaxed = taxedTotal([{ item: 'monthly_rent', cents: unused }]).total;
    const prepaidTaxed = taxedTotal([{ item: 'last_month', cents: rental.prepaid_last_month_cents }]).total;
    const body = (await res.json()) as { settled: { refunded_cents: number; to_return_cents: number; owed_cents: number } };
    expect(body.settled).toMatchObject({ refunded_cents: prepaidTaxed, to_return_cents: unusedTaxed, owed_cents: 0 });
    const refunds = await t.db.selectFrom('refunds').select(['reason', 'amount_cents']).where('order_id', '=', order.id).orderBy('reason').execute();
    expect(refunds).toEqual([
      { reason: 'paid_twice', amount_cents: june.total_cents },
      { reason: 'prepaid_surplus', amount_cents: prepaidTaxed },
    ]);
    const mail = await t.db.selectFrom('outbox').select('data').where('kind', '=', 'rental_ended').where('recipient', '=', testBuyer.buyer_email).execute();
    const said = mail.map((m) => readMessageData('rental_ended', m.data)).find((m) => m.ok && m.data.lastDay === '2027-06-10');
    expect(said?.ok && said.data).toMatchObject({ refundCents: prepaidTaxed, toReturnCents: unusedTaxed, owed: [] });
  });

  it('refuses an end at once within the days the checkout paid for: notice is the way then', async () => {
    now = morningOf('2027-07-10');
    // A mailbox plan's checkout pays a whole month: to 9 August.
    const { sessionId } = await paidThroughCheckout(t, 'MAILBOX-SCAN', { product: 'mailbox' });
    const rental = await t.db.selectFrom('rentals as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.id').where('o.session_id', '=', sessionId).executeTakeFirstOrThrow();
    now = morningOf('2027-07-20');
    const res = await endNow(rental.id, crypto.randomUUID());
    expect(res.status).toBe(409);
    expect(res.headers.get(problemCodeHeader)).toBe('rental_in_first_period');
    expect(JSON.stringify(await res.json())).toContain('2027-08-09');
    expect(await t.db.selectFrom('rentals').select('ended_at').where('id', '=', rental.id).executeTakeFirstOrThrow()).toEqual({ ended_at: null });
  });

  it('refuses an end at once without a reason, naming the field', async () => {
    const rental = await t.db.selectFrom('rentals').select('id').where('ended_at', 'is', null).executeTakeFirst();
    const res = await endNow(rental?.id ?? crypto.randomUUID(), crypto.randomUUID(), '   ');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('reason');
  });
});

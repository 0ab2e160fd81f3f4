import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingRound } from '../../src/server/billing/round.ts';
import type { AdminClient } from '../../src/server/cli/command.ts';
import { runCli } from '../../src/server/cli/cli.ts';
import { addStaff } from '../../src/server/staff/accounts.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { recordPaymentResponse, retryInvoiceResponse, staffRentalDetail, staffRentalsResponse, type StaffRental } from '../../src/shared/contract/staff-rentals.ts';
import { cancellationRule, rentalEndsOn } from '../../src/shared/domain/cancellation.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { taxedTotal } from '../../src/shared/domain/pricing.ts';
import { spaceToday } from '../../src/shared/domain/zoned-time.ts';
import { checkoutBody, checkoutOk, origin, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { adminToken, backend, buildTestApp, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * Staff and the rentals (issue 31): the list by derived state, one rental in full, Retry now,
 * Record a payment and End under the notice policy, each audited; on the console's session and
 * the admin token alike. The data is made as customers make it: a checkout with a test card, the
 * clock moved by hand and the billing round run.
 */

/** 9 a.m. at the space (EST, UTC−5, from November to March). */
const morningOf = (date: string) => new Date(`${date}T14:00:00Z`);
const staffEmail = 'lea@example.ca';
const password = 'correct horse battery';

describe(`staff rentals: /admin-api/rentals and npm run admin -- rentals (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-23');
  let cookie = '';
  /** The desk (a card that pays) and the parking spot (a card whose bank asks the customer to confirm, so every off-session charge fails). */
  let desk: { orderId: string; rentalId: string };
  let parking: { orderId: string; rentalId: string };

  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
    await addStaff(t.db, { email: staffEmail, name: 'Léa', role: 'manager', password }, now, 2 ** 10);
    const res = await t.app.request('/admin-api/session', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: staffEmail, password }) });
    expect(res.status).toBe(200);
    cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  });
  afterAll(() => t?.close());

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });

  /** A call on the console's session (with the site's Origin, as the browser sends it), or with the admin token. */
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as: 'staff' | 'token' | 'nobody' = 'staff') {
    // Weeks pass between calls here, as the clock moves: Léa's session is kept as fresh as if she had just signed in.
    if (as === 'staff') await t.db.updateTable('staff_sessions').set({ created_at: now, last_seen_at: now }).execute();
    const auth: Record<string, string> = as === 'staff' ? { cookie, origin } : as === 'token' ? { authorization: `Bearer ${adminToken}` } : {};
    return t.app.request(path, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function json(res: Response, status: number): Promise<Record<string, unknown>> {
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  }

  /** A refusal: its status, its problem's code, and (for a field) the field its error names. */
  async function refused(res: Response, status: number, code: string, field?: string) {
    const body = await json(res, status);
    expect(res.headers.get(problemCodeHeader)).toBe(code);
    if (field) expect(String(body.error)).toContain(field);
  }

  async function rent(officeId: string, choice: ProductChoice, card: string) {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice));
    expect((await payTestCheckout(t, sessionId, { ...testBuyer, card_number: card })).status).toBe(303);
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    const rental = await t.db.selectFrom('rentals').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    return { orderId: order.id, rentalId: rental.id };
  }

  const list = async (query = '') => staffRentalsResponse.parse(await json(await call('GET', `/admin-api/rentals${query}`), 200)).data;
  const detail = async (id: string, query = '') => staffRentalDetail.parse(await json(await call('GET', `/admin-api/rentals/${id}${query}`), 200));
  const invoicesOf = async (rentalId: string) => t.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).where('rental_id', '=', rentalId).orderBy('period_start').execute();
  const paymentsOf = async (invoiceId: string) =>
    t.db.selectFrom('invoice_payments').select(['id', 'trigger', 'status', 'method', 'amount_cents', 'failure_reason', 'reference', 'recorded_by']).where('invoice_id', '=', invoiceId).orderBy('created_at').orderBy('id').execute();
  async function mailAbout(invoiceId: string, kind: string) {
    const rows = await t.db.selectFrom('outbox').select(['kind', 'recipient', 'subject_ids']).where('kind', '=', kind).execute();
    return rows.filter((r) => JSON.stringify(r.subject_ids).includes(invoiceId));
  }
  const auditRows = (rentalId: string) =>
    t.db.selectFrom('staff_audit').select(['actor', 'action', 'details']).where('subject_type', '=', 'rental').where('subject_id', '=', rentalId).orderBy('id').execute();
  const invoicePath = (rentalId: string, number: string) => `/admin-api/rentals/${rentalId}/invoices/${number}`;
  const rentalState = (rentals: StaffRental[], id: string) => rentals.find((r) => r.id === id)?.state;

  it('lists every rental newest first with its derived state, owed amount and, when overdue, what to chase; filters by state', async () => {
    desk = await rent('DSK-01', { product: 'standard' }, '4242 4242 4242 4242');
    now = new Date(now.getTime() + 60_000);
    parking = await rent('PRK-01', { product: 'standard' }, '4000 0027 6000 3184');
    // December is invoiced on the 1st and tried on days 1, 4 and 8: the parking spot's card fails each time.
    for (const day of ['2026-12-01', '2026-12-04', '2026-12-08']) {
      now = morningOf(day);
      await round();
    }
    const [december] = await invoicesOf(parking.rentalId);
    expect((await paymentsOf(december!.id)).map((p) => [p.trigger, p.status])).toEqual([
      ['billing_day', 'failed'],
      ['retry', 'failed'],
      ['retry', 'failed'],
    ]);

    const all = await list();
    expect(all.overdue_count).toBe(1);
    expect(all.rentals.map((r) => [r.office_id, r.state])).toEqual([
      ['PRK-01', 'overdue'],
      ['DSK-01', 'active'],
    ]);
    expect(all.rentals[0]).toMatchObject({
      id: parking.rentalId,
      unit_name: expect.any(String),
      product: 'standard',
      customer_name: testBuyer.buyer_name,
      customer_email: testBuyer.buyer_email,
      language: 'en',
      start_date: '2026-11-23',
      ends_on: null,
      owed_cents: december!.total_cents,
      overdue: { invoice_number: december!.number, days: 7, failure_reason: 'authentication_required' },
    });
    expect(all.rentals[1]).toMatchObject({ id: desk.rentalId, monthly_cents: 45_000, owed_cents: 0, overdue: null });

    expect((await list('?state=overdue')).rentals.map((r) => r.id)).toEqual([parking.rentalId]);
    expect((await list('?state=active')).rentals.map((r) => r.id)).toEqual([desk.rentalId]);
    expect(await list('?state=ending')).toMatchObject({ rentals: [], next_cursor: null, overdue_count: 1 });
    const first = await list('?limit=1');
    expect(first.rentals.map((r) => r.id)).toEqual([parking.rentalId]);
    expect((await list(`?limit=1&cursor=${first.next_cursor}`)).rentals.map((r) => r.id)).toEqual([desk.rentalId]);
    await refused(await call('GET', '/admin-api/rentals?state=lost'), 400, 'invalid_rental_list');
    await refused(await call('GET', '/admin-api/rentals?limit=0'), 400, 'invalid_rental_list');
    await refused(await call('GET', '/admin-api/rentals?cursor=bm90LWEtY3Vyc29y'), 400, 'invalid_cursor');
  });

  it('shows one rental in full: its next invoice, its order, its card, every invoice with its lines and payment rows, and the PDF', async () => {
    const { rental, invoices, audit } = await detail(parking.rentalId);
    const monthly = taxedTotal([{ item: 'monthly_rent', cents: rental.monthly_cents }]).total;
    const service = await t.db.selectFrom('rentals').select('service_type').where('id', '=', parking.rentalId).executeTakeFirstOrThrow();
    const rule = cancellationRule('standard', service.service_type);
    if (rule.kind !== 'notice') throw new Error('a parking spot is ended with notice');
    expect(rental).toMatchObject({
      state: 'overdue',
      order_id: parking.orderId,
      provider: 'test',
      card_on_file: true,
      ended_at: null,
      next_invoice: { on: '2027-01-01', cents: monthly },
      notice_ends_on: rentalEndsOn(rule, '2026-11-23', '2026-12-08'),
    });
    expect(invoices).toHaveLength(1);
    const [december] = invoices;
    expect(december).toMatchObject({ period_start: '2026-12-01', period_end: '2026-12-31', final: false, total_cents: monthly, paid_cents: 0, owed_cents: monthly, state: 'overdue' });
    expect(december!.subtotal_cents + december!.gst_cents + december!.qst_cents).toBe(december!.total_cents);
    expect(december!.lines).toEqual([{ item: 'monthly_rent', description: expect.stringContaining(rental.unit_name), amount_cents: rental.monthly_cents }]);
    expect(december!.payments.map((p) => [p.method, p.trigger, p.status, p.failure_reason])).toEqual([
      ['card', 'billing_day', 'failed', 'authentication_required'],
      ['card', 'retry', 'failed', 'authentication_required'],
      ['card', 'retry', 'failed', 'authentication_required'],
    ]);
    expect(audit).toEqual([]);
    const french = await detail(parking.rentalId, '?lang=fr');
    expect(french.invoices[0]!.lines[0]!.description).not.toBe(december!.lines[0]!.description);
    await refused(await call('GET', `/admin-api/rentals/${parking.rentalId}?lang=de`), 400, 'invalid_request', 'lang');

    const pdf = await call('GET', `${invoicePath(parking.rentalId, december!.number)}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    expect(pdf.headers.get('content-disposition')).toContain(`${december!.number}.pdf`);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    await refused(await call('GET', `${invoicePath(parking.rentalId, 'F-2026-999999')}.pdf`), 404, 'no_invoice');
    await refused(await call('GET', `${invoicePath(parking.rentalId, 'receipt')}.pdf`), 400, 'not_an_invoice_number');
  });

  it('Retry now: one more try at once, the customer e-mailed, the schedule left alone; the same key tries once', async () => {
    const [december] = await invoicesOf(parking.rentalId);
    const path = `${invoicePath(parking.rentalId, december!.number)}/retry`;
    await refused(await call('POST', path, {}), 400, 'idempotency_key_required');
    const failedMail = (await mailAbout(december!.id, 'invoice_payment_failed')).length;

    const answer = retryInvoiceResponse.parse(await json(await call('POST', path, {}, { 'idempotency-key': 'retry-1' }), 200));
    expect(answer.outcome).toBe('failed');
    expect(answer.invoice).toMatchObject({ number: december!.number, state: 'overdue' });
    // The test clock stands still, so the tries share one instant: the retry is found by what it is, not by its place.
    expect(answer.invoice.payments.filter((p) => p.trigger === 'retry_now')).toMatchObject([{ trigger: 'retry_now', status: 'failed', failure_reason: 'authentication_required' }]);
    expect((await mailAbout(december!.id, 'invoice_payment_failed')).map((m) => m.recipient)).toHaveLength(failedMail + 1);
    // Staff are told an invoice is overdue once, after the last scheduled try; their own try tells them nothing new.
    expect(await mailAbout(december!.id, 'staff_invoice_overdue')).toHaveLength(1);

    // The same request again: its first outcome, and no second charge.
    const again = retryInvoiceResponse.parse(await json(await call('POST', path, {}, { 'idempotency-key': 'retry-1' }), 200));
    expect(again.outcome).toBe('failed');
    expect((await paymentsOf(december!.id)).map((p) => p.trigger).sort()).toEqual(['billing_day', 'retry', 'retry', 'retry_now']);

    // The schedule is not restarted: no scheduled try comes after a Retry now.
    for (const day of ['2026-12-09', '2026-12-15']) {
      now = morningOf(day);
      await round();
    }
    expect(await paymentsOf(december!.id)).toHaveLength(4);
    expect(rentalState((await list()).rentals, parking.rentalId)).toBe('overdue');
    expect(await auditRows(parking.rentalId)).toMatchObject([{ actor: staffEmail, action: 'invoice_retried', details: { invoice_number: december!.number, outcome: 'failed' } }]);

    const [deskDecember] = await invoicesOf(desk.rentalId);
    await refused(await call('POST', `${invoicePath(desk.rentalId, deskDecember!.number)}/retry`, {}, { 'idempotency-key': 'retry-2' }), 409, 'invoice_already_paid');
  });

  it('Record a payment: a cheque pays the invoice, the rental is no longer overdue, the customer is e-mailed once; the same key records once', async () => {
    const [december] = await invoicesOf(parking.rentalId);
    const path = `${invoicePath(parking.rentalId, december!.number)}/payments`;
    const key = { 'idempotency-key': 'pay-1' };
    await refused(await call('POST', path, { method: 'cheque', reference: 'CHQ-1042' }), 400, 'idempotency_key_required');
    await refused(await call('POST', path, { method: 'cash', reference: 'CHQ-1042' }, key), 400, 'invalid_request', 'method');
    await refused(await call('POST', path, { method: 'cheque', reference: '   ' }, key), 400, 'invalid_request', 'reference');
    await refused(await call('POST', path, { method: 'cheque' }, key), 400, 'invalid_request', 'reference');
    await refused(await call('POST', path, { method: 'cheque', reference: 'x'.repeat(101) }, key), 400, 'invalid_request', 'reference');
    await refused(await call('POST', path, { method: 'cheque', reference: 'CHQ-1042', amount_cents: 0 }, key), 400, 'invalid_request', 'amount_cents');
    await refused(await call('POST', path, { method: 'cheque', reference: 'CHQ-1042', amount_cents: 12.5 }, key), 400, 'invalid_request', 'amount_cents');
    await refused(await call('POST', path, { method: 'cheque', reference: 'CHQ-1042', amount_cents: december!.total_cents + 1 }, key), 400, 'invalid_request', 'amount_cents');
    expect(await paymentsOf(december!.id)).toHaveLength(4);

    const answer = recordPaymentResponse.parse(await json(await call('POST', path, { method: 'cheque', reference: '  CHQ-1042 ' }, key), 200));
    expect(answer.payment).toMatchObject({ method: 'cheque', trigger: 'staff', status: 'succeeded', amount_cents: december!.total_cents, reference: 'CHQ-1042', recorded_by: staffEmail, created_at: answer.payment.settled_at });
    expect(answer.invoice).toMatchObject({ state: 'paid', paid_cents: december!.total_cents, owed_cents: 0 });
    expect(await mailAbout(december!.id, 'invoice_paid')).toMatchObject([{ recipient: testBuyer.buyer_email }]);

    const again = recordPaymentResponse.parse(await json(await call('POST', path, { method: 'cheque', reference: 'CHQ-1042' }, key), 200));
    expect(again.payment.id).toBe(answer.payment.id);
    // The key names that payment: another payment under it is refused.
    await refused(await call('POST', path, { method: 'etransfer', reference: 'CHQ-1042' }, key), 422, 'staff_key_reused');
    await refused(await call('POST', path, { method: 'cheque', reference: 'CHQ-1043' }, { 'idempotency-key': 'pay-2' }), 409, 'invoice_already_paid');
    expect((await paymentsOf(december!.id)).filter((p) => p.trigger === 'staff')).toHaveLength(1);
    expect(await mailAbout(december!.id, 'invoice_paid')).toHaveLength(1);

    const after = await list();
    expect(after.overdue_count).toBe(0);
    expect(after.rentals.find((r) => r.id === parking.rentalId)).toMatchObject({ state: 'active', owed_cents: 0, overdue: null });
    expect((await auditRows(parking.rentalId)).map((r) => r.action)).toEqual(['invoice_retried', 'invoice_payment_recorded']);
    expect((await auditRows(parking.rentalId))[1]).toMatchObject({
      actor: staffEmail,
      details: { invoice_number: december!.number, payment_id: answer.payment.id, method: 'cheque', reference: 'CHQ-1042', amount_cents: december!.total_cents },
    });
    // The console's trail keeps the request's key to itself.
    expect((await detail(parking.rentalId)).audit[1]!.details).not.toHaveProperty('idempotency_key');
  });

  it('refuses while a card payment is under way, records part of what is owed, and tells a rental with no card on file', async () => {
    now = morningOf('2027-01-01');
    await round();
    const january = (await invoicesOf(parking.rentalId))[1]!;
    expect((await paymentsOf(january.id)).map((p) => p.status)).toEqual(['failed']);
    const payments = `${invoicePath(parking.rentalId, january.number)}/payments`;
    const retry = `${invoicePath(parking.rentalId, january.number)}/retry`;

    // The customer's Pay now page is open: its payment row holds the invoice.
    await t.db.insertInto('invoice_payments').values({ id: crypto.randomUUID(), invoice_id: january.id, method: 'card', trigger: 'pay_now', status: 'open', amount_cents: january.total_cents, created_at: now }).execute();
    await refused(await call('POST', payments, { method: 'etransfer', reference: 'ET-77' }, { 'idempotency-key': 'pay-3' }), 409, 'invoice_payment_in_progress');
    await refused(await call('POST', retry, {}, { 'idempotency-key': 'retry-3' }), 409, 'invoice_payment_in_progress');
    await t.db.updateTable('invoice_payments').set({ status: 'failed', failure_reason: 'expired', settled_at: now }).where('invoice_id', '=', january.id).where('status', '=', 'open').execute();

    const part = recordPaymentResponse.parse(await json(await call('POST', payments, { method: 'etransfer', reference: 'ET-77', amount_cents: 10_000 }, { 'idempotency-key': 'pay-3' }, 'token'), 200));
    expect(part.payment).toMatchObject({ method: 'etransfer', amount_cents: 10_000, recorded_by: 'admin token' });
    expect(part.invoice).toMatchObject({ paid_cents: 10_000, owed_cents: january.total_cents - 10_000, state: 'due' });
    expect(await mailAbout(january.id, 'invoice_paid')).toEqual([]);

    await t.db.updateTable('rentals').set({ provider_customer_id: null }).where('id', '=', parking.rentalId).execute();
    await refused(await call('POST', retry, {}, { 'idempotency-key': 'retry-4' }), 409, 'no_card_on_file');
    expect((await detail(parking.rentalId)).rental.card_on_file).toBe(false);
  });

  it('ends a rental under the notice policy: its last day set, the customer e-mailed, once', async () => {
    const path = `/admin-api/rentals/${desk.rentalId}/end`;
    await refused(await call('POST', path, { mode: 'notice' }), 400, 'idempotency_key_required');
    await refused(await call('POST', path, { mode: 'now' }, { 'idempotency-key': 'end-0' }), 400, 'invalid_request', 'reason');
    await refused(await call('POST', path, { mode: 'later' }, { 'idempotency-key': 'end-0' }), 400, 'invalid_request', 'mode');

    const { rental: before } = await detail(desk.rentalId);
    expect(before.notice_ends_on).not.toBeNull();
    const ended = await json(await call('POST', path, { mode: 'notice' }, { 'idempotency-key': 'end-1' }), 200);
    const service = await t.db.selectFrom('rentals').select(['service_type', 'ends_on']).where('id', '=', desk.rentalId).executeTakeFirstOrThrow();
    const rule = cancellationRule('standard', service.service_type);
    if (rule.kind !== 'notice') throw new Error('a desk is ended with notice');
    const endsOn = rentalEndsOn(rule, '2026-11-23', spaceToday(now));
    expect(ended).toEqual({ success: true, ends_on: endsOn });
    expect(before.notice_ends_on).toBe(endsOn);
    expect((await detail(desk.rentalId)).rental).toMatchObject({ ends_on: endsOn, state: 'ending', notice_ends_on: null });
    const notices = await t.db.selectFrom('outbox').select(['recipient', 'subject_ids']).where('kind', '=', 'rental_notice_given').execute();
    expect(notices.filter((n) => JSON.stringify(n.subject_ids).includes(desk.orderId)).map((n) => n.recipient)).toEqual([testBuyer.buyer_email]);

    // The same request again: the same answer, one notice, one audit row; another is refused.
    expect(await json(await call('POST', path, { mode: 'notice' }, { 'idempotency-key': 'end-1' }), 200)).toEqual({ success: true, ends_on: endsOn });
    await refused(await call('POST', path, { mode: 'notice' }, { 'idempotency-key': 'end-2' }), 409, 'notice_already_given');
    expect(await auditRows(desk.rentalId)).toMatchObject([{ actor: staffEmail, action: 'rental_ended', details: { mode: 'notice', ends_on: endsOn } }]);
    expect((await list('?state=ending')).rentals.map((r) => r.id)).toEqual([desk.rentalId]);

    // After its last day, it is ended.
    now = morningOf(endsOn);
    expect(rentalState((await list()).rentals, desk.rentalId)).toBe('ending');
    now = new Date(now.getTime() + 24 * 3_600_000);
    expect((await list('?state=ended')).rentals.map((r) => r.id)).toEqual([desk.rentalId]);
  });

  it('answers 401 without a session, 400 for an id it cannot read and 404 for one it does not know', async () => {
    const [december] = await invoicesOf(parking.rentalId);
    for (const [method, path] of [
      ['GET', '/admin-api/rentals'],
      ['GET', `/admin-api/rentals/${parking.rentalId}`],
      ['GET', `${invoicePath(parking.rentalId, december!.number)}.pdf`],
      ['POST', `${invoicePath(parking.rentalId, december!.number)}/retry`],
      ['POST', `${invoicePath(parking.rentalId, december!.number)}/payments`],
      ['POST', `/admin-api/rentals/${parking.rentalId}/end`],
    ] as const) {
      expect((await call(method, path, method === 'POST' ? {} : undefined, { 'idempotency-key': 'k' }, 'nobody')).status, path).toBe(401);
    }

    const unknown = crypto.randomUUID();
    const key = { 'idempotency-key': 'k-unknown' };
    const cheque = { method: 'cheque', reference: 'CHQ-1' };
    await refused(await call('GET', `/admin-api/rentals/${unknown}`, undefined, {}, 'token'), 404, 'no_rental');
    await refused(await call('GET', '/admin-api/rentals/12345', undefined, {}, 'token'), 400, 'not_a_rental_id');
    await refused(await call('GET', `${invoicePath(unknown, december!.number)}.pdf`, undefined, {}, 'token'), 404, 'no_rental');
    await refused(await call('POST', `${invoicePath(unknown, december!.number)}/retry`, {}, key, 'token'), 404, 'no_rental');
    await refused(await call('POST', `${invoicePath('not-a-rental', december!.number)}/retry`, {}, key, 'token'), 400, 'not_a_rental_id');
    await refused(await call('POST', `${invoicePath(parking.rentalId, 'F-2026-999999')}/retry`, {}, key, 'token'), 404, 'no_invoice');
    await refused(await call('POST', `${invoicePath(parking.rentalId, 'F-2026')}/retry`, {}, key, 'token'), 400, 'not_an_invoice_number');
    await refused(await call('POST', `${invoicePath(unknown, december!.number)}/payments`, cheque, key, 'token'), 404, 'no_rental');
    await refused(await call('POST', `${invoicePath(parking.rentalId, 'F-2026-999999')}/payments`, cheque, key, 'token'), 404, 'no_invoice');
    await refused(await call('POST', `/admin-api/rentals/${unknown}/end`, { mode: 'notice' }, key, 'token'), 404, 'no_rental');
    await refused(await call('POST', '/admin-api/rentals/nope/end', { mode: 'notice' }, key, 'token'), 400, 'not_a_rental_id');
  });

  it('lists, shows and records on the command line', async () => {
    // The command line's client, in memory: as cli.ts's, it sends each change's Idempotency-Key.
    const client: AdminClient = {
      async call(method, path, body, headers) {
        const res = await call(method, path, body, headers, 'token');
        const payload = (await res.json()) as { error?: string };
        if (!res.ok) throw new Error(`${res.status}: ${payload.error ?? res.statusText}`);
        return payload;
      },
      download: () => Promise.reject(new Error('the rentals commands download nothing')),
    };
    const cli = async (...argv: string[]) => {
      const lines: string[] = [];
      await runCli(argv, client, (line) => lines.push(line));
      return lines;
    };
    const table = await cli('rentals', 'list', '--state', 'ended');
    expect(table[0]).toMatch(/^start\s+ends\s+state\s+unit\s+customer\s+email\s+monthly\s+owed\s+overdue\s+rental\s*$/);
    expect(table.slice(2)).toEqual([expect.stringMatching(new RegExp(`^2026-11-23\\s+\\d{4}-\\d{2}-\\d{2}\\s+ended\\s+DSK-01\\s+.*\\$450\\.00\\s+${desk.rentalId}\\s*$`))]);
    expect(JSON.parse((await cli('rentals', 'list', '--json')).join('\n'))).toHaveLength(2);

    const january = (await invoicesOf(parking.rentalId))[1]!;
    const shown = await cli('rentals', 'show', parking.rentalId);
    expect(shown).toContain(`rental:       ${parking.rentalId}`);
    expect(shown.some((line) => line.startsWith(january.number) && line.includes('due'))).toBe(true);
    expect(shown.some((line) => /cheque\s+staff\s+succeeded/.test(line) && line.includes('CHQ-1042') && line.includes(staffEmail))).toBe(true);

    const recorded = await cli('rentals', 'record', parking.rentalId, january.number, '--method', 'etransfer', '--reference', 'ET-78');
    expect(recorded[1]).toBe('The invoice is paid; the customer is e-mailed.');
    await expect(cli('rentals', 'retry', parking.rentalId, january.number)).rejects.toThrow(/^409: Invoice F-\d{4}-\d{6} is already paid/);
    await expect(cli('rentals', 'record', parking.rentalId, january.number, '--method', 'cheque')).rejects.toThrow(/Usage/);
  });
});

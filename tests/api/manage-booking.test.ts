import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingNotFoundMessage, bookingResponse, type BookingView } from '../../src/shared/contract/bookings.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { staffOrdersResponse } from '../../src/shared/contract/staff-orders.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { settleDueRefunds } from '../../src/server/bookings/refunds.ts';
import { defaultRateLimits } from '../../src/server/deps.ts';
import { createRenderer } from '../../src/server/messages/render.ts';
import type { MessageKind, MessageSubject } from '../../src/server/outbox/outbox.ts';
import { readMessageData } from '../../src/server/outbox/message-data.ts';
import type { ClaimedMessage } from '../../src/server/outbox/worker.ts';
import { earlierRows } from '../../src/server/messages/earlier-rows.ts';
import type { OutgoingMail } from '../../src/server/mail/transport.ts';
import { site } from '../../src/shared/site.ts';
import { testCheckoutProvider, type TestPaymentProvider } from '../../src/server/payments/test-checkout.ts';
import type { PaymentProvider } from '../../src/server/payments/provider.ts';
import type { Db } from '../../src/server/db/database.ts';
import { booked, checkoutBody, checkoutOk, inventory, payTestCheckout } from './checkout-helpers.ts';
import { adminToken, backend, buildTestApp, testBankingKeys, testNow, type TestApp } from './test-app.ts';

/** Pays for a choice on the test checkout and returns the order, its session and its manage token (from the success page's lookup). */
async function paid(t: TestApp, officeId: string, choice: ProductChoice, locale: 'en' | 'fr' = 'en') {
  const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice, locale));
  expect((await payTestCheckout(t, sessionId)).status).toBe(303);
  const lookup = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json());
  expect(lookup.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const order = await t.db.selectFrom('orders').select(['id', 'total_cents']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  return { sessionId, token: lookup.manageToken!, orderId: order.id, totalCents: order.total_cents };
}

let ipCounter = 0;
const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

function view(t: TestApp, token: string, ip = nextIp()) {
  return t.app.request(`/public-api/bookings/${token}`, { headers: { 'x-forwarded-for': ip } });
}

async function viewOf(t: TestApp, token: string): Promise<BookingView> {
  const res = await view(t, token);
  expect(res.status).toBe(200);
  return bookingResponse.parse(await res.json()).booking;
}

function cancel(t: TestApp, token: string, dates: string[], key: string | null = crypto.randomUUID()) {
  return t.app.request(`/public-api/bookings/${token}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp(), ...(key === null ? {} : { 'idempotency-key': key }) },
    body: JSON.stringify({ dates }),
  });
}

function notice(t: TestApp, token: string, key: string = crypto.randomUUID()) {
  return t.app.request(`/public-api/bookings/${token}/notice`, { method: 'POST', headers: { 'idempotency-key': key, 'x-forwarded-for': nextIp() } });
}

async function refundsOf(t: TestApp, orderId: string) {
  return t.db.selectFrom('refunds').select(['id', 'amount_cents', 'status', 'reason', 'last_error', 'credit_note_number']).where('order_id', '=', orderId).orderBy('created_at').execute();
}

async function messagesAbout(t: TestApp, orderId: string) {
  const rows = await t.db.selectFrom('outbox').select(['kind', 'subject_ids']).execute();
  return rows.filter((r) => JSON.stringify(r.subject_ids).includes(orderId)).map((r) => r.kind).sort();
}

describe(`a booking's manage link (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is given to the success page of a paid order, and opens the booking as bought, never kept by a cache', async () => {
    const room = await paid(t, 'CONF-A', { product: 'conference_room', date: '2026-11-26' });
    // The same link every time it is asked for.
    const again = orderResponse.parse(await (await t.app.request(`/public-api/orders/${room.sessionId}`)).json());
    expect(again.manageToken).toBe(room.token);
    const stored = await t.db.selectFrom('orders').select(['manage_token_hash', 'manage_token_sealed']).where('id', '=', room.orderId).executeTakeFirstOrThrow();
    expect(stored.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(room.token);

    const res = await view(t, room.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const booking = bookingResponse.parse(await res.json()).booking;
    expect(booking).toMatchObject({
      officeName: 'Conference Room Saint-Laurent',
      product: 'conference_room',
      state: 'paid',
      refund: 'none',
      buyerName: 'Camille Tremblay',
      startDate: '2026-11-26',
      hours: { opens: 7, closes: 19 },
      policy: { kind: 'by_day', opensHour: 7, hoursBefore: 24 },
      // Wednesday 25 November, 7 AM in Montréal.
      days: [{ date: '2026-11-26', status: 'booked', cancellableUntil: '2026-11-25T12:00:00.000Z' }],
      refunds: [],
      notice: null,
      endsIfNoticeToday: null,
    });
    expect(booking.paid.total).toBe(room.totalCents);
  });

  it('a pending order has no link yet', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-03' }));
    const lookup = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json());
    expect(lookup.status).toBe('pending');
    expect(lookup.manageToken).toBeUndefined();
  });

  it('10 cancellations at once, with one key or with ten: one cancellation, one refund of the total paid, the date bookable again', async () => {
    for (const [date, sameKey] of [
      ['2026-11-27', true],
      ['2026-11-30', false],
    ] as const) {
      const room = await paid(t, 'CONF-A', { product: 'conference_room', date });
      expect(await booked(t, 'CONF-A', date, date)).toEqual([date]);
      const key = crypto.randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(t, room.token, [date], sameKey ? key : crypto.randomUUID())));
      const statuses = answers.map((r) => r.status).sort();
      // The same key answers each repeat as the first; other keys find the day already cancelled.
      expect(statuses).toEqual(sameKey ? Array(10).fill(200) : [200, ...Array(9).fill(409)]);
      const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ success: boolean; booking?: BookingView; reason?: string }>));
      if (!sameKey) expect(bodies.filter((b) => !b.success).every((b) => b.reason === 'already')).toBe(true);

      const refunds = await refundsOf(t, room.orderId);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount_cents: room.totalCents, status: 'succeeded', reason: 'cancelled' });
      expect(refunds[0]!.credit_note_number).toMatch(/^NC-2026-\d{6}$/);
      const provider = t.deps.payments as TestPaymentProvider;
      expect(provider.refunds.filter((r) => r.orderId === room.orderId)).toEqual([expect.objectContaining({ amountCents: room.totalCents, reason: 'cancelled', idempotencyKey: `refund-${refunds[0]!.id}` })]);

      expect(await booked(t, 'CONF-A', date, date)).toEqual([]);
      const booking = await viewOf(t, room.token);
      expect(booking).toMatchObject({ state: 'cancelled', refund: 'refunded', days: [{ date, status: 'cancelled' }] });
      expect(booking.refunds).toEqual([expect.objectContaining({ status: 'refunded', amounts: expect.objectContaining({ total: room.totalCents }) })]);
      const order = await t.db.selectFrom('orders').select(['status', 'refund_reason']).where('id', '=', room.orderId).executeTakeFirstOrThrow();
      expect(order).toEqual({ status: 'refunded', refund_reason: 'cancelled' });
      expect(await messagesAbout(t, room.orderId)).toEqual(['booking_cancelled', 'order_paid', 'staff_booking_cancelled', 'staff_order_paid']);
      // Someone else can book the day at once.
      await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date }));
    }
  });

  it('a daily office booking cancels its days one by one; the refunds add up to the total paid', async () => {
    const dates = ['2026-11-25', '2026-11-26', '2026-11-27'];
    const office = await paid(t, 'OFF-102', { product: 'office_daily', dates });
    let booking = await viewOf(t, office.token);
    expect(booking.days.map((d) => d.cancellableUntil)).toEqual(['2026-11-24T13:00:00.000Z', '2026-11-25T13:00:00.000Z', '2026-11-26T13:00:00.000Z']);

    expect((await cancel(t, office.token, ['2026-11-26'])).status).toBe(200);
    booking = await viewOf(t, office.token);
    expect(booking).toMatchObject({ state: 'partly_cancelled', refund: 'refunded' });
    expect(booking.days.map((d) => d.status)).toEqual(['booked', 'cancelled', 'booked']);
    expect(await booked(t, 'OFF-102', '2026-11-25', '2026-11-27')).toEqual(['2026-11-25', '2026-11-27']);
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', office.orderId).executeTakeFirstOrThrow()).status).toBe('paid');

    // A day already cancelled, and a day the booking is not for.
    const again = await cancel(t, office.token, ['2026-11-26']);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, reason: 'already' });
    const foreign = await cancel(t, office.token, ['2026-12-01']);
    expect(foreign.status).toBe(422);
    expect(await foreign.json()).toMatchObject({ reason: 'not_a_day' });

    expect((await cancel(t, office.token, ['2026-11-27', '2026-11-25'])).status).toBe(200);
    const refunds = await refundsOf(t, office.orderId);
    expect(refunds).toHaveLength(2);
    expect(refunds.reduce((n, r) => n + r.amount_cents, 0)).toBe(office.totalCents);
    expect(await viewOf(t, office.token)).toMatchObject({ state: 'cancelled', refund: 'refunded' });
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', office.orderId).executeTakeFirstOrThrow()).status).toBe('refunded');
    expect(await booked(t, 'OFF-102', '2026-11-25', '2026-11-27')).toEqual([]);
  });

  it('a day inside the 24 hours is not cancellable: the reason and how to reach the space', async () => {
    // Monday 23 November, 9 AM: Tuesday's room closed its free cancellation at 7 AM today.
    const room = await paid(t, 'CONF-B', { product: 'conference_room', date: '2026-11-24' });
    const res = await cancel(t, room.token, ['2026-11-24']);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; reason: string };
    expect(body.reason).toBe('too_late');
    expect(body.error).toContain('24 hours');
    expect(body.error).toContain('hello@espacecowork.ca');
    expect(await refundsOf(t, room.orderId)).toEqual([]);
    expect(await viewOf(t, room.token)).toMatchObject({ state: 'paid', refund: 'none' });
  });

  it('a day pass is cancelled and refunded like a room', async () => {
    const pass = await paid(t, 'DAYPASS', { product: 'day_pass', date: '2026-11-25' });
    expect((await viewOf(t, pass.token)).days).toEqual([{ date: '2026-11-25', status: 'booked', cancellableUntil: '2026-11-24T13:00:00.000Z' }]);
    expect((await cancel(t, pass.token, ['2026-11-25'])).status).toBe(200);
    expect(await viewOf(t, pass.token)).toMatchObject({ state: 'cancelled', refund: 'refunded' });
    expect((await refundsOf(t, pass.orderId))[0]?.amount_cents).toBe(pass.totalCents);
  });

  it('asks for an Idempotency-Key, and refuses one used for other days', async () => {
    const office = await paid(t, 'OFF-101', { product: 'office_daily', dates: ['2026-11-30', '2026-12-01'] });
    const none = await cancel(t, office.token, ['2026-11-30'], null);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toContain('Idempotency-Key');
    expect((await cancel(t, office.token, ['2026-11-30'], 'bad key with spaces')).status).toBe(400);
    expect((await cancel(t, office.token, [], 'k-1')).status).toBe(400);
    expect((await cancel(t, office.token, ['2026-11-30'], 'k-2')).status).toBe(200);
    const reused = await cancel(t, office.token, ['2026-12-01'], 'k-2');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ reason: 'key_reused' });
    expect(await refundsOf(t, office.orderId)).toHaveLength(1);
  });

  it('GET never cancels: only the POST does', async () => {
    const room = await paid(t, 'CONF-B', { product: 'conference_room', date: '2026-12-01' });
    for (const path of [`/public-api/bookings/${room.token}/cancel`, `/public-api/bookings/${room.token}/notice`]) {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
    }
    expect(await viewOf(t, room.token)).toMatchObject({ state: 'paid' });
  });

  it('gives the receipt and each credit note as PDFs', async () => {
    const room = await paid(t, 'CONF-B', { product: 'conference_room', date: '2026-12-02' });
    const receipt = await t.app.request(`/public-api/bookings/${room.token}/receipt.pdf`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(receipt.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await receipt.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await cancel(t, room.token, ['2026-12-02'])).status).toBe(200);
    const { refunds } = await viewOf(t, room.token);
    const note = await t.app.request(`/public-api/bookings/${room.token}/credit-notes/${refunds[0]!.creditNote}`);
    expect(note.status).toBe(200);
    expect(Buffer.from(await note.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.request(`/public-api/bookings/${room.token}/credit-notes/NC-2026-999999`)).status).toBe(404);
  });

  it('a rental is given notice: it ends 30 days on, not before its minimum term, and the list shows when the unit frees up', async () => {
    const desk = await paid(t, 'DSK-01', { product: 'standard' });
    let booking = await viewOf(t, desk.token);
    // An assigned desk from Monday 23 November: 3 months run through 22 February.
    expect(booking).toMatchObject({ policy: { kind: 'notice', noticeDays: 30, minimumTermMonths: 3 }, days: [], notice: null, endsIfNoticeToday: '2027-02-22' });
    expect((await cancel(t, desk.token, ['2026-11-23'])).status).toBe(409);

    const key = crypto.randomUUID();
    const given = await notice(t, desk.token, key);
    expect(given.status).toBe(200);
    booking = bookingResponse.parse(await given.json()).booking;
    expect(booking).toMatchObject({ notice: { givenOn: '2026-11-23', endsOn: '2027-02-22' }, endsIfNoticeToday: null });
    expect((await notice(t, desk.token, key)).status).toBe(200);
    expect((await notice(t, desk.token)).status).toBe(409);
    expect(await messagesAbout(t, desk.orderId)).toEqual(['order_paid', 'rental_notice_given', 'staff_order_paid', 'staff_rental_notice_given']);

    const unit = (await inventory(t)).find((o) => o.office_id === 'DSK-01')!;
    expect(unit).toMatchObject({ is_available: false, next_available_date: '2027-02-23' });
    expect(await booked(t, 'DSK-01', '2027-02-20', '2027-02-25')).toEqual(['2027-02-20', '2027-02-21', '2027-02-22']);

    const staff = staffOrdersResponse.parse(await (await t.app.request('/admin-api/orders?limit=50', { headers: { authorization: `Bearer ${adminToken}` } })).json());
    expect(staff.data.orders.find((o) => o.id === desk.orderId)).toMatchObject({ rental_ends_on: '2027-02-22' });
  });

  it('a 12-month lease is not ended online', async () => {
    const lease = await paid(t, 'OFF-102', { product: 'office_lease' });
    expect(await viewOf(t, lease.token)).toMatchObject({ policy: { kind: 'contact' }, endsIfNoticeToday: null });
    const refused = await notice(t, lease.token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ reason: 'not_online' });
  });

  it('an unknown or malformed token: 404 with the same words, never a hint, and no-store', async () => {
    for (const token of ['A'.repeat(43), 'short', `${'b'.repeat(43)}x`, 'a.b', 'a'.repeat(300)]) {
      const res = await view(t, token);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ success: false, error: bookingNotFoundMessage });
    }
    expect((await cancel(t, 'A'.repeat(43), ['2026-12-01'])).status).toBe(404);
  });
});

describe(`the manage link's failed lookups are limited per client (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, leaseGuess: { max: 5, windowMs: 60_000 } } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('after 5 unknown tokens a client waits, while a real link keeps working from anywhere, and lease guesses share the count', async () => {
    const room = await paid(t, 'CONF-A', { product: 'conference_room', date: '2026-12-04' });
    const ip = '192.0.2.77';
    // Its own link does not count against a client.
    for (let i = 0; i < 8; i++) expect((await view(t, room.token, ip)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await view(t, `${'Z'.repeat(42)}${i}`, ip)).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await t.app.request(`/public-api/lease-offers/${'q'.repeat(40)}${i}`, { headers: { 'x-forwarded-for': ip } })).status).toBe(404);
    const limited = await view(t, 'Y'.repeat(43), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await view(t, room.token, '192.0.2.78')).status).toBe(200);
  });
});

describe(`a refund the provider refuses (${backend})`, () => {
  let t: TestApp;
  let now = testNow;
  let refusing = true;
  beforeAll(async () => {
    // The test provider, whose refunds the provider refuses while `refusing` is set.
    const payments = (db: Db): PaymentProvider => {
      const base = testCheckoutProvider(db);
      return Object.assign(Object.create(base) as PaymentProvider, {
        refund: async (request: Parameters<PaymentProvider['refund']>[0]) => {
          if (refusing) throw new Error('charge_disputed: this charge is disputed and cannot be refunded');
          return base.refund(request);
        },
      });
    };
    t = await buildTestApp({ payments, deps: { clock: () => now } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves the booking cancelled and the day free, reads refund pending with the provider’s reason for staff, and is retried until it goes through', async () => {
    const room = await paid(t, 'CONF-B', { product: 'conference_room', date: '2026-12-07' });
    const res = await cancel(t, room.token, ['2026-12-07']);
    expect(res.status).toBe(200);
    expect(bookingResponse.parse(await res.json()).booking).toMatchObject({ state: 'cancelled', refund: 'pending' });
    expect(await booked(t, 'CONF-B', '2026-12-07', '2026-12-07')).toEqual([]);
    const [refund] = await refundsOf(t, room.orderId);
    expect(refund).toMatchObject({ status: 'pending', last_error: 'charge_disputed: this charge is disputed and cannot be refunded' });

    const staff = staffOrdersResponse.parse(await (await t.app.request('/admin-api/orders?status=refund_pending', { headers: { authorization: `Bearer ${adminToken}` } })).json());
    expect(staff.data.orders.find((o) => o.id === room.orderId)).toMatchObject({ refund_reason: 'cancelled', refund_error: 'charge_disputed: this charge is disputed and cannot be refunded' });

    // The instances' refund round asks again once its wait is over; the provider now says yes.
    refusing = false;
    expect(await settleDueRefunds(t.deps)).toBe(0);
    now = new Date(testNow.getTime() + 2 * 60_000);
    expect(await settleDueRefunds(t.deps)).toBe(1);
    expect(await viewOf(t, room.token)).toMatchObject({ state: 'cancelled', refund: 'refunded' });
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', room.orderId).executeTakeFirstOrThrow()).status).toBe('refunded');
  });
});

describe(`the messages of a cancellation and of a notice (${backend})`, () => {
  let t: TestApp;
  let render: ReturnType<typeof createRenderer>;
  const siteOrigin = 'http://localhost:5173';
  const scratch = mkdtempSync(join(tmpdir(), 'manage-mail-'));
  beforeAll(async () => {
    t = await buildTestApp();
    render = createRenderer({ keyring: testBankingKeys, siteOrigin, from: { name: site.productName, address: site.email }, clock: t.deps.clock, earlierRows: earlierRows(t.db, testBankingKeys) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** The message of a kind about an order, rendered as the worker would send it. */
  async function rendered(orderId: string, kind: MessageKind): Promise<OutgoingMail> {
    const rows = await t.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();
    const row = rows.find((r) => JSON.stringify(r.subject_ids).includes(orderId));
    if (!row) throw new Error(`no ${kind} message about ${orderId}`);
    const about = (typeof row.subject_ids === 'string' ? JSON.parse(row.subject_ids) : row.subject_ids) as MessageSubject;
    const read = readMessageData(kind, row.data);
    if (!read.ok) throw new Error(read.problem);
    const message = { id: row.id, kind, recipient: row.recipient, language: row.language, about, data: read.data, secretEncrypted: row.secret_encrypted, attempts: 1, giveUpAt: row.give_up_at, claimedUntil: new Date(Date.now() + 180_000) } as ClaimedMessage;
    const mail = await render(message);
    if (mail === 'gone') throw new Error('gone');
    return mail;
  }

  function pdfText(pdf: Buffer): string {
    const file = join(scratch, `${crypto.randomUUID()}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  }

  it('one day of three cancelled, in French: the day, what is still booked, the refund with its taxes, the credit note for that day only, the manage link', async () => {
    const office = await paid(t, 'OFF-102', { product: 'office_daily', dates: ['2026-11-25', '2026-11-26', '2026-11-27'] }, 'fr');
    expect((await cancel(t, office.token, ['2026-11-26'])).status).toBe(200);
    const [refund] = await refundsOf(t, office.orderId);
    const { refunds } = await viewOf(t, office.token);
    const amounts = refunds[0]!.amounts;
    // $210.00 a day: GST $10.50, QST $20.95.
    expect(amounts).toMatchObject({ subtotal: 21_000, gst: 1_050, qst: 2_095, total: 24_145 });

    const mail = await rendered(office.orderId, 'booking_cancelled');
    expect(mail.to.address).toBe('camille@example.com');
    expect(mail.subject).toBe(`Annulation\u00a0: Office 102 - Courtyard, jeudi 26 novembre 2026 – note de crédit ${refund!.credit_note_number}`);
    expect(mail.text).toContain('Des jours de votre réservation sont annulés');
    expect(mail.text).toContain('Nous avons annulé ce jour sans frais.');
    expect(mail.text).toContain('241,45\u00a0$');
    expect(mail.text).toMatch(/Toujours réservé\u00a0: mercredi 25 novembre 2026\n\s+vendredi 27 novembre 2026/);
    expect(mail.text).toContain(`${siteOrigin}/booking/${office.token}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`credit-note-note-de-credit-${refund!.credit_note_number}.pdf`]);
    const note = pdfText(mail.attachments[0]!.content as Buffer);
    expect(note).toContain('Note de crédit / Credit note');
    expect(note).toContain('Dates remboursées / Refunded dates');
    expect(note).toContain('26 novembre 2026');
    expect(note).not.toContain('25 novembre 2026');
    expect(note).toContain('241,45 $');

    const staff = await rendered(office.orderId, 'staff_booking_cancelled');
    expect(staff.to.address).toBe(site.operations.email);
    expect(staff.replyTo).toBe('camille@example.com');
    expect(staff.text).toContain('Réservation annulée par le client');
    expect(staff.text).toContain(office.orderId);
  });

  it('notice on a parking spot, in English: its last day after the 12-month term, for the customer and for staff', async () => {
    const spot = await paid(t, 'PRK-01', { product: 'standard' });
    expect((await notice(t, spot.token)).status).toBe(200);
    const mail = await rendered(spot.orderId, 'rental_notice_given');
    expect(mail.subject).toBe('Notice received: Parking Spot P1, ends on Monday, November 22, 2027');
    expect(mail.text).toContain('Notice given on: Monday, November 23, 2026');
    expect(mail.text).toContain(`${siteOrigin}/booking/${spot.token}`);
    const staff = await rendered(spot.orderId, 'staff_rental_notice_given');
    expect(staff.text).toContain('Dernier jour de la location\u00a0: lundi 22 novembre 2027');
  });
});

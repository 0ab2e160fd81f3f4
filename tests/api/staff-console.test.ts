import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officesResponse } from '../../src/shared/contract/offices.ts';
import {
  offerLinkResponse,
  staffCalendarResponse,
  staffOfferDetail,
  staffOrderDetail,
  staffUnitResponse,
  staffUnitsResponse,
  waitlistContactedResponse,
} from '../../src/shared/contract/staff-console.ts';
import { staffOrdersResponse } from '../../src/shared/contract/staff-orders.ts';
import { waitlistListResponse } from '../../src/shared/contract/waitlist.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { booked, checkoutBody, checkoutOk, inventory, payTestCheckout, postCheckout, testBuyer } from './checkout-helpers.ts';
import { applyPaymentEvent, placeOrder, type NewOrder } from '../../src/server/bookings/orders.ts';
import { hashOfferCode } from '../../src/server/lease/lease-offers.ts';
import { quoteLineNames } from '../../src/server/documents/line-names.ts';
import { problem, problemText } from '../../src/shared/contract/problems.ts';
import { createOffer, sign, signedOffer, submitInfo } from './lease-fixtures.ts';
import { adminToken, backend, buildTestApp, testBankingKeys, testNow, waitlistEntryFor, type TestApp } from './test-app.ts';
import { storedQuote } from '../../src/server/documents/stored-amounts.ts';

const unitRetiredMessage = problemText(problem('lease_unit_retired'));

const bearer = { authorization: `Bearer ${adminToken}` };

function call(t: TestApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method,
    headers: { ...bearer, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json(res: Response, status: number): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

/** A refusal: its status, and the field its error names. */
async function refused(res: Response, status: number, field: string) {
  const body = await json(res, status);
  expect(body.success).toBe(false);
  expect(String(body.error)).toContain(field);
}

async function auditRows(t: TestApp, subjectType: string, subjectId: string | number) {
  return t.db.selectFrom('staff_audit').select(['actor', 'action', 'details']).where('subject_type', '=', subjectType).where('subject_id', '=', String(subjectId)).orderBy('id').execute();
}

/** Pays for a choice on the test checkout; the order's id. */
async function paidOrder(t: TestApp, officeId: string, choice: ProductChoice): Promise<string> {
  const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice));
  expect((await payTestCheckout(t, sessionId)).status).toBe(303);
  return (await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow()).id;
}

const newUnit = {
  office_id: 'OFF-401',
  name: 'Office 401 - Skylight',
  service_type: 'dedicated_office',
  location_code: 'F4-401',
  seating_capacity: 3,
  base_monthly_rate: '1450',
  is_available: true,
  next_available_date: null,
  service_code: 'DO-401',
};

describe(`the staff console's API (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('inventory', () => {
    it('lists every unit, creates one that the public list shows at once, and records who did', async () => {
      const before = staffUnitsResponse.parse(await json(await call(t, 'GET', '/admin-api/units'), 200)).units;
      expect(before.length).toBeGreaterThan(20);
      expect(before.every((u) => u.retired_at === null)).toBe(true);
      // The public list is read (and kept for a moment) before the change: the change must still show.
      await inventory(t);

      const created = staffUnitResponse.parse(await json(await call(t, 'POST', '/admin-api/units', newUnit), 201)).unit;
      expect(created).toMatchObject({ office_id: 'OFF-401', base_monthly_rate: '1450.00', is_available: true, retired_at: null });
      expect((await inventory(t)).find((o) => o.office_id === 'OFF-401')).toMatchObject({ name: 'Office 401 - Skylight', base_monthly_rate: '1450.00', is_available: true });
      expect(await auditRows(t, 'unit', created.id)).toMatchObject([{ actor: 'admin token', action: 'unit_created' }]);

      await refused(await call(t, 'POST', '/admin-api/units', newUnit), 409, 'office_id');
    });

    it('refuses a unit with a bad field, naming it', async () => {
      await refused(await call(t, 'POST', '/admin-api/units', { ...newUnit, office_id: 'OFF 9' }), 400, 'office_id');
      await refused(await call(t, 'POST', '/admin-api/units', { ...newUnit, office_id: 'OFF-9', seating_capacity: 0 }), 400, 'seating_capacity');
      await refused(await call(t, 'POST', '/admin-api/units', { ...newUnit, office_id: 'OFF-9', base_monthly_rate: '12.345' }), 400, 'base_monthly_rate');
      await refused(await call(t, 'POST', '/admin-api/units', { ...newUnit, office_id: 'OFF-9', service_type: 'castle' }), 400, 'service_type');
      await refused(await call(t, 'POST', '/admin-api/units', { ...newUnit, office_id: 'OFF-9', next_available_date: '2026-02-30' }), 400, 'next_available_date');
      const { name: _name, ...nameless } = newUnit;
      await refused(await call(t, 'POST', '/admin-api/units', { ...nameless, office_id: 'OFF-9' }), 400, 'name');
      await refused(await call(t, 'PATCH', '/admin-api/units/1', { name: '' }), 400, 'name');
      await refused(await call(t, 'PATCH', '/admin-api/units/1', { is_available: 'yes' }), 400, 'is_available');
      expect((await call(t, 'PATCH', '/admin-api/units/abc', { name: 'x' })).status).toBe(400);
      expect((await call(t, 'PATCH', '/admin-api/units/1', {})).status).toBe(400);
      await refused(await call(t, 'PATCH', '/admin-api/units/999999', { name: 'x' }), 404, '999999');
      expect(await t.db.selectFrom('offices').select('id').where('office_id', '=', 'OFF-9').execute()).toEqual([]);
    });

    it('edits a unit: a price with cents, occupied until a date, as the public list then shows', async () => {
      const { id } = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'OFF-204').executeTakeFirstOrThrow();
      const res = await call(t, 'PATCH', `/admin-api/units/${id}`, { base_monthly_rate: '1200.50', is_available: false, next_available_date: '2026-12-13' });
      expect(staffUnitResponse.parse(await json(res, 200)).unit).toMatchObject({
        base_monthly_rate: '1200.50',
        is_available: false,
        next_available_date: '2026-12-13',
        updated_at: '2026-11-23T14:00:00.000Z',
      });
      const listed = officesResponse.parse(await (await t.app.request('/public-api/offices/available')).json()).data!;
      expect(listed.offices.find((o) => o.office_id === 'OFF-204')).toMatchObject({ base_monthly_rate: '1200.50', is_available: false, next_available_date: '2026-12-13' });
      expect(await auditRows(t, 'unit', id)).toMatchObject([{ action: 'unit_updated', details: { base_monthly_rate: '1200.50', is_available: false } }]);
    });

    it('retires a unit: gone from the public list, no longer sold, waitlisted or offered, while its old order keeps it', async () => {
      const orderId = await paidOrder(t, 'CONF-B', { product: 'conference_room', date: '2026-12-08' });
      const { id } = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'CONF-B').executeTakeFirstOrThrow();
      const roomBody = await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-09' });
      const desk = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'DSK-04').executeTakeFirstOrThrow();

      expect(staffUnitResponse.parse(await json(await call(t, 'POST', `/admin-api/units/${id}/retire`), 200)).unit.retired_at).toBe('2026-11-23T14:00:00.000Z');
      expect((await call(t, 'POST', `/admin-api/units/${desk.id}/retire`)).status).toBe(200);
      expect((await inventory(t)).map((o) => o.office_id)).not.toContain('CONF-B');
      expect((await postCheckout(t, roomBody)).status).toBe(404);
      expect((await t.app.request('/public-api/calendar/availability?officeId=CONF-B&startDate=2026-12-01&endDate=2026-12-31')).status).toBe(404);
      const waitlist = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(waitlistEntryFor([desk.id])) });
      expect(waitlist.status).toBe(400);
      await refused(await call(t, 'POST', '/admin-api/lease-offers', { email: 'a@example.com', office_ids: ['DSK-04'], start_date: '2026-12-01', monthly_rate: 450 }), 400, 'office_ids');

      const units = staffUnitsResponse.parse(await json(await call(t, 'GET', '/admin-api/units'), 200)).units;
      expect(units.find((u) => u.id === id)?.retired_at).not.toBeNull();
      const orders = staffOrdersResponse.parse(await json(await call(t, 'GET', '/admin-api/orders'), 200)).data.orders;
      expect(orders.find((o) => o.id === orderId)).toMatchObject({ office_id: 'CONF-B', days: ['2026-12-08'] });
      expect((await call(t, 'GET', `/admin-api/orders/${orderId}`)).status).toBe(200);
      // Its booked day still shows on the staff calendar, with the unit.
      const calendar = staffCalendarResponse.parse(await json(await call(t, 'GET', '/admin-api/calendar?month=2026-12'), 200));
      expect(calendar.units.map((u) => u.office_id)).toContain('CONF-B');
      expect(calendar.days.some((d) => d.order_id === orderId)).toBe(true);

      expect((await call(t, 'POST', `/admin-api/units/${id}/retire`)).status).toBe(409);
      expect((await call(t, 'POST', '/admin-api/units/999999/retire')).status).toBe(404);
      expect((await call(t, 'POST', '/admin-api/units/0/retire')).status).toBe(400);
      expect(await auditRows(t, 'unit', id)).toMatchObject([{ action: 'unit_retired' }]);
    });
  });

  describe('calendar and cancelling', () => {
    it("shows each held and booked day of a month with who booked, and cancels through the visitor's path", async () => {
      const orderId = await paidOrder(t, 'CONF-A', { product: 'conference_room', date: '2026-12-10' });
      const { sessionId: heldSession } = await checkoutOk(t, await checkoutBody(t, 'OFF-102', { product: 'office_daily', dates: ['2026-12-01', '2026-12-02'] }));
      const calendar = staffCalendarResponse.parse(await json(await call(t, 'GET', '/admin-api/calendar?month=2026-12'), 200));
      expect(calendar.month).toBe('2026-12');
      const types = new Set(calendar.units.map((u) => u.service_type));
      expect([...types].sort()).toEqual(['conference_room', 'dedicated_office']);
      const room = calendar.days.find((d) => d.order_id === orderId);
      expect(room).toMatchObject({ date: '2026-12-10', status: 'booked', order_status: 'paid', buyer_name: testBuyer.buyer_name, buyer_email: testBuyer.buyer_email, hold_expires_at: null, cancellable: true });
      const held = calendar.days.filter((d) => d.status === 'held' && d.order_status === 'pending');
      expect(held.map((d) => d.date)).toEqual(['2026-12-01', '2026-12-02']);
      expect(held[0]!.hold_expires_at).toMatch(/^2026-11-23T14:\d\d:00\.000Z$/);
      expect(held[0]!.cancellable).toBe(false);
      expect(heldSession).toBeTruthy();
      // A day whose cancellation deadline has passed: booked, not cancellable.
      const today = await paidOrder(t, 'CONF-A', { product: 'conference_room', date: '2026-11-24' });
      const november = staffCalendarResponse.parse(await json(await call(t, 'GET', '/admin-api/calendar?month=2026-11'), 200));
      expect(november.days.find((d) => d.order_id === today)).toMatchObject({ status: 'booked', cancellable: false });

      await refused(await call(t, 'GET', '/admin-api/calendar?month=2026-13'), 400, 'month');
      await refused(await call(t, 'GET', '/admin-api/calendar'), 400, 'month');

      const path = `/admin-api/orders/${orderId}/cancel`;
      expect((await call(t, 'POST', path, { dates: ['2026-12-10'] })).status).toBe(400);
      await refused(await call(t, 'POST', path, { dates: [] }, { 'idempotency-key': 'k0' }), 400, 'dates');
      await refused(await call(t, 'POST', path, { dates: ['2026-12-32'] }, { 'idempotency-key': 'k0' }), 400, 'dates');
      expect((await call(t, 'POST', path, { dates: ['2026-12-11'] }, { 'idempotency-key': 'k0' })).status).toBe(422);
      expect((await call(t, 'POST', `/admin-api/orders/${today}/cancel`, { dates: ['2026-11-24'] }, { 'idempotency-key': 'k0' })).status).toBe(409);
      expect((await call(t, 'POST', '/admin-api/orders/not-an-id/cancel', { dates: ['2026-12-10'] }, { 'idempotency-key': 'k0' })).status).toBe(400);
      expect((await call(t, 'POST', `/admin-api/orders/${crypto.randomUUID()}/cancel`, { dates: ['2026-12-10'] }, { 'idempotency-key': 'k0' })).status).toBe(404);
      const pending = (await t.db.selectFrom('orders').select('id').where('session_id', '=', heldSession).executeTakeFirstOrThrow()).id;
      expect((await call(t, 'POST', `/admin-api/orders/${pending}/cancel`, { dates: ['2026-12-01'] }, { 'idempotency-key': 'k0' })).status).toBe(409);

      expect(await booked(t, 'CONF-A', '2026-12-10', '2026-12-10')).toEqual(['2026-12-10']);
      const done = await json(await call(t, 'POST', path, { dates: ['2026-12-10'] }, { 'idempotency-key': 'staff-1' }), 200);
      expect(done).toMatchObject({ success: true, booking: { state: 'cancelled', refund: 'refunded' } });
      expect(await booked(t, 'CONF-A', '2026-12-10', '2026-12-10')).toEqual([]);
      // The same request again: the same answer, one refund.
      expect((await call(t, 'POST', path, { dates: ['2026-12-10'] }, { 'idempotency-key': 'staff-1' })).status).toBe(200);
      const refunds = await t.db.selectFrom('refunds').select(['amount_cents', 'credit_note_number', 'status']).where('order_id', '=', orderId).execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ status: 'succeeded', credit_note_number: expect.stringMatching(/^NC-2026-\d{6}$/) });

      const detail = staffOrderDetail.parse(await json(await call(t, 'GET', `/admin-api/orders/${orderId}`), 200));
      expect(detail.order.status).toBe('refunded');
      expect(detail.refunds).toMatchObject([{ amount_cents: detail.order.total_cents, credit_note_number: refunds[0]!.credit_note_number, reason: 'cancelled', status: 'succeeded' }]);
      expect(detail.audit).toMatchObject([{ actor: 'admin token', action: 'days_cancelled', details: { dates: ['2026-12-10'], credit_note_number: refunds[0]!.credit_note_number } }]);
      const after = staffCalendarResponse.parse(await json(await call(t, 'GET', '/admin-api/calendar?month=2026-12'), 200));
      expect(after.days.some((d) => d.order_id === orderId)).toBe(false);
    });
  });

  describe('orders', () => {
    it('filters by product and first day, and refuses a filter it cannot read', async () => {
      await paidOrder(t, 'MAILBOX-SCAN', { product: 'mailbox' });
      const list = async (query: string) => staffOrdersResponse.parse(await json(await call(t, 'GET', `/admin-api/orders${query}`), 200)).data.orders;
      const rooms = await list('?product=conference_room');
      expect(rooms.length).toBeGreaterThan(0);
      expect(rooms.every((o) => o.product === 'conference_room')).toBe(true);
      const december = await list('?from=2026-12-01&to=2026-12-31&status=paid');
      expect(december.length).toBeGreaterThan(0);
      expect(december.every((o) => o.start_date >= '2026-12-01' && o.start_date <= '2026-12-31' && o.status === 'paid')).toBe(true);
      expect(await list('?product=mailbox&to=2026-11-01')).toEqual([]);
      await refused(await call(t, 'GET', '/admin-api/orders?product=Mail-Box'), 400, 'product');
      await refused(await call(t, 'GET', '/admin-api/orders?from=2026-02-30'), 400, 'from');
      await refused(await call(t, 'GET', '/admin-api/orders?to=tomorrow'), 400, 'to');
    });

    it("shows one order in full, and its receipt as the visitor's", async () => {
      const orderId = await paidOrder(t, 'OFF-101', { product: 'office_daily', dates: ['2026-11-30', '2026-12-01'] });
      const detail = staffOrderDetail.parse(await json(await call(t, 'GET', `/admin-api/orders/${orderId}`), 200));
      expect(detail.order).toMatchObject({ id: orderId, status: 'paid', provider: 'test', buyer_email: testBuyer.buyer_email, receipt_number: expect.stringMatching(/^2026-\d{6}$/), days: ['2026-11-30', '2026-12-01'] });
      expect(detail.order.lines).toHaveLength(2);
      expect(detail.order.lines[0]!.description).toContain('Office 101');
      expect(detail.order.lines.reduce((n, l) => n + l.amount_cents, 0)).toBe(detail.order.subtotal_cents);
      expect(detail.order.subtotal_cents + detail.order.gst_cents + detail.order.qst_cents).toBe(detail.order.total_cents);
      expect(detail.order.gst_cents).toBeGreaterThan(0);
      expect(detail.refunds).toEqual([]);
      expect(detail.audit).toEqual([]);

      const receipt = await call(t, 'GET', `/admin-api/orders/${orderId}/receipt.pdf`);
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get('content-type')).toBe('application/pdf');
      expect(receipt.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await receipt.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

      const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' }));
      const unpaid = (await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow()).id;
      expect((await call(t, 'GET', `/admin-api/orders/${unpaid}/receipt.pdf`)).status).toBe(409);
      expect((await call(t, 'GET', `/admin-api/orders/${crypto.randomUUID()}/receipt.pdf`)).status).toBe(404);
      expect((await call(t, 'GET', `/admin-api/orders/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await call(t, 'GET', '/admin-api/orders/12345')).status).toBe(400);
    });
  });

  describe('waitlist', () => {
    it('lists entries with their language, marks one contacted, and deletes one with every message about it', async () => {
      const desk = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'DSK-03').executeTakeFirstOrThrow();
      const add = async (language: 'en' | 'fr') => {
        const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...waitlistEntryFor([desk.id]), language }) });
        return ((await json(res, 201)) as { id: number }).id;
      };
      const kept = await add('fr');
      const gone = await add('en');
      const entries = waitlistListResponse.parse(await json(await call(t, 'GET', '/admin-api/waitlist'), 200)).data.entries;
      expect(entries.find((e) => e.id === kept)).toMatchObject({ language: 'fr', contacted_at: null });

      const marked = waitlistContactedResponse.parse(await json(await call(t, 'POST', `/admin-api/waitlist/${kept}/contacted`), 200));
      expect(marked).toEqual({ success: true, id: kept, contacted_at: '2026-11-23T14:00:00.000Z' });
      const again = waitlistListResponse.parse(await json(await call(t, 'GET', '/admin-api/waitlist'), 200)).data.entries;
      expect(again.find((e) => e.id === kept)?.contacted_at).toBe('2026-11-23T14:00:00Z');
      expect((await call(t, 'POST', '/admin-api/waitlist/999999/contacted')).status).toBe(404);
      expect((await call(t, 'POST', '/admin-api/waitlist/x/contacted')).status).toBe(400);

      const about = async (id: number) => (await t.db.selectFrom('outbox').select('subject_ids').execute()).filter((m) => JSON.stringify(m.subject_ids) === JSON.stringify({ waitlistEntryId: id }));
      expect(await about(gone)).toHaveLength(2);
      expect(await json(await call(t, 'DELETE', `/admin-api/waitlist/${gone}`), 200)).toEqual({ success: true, id: gone });
      expect(await t.db.selectFrom('waitlist_entries').select('id').where('id', '=', gone).execute()).toEqual([]);
      expect(await t.db.selectFrom('waitlist_entry_offices').select('entry_id').where('entry_id', '=', gone).execute()).toEqual([]);
      expect(await about(gone)).toEqual([]);
      expect(await about(kept)).toHaveLength(2);
      const trail = await auditRows(t, 'waitlist_entry', gone);
      expect(trail).toEqual([{ actor: 'admin token', action: 'waitlist_deleted', details: null }]);
      expect((await call(t, 'DELETE', `/admin-api/waitlist/${gone}`)).status).toBe(404);
      expect(await auditRows(t, 'waitlist_entry', kept)).toMatchObject([{ action: 'waitlist_contacted' }]);
    });
  });

  describe('lease offers', () => {
    it('creates an offer with its number, shows it with its trail, resends a new link that voids the old one', async () => {
      const created = offerLinkResponse.parse(
        await json(await call(t, 'POST', '/admin-api/lease-offers', { email: 'tenant@example.com', office_ids: ['OFF-103'], start_date: '2026-12-01', language: 'fr' }), 201),
      );
      const id = created.id!;
      expect(id).toBeGreaterThan(0);
      const detail = staffOfferDetail.parse(await json(await call(t, 'GET', `/admin-api/lease-offers/${id}`), 200));
      expect(detail.offer).toMatchObject({ id, status: 'new', language: 'fr', monthly_rate_cents: 295_000, offices: [{ office_id: 'OFF-103' }], has_signed_pdf: false, signed_at: null });
      expect(detail.audit).toMatchObject([{ actor: 'admin token', action: 'offer_created' }]);

      const resent = offerLinkResponse.parse(await json(await call(t, 'POST', `/admin-api/lease-offers/${id}/resend`), 200));
      expect(resent).toMatchObject({ id, emailed: true, url: `http://localhost:5173/lease/${resent.code}` });
      expect(resent.code).not.toBe(created.code);
      expect((await t.app.request(`/public-api/lease-offers/${created.code}`)).status).toBe(404);
      expect((await t.app.request(`/public-api/lease-offers/${resent.code}`)).status).toBe(200);
      // One invitation waits, in French: the new one (the old one carried the dead link).
      const invitations = (await t.db.selectFrom('outbox').select(['subject_ids', 'language', 'status']).where('kind', '=', 'lease_offer_created').execute()).filter(
        (m) => JSON.stringify(m.subject_ids) === JSON.stringify({ offerId: id }),
      );
      expect(invitations).toEqual([{ subject_ids: { offerId: id }, language: 'fr', status: 'pending' }]);
      const trail = staffOfferDetail.parse(await json(await call(t, 'GET', `/admin-api/lease-offers/${id}`), 200)).audit;
      expect(trail.map((a) => a.action)).toEqual(['offer_created', 'offer_resent']);

      expect((await call(t, 'GET', `/admin-api/lease-offers/${id}/agreement.pdf`)).status).toBe(409);
      expect(await json(await call(t, 'POST', `/admin-api/lease-offers/${id}/expire`), 200)).toEqual({ success: true, status: 'expired' });
      expect((await t.app.request(`/public-api/lease-offers/${resent.code}`)).status).toBe(410);
      await refused(await call(t, 'POST', `/admin-api/lease-offers/${id}/resend`), 409, 'expired');
      expect(staffOfferDetail.parse(await json(await call(t, 'GET', `/admin-api/lease-offers/${id}`), 200)).audit.map((a) => a.action)).toEqual([
        'offer_created',
        'offer_resent',
        'offer_expired',
      ]);

      expect((await call(t, 'GET', '/admin-api/lease-offers/999999')).status).toBe(404);
      expect((await call(t, 'POST', '/admin-api/lease-offers/999999/resend')).status).toBe(404);
      expect((await call(t, 'POST', '/admin-api/lease-offers/999999/expire')).status).toBe(404);
      expect((await call(t, 'GET', '/admin-api/lease-offers/99999999999')).status).toBe(400);
    });

    it('gives a signed offer its PDF, and refuses to resend or expire it', async () => {
      const code = await signedOffer(t);
      const { id } = await t.db.selectFrom('lease_offers').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      const detail = staffOfferDetail.parse(await json(await call(t, 'GET', `/admin-api/lease-offers/${id}`), 200));
      expect(detail.offer).toMatchObject({ status: 'signed', has_signed_pdf: true, signed_at: expect.any(String) });
      const pdf = await call(t, 'GET', `/admin-api/lease-offers/${id}/agreement.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toContain(`Service-Agreement-Acme Analytics inc.-${id}.pdf`);
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      await refused(await call(t, 'POST', `/admin-api/lease-offers/${id}/resend`), 409, 'signed');
      expect((await call(t, 'POST', `/admin-api/lease-offers/${id}/expire`)).status).toBe(409);
      // The code still opens the signed offer: nothing changed it.
      expect((await t.app.request(`/public-api/lease-offers/${code}`)).status).toBe(200);
    });

    it('still expires an offer by its code, as the command line does, and records it', async () => {
      const { code } = await createOffer(t);
      const { id } = await t.db.selectFrom('lease_offers').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect((await call(t, 'POST', `/admin-api/lease-offers/${code}/expire`)).status).toBe(200);
      expect(await auditRows(t, 'lease_offer', id)).toMatchObject([{ action: 'offer_created' }, { action: 'offer_expired' }]);
    });
  });

  describe('messages', () => {
    it('records a retry in the audit trail', async () => {
      const message = await t.db.selectFrom('outbox').select('id').where('status', '=', 'pending').limit(1).executeTakeFirstOrThrow();
      expect((await call(t, 'POST', `/admin-api/mail/${message.id}/retry`)).status).toBe(200);
      expect(await auditRows(t, 'message', message.id)).toMatchObject([{ actor: 'admin token', action: 'message_retried' }]);
    });
  });
});

describe(`the staff console's API after review (${backend})`, () => {
  let t: TestApp;
  let current = testNow;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => current } });
  });
  afterAll(async () => {
    current = testNow;
    await t?.close();
  });
  const unitId = async (code: string) => (await t.db.selectFrom('offices').select('id').where('office_id', '=', code).executeTakeFirstOrThrow()).id;
  const orderOf = async (sessionId: string) => t.db.selectFrom('orders').select(['id', 'status', 'refund_reason']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  const confirm = (sessionId: string) => applyPaymentEvent(t.db, { id: `evt-${sessionId}`, type: 'test', action: 'confirm', sessionId, paymentIntentId: null, buyer: null }, current, testBankingKeys);

  describe('retiring a unit while it is being sold', () => {
    it('places no order on a unit retired after the checkout read it, with holds or without', async () => {
      const room = await unitId('CONF-A');
      const mailbox = await unitId('MAILBOX-BASIC');
      const body = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-12-15' });
      const order = (unitId: number, hold: NewOrder['hold']): NewOrder => ({
        id: crypto.randomUUID(),
        provider: 'test',
        unitId,
        clientKey: 'retire-test',
        maxUnpaidHolds: 5,
        unitName: 'x',
        serviceType: 'conference_room',
        quote: { product: 'conference_room', rentalType: 'daily', lines: [], subtotal: 0, gst: 0, qst: 0, total: 0, dates: [], totalDays: 1 } as unknown as NewOrder['quote'],
        bookingDate: '2026-12-15',
        locale: 'en',
        successUrl: body.successUrl,
        cancelUrl: body.cancelUrl,
        hold,
        now: current,
        sessionExpiresAt: new Date(current.getTime() + 31 * 60_000),
      });
      // What the checkout found before staff retired the units: it goes on to place the order.
      expect((await call(t, 'POST', `/admin-api/units/${room}/retire`)).status).toBe(200);
      expect((await call(t, 'POST', `/admin-api/units/${mailbox}/retire`)).status).toBe(200);
      expect(await placeOrder(t.db, order(room, { kind: 'day', dates: ['2026-12-15'] }))).toEqual({ kind: 'retired' });
      expect(await placeOrder(t.db, order(mailbox, { kind: 'none' }))).toEqual({ kind: 'retired' });
      expect(await t.db.selectFrom('orders').select('id').where('client_key', '=', 'retire-test').execute()).toEqual([]);
    });

    it('keeps a payment for a hold placed before the retirement; refunds one whose hold had lapsed', async () => {
      const { sessionId: standing } = await checkoutOk(t, await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-16' }));
      const { sessionId: lapsing } = await checkoutOk(t, await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-17' }));
      try {
        expect((await call(t, 'POST', `/admin-api/units/${await unitId('CONF-B')}/retire`)).status).toBe(200);
        expect(await confirm(standing)).toBe('confirmed');
        expect(await orderOf(standing)).toMatchObject({ status: 'paid' });
        // An hour later the other hold has lapsed: its payment books a unit no longer offered.
        current = new Date(testNow.getTime() + 3600_000);
        expect(await confirm(lapsing)).toBe('paid_but_taken');
        expect(await orderOf(lapsing)).toMatchObject({ status: 'refund_pending', refund_reason: 'paid_after_taken' });
      } finally {
        current = testNow;
      }
    });

    it('expires the open offers naming the unit in the same change, and records it; a signed one stays signed', async () => {
      const open = await createOffer(t, { office_ids: ['OFF-201'] });
      const ready = await createOffer(t, { office_ids: ['OFF-201', 'OFF-202'] });
      expect((await submitInfo(t, ready.code)).status).toBe(200);
      const elsewhere = await createOffer(t, { office_ids: ['OFF-202'] });
      const signedCode = await signedOffer(t, { office_ids: ['OFF-201'] });
      const publicOffer = async (code: string) => (await t.app.request(`/public-api/lease-offers/${code}`)).json();
      const numberOf = async (url: string) => {
        const code = url.split('/').pop()!;
        return (await t.db.selectFrom('lease_offers').select('id').where('code_hash', '=', hashOfferCode(code)).executeTakeFirstOrThrow()).id;
      };
      const unit = await unitId('OFF-201');
      const retired = await json(await call(t, 'POST', `/admin-api/units/${unit}/retire`), 200);
      expect(retired).toMatchObject({ success: true });
      expect((await t.app.request(`/public-api/lease-offers/${open.code}`)).status).toBe(410);
      expect((await sign(t, ready.code)).status).toBe(410);
      expect((await t.app.request(`/public-api/lease-offers/${elsewhere.code}`)).status).toBe(200);
      expect(await publicOffer(signedCode)).toMatchObject({ offer: { status: 'signed' } });
      const expiredIds = [await numberOf(open.url), await numberOf(ready.url)];
      expect(await auditRows(t, 'unit', unit)).toMatchObject([{ action: 'unit_retired', details: { expired_offers: expiredIds } }]);
      for (const id of expiredIds) expect(await auditRows(t, 'lease_offer', id)).toMatchObject([{ action: 'offer_created' }, { action: 'offer_expired', details: { unit_retired: unit } }]);
    });

    it('refuses to sign an offer left open on a retired unit', async () => {
      const { code } = await createOffer(t, { office_ids: ['OFF-202'] });
      expect((await submitInfo(t, code)).status).toBe(200);
      // An offer the retirement did not close (made before retiring expired offers): the signing checks the unit itself.
      await t.db.updateTable('offices').set({ retired_at: current }).where('office_id', '=', 'OFF-202').execute();
      const res = await sign(t, code);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ success: false, error: unitRetiredMessage });
      expect(await t.db.selectFrom('lease_signatures as s').innerJoin('lease_offers as o', 'o.id', 's.offer_id').select('s.offer_id').where('o.code_hash', '=', hashOfferCode(code)).execute()).toEqual([]);
    });
  });

  describe("units' codes", () => {
    const unit = { ...newUnit, office_id: 'OFF-501', service_code: 'DO-501' };
    it('refuses a code another unit answers to at checkout, naming the field', async () => {
      await refused(await call(t, 'POST', '/admin-api/units', { ...unit, office_id: 'DO-101' }), 409, 'office_id: DO-101 is already the service code of unit OFF-101');
      await refused(await call(t, 'POST', '/admin-api/units', { ...unit, service_code: 'OFF-101' }), 409, 'service_code: OFF-101 is already the code of another unit');
      await refused(await call(t, 'POST', '/admin-api/units', { ...unit, service_code: 'DO-102' }), 409, 'service_code: DO-102 is already the service code of unit OFF-102');
      const created = staffUnitResponse.parse(await json(await call(t, 'POST', '/admin-api/units', unit), 201)).unit;
      // A unit may answer to its own codes, whichever way round.
      expect((await call(t, 'PATCH', `/admin-api/units/${created.id}`, { service_code: 'OFF-501' })).status).toBe(200);
      await refused(await call(t, 'PATCH', `/admin-api/units/${created.id}`, { service_code: 'DO-103' }), 409, 'service_code');
      await refused(await call(t, 'PATCH', `/admin-api/units/${created.id}`, { office_id: 'DO-103' }), 409, 'office_id');
      await refused(await call(t, 'PATCH', `/admin-api/units/${await unitId('OFF-102')}`, { service_code: 'OFF-501' }), 409, 'service_code');
    });

    it('refuses the codes the checkout reads otherwise: daypass and plain numbers', async () => {
      for (const code of ['daypass', '42']) {
        await refused(await call(t, 'POST', '/admin-api/units', { ...unit, office_id: code, service_code: null }), 400, 'office_id');
        await refused(await call(t, 'POST', '/admin-api/units', { ...unit, office_id: 'OFF-502', service_code: code }), 400, 'service_code');
      }
    });
  });

  describe('lease offers', () => {
    it('expires an already expired offer again with 200 and records nothing more', async () => {
      const { code } = await createOffer(t);
      const { id } = await t.db.selectFrom('lease_offers').select('id').where('code_hash', '=', hashOfferCode(code)).executeTakeFirstOrThrow();
      expect((await call(t, 'POST', `/admin-api/lease-offers/${id}/expire`)).status).toBe(200);
      expect(await json(await call(t, 'POST', `/admin-api/lease-offers/${id}/expire`), 200)).toEqual({ success: true, status: 'expired' });
      expect((await auditRows(t, 'lease_offer', id)).map((r) => r.action)).toEqual(['offer_created', 'offer_expired']);
    });

    it.runIf(backend === 'postgresql')('answers 409 when the offer was signed while its expiry waited', async () => {
      const { code } = await createOffer(t);
      const { id } = await t.db.selectFrom('lease_offers').select('id').where('code_hash', '=', hashOfferCode(code)).executeTakeFirstOrThrow();
      let answer: Promise<Response> | undefined;
      await t.db.transaction().execute(async (trx) => {
        // The tenant's signing holds the offer's row; staff's expire found it open and now waits on it.
        await trx.selectFrom('lease_offers').select('id').where('id', '=', id).forUpdate().execute();
        answer = Promise.resolve(call(t, 'POST', `/admin-api/lease-offers/${id}/expire`));
        await new Promise((resolve) => setTimeout(resolve, 300));
        await trx.updateTable('lease_offers').set({ status: 'signed' }).where('id', '=', id).execute();
      });
      await refused(await answer!, 409, 'A signed offer cannot be expired');
      expect((await auditRows(t, 'lease_offer', id)).map((r) => r.action)).toEqual(['offer_created']);
    });

    it('refuses a resend while the invitation is being sent, and the link being sent keeps working', async () => {
      const created = offerLinkResponse.parse(await json(await call(t, 'POST', '/admin-api/lease-offers', { email: 'claimed@example.com', office_ids: ['OFF-103'], start_date: '2026-12-01' }), 201));
      const invitation = () => t.db.selectFrom('outbox').select(['id', 'status']).where('recipient', '=', 'claimed@example.com').execute();
      const [row] = await invitation();
      // The mail worker claimed it a moment ago and is talking to the mail server.
      await t.db.updateTable('outbox').set({ claimed_until: new Date(current.getTime() + 120_000) }).where('id', '=', row!.id).execute();
      await refused(await call(t, 'POST', `/admin-api/lease-offers/${created.id}/resend`), 409, 'being sent right now');
      expect(await invitation()).toEqual([{ id: row!.id, status: 'pending' }]);
      expect((await t.app.request(`/public-api/lease-offers/${created.code}`)).status).toBe(200);
      // Its claim over (sent, or the worker gone), the resend goes through.
      await t.db.updateTable('outbox').set({ claimed_until: new Date(current.getTime() - 1) }).where('id', '=', row!.id).execute();
      const resent = offerLinkResponse.parse(await json(await call(t, 'POST', `/admin-api/lease-offers/${created.id}/resend`), 200));
      expect((await t.app.request(`/public-api/lease-offers/${created.code}`)).status).toBe(404);
      expect((await t.app.request(`/public-api/lease-offers/${resent.code}`)).status).toBe(200);
      expect((await invitation()).map((m) => m.id)).not.toContain(row!.id);
    });
  });

  describe('orders and paths', () => {
    it("describes an order's lines in the language asked, as its receipt does, and gives each refund's provider id", async () => {
      // The seed's rooms were retired above: a room of its own.
      await json(await call(t, 'POST', '/admin-api/units', { ...newUnit, office_id: 'CONF-R', service_code: null, name: 'Room R', service_type: 'conference_room', base_monthly_rate: '80' }), 201);
      const orderId = await paidOrder(t, 'CONF-R', { product: 'conference_room', date: '2026-12-18' });
      const en = staffOrderDetail.parse(await json(await call(t, 'GET', `/admin-api/orders/${orderId}`), 200));
      const fr = staffOrderDetail.parse(await json(await call(t, 'GET', `/admin-api/orders/${orderId}?lang=fr`), 200));
      const order = await t.db.selectFrom('orders').select(['quote', 'office_name']).where('id', '=', orderId).executeTakeFirstOrThrow();
      const names = (locale: 'en' | 'fr') => quoteLineNames(storedQuote(order.quote), order.office_name, locale).map((l) => l.name);
      expect(en.order.lines.map((l) => l.description)).toEqual(names('en'));
      expect(fr.order.lines.map((l) => l.description)).toEqual(names('fr'));
      expect(fr.order.lines.map((l) => l.description)).not.toEqual(names('en'));
      await refused(await call(t, 'GET', `/admin-api/orders/${orderId}?lang=de`), 400, 'lang');

      expect((await call(t, 'POST', `/admin-api/orders/${orderId}/cancel`, { dates: ['2026-12-18'] }, { 'idempotency-key': 'refund-id' })).status).toBe(200);
      const { provider_refund_id } = await t.db.selectFrom('refunds').select('provider_refund_id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
      expect(provider_refund_id).toBeTruthy();
      const detail = staffOrderDetail.parse(await json(await call(t, 'GET', `/admin-api/orders/${orderId}`), 200));
      expect(detail.refunds).toMatchObject([{ provider_refund_id }]);
      // An order's id in capitals is the same id.
      expect((await call(t, 'GET', `/admin-api/orders/${orderId.toUpperCase()}`)).status).toBe(200);
    });

    it('reads every id in a path with one rule: a plain positive number or a UUID, anything else a 400', async () => {
      for (const path of ['/admin-api/units/00001', '/admin-api/units/2147483648', '/admin-api/units/-1', '/admin-api/units/1.0']) {
        expect((await call(t, 'PATCH', path, { name: 'x' })).status, path).toBe(400);
      }
      expect((await call(t, 'POST', '/admin-api/waitlist/0x10/contacted')).status).toBe(400);
      expect((await call(t, 'GET', '/admin-api/lease-offers/00001')).status).toBe(400);
      expect((await call(t, 'POST', `/admin-api/mail/${'-'.repeat(36)}/retry`)).status).toBe(400);
      expect((await call(t, 'GET', `/admin-api/orders/${'-'.repeat(36)}`)).status).toBe(400);
    });

    it('filters orders by a product it knows, and a calendar by a month a calendar has', async () => {
      await refused(await call(t, 'GET', '/admin-api/orders?product=castle'), 400, 'product');
      expect((await call(t, 'GET', '/admin-api/orders?product=office_lease')).status).toBe(200);
      await refused(await call(t, 'GET', '/admin-api/calendar?month=0000-01'), 400, 'month');
    });
  });
});

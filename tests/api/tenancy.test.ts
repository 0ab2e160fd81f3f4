import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDocumentOf } from '../../src/server/billing/billing-mail.ts';
import { freeEndedRental, unitsFreedByDate } from '../../src/server/waitlist/unit-offers.ts';
import { availabilityCategory } from '../../src/shared/domain/availability.ts';
import { initialLeasePayment } from '../../src/shared/domain/lease-payment.ts';
import { taxedTotal } from '../../src/shared/domain/pricing.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { site } from '../../src/shared/site.ts';
import { checkoutBody, checkoutOk, payTestCheckout, postCheckout, unitByCode } from './checkout-helpers.ts';
import { admin, buildLeaseTestApp, createOffer, officeLike101, sign, signature, submitInfo, validBanking } from './lease-fixtures.ts';
import { backend, type TestApp } from './test-app.ts';

/*
 * A signed lease is a tenancy (issue 32): signing takes the offer's units, open-ended, under the
 * checkout's locks and constraint, and makes the rental that bills it by PAD, its initial invoice
 * first. The fixed clock is Monday 2026-11-23 at the space.
 */

async function readyOffer(t: TestApp, overrides: Record<string, unknown> = {}): Promise<{ code: string; id: number }> {
  const { code } = await createOffer(t, overrides);
  expect((await submitInfo(t, code)).status).toBe(200);
  const row = await t.db.selectFrom('lease_offers').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return { code, id: row.id };
}

async function unitId(t: TestApp, officeId: string): Promise<number> {
  return (await t.db.selectFrom('offices').select('id').where('office_id', '=', officeId).executeTakeFirstOrThrow()).id;
}

async function problemOf(res: Response): Promise<string | null> {
  return res.headers.get(problemCodeHeader);
}

describe(`a signed lease is a tenancy (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildLeaseTestApp();
  });
  afterAll(() => t.close());

  it('signing books each unit of the offer open-ended from the start, and the list shows them taken by the lease’s end', async () => {
    const office = await officeLike101(t);
    const { code, id } = await readyOffer(t, { office_ids: [office, 'PRK-01'], start_date: '2026-12-15', lease_term_months: 12 });
    expect((await sign(t, code)).status).toBe(200);

    const reservations = await t.db
      .selectFrom('reservations as r')
      .innerJoin('offices as f', 'f.id', 'r.office_id')
      .select(['f.office_id', 'r.kind', 'r.status', 'r.order_id', sql<string>`r.start_date::text`.as('start_date'), sql<string | null>`r.end_date::text`.as('end_date')])
      .where('r.lease_offer_id', '=', id)
      .orderBy('f.office_id')
      .execute();
    expect(reservations).toEqual([
      { office_id: office, kind: 'rental', status: 'booked', order_id: null, start_date: '2026-12-15', end_date: null },
      { office_id: 'PRK-01', kind: 'rental', status: 'booked', order_id: null, start_date: '2026-12-15', end_date: null },
    ]);
    for (const officeId of [office, 'PRK-01']) {
      const listed = await unitByCode(t, officeId);
      // The term's last day: 12 months from 2026-12-15.
      expect(listed).toMatchObject({ is_available: false, next_available_date: '2027-12-14' });
      expect(availabilityCategory(listed, '2026-11-23')).toBe('long_term_lease');
      expect(availabilityCategory(listed, '2027-07-01')).toBe('available_medium_term');
    }
  });

  it('tells staff creating an offer which of its units are not free from its start', async () => {
    const office = await officeLike101(t);
    const created = async (officeIds: string[]) => {
      const res = await t.app.request('/admin-api/lease-offers', {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ email: 'tenant@example.com', office_ids: officeIds, start_date: '2026-12-01', monthly_rate: 1000, lease_term_months: 12 }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { not_free: string[] }).not_free;
    };
    expect(await created([office])).toEqual([]);
    const { code } = await readyOffer(t, { office_ids: [office], start_date: '2026-12-01' });
    expect((await sign(t, code)).status).toBe(200);
    // Taken by the lease just signed; OFF-204 is marked occupied with no end (the demo's).
    expect(await created([office, 'OFF-204', 'DSK-02'])).toEqual(['Office 204 - Atelier', 'Office 101 - Window']);
  });

  it('refuses a checkout of a signed office (409), and the constraint itself refuses a booking beside the lease', async () => {
    const office = await officeLike101(t);
    const { code } = await readyOffer(t, { office_ids: [office], start_date: '2026-12-01' });
    // The visitor's page was built while the office was still on sale.
    const body = await checkoutBodyOfFreeCopy(t, office);
    expect((await sign(t, code)).status).toBe(200);
    const res = await postCheckout(t, body);
    expect(res.status).toBe(409);
    expect(await problemOf(res)).toBe('unit_unavailable');

    const unit = await unitId(t, office);
    const clash = t.db.transaction().execute((trx) =>
      sql`insert into reservations (order_id, offer_id, lease_offer_id, office_id, kind, start_date, end_date, status, expires_at, created_at)
        values (null, null, (select max(id) from lease_offers), ${unit}, 'day', '2028-03-01', '2028-03-02', 'booked', null, now())`.execute(trx),
    );
    await expect(clash).rejects.toMatchObject({ code: '23P01' });
  });

  it('makes the tenancy: a rental paid by PAD at the offer’s rate less its discount, and its initial invoice with the deposits held apart', async () => {
    const office = await officeLike101(t);
    const terms = { office_ids: [office], start_date: '2026-12-15', monthly_rate: 1350.5, monthly_discount: 50, signup_discount: 100, move_in_fee_type: 'fixed_amount', move_in_fee_amount: 300 };
    const { code, id } = await readyOffer(t, terms);
    expect((await sign(t, code)).status).toBe(200);

    const rental = await t.db
      .selectFrom('rentals')
      .select(['id', 'order_id', 'pays_by', 'monthly_cents', 'minimum_term_months', 'customer_email', 'unit_name', 'product', sql<string>`start_date::text`.as('start_date'), sql<string>`next_period_start::text`.as('next_period_start')])
      .where('lease_offer_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(rental).toMatchObject({
      order_id: null,
      pays_by: 'pad',
      monthly_cents: 130_050,
      minimum_term_months: 12,
      customer_email: 'tenant@example.com',
      unit_name: 'Office 101 - Window',
      product: 'office_lease',
      start_date: '2026-12-15',
      // The initial invoice bills December: the first monthly period is January.
      next_period_start: '2027-01-01',
    });

    const expected = initialLeasePayment({ ...terms, start_date: '2026-12-15' });
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['id', 'lines', 'subtotal_cents', 'gst_cents', 'qst_cents', 'total_cents', 'deposits_cents', sql<string>`due_on::text`.as('due_on'), sql<string>`period_start::text`.as('period_start'), sql<string>`period_end::text`.as('period_end')])
      .where('rental_id', '=', rental.id)
      .executeTakeFirstOrThrow();
    const lines = typeof invoice.lines === 'string' ? JSON.parse(invoice.lines) : invoice.lines;
    expect(lines).toEqual([
      { item: 'lease_first_month', cents: expected.firstMonth.cents },
      { item: 'move_in_fee', cents: 30_000 },
      { item: 'security_deposit', cents: 130_050 },
      { item: 'key_fob_deposit', cents: 7_500 },
      { item: 'signup_discount', cents: -10_000 },
    ]);
    // SPEC §9's initial payment, to the cent: what the contract and the signed e-mail announce.
    expect({ subtotal: invoice.subtotal_cents, gst: invoice.gst_cents, qst: invoice.qst_cents, total: invoice.total_cents }).toEqual({
      subtotal: expected.subtotalCents,
      gst: expected.gstCents,
      qst: expected.qstCents,
      total: expected.totalCents,
    });
    expect(taxedTotal(lines).total).toBe(invoice.total_cents);
    expect(invoice.deposits_cents).toBe(130_050 + 7_500);
    expect({ start: invoice.period_start, end: invoice.period_end }).toEqual({ start: '2026-12-15', end: '2026-12-31' });
    // Signed Monday 2026-11-23: ten days' notice runs to Thursday 2026-12-03, a business day.
    expect(invoice.due_on).toBe('2026-12-03');

    // The invoice as its PDF lays it out: the deposits are not taxable, the rent, the fee and the discount are.
    const document = (await invoiceDocumentOf(t.db, invoice.id))!;
    expect(document.lines.map((l) => l.taxable)).toEqual([true, true, false, false, true]);

    const deposits = await t.db.selectFrom('deposits').select(['kind', 'amount_cents', 'invoice_id', 'returned_at']).where('rental_id', '=', rental.id).orderBy('kind').execute();
    expect(deposits).toEqual([
      { kind: 'key_fob', amount_cents: 7_500, invoice_id: invoice.id, returned_at: null },
      { kind: 'security', amount_cents: 130_050, invoice_id: invoice.id, returned_at: null },
    ]);
  });

  it('does not issue a tenancy’s monthly invoices on the card round, and the waitlist round never frees the office at the term’s end', async () => {
    const office = await officeLike101(t);
    const { code } = await readyOffer(t, { office_ids: [office], start_date: '2026-12-01', lease_term_months: 1 });
    expect((await sign(t, code)).status).toBe(200);
    const unit = await unitId(t, office);
    // Past the term's end (2026-12-31) the lease goes on month to month: the office is still the tenant's.
    const later = new Date('2027-02-10T15:00:00Z');
    expect(await unitsFreedByDate(t.db, '2027-02-10', 1000)).not.toContain(unit);
    expect(await freeEndedRental(t.db, t.deps as never, unit, later)).toBe(false);
    const listed = await unitByCode(t, office);
    expect(listed.is_available).toBe(false);
  });

  it('refuses to sign an office rented meanwhile: nothing is signed, the tenant is told in their language, staff are told once', async () => {
    const office = await officeLike101(t);
    const { code, id } = await readyOffer(t, { office_ids: [office], start_date: '2026-12-01' });
    const { sessionId } = await checkoutOk(t, await checkoutBodyOfFreeCopy(t, office));
    expect((await payTestCheckout(t, sessionId)).status).toBeLessThan(400);

    const first = await sign(t, code);
    expect(first.status).toBe(409);
    expect(await problemOf(first)).toBe('lease_unit_taken');
    expect(await first.json()).toEqual({ success: false, error: 'An office in this offer has been rented in the meantime, so it cannot be signed. Our team has been told and will contact you.' });
    expect((await sign(t, code)).status).toBe(409);

    expect(await t.db.selectFrom('lease_signatures').select('offer_id').where('offer_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('rentals').select('id').where('lease_offer_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('reservations').select('id').where('lease_offer_id', '=', id).execute()).toEqual([]);
    const offer = await t.db.selectFrom('lease_offers').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(offer.status).toBe('contract_generated');
    const told = await t.db
      .selectFrom('outbox')
      .select(['recipient', 'language'])
      .where('kind', '=', 'staff_lease_signing_refused')
      .where(sql<boolean>`subject_ids @> ${JSON.stringify({ offerId: id })}::jsonb`)
      .execute();
    expect(told).toEqual([{ recipient: site.operations.email, language: site.operations.language }]);
  });

  it('refuses to sign an office a checkout is holding while its visitor pays', async () => {
    const office = await officeLike101(t);
    const { code, id } = await readyOffer(t, { office_ids: [office], start_date: '2026-12-01' });
    await checkoutOk(t, await checkoutBodyOfFreeCopy(t, office));
    const res = await sign(t, code);
    expect(res.status).toBe(409);
    expect(await problemOf(res)).toBe('lease_unit_taken');
    expect(await t.db.selectFrom('lease_signatures').select('offer_id').where('offer_id', '=', id).execute()).toEqual([]);
  });

  it('refuses an account number the PAD file cannot carry, after the five checks of SPEC §5', async () => {
    const { code } = await readyOffer(t);
    const res = await sign(t, code, { signature, banking: { ...validBanking, account_number: '1234567890123' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Account number must be 7 to 12 digits' });
  });

  it('lets exactly one of 20 concurrent signings and checkouts of one office take it', async () => {
    const office = await officeLike101(t);
    const offers = await Promise.all(Array.from({ length: 10 }, () => readyOffer(t, { office_ids: [office], start_date: '2026-12-01' })));
    const body = await checkoutBodyOfFreeCopy(t, office);
    const results = await Promise.all([
      ...offers.map(async (o) => ({ kind: 'sign', status: (await sign(t, o.code)).status })),
      ...Array.from({ length: 10 }, async () => ({ kind: 'checkout', status: (await postCheckout(t, body)).status })),
    ]);
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const unit = await unitId(t, office);
    const taking = await t.db.selectFrom('reservations').select('id').where('office_id', '=', unit).where('status', 'in', ['held', 'booked']).execute();
    expect(taking).toHaveLength(1);
  });

});

/** A checkout body for `officeId`: the unit must still be on the list, on sale. */
async function checkoutBodyOfFreeCopy(t: TestApp, officeId: string) {
  return checkoutBody(t, officeId, { product: 'office_monthly' });
}

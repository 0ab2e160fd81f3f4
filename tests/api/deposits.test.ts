import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { addStaff } from '../../src/server/staff/accounts.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { depositReturned, staffRentalDetail } from '../../src/shared/contract/staff-rentals.ts';
import { origin } from './checkout-helpers.ts';
import { buildLeaseTestApp, createOffer, officeLike101, sign, submitInfo } from './lease-fixtures.ts';
import { adminToken, backend, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * A tenancy's deposits (issue 32): collected with the initial invoice, held apart, seen by
 * managers only, and returned by a manager once, in full or less deductions with a reason.
 */

const at = (date: string) => new Date(`${date}T15:00:00Z`);
const password = 'correct horse battery';

describe(`deposits of a tenancy (${backend})`, () => {
  let t: TestApp;
  let now = at('2026-11-23');
  let staffCookie = '';
  let rentalId = '';

  beforeAll(async () => {
    t = await buildLeaseTestApp({ deps: { clock: () => now } });
    await addStaff(t.db, { email: 'sam@example.ca', name: 'Sam', role: 'staff', password }, now, 2 ** 10);
    const res = await t.app.request('/admin-api/session', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'sam@example.ca', password }) });
    staffCookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const office = await officeLike101(t);
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-12-01', email: 'depots@example.com' });
    expect((await submitInfo(t, code)).status).toBe(200);
    expect((await sign(t, code)).status).toBe(200);
    rentalId = (await t.db.selectFrom('rentals').select('id').where('customer_email', '=', 'depots@example.com').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const staff = { cookie: staffCookie, origin, 'content-type': 'application/json' };
  const detail = async (headers: Record<string, string>) => staffRentalDetail.parse(await (await t.app.request(`/admin-api/rentals/${rentalId}`, { headers })).json());
  const giveBack = (depositId: string, body: unknown, headers: Record<string, string> = admin) =>
    t.app.request(`/admin-api/rentals/${rentalId}/deposits/${depositId}/return`, { method: 'POST', headers, body: JSON.stringify(body) });

  it('shows the deposits to managers only, and refuses staff their return', async () => {
    expect((await detail({ ...staff, cookie: staffCookie })).deposits).toBeNull();
    const deposits = (await detail(admin)).deposits!;
    expect(deposits.map((d) => [d.kind, d.amount_cents, d.collected, d.returned_at])).toEqual([
      ['security', 120_000, false, null],
      ['key_fob', expect.any(Number), false, null],
    ]);
    const refused = await giveBack(deposits[0]!.id, { returned_cents: 120_000 }, { ...staff, cookie: staffCookie });
    expect(refused.status).toBe(403);
    expect(refused.headers.get(problemCodeHeader)).toBe('managers_only');
  });

  it('returns nothing never collected', async () => {
    const [security] = (await detail(admin)).deposits!;
    const res = await giveBack(security!.id, { returned_cents: 120_000 });
    expect(res.status).toBe(409);
    expect(res.headers.get(problemCodeHeader)).toBe('deposit_not_collected');
  });

  it('returns a collected deposit once, less deductions only with a reason, never more than held', async () => {
    now = at('2026-12-03');
    expect((await t.app.request('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: '2026-12-03' }) })).status).toBe(201);
    now = at('2026-12-10');
    await runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
    const [security, fob] = (await detail(admin)).deposits!;
    expect([security!.collected, fob!.collected]).toEqual([true, true]);

    const noReason = await giveBack(security!.id, { returned_cents: 100_000 });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({ success: false, error: 'deduction_reason: Please fill in all required fields' });
    const tooMuch = await giveBack(fob!.id, { returned_cents: fob!.amount_cents + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.headers.get(problemCodeHeader)).toBe('deposit_more_than_held');

    const less = await giveBack(security!.id, { returned_cents: 100_000, deduction_reason: 'Wall repainted' });
    expect(less.status).toBe(200);
    expect(depositReturned.parse(await less.json()).deposit).toMatchObject({ returned_cents: 100_000, deduction_reason: 'Wall repainted', returned_by: expect.any(String), returned_at: '2026-12-10T15:00:00Z' });
    const again = await giveBack(security!.id, { returned_cents: 120_000 });
    expect(again.status).toBe(409);
    expect(again.headers.get(problemCodeHeader)).toBe('deposit_already_returned');
    // In full, a reason is not asked for, and one given is not kept.
    const full = await giveBack(fob!.id, { returned_cents: fob!.amount_cents, deduction_reason: 'none' });
    expect(depositReturned.parse(await full.json()).deposit).toMatchObject({ returned_cents: fob!.amount_cents, deduction_reason: null });

    const audit = await t.db.selectFrom('staff_audit').select(['action', 'details']).where('subject_id', '=', rentalId).where('action', '=', 'deposit_returned').execute();
    expect(audit).toHaveLength(2);
  });
});

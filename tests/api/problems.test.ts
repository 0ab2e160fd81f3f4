import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemCodeHeader, problemDetail, problemDetailHeader, type ProblemDetail } from '../../src/shared/contract/common.ts';
import { problems, problemText, type DateRefusal, type Problem, type ProblemCode, type ProblemParams } from '../../src/shared/contract/problems.ts';
import { signingProblems } from '../../src/shared/domain/banking.ts';
import { comparedAmounts } from '../../src/shared/domain/pricing.ts';
import { waitlistProblems } from '../../src/shared/domain/waitlist-rules.ts';
import { checkoutBody, postCheckout } from './checkout-helpers.ts';
import { adminToken, backend, buildTestApp, type TestApp } from './test-app.ts';

/** The problem an error answer names: its code header, its detail header read as clients read it, and its body. */
async function named(res: Response): Promise<{ status: number; code: string | null; detail: ProblemDetail; error: string }> {
  const raw = res.headers.get(problemDetailHeader);
  const detail = raw ? problemDetail.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))) : {};
  const body = (await res.json()) as { success: boolean; error: string };
  expect(body.success).toBe(false);
  return { status: res.status, code: res.headers.get(problemCodeHeader), detail, error: body.error };
}

const staff = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
/** A unit as the console sends a new one, every field given. */
const unit = { office_id: 'OFF-999', service_code: null, name: 'Room', service_type: 'hotdesk', location_code: null, seating_capacity: null, base_monthly_rate: null, is_available: true, next_available_date: null };

/** The codes whose English needs values. */
type CodeWithParams = { [C in ProblemCode]: ProblemParams<C> extends undefined ? never : C }[ProblemCode];

const dateRefusals: DateRefusal[] = [
  { why: 'past' },
  { why: 'beyond_window', product: 'office_daily', days: 30 },
  { why: 'beyond_window', product: 'conference_room', months: 3 },
  { why: 'beyond_window', product: 'day_pass', days: 14 },
  { why: 'weekend' },
  { why: 'same_day_closed', hour: 12 },
  { why: 'same_day_closed', hour: 15 },
];

/** Values for each code that needs them, as the server sends them (every variant where the words branch); typed, so a new code with values needs its own here. */
const sampleParams: { [C in CodeWithParams]: ProblemParams<C>[] } = {
  body_too_large: [{ kilobytes: 64 }],
  no_such_endpoint: [{ method: 'GET', path: '/public-api/nowhere' }],
  too_many_requests: [{ limit: 'checkout', seconds: 30 }],
  return_url_off_site: [{ field: 'successUrl', origins: ['http://localhost:5173'] }],
  no_such_unit: [{ id: 'OFF-999' }],
  not_sold_online: [{ name: 'Room' }],
  subscription_only: [{ type: 'mailbox', rentalTypes: ['monthly'], wanted: ['standard'] }],
  wrong_rental_type: [{ name: 'Room', wanted: ['standard', 'lease'] }],
  one_date_required: [{ type: 'day pass' }],
  not_a_date: [{ date: '2026-02-30' }],
  date_not_bookable: dateRefusals.map((refusal) => ({ date: '2026-12-25', refusal })),
  claimed_by_renting: [{ name: 'Room' }],
  unit_unavailable: [{ name: 'Room' }],
  price_unavailable: [{ name: 'Room' }],
  prices_differ: [{ amounts: comparedAmounts.map((amount) => ({ amount, ours: 5000, sent: 0 })) }],
  day_count_differs: [{ sent: 2, chosen: 3 }],
  too_many_unpaid_holds: [
    { holds: 3, minutes: 1 },
    { holds: 3, minutes: 20 },
  ],
  claim_ended: [{ name: 'Room' }],
  already_booked: [
    { name: 'Room', dates: ['2026-12-08'] },
    { name: 'Room', dates: [] },
  ],
  webhook_refused: [{ reason: 'no signature' }],
  no_such_unit_or_room: [{ id: 'OFF-999' }],
  too_many_booking_lookups: [{ seconds: 30 }],
  days_not_in_booking: [{ dates: ['2026-12-08', '2026-12-09'] }],
  already_cancelled: [{ dates: ['2026-12-08'] }, { dates: ['2026-12-08', '2026-12-09'] }],
  some_already_cancelled: [{ dates: ['2026-12-08'] }, { dates: ['2026-12-08', '2026-12-09'] }],
  too_late_to_cancel: [{ dates: ['2026-12-08'], hours: 48 }],
  notice_already_given: [{ givenOn: '2026-11-23', endsOn: '2027-11-22' }],
  no_invoice: [{ number: 'F-2026-000001' }],
  invoice_already_paid: [{ number: 'F-2026-000001' }],
  rental_in_first_period: [{ paidThrough: '2026-11-30' }],
  tenancy_not_begun: [{ startsOn: '2026-12-01' }],
  tenancy_end_set: [{ endsOn: '2027-05-31' }],
  waitlist_entry_refused: waitlistProblems.map((problem) => ({ problem })),
  too_many_waitlist_link_lookups: [{ seconds: 30 }],
  too_many_lease_lookups: [{ seconds: 30 }],
  too_many_offer_requests: [{ seconds: 30 }],
  signing_refused: signingProblems.map((problem) => ({ problem })),
  too_many_sign_ins: [{ seconds: 30 }],
  too_many_attempts: [{ seconds: 30 }],
  staff_email_taken: [{ email: 'lea@example.com' }],
  pad_date_not_business_day: [{ date: '2026-12-26', next: '2026-12-29' }],
  pad_date_past: [{ date: '2026-11-20' }],
  pad_no_debit: [{ number: 'F-2026-000001' }],
  pad_returned_with_another_code: [{ number: 'F-2026-000001', code: '901' }],
  pad_return_file_invalid: [
    { record: 0, fault: 'empty', found: '' },
    { record: 3, fault: 'length', found: '1463' },
    { record: 1, fault: 'header', found: 'J' },
    { record: 4, fault: 'trailer', found: 'J' },
    { record: 2, fault: 'type', found: 'E' },
    { record: 2, fault: 'outgoing', found: 'D' },
    { record: 2, fault: 'outgoing', found: 'C' },
    { record: 3, fault: 'count', found: '000000004' },
    { record: 2, fault: 'field', found: '1:amount' },
    { record: 4, fault: 'totals', found: '2/0' },
    { record: 1, fault: 'originator', found: 'OTHER00001' },
  ],
  revocation_in_future: [{ date: '2026-12-01' }],
  deposit_more_than_held: [{ cents: 120_000 }],
  pad_nothing_ready: [
    { reason: 'nothing_due', until: null },
    { reason: 'due_later', until: '2026-12-03' },
  ],
  pad_file_voided: [
    { number: 12, by: 'Sam' },
    { number: 12, by: 'admin token' },
  ],
  pad_file_settled: [{ number: 12, invoices: ['F-2026-000012', 'F-2026-000013'] }],
  invalid_status: [{ statuses: ['pending', 'failed'] }],
  invalid_order_list: [{ statuses: ['paid', 'refunded'] }],
  no_order: [{ id: 'b0f1c2d3' }],
  no_unit: [{ id: 7 }],
  no_waitlist_entry: [{ id: 7 }],
  unit_already_offered: [{ entry: 7, until: '2026-11-25 09:40' }],
  entry_not_on_unit_waitlist: [{ entry: 7 }],
  entry_not_on_waitlist_of: [{ entry: 7, unit: 3 }],
  entry_left: [{ entry: 7 }],
  entry_claimed: [{ entry: 7 }],
  entry_no_longer_waiting: [{ entry: 7 }],
  entry_not_waiting: [{ entry: 7, status: 'declined' }],
  no_message: [{ id: 'b0f1c2d3' }],
};

describe(`every error names its problem by a code (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('names a visitor-facing refusal with the values its words need, and its English is the code\'s', async () => {
    const body = await checkoutBody(t, 'OFF-101', { product: 'office_monthly' });
    const res = await postCheckout(t, { ...body, pricing: { ...body.pricing, keyFee: 0, totalDueToday: body.pricing.totalDueToday - 50 } });
    const answer = await named(res);
    expect(answer).toEqual({
      status: 409,
      code: 'prices_differ',
      detail: {
        params: {
          amounts: [
            { amount: 'keyFee', ours: 5000, sent: 0 },
            { amount: 'totalDueToday', ours: 222600, sent: 217600 },
          ],
        },
      },
      error: 'The prices sent do not match our prices (key fee is $50.00, not $0.00; total due today is $2,226.00, not $2,176.00). Please reload the page and try again.',
    });
  });

  it('lists the fields of a body that does not fit, each with its path and code', async () => {
    const res = await t.app.request('/admin-api/units', { method: 'POST', headers: staff, body: JSON.stringify({ ...unit, office_id: 'daypass', name: '', service_type: 'castle' }) });
    const answer = await named(res);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_request');
    expect(answer.detail.fields).toEqual([
      { path: 'office_id', code: 'unit_code_reserved' },
      { path: 'name', code: 'name_required', params: { minimum: 1 } },
      { path: 'service_type', code: 'type_required' },
    ]);
    expect(answer.error).toBe(
      'office_id: daypass and plain numbers mean something else at checkout: use a code such as OFF-101; name: A name is required; service_type: Choose a type',
    );
  });

  it('names a check of zod\'s own by zod\'s issue code, with zod\'s English', async () => {
    const res = await t.app.request('/admin-api/units', { method: 'POST', headers: staff, body: JSON.stringify({ ...unit, is_available: 'yes' }) });
    const answer = await named(res);
    expect(answer.code).toBe('invalid_request');
    expect(answer.detail.fields).toEqual([{ path: 'is_available', code: 'invalid_type', params: { message: expect.any(String) } }]);
    expect(answer.error).toBe(`is_available: ${String(answer.detail.fields?.[0]?.params?.message)}`);
    expect(answer.error).toMatch(/expected boolean/i);
  });

  it('names a field of a refusal decided in the database (a code another unit has)', async () => {
    const res = await t.app.request('/admin-api/units', { method: 'POST', headers: staff, body: JSON.stringify({ ...unit, office_id: 'OFF-102', name: 'Twin', service_type: 'dedicated_office' }) });
    const answer = await named(res);
    expect(answer).toEqual({
      status: 409,
      code: 'unit_code_taken',
      detail: { fields: [{ path: 'office_id', code: 'code_taken', params: { code: 'OFF-102' } }] },
      error: 'office_id: OFF-102 is already the code of another unit',
    });
  });

  it('names the problems of the request itself: not JSON, too large, no such endpoint, no session', async () => {
    const notJson = await named(await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }));
    expect([notJson.status, notJson.code, notJson.detail]).toEqual([400, 'invalid_json', {}]);
    const large = await named(await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(70_000) }));
    expect([large.status, large.code, large.detail]).toEqual([413, 'body_too_large', { params: { kilobytes: 64 } }]);
    const nowhere = await named(await t.app.request('/public-api/nowhere'));
    expect([nowhere.status, nowhere.code, nowhere.detail]).toEqual([404, 'no_such_endpoint', { params: { method: 'GET', path: '/public-api/nowhere' } }]);
    const signedOut = await named(await t.app.request('/admin-api/units'));
    expect([signedOut.status, signedOut.code]).toEqual([401, 'sign_in_required']);
  });

  it('words every code in English with its values, none of them missing or mistyped', () => {
    // A problem that lists fields says them; the others do not read them.
    const fields = [{ path: 'name', code: 'name_required' }] as const;
    for (const code of Object.keys(problems) as ProblemCode[]) {
      const params: readonly unknown[] = Object.hasOwn(sampleParams, code) ? sampleParams[code as CodeWithParams] : [undefined];
      expect(params.length, code).toBeGreaterThan(0);
      for (const sample of params) {
        const text = problemText({ code, params: sample, fields } as Problem);
        expect(text.trim(), code).not.toBe('');
        expect(text, code).not.toMatch(/undefined|NaN|\[object|\bnull\b/);
      }
    }
    const sample: Problem = { code: 'no_unit', params: { id: 7 } };
    expect(problemText(sample)).toBe('No unit 7');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemCodeHeader, problemDetail, problemDetailHeader, type ProblemDetail } from '../../src/shared/contract/common.ts';
import { problems, problemText, type Problem } from '../../src/shared/contract/problems.ts';
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

  it('gives each code one status, and every status an error status', () => {
    for (const [code, def] of Object.entries(problems)) {
      expect(def.status, code).toBeGreaterThanOrEqual(400);
      expect(def.status, code).toBeLessThan(600);
    }
    const sample: Problem = { code: 'no_unit', params: { id: 7 } };
    expect(problemText(sample)).toBe('No unit 7');
  });
});

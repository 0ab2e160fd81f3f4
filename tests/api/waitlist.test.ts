import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../src/server/deps.ts';
import { waitlistEntryCreated, waitlistListResponse, waitlistProblemHeader } from '../../src/shared/contract/waitlist.ts';
import { waitlistProblemEn, type WaitlistProblem } from '../../src/shared/domain/waitlist-rules.ts';
import { adminToken, backend, buildTestApp, waitlistEntryFor, type TestApp } from './test-app.ts';

const roomy = { max: 100_000, windowMs: 60_000 };

async function officeIdsOf(t: TestApp, serviceType: string): Promise<number[]> {
  const rows = await t.db.selectFrom('offices').select('id').where('service_type', '=', serviceType).where('is_available', '=', false).orderBy('id').execute();
  return rows.map((r) => r.id);
}

async function countEntries(t: TestApp): Promise<{ entries: number; offices: number }> {
  const entries = await t.db.selectFrom('waitlist_entries').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const offices = await t.db.selectFrom('waitlist_entry_offices').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { entries: Number(entries.n), offices: Number(offices.n) };
}

function post(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request('/public-api/waitlist', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe(`POST /public-api/waitlist (${backend})`, () => {
  let t: TestApp;
  let offices: number[];
  let desks: number[];
  let conferenceRoom: number;
  let valid: Record<string, unknown>;

  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, browse: roomy, leaseGuess: roomy, offer: roomy, checkout: roomy } } });
    offices = await officeIdsOf(t, 'dedicated_office');
    desks = await officeIdsOf(t, 'assigned_desk');
    const room = await t.db.selectFrom('offices').select('id').where('service_type', '=', 'conference_room').executeTakeFirstOrThrow();
    conferenceRoom = room.id;
    valid = waitlistEntryFor([offices[0]!, desks[0]!]);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('waitlist_entries').execute();
  });

  it('stores a valid entry and answers 201 { success: true, id }', async () => {
    const res = await post(t, valid);
    expect(res.status).toBe(201);
    const body = waitlistEntryCreated.parse(await res.json());
    expect(body.success).toBe(true);
    expect(await countEntries(t)).toEqual({ entries: 1, offices: 2 });

    const list = await t.app.request('/admin-api/waitlist', { headers: { authorization: `Bearer ${adminToken}` } });
    const entry = waitlistListResponse.parse(await list.json()).data.entries[0]!;
    expect(entry).toMatchObject({
      id: body.id,
      customer_name: 'Émilie Gagnon',
      email: 'emilie@example.ca',
      phone: '514-555-0100',
      number_of_users: 3,
      budget_min: 900,
      budget_max: 1500.5,
      desired_start_date: '2027-01-04',
      created_at: '2026-11-23T14:00:00Z',
    });
    expect(entry.offices.map((o) => o.id)).toEqual([offices[0], desks[0]]);
  });

  it('accepts the optional fields omitted (budgets are sent only when given) and ids as strings', async () => {
    const res = await post(t, { customer_name: 'Luc', email: 'luc@example.com', number_of_users: 1, service_offering_ids: [String(offices[1])] });
    expect(res.status).toBe(201);
    const row = await t.db.selectFrom('waitlist_entries').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: null, budget_min_cents: null, budget_max_cents: null, desired_start_date: null, idempotency_key: null });
  });

  it.each<[string, Record<string, unknown>]>([
    ['1 user and 1 office, the minimums', { number_of_users: 1, service_offering_ids: [1] }],
    ['10,000 users, the maximum', { number_of_users: 10_000 }],
    ['3 offices, the maximum', { service_offering_ids: 'three' }],
    ['budgets of 0', { budget_min: 0, budget_max: 0 }],
    ['equal budgets', { budget_min: 1200, budget_max: 1200 }],
    ['a budget of $10,000,000, the maximum', { budget_max: 10_000_000 }],
    ['null for the optional fields', { phone: null, budget_min: null, budget_max: null, desired_start_date: null }],
    // A queued entry can arrive after its start date: the form refuses past dates, the server keeps the entry.
    ['a start date in the past', { desired_start_date: '2026-11-01' }],
    ['extra fields, which are ignored', { company: 'Acme' }],
  ])('accepts %s', async (_label, change) => {
    const body = { ...valid, ...change };
    if (change.service_offering_ids === 'three') body.service_offering_ids = [offices[0], offices[1], desks[0]];
    if (Array.isArray(change.service_offering_ids)) body.service_offering_ids = [offices[0]];
    const res = await post(t, body);
    expect(res.status).toBe(201);
  });

  it('refuses a waitlist for an office that does not exist or has no waitlist', async () => {
    for (const ids of [[999_999], ['OFF-101'], [offices[0], 424_242]]) {
      const res = await post(t, { ...valid, service_offering_ids: ids });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: waitlistProblemEn.officeUnknown });
    }
    const room = await post(t, { ...valid, service_offering_ids: [conferenceRoom] });
    expect(room.status).toBe(400);
    expect(await room.json()).toEqual({ success: false, error: waitlistProblemEn.officeNotWaitlistable });
    expect((await countEntries(t)).entries).toBe(0);
  });

  const invalid: [string, Record<string, unknown> | ((v: Record<string, unknown>) => unknown), string][] = [
    ['no name', { customer_name: undefined }, 'Please fill in all required fields'],
    ['a blank name', { customer_name: '   ' }, 'Please fill in all required fields'],
    ['no e-mail', { email: undefined }, 'Please fill in all required fields'],
    ['an empty e-mail', { email: '' }, 'Please fill in all required fields'],
    ['a name that is not text', { customer_name: 42 }, 'Please fill in all required fields'],
    ['a name of 201 characters', { customer_name: 'x'.repeat(201) }, waitlistProblemEn.nameTooLong],
    ['an e-mail without @', { email: 'emilie.example.ca' }, 'Please enter a valid e-mail address'],
    ['an e-mail without a domain dot', { email: 'emilie@example' }, 'Please enter a valid e-mail address'],
    ['an e-mail of 255 characters', { email: `${'a'.repeat(243)}@example.com` }, 'Please enter a valid e-mail address'],
    ['a phone of 41 characters', { phone: '5'.repeat(41) }, waitlistProblemEn.phoneTooLong],
    ['no office', { service_offering_ids: [] }, 'Please select at least one office'],
    ['no office list', { service_offering_ids: undefined }, 'Please select at least one office'],
    ['4 offices', (v) => ({ ...v, service_offering_ids: [1, 2, 3, 4] }), waitlistProblemEn.officeLimit],
    ['an office id of 0', { service_offering_ids: [0] }, waitlistProblemEn.officeInvalid],
    ['a fractional office id', { service_offering_ids: [1.5] }, waitlistProblemEn.officeInvalid],
    ['an empty office id', { service_offering_ids: [''] }, waitlistProblemEn.officeInvalid],
    ['an office id that is an object', { service_offering_ids: [{ id: 1 }] }, waitlistProblemEn.officeInvalid],
    ['the same office twice', { service_offering_ids: [5, '5'] }, waitlistProblemEn.officeDuplicate],
    ['0 users', { number_of_users: 0 }, waitlistProblemEn.usersInvalid],
    ['-1 users', { number_of_users: -1 }, waitlistProblemEn.usersInvalid],
    ['1.5 users', { number_of_users: 1.5 }, waitlistProblemEn.usersInvalid],
    ['users as text', { number_of_users: '2' }, waitlistProblemEn.usersInvalid],
    ['no number of users', { number_of_users: undefined }, waitlistProblemEn.usersInvalid],
    ['10,001 users', { number_of_users: 10_001 }, waitlistProblemEn.usersTooMany],
    ['a negative minimum budget', { budget_min: -0.01 }, waitlistProblemEn.budgetInvalid],
    ['a budget as text', { budget_max: '1500' }, waitlistProblemEn.budgetInvalid],
    ['a budget over $10,000,000', { budget_max: 10_000_000.01 }, waitlistProblemEn.budgetTooHigh],
    ['a minimum budget above the maximum', { budget_min: 1500.01, budget_max: 1500 }, waitlistProblemEn.budgetOrder],
    ['an impossible date', { desired_start_date: '2027-02-30' }, waitlistProblemEn.dateInvalid],
    ['a date in another format', { desired_start_date: '04/01/2027' }, waitlistProblemEn.dateInvalid],
    ['a date and time', { desired_start_date: '2027-01-04T09:00:00Z' }, waitlistProblemEn.dateInvalid],
    ['a list instead of an entry', () => [1, 2], 'The waitlist entry must be a JSON object'],
    ['null instead of an entry', () => null, 'The waitlist entry must be a JSON object'],
  ];

  it.each(invalid)('refuses %s with 400 and a clear message', async (_label, change, message) => {
    const body = typeof change === 'function' ? change(valid) : { ...valid, ...change };
    const res = await post(t, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: message });
    expect((await countEntries(t)).entries).toBe(0);
  });

  it.each<[string, (v: Record<string, unknown>) => unknown, WaitlistProblem]>([
    ['no name', (v) => ({ ...v, customer_name: '' }), 'required'],
    ['a bad e-mail', (v) => ({ ...v, email: 'emilie.example.ca' }), 'emailInvalid'],
    ['4 offices', (v) => ({ ...v, service_offering_ids: [1, 2, 3, 4] }), 'officeLimit'],
    ['budgets the wrong way round', (v) => ({ ...v, budget_min: 2, budget_max: 1 }), 'budgetOrder'],
    ['an office that does not exist', (v) => ({ ...v, service_offering_ids: [999_999] }), 'officeUnknown'],
    ['a list instead of an entry', () => [1, 2], 'bodyInvalid'],
  ])('names the problem of %s by its code in a header, beside its English text', async (_label, change, code) => {
    const res = await post(t, change(valid));
    expect(res.status).toBe(400);
    expect(res.headers.get(waitlistProblemHeader)).toBe(code);
    expect(await res.json()).toEqual({ success: false, error: waitlistProblemEn[code] });
  });

  it('names no problem code on an answer that is not about the entry', async () => {
    const notJson = await post(t, '{"customer_name": ');
    expect(notJson.headers.get(waitlistProblemHeader)).toBeNull();
    const created = await post(t, valid);
    expect(created.status).toBe(201);
    expect(created.headers.get(waitlistProblemHeader)).toBeNull();
  });

  it('refuses a body that is not JSON, a bad Idempotency-Key and an oversized body', async () => {
    const notJson = await post(t, '{"customer_name": ');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ success: false, error: 'The request body is not valid JSON' });

    for (const key of ['k'.repeat(256), 'has space', 'clé']) {
      const res = await post(t, valid, { 'idempotency-key': key });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'Idempotency-Key must be 1 to 255 visible ASCII characters' });
    }

    const huge = await post(t, { ...valid, notes: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ success: false });
    expect((await countEntries(t)).entries).toBe(0);
  });

  it('never answers a 5xx, whatever the body and headers (property-based)', async () => {
    const officeId = fc.oneof(fc.constantFrom(...offices, ...desks, conferenceRoom, 0, -1, 999_999), fc.string(), fc.double(), fc.anything());
    const field = <T>(arb: fc.Arbitrary<T>) => fc.option(fc.oneof(arb, fc.anything()), { nil: undefined });
    const entryLike = fc.record(
      {
        customer_name: field(fc.string()),
        email: field(fc.oneof(fc.emailAddress(), fc.string())),
        phone: field(fc.string()),
        number_of_users: field(fc.oneof(fc.integer(), fc.double())),
        budget_min: field(fc.double()),
        budget_max: field(fc.double()),
        desired_start_date: field(fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.string())),
        service_offering_ids: field(fc.array(officeId, { maxLength: 5 })),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      entryLike.map((v) => JSON.stringify(v)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string(),
    );
    const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,300}$/);
    const headers = fc.record(
      { 'idempotency-key': headerValue, 'content-type': fc.oneof(fc.constant('application/json'), headerValue) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, headers, async (b, h) => {
        const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: h, body: b });
        expect(res.status).toBeLessThan(500);
        expect([201, 400, 413, 422]).toContain(res.status);
        const json = (await res.json()) as { success: unknown; error?: unknown };
        if (res.status === 201) expect(json.success).toBe(true);
        else expect(typeof json.error).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  describe('Idempotency-Key', () => {
    it('answers a replay with the first answer and stores nothing new', async () => {
      const first = await post(t, valid, { 'idempotency-key': 'entry-1' });
      expect(first.status).toBe(201);
      const { id } = waitlistEntryCreated.parse(await first.json());
      for (let i = 0; i < 3; i++) {
        const again = await post(t, valid, { 'idempotency-key': 'entry-1' });
        expect(again.status).toBe(201);
        expect(await again.json()).toEqual({ success: true, id });
        expect(again.headers.get('idempotent-replayed')).toBe('true');
      }
      expect(await countEntries(t)).toEqual({ entries: 1, offices: 2 });
    });

    it('treats the same entry written differently (key order, spaces, id as text) as a replay', async () => {
      const first = waitlistEntryCreated.parse(await (await post(t, valid, { 'idempotency-key': 'entry-2' })).json());
      const reordered = Object.fromEntries(Object.entries(valid).reverse());
      const respaced = { ...reordered, customer_name: '  Émilie Gagnon ', service_offering_ids: [String(offices[0]), desks[0]] };
      const again = await post(t, respaced, { 'idempotency-key': 'entry-2' });
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual({ success: true, id: first.id });
      expect((await countEntries(t)).entries).toBe(1);
    });

    it('answers 422 to the same key with another entry, and keeps the first', async () => {
      await post(t, valid, { 'idempotency-key': 'entry-3' });
      for (const change of [{ number_of_users: 4 }, { service_offering_ids: [offices[0]] }, { budget_max: 1500.51 }, { phone: undefined }]) {
        const res = await post(t, { ...valid, ...change }, { 'idempotency-key': 'entry-3' });
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({ success: false, error: 'This Idempotency-Key was already used for a different waitlist entry' });
      }
      const row = await t.db.selectFrom('waitlist_entries').selectAll().executeTakeFirstOrThrow();
      expect(row.number_of_users).toBe(3);
      expect((await countEntries(t)).entries).toBe(1);
    });

    it('stores one entry per key, and an unkeyed entry each time it is sent', async () => {
      await post(t, valid, { 'idempotency-key': 'a' });
      await post(t, valid, { 'idempotency-key': 'b' });
      await post(t, valid);
      await post(t, valid);
      expect((await countEntries(t)).entries).toBe(4);
    });

    it('stores one entry when 20 replays of one key arrive at once', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(t, valid, { 'idempotency-key': 'racing-key' })));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
      const ids = new Set(await Promise.all(answers.map(async (r) => waitlistEntryCreated.parse(await r.json()).id)));
      expect(ids.size).toBe(1);
      expect(await countEntries(t)).toEqual({ entries: 1, offices: 2 });
    });

    it('lets exactly one of two different entries racing on one key win', async () => {
      const other = { ...valid, customer_name: 'Someone Else' };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(t, i % 2 === 0 ? valid : other, { 'idempotency-key': 'contested-key' })),
      );
      const stored = await t.db.selectFrom('waitlist_entries').select('customer_name').execute();
      expect(stored).toHaveLength(1);
      const winner = stored[0]!.customer_name;
      answers.forEach((r, i) => {
        const sentName = i % 2 === 0 ? valid.customer_name : other.customer_name;
        expect(r.status).toBe(sentName === winner ? 201 : 422);
      });
    });
  });
});

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../../src/server/cli/command.ts';
import { runCli } from '../../src/server/cli/cli.ts';
import { createApp } from '../../src/server/app.ts';
import { demoOffersText, seedDemoOffers } from '../../src/server/lease/seed-offers.ts';
import { problemCodeHeader, problemDetail, problemDetailHeader } from '../../src/shared/contract/common.ts';
import { leaseOfferResponse } from '../../src/shared/contract/lease.ts';
import { endOfSpaceDay } from '../../src/shared/domain/zoned-time.ts';
import { adminToken, appAdminClient, backend, testBankingKeys, testNow, type TestApp } from './test-app.ts';
import { admin, buildLeaseTestApp, createOffer, post, sign, submitInfo } from './lease-fixtures.ts';

const offers = '/admin-api/lease-offers';
const validOffer = { email: 'tenant@example.com', office_ids: ['OFF-101'], start_date: '2026-12-01', monthly_rate: 1200 };

describe(`staff lease offers: /admin-api/lease-offers (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildLeaseTestApp();
  });
  afterAll(() => t.close());

  it('refuses every call without the admin token (401)', async () => {
    for (const [method, path] of [
      ['POST', offers],
      ['GET', offers],
      ['POST', `${offers}/${randomBytes(18).toString('base64url')}/expire`],
    ] as const) {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', adminToken]) {
        const res = await t.app.request(path, {
          method,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: method === 'POST' ? JSON.stringify(validOffer) : undefined,
        });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ success: false, error: authorization?.startsWith('Bearer ') ? 'A valid admin token is required' : 'Please sign in to continue' });
      }
    }
  });

  it('creates an offer (201 { code, url }) that the public call opens', async () => {
    const res = await post(t, offers, { ...validOffer, company_name: 'Acme', contact_name: 'Ana', lease_term_months: 6 }, admin);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ success: true, id: expect.any(Number), code: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), url: `http://localhost:5173/lease/${body.code}`, emailed: true, not_free: [] });
    // The invitation waits in the outbox with the link encrypted: the code is nowhere in clear.
    const invitation = await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'lease_offer_created').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ recipient: validOffer.email, language: 'en', status: 'pending' });
    expect(JSON.stringify(invitation)).not.toContain(body.code);
    const { offer } = leaseOfferResponse.parse(await (await t.app.request(`/public-api/lease-offers/${body.code}`)).json());
    expect(offer).toMatchObject({ company_name: 'Acme', contact_name: 'Ana', lease_term_months: 6, monthly_discount: 0, signup_discount: 0, move_in_fee_type: 'monthly_rate', move_in_fee_amount: null });
  });

  it('takes office ids as office codes or numeric ids, and defaults the rate to the sum of their list prices', async () => {
    const office = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'PRK-01').executeTakeFirstOrThrow();
    const { code } = await createOffer(t, { office_ids: ['OFF-102', office.id], monthly_rate: undefined, start_date: '2027-01-01' });
    const { offer } = leaseOfferResponse.parse(await (await t.app.request(`/public-api/lease-offers/${code}`)).json());
    expect(offer.services.map((s) => s.name)).toEqual(['Office 102 - Courtyard', 'Parking Spot P1']);
    expect(offer.monthly_rate).toBe(2250);
  });

  it.each([
    ['a bad e-mail', { email: 'nope' }, 'email: A valid e-mail address is required'],
    ['no offices', { office_ids: [] }, 'office_ids: At least one office is required'],
    ['an unknown office', { office_ids: ['OFF-101', 'NOPE-1'] }, 'office_ids: no such office: NOPE-1'],
    ['an impossible start date', { start_date: '2026-02-30' }, 'start_date: Expected a date as YYYY-MM-DD'],
    ['a negative rate', { monthly_rate: -1 }, 'monthly_rate: Amounts cannot be negative'],
    ['a rate with three decimals', { monthly_rate: 10.005 }, 'monthly_rate: Amounts have at most two decimals'],
    ['a rate that is not a number', { monthly_rate: 'twelve' }, 'monthly_rate: Expected an amount such as 1200 or 1200.50'],
    ['a term of 0 months', { lease_term_months: 0 }, 'lease_term_months: Too small: expected number to be >=1'],
    ['an unknown move-in fee type', { move_in_fee_type: 'double' }, 'move_in_fee_type: Invalid option: expected one of "monthly_rate"|"fixed_amount"|"none"'],
    ['a fixed fee without its amount', { move_in_fee_type: 'fixed_amount' }, 'move_in_fee_amount: move_in_fee_amount is required when move_in_fee_type is fixed_amount'],
    ['an expiry in the past', { expires_at: '2026-11-01T00:00:00Z' }, 'expires_at: must be in the future'],
    ['an office without a list price and no rate', { office_ids: ['OFF-301'], monthly_rate: undefined }, 'monthly_rate: required when an office has no list price'],
  ])('refuses %s with 400 and says why', async (_label, overrides, error) => {
    const res = await post(t, offers, { ...validOffer, ...overrides }, admin);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error });
  });

  it('names only the first problem of a body with several', async () => {
    const res = await post(t, offers, { ...validOffer, email: 'nope', office_ids: [] }, admin);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'email: A valid e-mail address is required' });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await post(t, offers, 'not json', admin);
    expect(res.status).toBe(400);
  });

  it('refuses an offer starting before today at the space (400 naming start_date), and takes one starting today', async () => {
    // 14:00 UTC on 2026-11-23 is 9:00 in Montréal: the 22nd has passed there.
    const res = await post(t, offers, { ...validOffer, start_date: '2026-11-22' }, admin);
    expect(res.status).toBe(400);
    expect(res.headers.get(problemCodeHeader)).toBe('invalid_request');
    expect(problemDetail.parse(JSON.parse(Buffer.from(res.headers.get(problemDetailHeader)!, 'base64url').toString('utf8'))).fields).toEqual([
      { path: 'start_date', code: 'not_before_today', params: { today: '2026-11-23' } },
    ]);
    expect(await res.json()).toEqual({ success: false, error: 'start_date: must be today (2026-11-23) or later: a lease is signed by its start date' });
    expect(await t.db.selectFrom('lease_offers').select('id').where('start_date', '<', '2026-11-23').execute()).toEqual([]);
    expect((await post(t, offers, { ...validOffer, start_date: '2026-11-23' }, admin)).status).toBe(201);
  });

  it('cuts an offer’s expiry to the end of its start date in Montréal: 30 days by default, or the day asked for', async () => {
    const byDefault = await createOffer(t, { start_date: '2026-11-25' });
    const asked = await createOffer(t, { start_date: '2026-12-01', expires_at: '2026-12-31' });
    const sooner = await createOffer(t, { start_date: '2026-12-15', expires_at: '2026-12-01' });
    const at = (iso: string, code: string) => createApp({ ...t.deps, clock: () => new Date(iso) }).request(`/public-api/lease-offers/${code}`);
    expect((await at('2026-11-26T04:59:00Z', byDefault.code)).status).toBe(200);
    expect((await at('2026-11-26T05:00:00Z', byDefault.code)).status).toBe(410);
    expect((await at('2026-12-02T04:59:00Z', asked.code)).status).toBe(200);
    expect((await at('2026-12-02T05:00:00Z', asked.code)).status).toBe(410);
    // An expiry before the start stays as asked.
    expect((await at('2026-12-02T05:00:00Z', sooner.code)).status).toBe(410);
    const closes = await t.db.selectFrom('lease_offers').select(sql<string>`start_date::text`.as('start')).select('expires_at').where('start_date', 'in', ['2026-11-25', '2026-12-15']).orderBy('start_date').execute();
    expect(closes.map((o) => [o.start, new Date(o.expires_at).toISOString()])).toEqual([
      ['2026-11-25', '2026-11-26T05:00:00.000Z'],
      ['2026-12-15', '2026-12-02T05:00:00.000Z'],
    ]);
  });

  it('takes expires_at as a date: the offer closes at the end of that day in Montréal', async () => {
    const { code } = await createOffer(t, { expires_at: '2026-11-24' });
    const at = (iso: string) => createApp({ ...t.deps, clock: () => new Date(iso) }).request(`/public-api/lease-offers/${code}`);
    expect((await at('2026-11-25T04:59:00Z')).status).toBe(200);
    expect((await at('2026-11-25T05:00:00Z')).status).toBe(410);
  });

  it('lists offers with their status: new, contract_generated, signed, expired', async () => {
    const fresh = await createOffer(t, { company_name: 'List New', office_ids: ['OFF-101'] });
    const generated = await createOffer(t, { company_name: 'List Generated' });
    await submitInfo(t, generated.code, { company_name: 'List Generated', contact_name: 'A', phone: '1' });
    const signed = await createOffer(t, { company_name: 'List Signed' });
    await submitInfo(t, signed.code, { company_name: 'List Signed', contact_name: 'A', phone: '1' });
    expect((await sign(t, signed.code)).status).toBe(200);
    const expired = await createOffer(t, { company_name: 'List Expired' });
    expect((await post(t, `${offers}/${expired.code}/expire`, {}, admin)).status).toBe(200);
    void fresh;

    const res = await t.app.request(offers, { headers: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; offers: { company_name: string; status: string; offices: string[]; signed_at: string | null }[] };
    const byCompany = Object.fromEntries(body.offers.map((o) => [o.company_name, o]));
    expect(byCompany['List New']).toMatchObject({ status: 'new', offices: ['OFF-101'], signed_at: null });
    expect(byCompany['List Generated']?.status).toBe('contract_generated');
    expect(byCompany['List Signed']).toMatchObject({ status: 'signed', signed_at: testNow.toISOString() });
    expect(byCompany['List Expired']?.status).toBe('expired');
    expect(JSON.stringify(body)).not.toContain(fresh.code);
  });

  it('expires an offer: 404 for an unknown code, 409 for a signed one', async () => {
    expect((await post(t, `${offers}/${randomBytes(18).toString('base64url')}/expire`, {}, admin)).status).toBe(404);
    const signed = await createOffer(t);
    await submitInfo(t, signed.code, { company_name: 'S', contact_name: 'A', phone: '1' });
    await sign(t, signed.code);
    const refused = await post(t, `${offers}/${signed.code}/expire`, {}, admin);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ success: false, error: 'A signed offer cannot be expired' });
    expect((await t.app.request(`/public-api/lease-offers/${signed.code}`)).status).toBe(200);
  });

  it('answers 400 to an offer number that is not one, on every numbered path', async () => {
    for (const [method, path] of [
      ['GET', `${offers}/abc`],
      ['GET', `${offers}/0`],
      ['GET', `${offers}/abc/agreement.pdf`],
      ['POST', `${offers}/abc/resend`],
      ['POST', `${offers}/99999999999/expire`],
    ] as const) {
      const res = await t.app.request(path, { method, headers: admin });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'Not an offer number' });
    }
  });
});

describe(`the staff command line: npm run admin -- offer … (${backend})`, () => {
  let t: TestApp;
  let client: AdminClient;
  beforeAll(async () => {
    t = await buildLeaseTestApp();
    client = appAdminClient(t);
  });
  afterAll(() => t.close());

  async function run(...argv: string[]): Promise<string[]> {
    const lines: string[] = [];
    await runCli(argv, client, (line) => lines.push(line));
    return lines;
  }

  it('offer create takes the fields as flags and prints the link, offer list shows it, offer expire closes it', async () => {
    const created = await run(
      'offer', 'create',
      '--email', 'cli@example.com',
      '--company-name', 'Command Line Co',
      '--contact_name', 'Ana',
      '--office_ids', 'OFF-101,PRK-01',
      '--start_date', '2027-01-01',
      '--monthly_rate', '1500.50',
      '--monthly_discount', '50',
      '--signup_discount', '100',
      '--lease_term_months', '12',
      '--move_in_fee_type', 'fixed_amount',
      '--move_in_fee_amount', '250',
      '--expires_at', '2026-12-31',
    );
    const url = created.find((l) => l.startsWith('http://localhost:5173/lease/'));
    expect(url).toBeDefined();
    const code = url!.split('/').pop()!;
    expect(created).toContain(`Code: ${code}`);
    const { offer } = leaseOfferResponse.parse(await (await t.app.request(`/public-api/lease-offers/${code}`)).json());
    expect(offer).toMatchObject({ email: 'cli@example.com', company_name: 'Command Line Co', contact_name: 'Ana', monthly_rate: 1500.5, monthly_discount: 50, signup_discount: 100, move_in_fee_type: 'fixed_amount', move_in_fee_amount: 250, start_date: '2027-01-01' });
    expect(offer.services).toHaveLength(2);

    const listed = await run('offer', 'list');
    expect(listed[0]).toMatch(/^id\s+status\s+email\s+company/);
    const row = listed.find((l) => l.includes('Command Line Co'));
    expect(row).toMatch(/\bnew\b/);
    expect(row).toContain('OFF-101, PRK-01');
    expect(row).toContain('1500.50');

    expect(await run('offer', 'expire', code)).toEqual(['Lease offer expired.']);
    expect((await t.app.request(`/public-api/lease-offers/${code}`)).status).toBe(410);
    const json = JSON.parse((await run('offer', 'list', '--json')).join('\n')) as { company_name: string; status: string }[];
    expect(json.find((o) => o.company_name === 'Command Line Co')?.status).toBe('expired');
  });

  it('passes the server\'s refusal on as an error', async () => {
    await expect(run('offer', 'create', '--email', 'x@example.com', '--start_date', '2027-01-01')).rejects.toThrow('400: office_ids:');
    await expect(run('offer', 'create', '--email', 'x@example.com', '--office_ids', 'OFF-101', '--start_date', '2026-11-20')).rejects.toThrow(
      '400: start_date: must be today (2026-11-23) or later: a lease is signed by its start date',
    );
    await expect(run('offer', 'expire')).rejects.toThrow('Usage: npm run admin -- offer expire CODE');
    // A code of the right shape that no offer has (a leading '-' would read as a flag, as no real code begins).
    await expect(run('offer', 'expire', `A${randomBytes(18).toString('base64url').slice(1)}`)).rejects.toThrow('404: Lease offer not found');
  });
});

describe(`the demo lease offers (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildLeaseTestApp();
  });
  afterAll(() => t.close());

  it('makes one offer in each state once, and their links open them in that state', async () => {
    const made = await seedDemoOffers(t.db, testBankingKeys, testNow, 'http://127.0.0.1:8080', 'test');
    expect(made?.map((o) => o.status)).toEqual(['new', 'contract_generated', 'signed', 'expired']);
    for (const demo of made!) {
      expect(demo.url).toBe(`http://127.0.0.1:8080/lease/${demo.code}`);
      const res = await t.app.request(`/public-api/lease-offers/${demo.code}`);
      if (demo.status === 'expired') {
        expect(res.status).toBe(410);
      } else {
        expect(res.status).toBe(200);
        expect(leaseOfferResponse.parse(await res.json()).offer.status).toBe(demo.status);
      }
    }
    const signed = made!.find((o) => o.status === 'signed')!;
    expect((await t.app.request(`/public-api/lease-offers/${signed.code}/download-pdf?language=fr`)).status).toBe(200);
    expect(demoOffersText(made!).split('\n')).toHaveLength(4);
    // Each closes by the end of its start date, as staff's own offers do.
    const offered = await t.db.selectFrom('lease_offers').select([sql<string>`start_date::text`.as('start'), 'expires_at']).execute();
    expect(offered).toHaveLength(4);
    for (const o of offered) expect(new Date(o.expires_at).getTime()).toBeLessThanOrEqual(endOfSpaceDay(o.start).getTime());
    expect(await seedDemoOffers(t.db, testBankingKeys, testNow, 'http://127.0.0.1:8080', 'test')).toBeNull();
  });
});

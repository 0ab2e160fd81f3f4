import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { placeOrder } from '../../src/server/bookings/orders.ts';
import { buildCheckout } from '../../src/shared/contract/checkout.ts';
import { defaultRateLimits } from '../../src/server/deps.ts';
import { openSecret } from '../../src/server/outbox/outbox.ts';
import { runWaitlistRound } from '../../src/server/waitlist/round.ts';
import { unitQueueResponse } from '../../src/shared/contract/staff-console.ts';
import { waitlistListResponse } from '../../src/shared/contract/waitlist.ts';
import { waitlistEntryResponse, waitlistOfferResponse } from '../../src/shared/contract/waitlist-offers.ts';
import { quote } from '../../src/shared/domain/pricing.ts';
import { addDays } from '../../src/shared/domain/time.ts';
import { spaceToday } from '../../src/shared/domain/zoned-time.ts';
import { site } from '../../src/shared/site.ts';
import { checkoutBody, inventory, payTestCheckout, postCheckout } from './checkout-helpers.ts';
import { acknowledgementRow, adminToken, backend, buildTestApp, testBankingKeys, testNow, type TestApp } from './test-app.ts';

const hour = 3_600_000;
const minute = 60_000;
const officeWindow = site.waitlist.claimWindowHours.dedicated_office * hour;

/** A test app whose clock the test moves. */
async function appWithClock(start: Date): Promise<TestApp & { clock: { now: Date } }> {
  const clock = { now: start };
  const t = await buildTestApp({ now: start, deps: { clock: () => clock.now } });
  return { ...t, clock };
}

const admin = { authorization: `Bearer ${adminToken}` };

async function unitId(t: TestApp, code: string): Promise<number> {
  return (await t.db.selectFrom('offices').select('id').where('office_id', '=', code).executeTakeFirstOrThrow()).id;
}

/** Joins the waitlist as the form does; the entry's id. */
async function join(t: TestApp, who: { name: string; email: string; language?: 'en' | 'fr' }, unitIds: number[]): Promise<number> {
  const res = await t.app.request('/public-api/waitlist', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ customer_name: who.name, email: who.email, number_of_users: 1, service_offering_ids: unitIds, language: who.language ?? 'en' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

function patchUnit(t: TestApp, id: number, body: Record<string, unknown>) {
  return t.app.request(`/admin-api/units/${id}`, { method: 'PATCH', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const markAvailable = (t: TestApp, id: number) => patchUnit(t, id, { is_available: true, next_available_date: null });

async function openOffers(t: TestApp, id: number) {
  return t.db.selectFrom('waitlist_offers').select(['id', 'entry_id', 'expires_at']).where('office_id', '=', id).where('status', '=', 'open').execute();
}

/** The links of the offer e-mails sent to this address, newest last. */
async function offerMails(t: TestApp, email: string) {
  const rows = await t.db.selectFrom('outbox').select(['id', 'language', 'secret_encrypted', 'subject_ids']).where('kind', '=', 'waitlist_offer').where('recipient', '=', email).orderBy('created_at').execute();
  return rows.map((r) => {
    const links = JSON.parse(openSecret(testBankingKeys, r.secret_encrypted!, r.id)!) as { claim: string; decline: string };
    return { ...links, language: r.language, offerId: (typeof r.subject_ids === 'string' ? JSON.parse(r.subject_ids) : r.subject_ids).waitlistOfferId as string };
  });
}

async function listed(t: TestApp, id: number) {
  return (await inventory(t)).find((o) => o.id === id)!;
}

const round = (t: TestApp & { clock: { now: Date } }) => runWaitlistRound({ db: t.db, clock: () => t.clock.now, keyring: testBankingKeys });

async function unitStatus(t: TestApp, entryId: number, id: number): Promise<string> {
  return (await t.db.selectFrom('waitlist_entry_offices').select('status').where('entry_id', '=', entryId).where('office_id', '=', id).executeTakeFirstOrThrow()).status;
}

describe(`a freed unit is offered to its waitlist (${backend})`, () => {
  let t: TestApp & { clock: { now: Date } };
  let office: number;
  let other: number;
  const entries: Record<string, number> = {};

  beforeAll(async () => {
    t = await appWithClock(testNow);
    office = await unitId(t, 'OFF-201');
    other = await unitId(t, 'OFF-202');
    entries.anna = await join(t, { name: 'Anna Roy', email: 'anna@example.com', language: 'fr' }, [office, other]);
    t.clock.now = new Date(testNow.getTime() + minute);
    entries.ben = await join(t, { name: 'Ben Côté', email: 'ben@example.com' }, [other]);
    t.clock.now = new Date(testNow.getTime() + 2 * minute);
    entries.chloe = await join(t, { name: 'Chloé Lavoie', email: 'chloe@example.com' }, [office]);
    t.clock.now = new Date(testNow.getTime() + hour);
  });
  afterAll(() => t.close());

  it('staff mark it available: the oldest entry naming it is offered it, and no one else', async () => {
    const res = await markAvailable(t, office);
    expect(res.status).toBe(200);
    const offers = await openOffers(t, office);
    expect(offers.map((o) => o.entry_id)).toEqual([entries.anna]);
    expect(new Date(offers[0]!.expires_at).getTime()).toBe(t.clock.now.getTime() + officeWindow);
    expect(await unitStatus(t, entries.anna!, office)).toBe('offered');
    expect(await unitStatus(t, entries.chloe!, office)).toBe('waiting');
    expect(await offerMails(t, 'ben@example.com')).toEqual([]);
    expect(await offerMails(t, 'chloe@example.com')).toEqual([]);
    const [mail] = await offerMails(t, 'anna@example.com');
    expect(mail?.language).toBe('fr');
    expect(mail?.claim).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.decline).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.claim).not.toBe(mail?.decline);
  });

  it('the links are never stored in clear: only their hashes', async () => {
    const [mail] = await offerMails(t, 'anna@example.com');
    const row = await t.db.selectFrom('waitlist_offers').selectAll().where('id', '=', mail!.offerId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(mail!.claim);
    expect(JSON.stringify(row)).not.toContain(mail!.decline);
  });

  it('while the offer is open the public list shows the unit taken, available the day after the claim window ends', async () => {
    const unit = await listed(t, office);
    const [offer] = await openOffers(t, office);
    expect(unit.is_available).toBe(false);
    expect(unit.next_available_date).toBe(addDays(spaceToday(new Date(offer!.expires_at)), 1));
  });

  it('a second Rent Now (even one priced as if on sale) is refused, and the database rule that stops double booking holds the unit for the offer', async () => {
    const res = await postCheckout(t, await claimBody(t, office, { product: 'office_monthly' }));
    expect(res.status).toBe(409);
    // Past the route's own check, straight at the database: the exclusion constraint refuses a rental hold.
    const unit = (await listed(t, office))!;
    const q = quote({ ...unit, is_available: true }, { product: 'office_monthly' }, spaceToday(t.clock.now))!;
    const placed = await placeOrder(t.db, {
      id: randomUUID(),
      provider: 'test',
      unitId: office,
      clientKey: 'someone-else',
      maxUnpaidHolds: 3,
      unitName: unit.name,
      serviceType: unit.service_type,
      quote: q,
      bookingDate: spaceToday(t.clock.now),
      locale: 'en',
      successUrl: 'http://localhost:5173/checkout-success',
      cancelUrl: 'http://localhost:5173/',
      hold: { kind: 'rental', from: spaceToday(t.clock.now) },
      now: t.clock.now,
      sessionExpiresAt: new Date(t.clock.now.getTime() + 31 * minute),
    });
    expect(placed).toEqual({ kind: 'already_booked' });
  });

  it('GET on the links changes nothing (a mail scanner that follows them declines nothing)', async () => {
    const [mail] = await offerMails(t, 'anna@example.com');
    for (const path of [`/public-api/waitlist/offers/${mail!.claim}`, `/public-api/waitlist/declines/${mail!.decline}`]) {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { offer } = waitlistOfferResponse.parse(await res.json());
      expect(offer).toMatchObject({ status: 'open', customerName: 'Anna Roy', language: 'fr' });
      expect(offer.unit).toMatchObject({ id: office, is_available: true });
    }
    expect((await openOffers(t, office)).map((o) => o.entry_id)).toEqual([entries.anna]);
  });

  it('not interested: the offer closes and the next entry naming the unit gets it at once; asked again, the same answer', async () => {
    const [mail] = await offerMails(t, 'anna@example.com');
    const decline = () => t.app.request(`/public-api/waitlist/declines/${mail!.decline}`, { method: 'POST' });
    const res = await decline();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: 'declined' });
    expect((await openOffers(t, office)).map((o) => o.entry_id)).toEqual([entries.chloe]);
    expect(await unitStatus(t, entries.anna!, office)).toBe('declined');
    // Anna still waits for her other office.
    expect(await unitStatus(t, entries.anna!, other)).toBe('waiting');
    const again = await decline();
    expect(again.status).toBe(200);
    expect((await offerMails(t, 'chloe@example.com')).length).toBe(1);
  });

  // Chloe's links, as her e-mail gave them before the offer expired (an unsent e-mail's are erased when its offer ends).
  let chloeMail: Awaited<ReturnType<typeof offerMails>>[number] | undefined;

  it('the window passes: the offer expires at its end, to the minute, and with nobody left the unit goes on sale', async () => {
    [chloeMail] = await offerMails(t, 'chloe@example.com');
    const [offer] = await openOffers(t, office);
    const end = new Date(offer!.expires_at).getTime();
    t.clock.now = new Date(end - minute);
    expect(await round(t)).toEqual({ expired: 0, freed: 0 });
    expect((await openOffers(t, office)).length).toBe(1);
    t.clock.now = new Date(end);
    expect((await round(t)).expired).toBe(1);
    expect(await openOffers(t, office)).toEqual([]);
    expect(await unitStatus(t, entries.chloe!, office)).toBe('expired');
    const unit = await listed(t, office);
    expect(unit).toMatchObject({ is_available: true, next_available_date: null });
  });

  it('a claim after expiry is refused', async () => {
    const mail = chloeMail;
    const body = { ...(await checkoutBody(t, 'OFF-201', { product: 'office_monthly' })), waitlistOffer: mail!.claim };
    const res = await postCheckout(t, body);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/has ended/);
    const page = waitlistOfferResponse.parse(await (await t.app.request(`/public-api/waitlist/offers/${mail!.claim}`)).json());
    expect(page.offer.status).toBe('expired');
  });

  it('an unknown link is a 404, and guesses are counted like lease codes', async () => {
    const res = await t.app.request(`/public-api/waitlist/offers/${'x'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect((await t.app.request('/public-api/waitlist/offers/short')).status).toBe(404);
    expect((await t.app.request(`/public-api/waitlist/declines/${'y'.repeat(43)}`, { method: 'POST' })).status).toBe(404);
    expect((await t.app.request(`/public-api/waitlist/entries/${'z'.repeat(43)}/leave`, { method: 'POST' })).status).toBe(404);
  });
});

describe(`claiming an offered unit through the usual checkout (${backend})`, () => {
  let t: TestApp & { clock: { now: Date } };
  let office: number;
  let desk: number;
  let entry: number;

  beforeAll(async () => {
    t = await appWithClock(testNow);
    office = await unitId(t, 'OFF-202');
    desk = await unitId(t, 'OFF-203');
    entry = await join(t, { name: 'Dina Haddad', email: 'dina@example.com' }, [office, desk]);
    await join(t, { name: 'Eli Paquette', email: 'eli@example.com' }, [desk]);
    t.clock.now = new Date(testNow.getTime() + hour);
    expect((await markAvailable(t, office)).status).toBe(200);
    expect((await markAvailable(t, desk)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('the claim link checks out at the on-sale price; paying turns the offer into the order, the entry claimed and the unit rented', async () => {
    const offers = await t.db.selectFrom('waitlist_offers').select(['id', 'office_id', 'status']).where('entry_id', '=', entry).orderBy('office_id').execute();
    expect(offers.map((o) => o.status)).toEqual(['open', 'open']);
    const mails = await offerMails(t, 'dina@example.com');
    const claimFor = (unit: number) => mails.find((m) => offers.find((o) => String(o.id) === m.offerId)?.office_id === unit)!.claim;

    // A day booking does not fill the unit: only renting it claims it.
    const daily = await claimBody(t, office, { product: 'office_daily', dates: [spaceToday(t.clock.now)] }, claimFor(office));
    expect((await postCheckout(t, daily)).status).toBe(422);
    // Another unit's claim link does not open this one.
    const wrong = await claimBody(t, office, { product: 'office_monthly' }, claimFor(desk));
    expect((await postCheckout(t, wrong)).status).toBe(404);

    const res = await postCheckout(t, await claimBody(t, office, { product: 'office_monthly' }, claimFor(office)));
    expect(res.status).toBe(200);
    const sessionId = ((await res.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
    expect((await payTestCheckout(t, sessionId, { buyer_name: 'Dina Haddad', buyer_email: 'dina@example.com' })).status).toBe(303);

    const order = await t.db.selectFrom('orders').select(['id', 'status', 'waitlist_offer_id']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    const claimed = await t.db.selectFrom('waitlist_offers').select(['status', 'order_id']).where('id', '=', order.waitlist_offer_id!).executeTakeFirstOrThrow();
    expect(claimed).toEqual({ status: 'claimed', order_id: order.id });
    expect(await unitStatus(t, entry, office)).toBe('claimed');
    const held = await t.db.selectFrom('reservations').select(['status', 'order_id', 'offer_id']).where('office_id', '=', office).where('status', 'in', ['held', 'booked']).execute();
    expect(held).toEqual([{ status: 'booked', order_id: order.id, offer_id: null }]);
    expect(await listed(t, office)).toMatchObject({ is_available: false, next_available_date: null });

    // Served: her other open offer ends and the round passes the desk to the next in line.
    await runWaitlistRound({ db: t.db, clock: () => t.clock.now, keyring: testBankingKeys });
    const deskOffers = await t.db.selectFrom('waitlist_offers').select(['entry_id', 'status']).where('office_id', '=', desk).orderBy('id').execute();
    expect(deskOffers.map((o) => o.status)).toEqual(['withdrawn', 'open']);
    expect(deskOffers[1]!.entry_id).not.toBe(entry);
    const list = waitlistListResponse.parse(await (await t.app.request('/admin-api/waitlist', { headers: admin })).json());
    expect(list.data.entries.find((e) => e.id === entry)?.state).toBe('claimed');
  });
});

/** A call-1 body for a unit under an offer, priced as on sale (as the claim page prices it), with the claim token when given. */
async function claimBody(t: TestApp, id: number, choice: Parameters<typeof quote>[1], waitlistOffer?: string) {
  const unit = { ...(await listed(t, id)), is_available: true };
  return buildCheckout(unit, choice, { today: spaceToday(t.deps.clock()), origin: 'http://localhost:5173', waitlistOffer })!.request;
}

describe(`the claim window over a night the clocks change (${backend})`, () => {
  // Friday, March 12, 2027, 10:00 a.m. EST; clocks go forward on Sunday the 14th at 2 a.m.
  const friday = new Date('2027-03-12T15:00:00Z');
  let t: TestApp & { clock: { now: Date } };

  beforeAll(async () => {
    t = await appWithClock(friday);
  });
  afterAll(() => t.close());

  it('48 hours are 48 hours: the offer ends Sunday at 11 a.m. EDT, expires then and not a minute before, and the list says Monday', async () => {
    const office = await unitId(t, 'OFF-204');
    await join(t, { name: 'Fanny Dion', email: 'fanny@example.com' }, [office]);
    expect((await markAvailable(t, office)).status).toBe(200);
    const [offer] = await openOffers(t, office);
    expect(new Date(offer!.expires_at).toISOString()).toBe('2027-03-14T15:00:00.000Z');
    expect((await listed(t, office)).next_available_date).toBe('2027-03-15');
    t.clock.now = new Date('2027-03-14T14:59:00Z');
    expect((await round(t)).expired).toBe(0);
    t.clock.now = new Date('2027-03-14T15:00:00Z');
    expect((await round(t)).expired).toBe(1);
  });
});

describe(`one open offer per unit, ever (${backend})`, () => {
  let t: TestApp & { clock: { now: Date } };

  beforeAll(async () => {
    t = await appWithClock(testNow);
  });
  afterAll(() => t.close());

  it('20 concurrent "mark available" calls make one offer and one e-mail', async () => {
    const office = await unitId(t, 'OFF-203');
    await join(t, { name: 'Gil Morin', email: 'gil@example.com' }, [office]);
    await join(t, { name: 'Hana Ito', email: 'hana@example.com' }, [office]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => markAvailable(t, office)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await openOffers(t, office)).length).toBe(1);
    const all = await t.db.selectFrom('waitlist_offers').select('id').where('office_id', '=', office).execute();
    expect(all.length).toBe(1);
    expect((await offerMails(t, 'gil@example.com')).length).toBe(1);
    expect(await offerMails(t, 'hana@example.com')).toEqual([]);
  });
});

describe(`a rental that ends frees its unit by itself (${backend})`, () => {
  let t: TestApp & { clock: { now: Date } };

  beforeAll(async () => {
    t = await appWithClock(testNow);
  });
  afterAll(() => t.close());

  it('the day after its date has come, the round offers it to its waitlist; a unit nobody waits for goes on sale', async () => {
    const office = await unitId(t, 'OFF-103');
    const desk = await unitId(t, 'HOT-02');
    const until = spaceToday(testNow);
    await patchUnit(t, office, { next_available_date: addDays(until, 1) });
    await patchUnit(t, desk, { next_available_date: addDays(until, 1) });
    const entry = await join(t, { name: 'Ines Roy', email: 'ines@example.com' }, [office]);
    expect(await round(t)).toEqual({ expired: 0, freed: 0 });
    t.clock.now = new Date(testNow.getTime() + 24 * hour);
    expect((await round(t)).freed).toBe(2);
    expect((await openOffers(t, office)).map((o) => o.entry_id)).toEqual([entry]);
    expect(await listed(t, desk)).toMatchObject({ is_available: true, next_available_date: null });
  });
});

describe(`leaving the waitlist, and staff steering it (${backend})`, () => {
  let t: TestApp & { clock: { now: Date } };
  let office: number;
  const entries: Record<string, number> = {};

  beforeAll(async () => {
    t = await appWithClock(testNow);
    office = await unitId(t, 'OFF-202');
    entries.jo = await join(t, { name: 'Jo Blais', email: 'jo@example.com' }, [office]);
    t.clock.now = new Date(testNow.getTime() + minute);
    entries.kim = await join(t, { name: 'Kim Nadeau', email: 'kim@example.com' }, [office]);
    t.clock.now = new Date(testNow.getTime() + 2 * minute);
    entries.lou = await join(t, { name: 'Lou Fortin', email: 'lou@example.com' }, [office]);
  });
  afterAll(() => t.close());

  const queue = async () => unitQueueResponse.parse(await (await t.app.request(`/admin-api/units/${office}/waitlist`, { headers: admin })).json());
  const post = (path: string, body?: unknown) =>
    t.app.request(path, { method: 'POST', headers: { ...admin, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });

  it('the leave link shows each unit and the place in line, and leaving takes the entry out of the line', async () => {
    const token = await leaveToken(t, entries.kim!);
    const view = waitlistEntryResponse.parse(await (await t.app.request(`/public-api/waitlist/entries/${token}`)).json());
    expect(view.entry.units).toEqual([expect.objectContaining({ office_id: 'OFF-202', status: 'waiting', place: 2 })]);
    expect((await post(`/public-api/waitlist/entries/${token}/leave`)).status).toBe(200);
    expect((await post(`/public-api/waitlist/entries/${token}/leave`)).status).toBe(200);
    const after = waitlistEntryResponse.parse(await (await t.app.request(`/public-api/waitlist/entries/${token}`)).json());
    expect(after.entry.state).toBe('left');
    expect((await queue()).queue.map((q) => [q.customer_name, q.place])).toEqual([
      ['Jo Blais', 1],
      ['Kim Nadeau', null],
      ['Lou Fortin', 2],
    ]);
  });

  it('pause: a freed unit goes on sale instead; resume; offer by hand to the next in line; skip the open offer and it passes on', async () => {
    expect((await post(`/admin-api/units/${office}/waitlist/pause`)).status).toBe(200);
    expect((await markAvailable(t, office)).status).toBe(200);
    expect(await openOffers(t, office)).toEqual([]);
    expect(await listed(t, office)).toMatchObject({ is_available: true });
    expect((await post(`/admin-api/units/${office}/waitlist/resume`)).status).toBe(200);

    const offered = unitQueueResponse.parse(await (await post(`/admin-api/units/${office}/waitlist/offer`, {})).json());
    expect(offered.open_offer).toMatchObject({ entry_id: entries.jo, offered_by: 'admin token' });
    expect(await listed(t, office)).toMatchObject({ is_available: false });
    expect((await post(`/admin-api/units/${office}/waitlist/offer`, {})).status).toBe(409);

    const skipped = unitQueueResponse.parse(await (await post(`/admin-api/waitlist/${entries.jo}/skip`, { unit_id: office })).json());
    expect(skipped.open_offer).toMatchObject({ entry_id: entries.lou, offered_by: 'waitlist' });
    expect(skipped.queue.find((q) => q.entry_id === entries.jo)?.status).toBe('skipped');

    const audit = await t.db.selectFrom('staff_audit').select(['action', 'subject_id']).where('action', 'like', 'waitlist_%').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['waitlist_paused', 'waitlist_resumed', 'waitlist_offered', 'waitlist_skipped']);
  });

  it('marking the unit occupied withdraws the open offer, and its person keeps their place', async () => {
    expect((await patchUnit(t, office, { is_available: false, next_available_date: null })).status).toBe(200);
    expect(await openOffers(t, office)).toEqual([]);
    expect(await unitStatus(t, entries.lou!, office)).toBe('waiting');
  });
});

async function leaveToken(t: TestApp, entryId: number): Promise<string> {
  const row = await acknowledgementRow(t.db, entryId);
  return openSecret(testBankingKeys, row.secret_encrypted!, row.id)!;
}

describe(`what a review of the first version found (${backend})`, () => {
  let t: TestApp & { clock: { now: Date } };

  beforeEach(async () => {
    t = await appWithClock(testNow);
  });
  afterEach(() => t.close());

  it('the claim token is stored nowhere in clear, not even in the checkout’s addresses: a cancelled claim comes back without it', async () => {
    const office = await unitId(t, 'OFF-202');
    await join(t, { name: 'Mona Vial', email: 'mona@example.com' }, [office]);
    await markAvailable(t, office);
    const [mail] = await offerMails(t, 'mona@example.com');
    const body = await claimBody(t, office, { product: 'office_monthly' }, mail!.claim);
    expect(body.cancelUrl).toBe('http://localhost:5173/waitlist/offer');
    expect((await postCheckout(t, body)).status).toBe(200);
    // A body whose addresses carry the token is refused before anything is stored.
    const leaky = { ...body, cancelUrl: `http://localhost:5173/waitlist/offer/${mail!.claim}` };
    expect((await postCheckout(t, leaky)).status).toBe(400);
    const tables = ['orders', 'waitlist_offers', 'waitlist_entries', 'outbox', 'reservations', 'staff_audit'] as const;
    for (const table of tables) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(mail!.claim);
      expect(JSON.stringify(rows), table).not.toContain(mail!.decline);
    }
  });

  it('claim checkouts started one after another hold the unit past the deadline by one checkout at most', async () => {
    const office = await unitId(t, 'OFF-202');
    await join(t, { name: 'Noé Lamy', email: 'noe@example.com' }, [office]);
    await markAvailable(t, office);
    const [offer] = await openOffers(t, office);
    const deadline = new Date(offer!.expires_at).getTime();
    const [mail] = await offerMails(t, 'noe@example.com');
    const claim = async () => postCheckout(t, await claimBody(t, office, { product: 'office_monthly' }, mail!.claim));
    t.clock.now = new Date(deadline - minute);
    expect((await claim()).status).toBe(200);
    const [extended] = await openOffers(t, office);
    expect(new Date(extended!.expires_at).getTime()).toBeGreaterThan(deadline);
    // After the deadline no new checkout starts, though the hold of the one under way still stands.
    t.clock.now = new Date(deadline + minute);
    expect((await claim()).status).toBe(409);
    expect((await round(t)).expired).toBe(0);
    t.clock.now = new Date(extended!.expires_at);
    expect((await round(t)).expired).toBe(1);
  });

  it('an abandoned checkout’s lapsed hold does not stop the unit being offered', async () => {
    const desk = await unitId(t, 'DSK-01');
    // A visitor starts renting the desk and never pays; staff then mark it occupied, and later free again.
    expect((await postCheckout(t, await checkoutBody(t, 'DSK-01', { product: 'standard' }))).status).toBe(200);
    expect((await patchUnit(t, desk, { is_available: false, next_available_date: null })).status).toBe(200);
    await join(t, { name: 'Olga Petit', email: 'olga@example.com' }, [desk]);
    t.clock.now = new Date(testNow.getTime() + 2 * hour);
    expect((await markAvailable(t, desk)).status).toBe(200);
    expect((await openOffers(t, desk)).length).toBe(1);
  });

  it('marked occupied while offered, with no date, the unit stays occupied: the offer’s date goes with the offer', async () => {
    const office = await unitId(t, 'OFF-202');
    await join(t, { name: 'Paul Roy', email: 'paul@example.com' }, [office]);
    await markAvailable(t, office);
    expect((await patchUnit(t, office, { is_available: false })).status).toBe(200);
    expect(await listed(t, office)).toMatchObject({ is_available: false, next_available_date: null });
    t.clock.now = new Date(testNow.getTime() + 5 * 24 * hour);
    expect(await round(t)).toEqual({ expired: 0, freed: 0 });
    expect(await openOffers(t, office)).toEqual([]);
  });

  it('an entry deleted on request while its person is at the checkout: the unit goes to the next, and the late payment is refunded, not booked twice', async () => {
    const office = await unitId(t, 'OFF-202');
    const first = await join(t, { name: 'Rémi Côté', email: 'remi@example.com' }, [office]);
    t.clock.now = new Date(testNow.getTime() + minute);
    const second = await join(t, { name: 'Sara Gill', email: 'sara@example.com' }, [office]);
    await markAvailable(t, office);
    const [mail] = await offerMails(t, 'remi@example.com');
    const res = await postCheckout(t, await claimBody(t, office, { product: 'office_monthly' }, mail!.claim));
    const sessionId = ((await res.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
    expect((await t.app.request(`/admin-api/waitlist/${first}`, { method: 'DELETE', headers: admin })).status).toBe(200);
    // Every message about the entry goes with it, its offer's e-mail too.
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', 'remi@example.com').execute()).toEqual([]);
    expect((await openOffers(t, office)).map((o) => o.entry_id)).toEqual([second]);
    expect((await payTestCheckout(t, sessionId, { buyer_name: 'Rémi Côté', buyer_email: 'remi@example.com' })).status).toBe(303);
    const order = await t.db.selectFrom('orders').select(['status', 'refund_reason']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(order.refund_reason).toBe('paid_after_taken');
    expect(['refund_pending', 'refunded']).toContain(order.status);
    expect((await openOffers(t, office)).map((o) => o.entry_id)).toEqual([second]);
    const booked = await t.db.selectFrom('reservations').select('id').where('office_id', '=', office).where('status', '=', 'booked').execute();
    expect(booked).toEqual([]);
  });

  it('claim links guessed at the checkout count with every other secret link’s guesses', async () => {
    const limited = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, leaseGuess: { max: 3, windowMs: 60_000 } } } });
    try {
      const office = await unitId(limited, 'OFF-202');
      const body = await claimBody(limited, office, { product: 'office_monthly' }, 'g'.repeat(43));
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await postCheckout(limited, body, '203.0.113.7')).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      // And the links' own pages share that count.
      expect((await limited.app.request(`/public-api/waitlist/offers/${'h'.repeat(43)}`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

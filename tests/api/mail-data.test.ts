import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPayment } from '../../src/server/bookings/payment-events.ts';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { payNowPaid } from '../../src/server/billing/pay-now.ts';
import { providerRefusedUs } from '../../src/server/billing/provider-incidents.ts';
import { ProviderRefusedError } from '../../src/server/payments/provider.ts';
import { paymentPageResponse } from '../../src/shared/contract/bookings.ts';
import { earlierRows } from '../../src/server/messages/earlier-rows.ts';
import { emlFileTransport } from '../../src/server/mail/transport.ts';
import { createRenderer, type EarlierRows } from '../../src/server/messages/render.ts';
import { messageKinds, readMessageData } from '../../src/server/outbox/message-data.ts';
import type { MessageSubject } from '../../src/server/outbox/outbox.ts';
import { sendDueMessages, type ClaimedMessage, type MailerDeps } from '../../src/server/outbox/worker.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { site } from '../../src/shared/site.ts';
import { checkoutBody, checkoutOk, payTestCheckout } from './checkout-helpers.ts';
import { admin, buildLeaseTestApp, companyInfo, createOffer, sign, signedOffer, submitInfo } from './lease-fixtures.ts';
import { backend, testBankingKeys, testNow, waitlistEntryFor, type TestApp } from './test-app.ts';

/*
 * Issue 30: a message carries what it says, written with its event; sending it reads nothing
 * else. These prove it with the database closed, and show what becomes of a row whose data
 * this version cannot read, of one an earlier version wrote without data, and of the e-mail of
 * an offer that ended before it went.
 */

const siteOrigin = 'http://localhost:5173';
const from = { name: site.productName, address: site.email };

/** What a template would need were it to look anything up: nothing here answers. */
const noEarlierRows = Object.fromEntries(
  messageKinds.map((kind) => [
    kind,
    () => {
      throw new Error(`a ${kind} row that carries its data asked for its records`);
    },
  ]),
) as unknown as EarlierRows;

async function payRoom(t: TestApp, date: string, buyer = { buyer_name: 'Camille Tremblay', buyer_email: 'camille@example.com' }) {
  const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date }, 'en'));
  expect((await payTestCheckout(t, sessionId, buyer)).status).toBe(303);
  return orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
}

async function unitId(t: TestApp, code: string): Promise<number> {
  return (await t.db.selectFrom('offices').select('id').where('office_id', '=', code).executeTakeFirstOrThrow()).id;
}

const patchUnit = (t: TestApp, id: number, body: unknown) => t.app.request(`/admin-api/units/${id}`, { method: 'PATCH', headers: admin, body: JSON.stringify(body) });

describe(`every message renders from its row alone, with the database closed (${backend})`, () => {
  let now = testNow;
  const clock = () => now;
  let claimed: ClaimedMessage[] = [];

  beforeAll(async () => {
    const t = await buildLeaseTestApp({ deps: { clock } });
    const token = await payRoom(t, '2026-11-26');
    const { sessionId: officeSession } = await checkoutOk(t, await checkoutBody(t, 'OFF-102', { product: 'office_daily', dates: ['2026-11-25', '2026-11-26'] }, 'fr'));
    expect((await payTestCheckout(t, officeSession, { buyer_name: 'Dana Okafor', buyer_email: 'dana@example.com' })).status).toBe(303);
    const office = orderResponse.parse(await (await t.app.request(`/public-api/orders/${officeSession}`)).json()).manageToken!;
    const cancel = await t.app.request(`/public-api/bookings/${office}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ dates: ['2026-11-26'] }) });
    expect(cancel.status).toBe(200);
    const { sessionId: spotSession } = await checkoutOk(t, await checkoutBody(t, 'PRK-01', { product: 'standard' }, 'en'));
    expect((await payTestCheckout(t, spotSession, { buyer_name: 'Sam Spot', buyer_email: 'sam@example.com' })).status).toBe(303);
    const spot = orderResponse.parse(await (await t.app.request(`/public-api/orders/${spotSession}`)).json()).manageToken!;
    expect((await t.app.request(`/public-api/bookings/${spot}/notice`, { method: 'POST', headers: { 'idempotency-key': randomUUID() } })).status).toBe(200);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A payment that comes after its hold lapsed and the date was sold: refunded.
    const body = await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-08' }, 'en');
    const lateSession = await checkoutOk(t, body);
    now = new Date(testNow.getTime() + 40 * 60_000);
    const other = await checkoutOk(t, body);
    expect((await payTestCheckout(t, other.sessionId, { buyer_name: 'Paul Winner', buyer_email: 'paul@example.com' })).status).toBe(303);
    expect(await confirmPayment(t.ctx, lateSession.sessionId, { paymentIntentId: 'pi_late', buyer: { name: 'Lina Late', email: 'lina@example.com' } })).toBe('paid_but_taken');

    const studio = await unitId(t, 'OFF-201');
    const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...waitlistEntryFor([studio]), language: 'fr' }) });
    expect(res.status).toBe(201);
    expect((await patchUnit(t, studio, { is_available: true, next_available_date: null })).status).toBe(200);

    await createOffer(t, { email: 'invited@example.com', contact_name: 'Ines Invitée', language: 'fr' });
    // A two-month lease: the rounds of December announce the end of its term (31 January) to the tenant and staff.
    await signedOffer(t, { email: 'signer@example.com', company_name: 'Acme Analytics inc.', lease_term_months: 2 });
    // A lease whose desk a visitor is paying for as the tenant signs: refused, and staff are told.
    const late = await createOffer(t, { email: 'late@example.com', company_name: 'Tardive inc.', office_ids: ['DSK-02'], send_email: false });
    expect((await submitInfo(t, late.code, { ...companyInfo, company_name: 'Tardive inc.' })).status).toBe(200);
    await checkoutOk(t, await checkoutBody(t, 'DSK-02', { product: 'standard' }, 'en'));
    expect((await sign(t, late.code)).status).toBe(409);

    // A desk whose bank asks for authentication on every charge made without its customer.
    const { sessionId: deskSession } = await checkoutOk(t, await checkoutBody(t, 'DSK-01', { product: 'standard' }, 'fr'));
    expect((await payTestCheckout(t, deskSession, { buyer_name: 'Noémie Refus', buyer_email: 'noemie@example.com', card_number: '4000 0027 6000 3184' })).status).toBe(303);
    // A hot desk with no card on file, as one sold before cards were kept: its invoice is sent with Pay now.
    const { sessionId: hotSession } = await checkoutOk(t, await checkoutBody(t, 'HOT-01', { product: 'standard' }, 'en'));
    expect((await payTestCheckout(t, hotSession, { buyer_name: 'Hugo Sanscarte', buyer_email: 'hugo@example.com' })).status).toBe(303);
    await t.db.updateTable('rentals').set({ provider_customer_id: null, payment_method_id: null }).where('customer_email', '=', 'hugo@example.com').execute();
    // December is invoiced on the 1st: the parking spot's is paid, the desk's tried three times, then staff are told.
    const billing = { db: t.db, clock, payments: t.deps.payments, keyring: testBankingKeys };
    for (const day of ['2026-12-01', '2026-12-04', '2026-12-08']) {
      now = new Date(`${day}T14:00:00Z`);
      await runBillingRound(billing);
    }
    // Hugo opens Pay now and leaves; staff record his cheque; the abandoned page's payment lands after: it goes back, staff are told.
    const hugo = orderResponse.parse(await (await t.app.request(`/public-api/orders/${hotSession}`)).json()).manageToken!;
    const hugoInvoice = await t.db.selectFrom('invoices as i').innerJoin('rentals as r', 'r.id', 'i.rental_id').select(['i.number', 'i.rental_id']).where('r.customer_email', '=', 'hugo@example.com').executeTakeFirstOrThrow();
    const page = paymentPageResponse.parse(await (await t.app.request(`/public-api/bookings/${hugo}/invoices/${hugoInvoice.number}/pay`, { method: 'POST' })).json());
    expect((await t.app.request(`${new URL(page.url).pathname}/cancel`, { method: 'POST' })).status).toBe(303);
    const cheque = await t.app.request(`/admin-api/rentals/${hugoInvoice.rental_id}/invoices/${hugoInvoice.number}/payments`, {
      method: 'POST',
      headers: { ...admin, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ method: 'cheque', reference: '1042' }),
    });
    expect(cheque.status).toBe(200);
    const abandoned = await t.db.selectFrom('invoice_payments').select('id').where('trigger', '=', 'pay_now').executeTakeFirstOrThrow();
    await payNowPaid(billing, abandoned.id, { outcome: 'succeeded', paymentId: 'test_pi_late', paymentMethodId: null }, null);
    // Sam changes the card of his parking spot.
    const cardPage = paymentPageResponse.parse(await (await t.app.request(`/public-api/bookings/${spot}/card`, { method: 'POST' })).json());
    const changed = await t.app.request(`${new URL(cardPage.url).pathname}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'card_number=4242424242424242' });
    expect(changed.status).toBe(303);
    // A tenancy's initial debit, filed on the 8th, comes back for lack of funds: the tenant is told of the re-debit and its fee.
    const tenancy = await t.db.selectFrom('invoices as i').innerJoin('rentals as r', 'r.id', 'i.rental_id').select(['i.number', 'i.rental_id']).where('r.pays_by', '=', 'pad').executeTakeFirstOrThrow();
    expect((await t.app.request('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: '2026-12-08' }) })).status).toBe(201);
    const returned = await t.app.request(`/admin-api/rentals/${tenancy.rental_id}/invoices/${tenancy.number}/pad-return`, { method: 'POST', headers: admin, body: JSON.stringify({ code: '901' }) });
    expect(returned.status).toBe(201);
    // Staff end Noémie's desk at once: December's days after today credited, the prepaid month pays the rest, its surplus refunded.
    const noemie = await t.db.selectFrom('rentals').select('id').where('customer_email', '=', 'noemie@example.com').executeTakeFirstOrThrow();
    const ended = await t.app.request(`/admin-api/rentals/${noemie.id}/end`, {
      method: 'POST',
      headers: { ...admin, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ mode: 'now', reason: 'Unpaid since December 1' }),
    });
    expect(ended.status).toBe(200);
    // Stripe refuses the site's key: staff are told once.
    await providerRefusedUs(t.db, new ProviderRefusedError('authentication', 'invalid_request_error', 'Invalid API Key provided: sk_live_****abcd'), now);
    // The renderer's clock: before the waitlist offer's claim window ends, so its e-mail still offers.
    now = new Date(testNow.getTime() + 40 * 60_000);

    const rows = await t.db.selectFrom('outbox').selectAll().where('status', '=', 'pending').execute();
    claimed = rows.map((row) => {
      const read = readMessageData(row.kind as ClaimedMessage['kind'], row.data);
      if (!read.ok) throw new Error(read.problem);
      const about = (typeof row.subject_ids === 'string' ? JSON.parse(row.subject_ids) : row.subject_ids) as MessageSubject;
      return { id: row.id, kind: row.kind, recipient: row.recipient, language: row.language, about, data: read.data, secretEncrypted: row.secret_encrypted, attempts: 1, giveUpAt: row.give_up_at, claimedUntil: now } as ClaimedMessage;
    });
    // Nothing is left to read: a template that ran a query would fail.
    await t.close();
  });

  /**
   * What each message written above must say, taken from its event: by kind, recipient and the
   * first fact (who it is about, or what), then the facts it carries (names, receipt and credit
   * note numbers, units, amounts, its links). French amounts are written with spaces here; the
   * text's no-break spaces read as spaces.
   */
  const ops = site.operations.email;
  const carries: { kind: ClaimedMessage['kind']; to: string; facts: string[] }[] = [
    { kind: 'order_paid', to: 'camille@example.com', facts: ['Camille Tremblay', 'Conference Room Saint-Laurent', 'receipt 2026-000001', '$402.41', `${siteOrigin}/booking/`] },
    { kind: 'staff_order_paid', to: ops, facts: ['Camille Tremblay', 'camille@example.com', 'Conference Room Saint-Laurent', 'Reçu : 2026-000001', '402,41 $'] },
    { kind: 'order_paid', to: 'dana@example.com', facts: ['Dana Okafor', 'Office 102 - Courtyard', 'reçu 2026-000002', '482,90 $', `${siteOrigin}/booking/`] },
    { kind: 'staff_order_paid', to: ops, facts: ['Dana Okafor', 'dana@example.com', 'Office 102 - Courtyard', 'Reçu : 2026-000002', '482,90 $'] },
    { kind: 'booking_cancelled', to: 'dana@example.com', facts: ['Dana Okafor', 'Office 102 - Courtyard', 'Jour annulé : jeudi 26 novembre 2026', 'Toujours réservé : mercredi 25 novembre 2026', 'Note de crédit : NC-2026-000001', '241,45 $'] },
    { kind: 'staff_booking_cancelled', to: ops, facts: ['Dana Okafor', 'Office 102 - Courtyard', 'Jours annulés : jeudi 26 novembre 2026', 'Note de crédit : NC-2026-000001', 'Montant remboursé : 241,45 $'] },
    { kind: 'order_paid', to: 'sam@example.com', facts: ['Sam Spot', 'Parking Spot P1', 'receipt 2026-000003', '$275.94'] },
    { kind: 'staff_order_paid', to: ops, facts: ['Sam Spot', 'sam@example.com', 'Parking Spot P1', 'Reçu : 2026-000003', '275,94 $'] },
    { kind: 'rental_notice_given', to: 'sam@example.com', facts: ['Sam Spot', 'Parking Spot P1', 'Last day of the rental: Monday, November 22, 2027', 'paid from the last month you paid in advance'] },
    { kind: 'staff_rental_notice_given', to: ops, facts: ['Sam Spot', 'Parking Spot P1', 'Dernier jour de la location : lundi 22 novembre 2027'] },
    { kind: 'order_paid', to: 'paul@example.com', facts: ['Paul Winner', 'Meeting Room Mont-Royal', 'receipt 2026-000004', '$252.95'] },
    { kind: 'staff_order_paid', to: ops, facts: ['Paul Winner', 'paul@example.com', 'Meeting Room Mont-Royal', 'Reçu : 2026-000004', '252,95 $'] },
    { kind: 'order_refunded', to: 'lina@example.com', facts: ['Lina Late', 'Meeting Room Mont-Royal', 'Original receipt: 2026-000005', 'Credit note: NC-2026-000002', '$252.95'] },
    { kind: 'staff_order_refunded', to: ops, facts: ['Lina Late', 'Meeting Room Mont-Royal', 'Note de crédit : NC-2026-000002', 'Montant remboursé : 252,95 $', 'pi_late'] },
    { kind: 'waitlist_received', to: 'emilie@example.ca', facts: ['Émilie Gagnon', 'Office 201 - Studio', 'de 900,00 $ à 1 500,50 $ par mois', `${siteOrigin}/waitlist/leave/`] },
    { kind: 'staff_waitlist_entry', to: ops, facts: ['Émilie Gagnon', 'emilie@example.ca', 'Office 201 - Studio', 'Inscription : #1'] },
    { kind: 'waitlist_offer', to: 'emilie@example.ca', facts: ['Émilie Gagnon', 'Office 201 - Studio', '1 829,64 $', '940,80 $', `${siteOrigin}/waitlist/offer/`, `${siteOrigin}/waitlist/decline/`] },
    { kind: 'lease_offer_created', to: 'invited@example.com', facts: ['Ines Invitée', 'Office 101 - Window', 'Loyer mensuel : 1 200,00 $', '4 034,40 $', `${siteOrigin}/lease/`] },
    { kind: 'lease_offer_created', to: 'signer@example.com', facts: ['Office 101 - Window', 'Monthly rent: $1,200.00', '$4,034.40', `${siteOrigin}/lease/`] },
    { kind: 'lease_signed', to: 'signer@example.com', facts: ['Jeanne Tremblay', 'Acme Analytics inc.', 'Office 101 - Window', '$4,034.40', '$1,379.70'] },
    { kind: 'staff_lease_signing_refused', to: ops, facts: ['Tardive inc.', 'late@example.com', 'Desk A2', 'Offre : #3'] },
    { kind: 'staff_lease_signed', to: ops, facts: ['Acme Analytics inc.', 'Jeanne Tremblay', 'signer@example.com', 'Office 101 - Window', '4 034,40 $', 'Offre : #2'] },
    { kind: 'order_paid', to: 'noemie@example.com', facts: ['Noémie Refus', 'Desk A1', 'reçu 2026-000006'] },
    { kind: 'staff_order_paid', to: ops, facts: ['Noémie Refus', 'noemie@example.com', 'Desk A1', 'Reçu : 2026-000006'] },
    { kind: 'invoice_paid', to: 'sam@example.com', facts: ['Sam Spot', 'Invoice: F-2026-', 'Period: December 2026', 'Parking Spot P1: rent, December 2026', 'Total paid', '$172.46', 'January 1, 2027', `${siteOrigin}/booking/`] },
    { kind: 'invoice_payment_failed', to: 'noemie@example.com', facts: ['Essai de paiement : 1 sur 3', 'Noémie Refus', 'Facture : F-2026-', '517,39 $', 'vendredi 4 décembre 2026', `${siteOrigin}/booking/`] },
    { kind: 'invoice_payment_failed', to: 'noemie@example.com', facts: ['Essai de paiement : 2 sur 3', 'Noémie Refus', 'Facture : F-2026-', 'mardi 8 décembre 2026', `${siteOrigin}/booking/`] },
    { kind: 'invoice_payment_failed', to: 'noemie@example.com', facts: ['Essai de paiement : 3 sur 3', 'Noémie Refus', 'Facture : F-2026-', 'dernier essai automatique', `${siteOrigin}/booking/`] },
    { kind: 'order_paid', to: 'hugo@example.com', facts: ['Hugo Sanscarte', 'Hot Desk Membership - Lounge', 'receipt 2026-000007'] },
    { kind: 'staff_order_paid', to: ops, facts: ['Hugo Sanscarte', 'hugo@example.com', 'Reçu : 2026-000007'] },
    { kind: 'invoice_issued', to: 'hugo@example.com', facts: ['Hugo Sanscarte', 'Invoice: F-2026-', 'no card on file', '$287.44', 'Pay now', `${siteOrigin}/booking/`] },
    { kind: 'invoice_paid', to: 'hugo@example.com', facts: ['Hugo Sanscarte', 'by cheque', '$287.44', 'Cheque'] },
    { kind: 'staff_invoice_paid_twice', to: ops, facts: ['Hugo Sanscarte', 'hugo@example.com', 'Hot Desk Membership - Lounge', '287,44 $', 'test_pi_late'] },
    { kind: 'rental_ended', to: 'noemie@example.com', facts: ['Noémie Refus', 'Desk A1', 'mardi 8 décembre 2026', 'Note de crédit NC-2026-', 'sur la facture F-2026-', 'sur le reçu 2026-000006', 'remboursé sur votre carte', 'Rien n’est dû', `${siteOrigin}/booking/`] },
    { kind: 'pad_debit_returned', to: 'signer@example.com', facts: ['was returned by your bank (NSF, 901)', 'We will debit it again on Friday, December 18, 2026', 'the handling fee of $25.00', 'Reason given by the bank: NSF, 901'] },
    { kind: 'lease_term_ending', to: 'signer@example.com', facts: ['The 2-month term of your lease of Office 101 - Window ends on Sunday, January 31, 2027.', 'Notice to end it by: Friday, January 1, 2027', 'continues from month to month'] },
    { kind: 'staff_lease_term_ending', to: ops, facts: ['Acme Analytics inc.', 'Office 101 - Window', 'dimanche 31 janvier 2027', 'de mois en mois'] },
    { kind: 'card_changed', to: 'sam@example.com', facts: ['Sam Spot', 'The card for your rental of Parking Spot P1 was changed on', 'Your next invoice: $172.46 on Friday, January 1, 2027', 'If you did not change it', `${siteOrigin}/booking/`] },
    { kind: 'staff_payment_provider_refused', to: ops, facts: ['Stripe refuse les requêtes du site', 'la clé d’API a été refusée', 'invalid_request_error', 'Invalid API Key provided: sk_live_****abcd', 'STRIPE_SECRET_KEY'] },
    { kind: 'staff_invoice_overdue', to: ops, facts: ['Noémie Refus', 'noemie@example.com', 'Desk A1', 'Facture : F-2026-', '517,39 $', 'authentication_required'] },
  ];

  it('renders each kind, and a row that carries its data never asks for its records', async () => {
    expect(new Set(claimed.map((m) => m.kind))).toEqual(new Set(messageKinds));
    const render = createRenderer({ keyring: testBankingKeys, siteOrigin, from, clock, earlierRows: noEarlierRows });
    const rendered: { id: string; kind: string; to: string; text: string }[] = [];
    for (const message of claimed) {
      const mail = await render(message);
      expect(mail, message.kind).not.toBe('gone');
      if (mail === 'gone') continue;
      expect(mail.to.address).toBe(message.recipient);
      expect(mail.text.length).toBeGreaterThan(200);
      rendered.push({ id: message.id, kind: message.kind, to: mail.to.address, text: mail.text.replaceAll('\u00a0', ' ') });
    }
    // Each message says the facts of its own event, and every message written is one of these.
    const found = new Set<string>();
    for (const { kind, to, facts } of carries) {
      const mail = rendered.find((m) => m.kind === kind && m.to === to && m.text.includes(facts[0]!));
      const label = `${kind} to ${to} about ${facts[0]}`;
      expect(mail, label).toBeDefined();
      for (const fact of facts) expect(mail?.text, label).toContain(fact);
      found.add(mail!.id);
    }
    expect(rendered.filter((m) => !found.has(m.id)).map((m) => `${m.kind} to ${m.to}`)).toEqual([]);
    expect(found.size).toBe(carries.length);
    expect(rendered.length).toBe(carries.length);
  });
});

describe(`what the worker does with rows it cannot send as written (${backend})`, () => {
  let t: TestApp;
  let dir: string;
  let now = testNow;
  const clock = () => now;
  const mailer = (): MailerDeps => ({
    db: t.db,
    clock,
    transport: emlFileTransport(dir),
    render: createRenderer({ keyring: testBankingKeys, siteOrigin, from, clock, earlierRows: earlierRows(t.db, testBankingKeys) }),
  });
  const row = (id: string) => t.db.selectFrom('outbox').select(['status', 'last_error', 'data', 'secret_encrypted']).where('id', '=', id).executeTakeFirstOrThrow();
  const rowOf = (kind: string) => t.db.selectFrom('outbox').select('id').where('kind', '=', kind).orderBy('created_at', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mail-data-'));
    t = await buildLeaseTestApp({ deps: { clock } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails a row whose data does not read with why, and goes on with the others', async () => {
    await payRoom(t, '2026-11-27');
    const paid = await rowOf('order_paid');
    await t.db.updateTable('outbox').set({ data: JSON.stringify({ order: { id: 42 } }) }).where('id', '=', paid.id).execute();
    expect(await sendDueMessages(mailer())).toEqual({ sent: 1, retry: 0, failed: 1 });
    const failed = await row(paid.id);
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toMatch(/^its data does not read as a message of kind order_paid \(order\.id: .+\): it was written by another version/);
    const staff = await row((await rowOf('staff_order_paid')).id);
    // Once sent, what it said leaves the database with it.
    expect(staff).toEqual({ status: 'sent', last_error: null, data: null, secret_encrypted: null });
  });

  it('fails a row of a kind this version does not write', async () => {
    const id = randomUUID();
    await t.db
      .insertInto('outbox')
      .values({ id, kind: 'postcard', recipient: 'x@example.com', language: 'en', subject_ids: '{}', data: '{}', status: 'pending', next_attempt_at: now, give_up_at: new Date(now.getTime() + 86_400_000), created_at: now })
      .execute();
    expect(await sendDueMessages(mailer())).toEqual({ sent: 0, retry: 0, failed: 1 });
    expect((await row(id)).last_error).toBe('no message is written for rows of kind postcard');
  });

  it('sends a row an earlier version wrote (no data) from the records it names; gone once they are', async () => {
    const before = readdirSync(dir).length;
    const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(waitlistEntryFor([await unitId(t, 'OFF-202')])) });
    expect(res.status).toBe(201);
    await t.db.updateTable('outbox').set({ data: null }).where('status', '=', 'pending').execute();
    expect(await sendDueMessages(mailer())).toEqual({ sent: 2, retry: 0, failed: 0 });
    expect(readdirSync(dir).length).toBe(before + 2);

    const { id } = (await res.json()) as { id: number };
    await t.db.updateTable('outbox').set({ status: 'pending', data: null, next_attempt_at: now }).where('kind', '=', 'staff_waitlist_entry').execute();
    await t.db.deleteFrom('waitlist_entries').where('id', '=', id).execute();
    expect(await sendDueMessages(mailer())).toEqual({ sent: 0, retry: 0, failed: 1 });
    expect((await row((await rowOf('staff_waitlist_entry')).id)).last_error).toBe('what the message was about no longer exists or has ended');
  });

  it('withdraws the e-mail of an offer that ended before it went, and the person’s details with it', async () => {
    const studio = await unitId(t, 'OFF-201');
    const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...waitlistEntryFor([studio]), email: 'offered@example.com' }) });
    expect(res.status).toBe(201);
    expect((await patchUnit(t, studio, { is_available: true, next_available_date: null })).status).toBe(200);
    const offer = await rowOf('waitlist_offer');
    expect((await row(offer.id)).status).toBe('pending');
    expect((await row(offer.id)).secret_encrypted).toEqual(expect.any(String));
    // Staff find the unit taken after all: the offer is withdrawn before its e-mail goes.
    expect((await patchUnit(t, studio, { is_available: false, next_available_date: null })).status).toBe(200);
    expect(await row(offer.id)).toMatchObject({ status: 'failed', last_error: 'the offer ended before its e-mail could be sent', data: null, secret_encrypted: null });
  });
});

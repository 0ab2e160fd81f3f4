import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/cli.ts';
import { confirmOrder } from '../../src/server/bookings/orders.ts';
import { createRenderer } from '../../src/server/messages/render.ts';
import { earlierRows } from '../../src/server/messages/earlier-rows.ts';
import { waitlistEntryData } from '../../src/server/waitlist/waitlist-mail.ts';
import { emlFileTransport, smtpTransport, type MailTransport } from '../../src/server/mail/transport.ts';
import { sendDueMessages, type MailerDeps } from '../../src/server/outbox/worker.ts';
import { staffMailResponse } from '../../src/shared/contract/staff-mail.ts';
import { lineItemsFor } from '../../src/server/documents/line-names.ts';
import type { Quote } from '../../src/shared/domain/pricing.ts';
import { site } from '../../src/shared/site.ts';
import { checkoutBody, checkoutOk, payTestCheckout } from './checkout-helpers.ts';
import { signedOffer } from './lease-fixtures.ts';
import { startSmtpServer } from './smtp-server.ts';
import { adminToken, appAdminClient, backend, buildTestApp, openTestDatabase, testBankingKeys, testNow, waitlistEntryFor, type TestApp } from './test-app.ts';

const siteOrigin = 'http://localhost:5173';
const auth = { authorization: `Bearer ${adminToken}` };

function mailerDeps(t: Pick<TestApp, 'db'>, clock: () => Date, transport: MailTransport, hook?: MailerDeps['afterSendHook']): MailerDeps {
  return {
    db: t.db,
    clock,
    transport,
    render: createRenderer({ clock, keyring: testBankingKeys, siteOrigin, from: { name: site.productName, address: site.email }, earlierRows: earlierRows(t.db, testBankingKeys) }),
    ...(hook ? { afterSendHook: hook } : {}),
  };
}

const outboxRows = (t: Pick<TestApp, 'db'>) => t.db.selectFrom('outbox').select(['id', 'kind', 'recipient', 'language', 'status', 'attempts']).orderBy('created_at').orderBy('kind').execute();

describe(`e-mail through the outbox, to a real SMTP server on loopback (${backend})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: MailTransport;
  let now = testNow;
  const clock = () => now;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = smtpTransport(smtp.url);
    t = await buildTestApp({ deps: { clock } });
  });
  afterAll(async () => {
    transport.close();
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    // Each test starts from an empty outbox and mailbox.
    await sendDueMessages(mailerDeps(t, clock, transport));
    smtp.received.length = 0;
    smtp.refuseNext.count = 0;
  });

  async function payRoom(date: string, locale: 'en' | 'fr' = 'en', buyer = { buyer_name: 'Camille Tremblay', buyer_email: 'camille@example.com' }) {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date }, locale));
    expect((await payTestCheckout(t, sessionId, buyer)).status).toBe(303);
    return t.db.selectFrom('orders').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  }

  it('a paid room: the buyer gets one confirmation with the receipt PDF and an .ics, staff one notice; the totals are what the card was charged', async () => {
    const order = await payRoom('2026-11-26');
    expect((await outboxRows(t)).map((r) => [r.kind, r.recipient, r.status])).toEqual([
      ['order_paid', 'camille@example.com', 'pending'],
      ['staff_order_paid', site.operations.email, 'pending'],
    ]);
    expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 2, retry: 0, failed: 0 });
    expect(smtp.received.map((m) => m.envelopeTo).sort()).toEqual([['camille@example.com'], [site.operations.email]]);
    const to = (address: string) => smtp.received.find((m) => m.envelopeTo.includes(address))!.parsed;

    const customer = to('camille@example.com');
    expect(customer.subject).toContain('Conference Room Saint-Laurent');
    expect(customer.text).toContain('Thursday, November 26, 2026');
    expect(customer.text).toContain(site.accessCodes[0].code);
    const q = order.quote as Quote;
    const charged = lineItemsFor(q, order.office_name, 'en').reduce((sum, l) => sum + l.amountCents * l.quantity, 0);
    expect(charged).toBe(order.total_cents);
    expect(customer.text).toContain('$402.41');
    expect(customer.html).not.toMatch(/<img[^>]+src="https?:/);
    const pdf = customer.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const ics = customer.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics?.content.toString()).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:20261126T120000Z[\s\S]*END:VEVENT/);
    expect(customer.messageId).toMatch(/^<[0-9a-f-]{36}@espacecowork\.ca>$/);

    const staff = to(site.operations.email);
    expect(staff.text).toContain(order.receipt_number!);
    expect(staff.text).toContain('Camille Tremblay');
    expect((await outboxRows(t)).every((r) => r.status === 'sent')).toBe(true);
    // Nothing is sent twice.
    expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 0, retry: 0, failed: 0 });
  });

  it('speaks French to a French visitor, and never carries another buyer’s data', async () => {
    await payRoom('2026-11-27', 'fr', { buyer_name: 'Jean-Luc Côté', buyer_email: 'jl@example.ca' });
    await payRoom('2026-11-30', 'en', { buyer_name: 'Other Person', buyer_email: 'other@example.com' });
    await sendDueMessages(mailerDeps(t, clock, transport));
    const toJl = smtp.received.filter((m) => m.envelopeTo.includes('jl@example.ca'));
    expect(toJl).toHaveLength(1);
    const mail = toJl[0]!.parsed;
    expect(mail.subject).toMatch(/réservation/i);
    expect(mail.text).toContain('vendredi 27 novembre 2026');
    expect(`${mail.text}${mail.html}`).not.toMatch(/Other Person|other@example\.com|November 30|30 novembre/);
  });

  it('SMTP refusing three times, then accepting: delivered once, with the same Message-ID throughout', async () => {
    await payRoom('2026-12-01');
    smtp.refuseNext.count = 6; // the customer's and staff's message, three times each
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 0, retry: 2, failed: 0 });
      // Backoff: nothing is due until its wait is over.
      expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 0, retry: 0, failed: 0 });
      later(60 * 60_000);
    }
    expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 2, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
    expect((await outboxRows(t)).filter((r) => r.status === 'sent' && r.attempts === 4)).toHaveLength(2);
  });

  it('a crash between the send and its mark resends at most once, with the same Message-ID', async () => {
    await payRoom('2026-12-02');
    const crash = (message: { kind: string }) => {
      if (message.kind === 'order_paid') throw new Error('the process died here');
    };
    await expect(sendDueMessages(mailerDeps(t, clock, transport, crash))).rejects.toThrow('the process died here');
    expect(smtp.received.filter((m) => m.envelopeTo.includes('camille@example.com'))).toHaveLength(1);
    // Another instance (or the restarted one) takes the rows over once their claim has lapsed, not before.
    expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 0, retry: 0, failed: 0 });
    later(4 * 60_000);
    await sendDueMessages(mailerDeps(t, clock, transport));
    expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 0, retry: 0, failed: 0 });
    const toBuyer = smtp.received.filter((m) => m.envelopeTo.includes('camille@example.com'));
    expect(toBuyer).toHaveLength(2);
    expect(toBuyer[1]!.parsed.messageId).toBe(toBuyer[0]!.parsed.messageId);
    expect(smtp.received.filter((m) => m.envelopeTo.includes(site.operations.email))).toHaveLength(1);
  });

  it('a worker told to stop sends the message it is on and marks it sent, and hands the rest of its round back at once, unclaimed', async () => {
    await payRoom('2026-12-07');
    let stopping = false;
    const stopAfterSend = () => {
      stopping = true;
    };
    expect(await sendDueMessages(mailerDeps(t, clock, transport, stopAfterSend), 10, () => stopping)).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const left = await t.db.selectFrom('outbox').select(['status', 'attempts', 'claimed_until']).where('status', '=', 'pending').execute();
    expect(left).toEqual([{ status: 'pending', attempts: 0, claimed_until: null }]);
    // The next round (here or another instance's) sends it now, without waiting for a claim to lapse; the first is not sent again.
    expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(smtp.received.map((m) => m.envelopeTo).sort()).toEqual([['camille@example.com'], [site.operations.email]]);
  });

  it('a failure after the outbox insert, inside the event’s transaction, leaves no message and no payment', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-12-03' }));
    const before = (await outboxRows(t)).length;
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await confirmOrder(trx, sessionId, now, { paymentIntentId: null, buyer: { name: 'Camille Tremblay', email: 'camille@example.com' } }, testBankingKeys)).toBe('confirmed');
        expect((await trx.selectFrom('outbox').select('id').execute()).length).toBe(before + 2);
        throw new Error('injected failure after the outbox insert');
      }),
    ).rejects.toThrow('injected failure');
    expect((await outboxRows(t)).length).toBe(before);
    expect((await t.db.selectFrom('orders').select(['status', 'receipt_number']).where('session_id', '=', sessionId).executeTakeFirstOrThrow())).toEqual({ status: 'pending', receipt_number: null });
    expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('gives up after a day of refusals, lists the message as failed for staff, and sends it when staff retry', async () => {
    await payRoom('2026-12-04');
    smtp.refuseNext.count = 1_000;
    const start = now.getTime();
    while (now.getTime() - start <= 25 * 60 * 60_000) {
      await sendDueMessages(mailerDeps(t, clock, transport));
      later(30 * 60_000);
    }
    const failed = (await outboxRows(t)).filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.kind).sort()).toEqual(['order_paid', 'staff_order_paid']);

    const listed = staffMailResponse.parse(await (await t.app.request('/admin-api/mail?status=failed', { headers: auth })).json());
    expect(listed.data.messages.map((m) => m.kind).sort()).toEqual(['order_paid', 'staff_order_paid']);
    expect(listed.data.messages[0]!.last_error).toMatch(/451|try again later/i);
    const lines: string[] = [];
    await runCli(['mail', 'list', '--failed'], appAdminClient(t), (line) => lines.push(line));
    expect(lines[0]).toMatch(/^created\s+status\s+kind\s+to\s+lang\s+tries\s+next\s+id\s+error/);
    expect(lines.slice(2).every((l) => /\bfailed\b/.test(l))).toBe(true);
    expect(lines).toHaveLength(4);

    smtp.refuseNext.count = 0;
    const id = failed.find((r) => r.kind === 'order_paid')!.id;
    const printed: string[] = [];
    await runCli(['mail', 'retry', id], appAdminClient(t), (line) => printed.push(line));
    expect(printed[0]).toContain('will be sent again now');
    expect((await t.app.request(`/admin-api/mail/${id}/retry`, { method: 'POST', headers: auth })).status).toBe(200);
    expect(await sendDueMessages(mailerDeps(t, clock, transport))).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect((await t.app.request(`/admin-api/mail/${id}/retry`, { method: 'POST', headers: auth })).status).toBe(409);
    expect((await t.app.request('/admin-api/mail/not-an-id/retry', { method: 'POST', headers: auth })).status).toBe(400);
    expect((await t.app.request('/admin-api/mail?status=lost', { headers: auth })).status).toBe(400);
    expect((await t.app.request('/admin-api/mail', {})).status).toBe(401);
  });

  it('a lease offer created by staff: the tenant gets its link and expiry in their language; the link leaves the database once sent', async () => {
    const lines: string[] = [];
    await runCli(['offer', 'create', '--email', 'tenant@example.com', '--office_ids', 'OFF-204', '--start_date', '2027-01-01', '--monthly_rate', '1500', '--language', 'fr'], appAdminClient(t), (l) => lines.push(l));
    expect(lines[0]).toBe('Lease offer created and e-mailed to the tenant. The link (shown only now):');
    const url = lines[1]!;
    const row = await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'lease_offer_created').executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(url.split('/').pop());
    await sendDueMessages(mailerDeps(t, clock, transport));
    const invitation = smtp.received.find((m) => m.envelopeTo.includes('tenant@example.com'))!.parsed;
    expect(invitation.subject).toMatch(/offre de bail/i);
    expect(invitation.text).toContain(url);
    expect((await t.db.selectFrom('outbox').select(['status', 'secret_encrypted']).where('id', '=', row.id).executeTakeFirstOrThrow())).toEqual({ status: 'sent', secret_encrypted: null });

    const quiet: string[] = [];
    await runCli(['offer', 'create', '--email', 'quiet@example.com', '--office_ids', 'OFF-204', '--start_date', '2027-01-01', '--monthly_rate', '1500', '--no-email'], appAdminClient(t), (l) => quiet.push(l));
    expect(quiet[0]).toBe('Lease offer created. Send this link to the tenant (it is shown only now):');
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', 'quiet@example.com').execute()).toEqual([]);
  });

  it('a signed lease: the tenant gets the agreement in English and in French, the void-cheque request and the debit dates; staff a notice', async () => {
    await signedOffer(t, { email: 'signer@example.com', company_name: 'Acme Analytics inc.', send_email: false });
    expect((await outboxRows(t)).filter((r) => r.status === 'pending').map((r) => [r.kind, r.recipient]).sort()).toEqual([
      ['lease_signed', 'signer@example.com'],
      ['staff_lease_signed', site.operations.email],
    ]);
    await sendDueMessages(mailerDeps(t, clock, transport));
    const tenant = smtp.received.find((m) => m.envelopeTo.includes('signer@example.com'))!.parsed;
    const pdfs = tenant.attachments.filter((a) => a.contentType === 'application/pdf');
    // Signed in English: the French version comes with it.
    expect(pdfs).toHaveLength(2);
    for (const pdf of pdfs) expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(tenant.text).toMatch(/void cheque/i);
    const staff = smtp.received.find((m) => m.envelopeTo.includes(site.operations.email))!.parsed;
    expect(staff.subject).toContain('Acme Analytics inc.');
    expect(staff.attachments).toHaveLength(0);
  });

  it('a waitlist entry: an acknowledgement in the visitor’s language listing the offices chosen, and a notice to staff', async () => {
    const offices = await t.db.selectFrom('offices').select(['id', 'name']).where('office_id', 'in', ['OFF-103', 'OFF-201']).orderBy('office_id', 'desc').execute();
    const res = await t.app.request('/public-api/waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...waitlistEntryFor(offices.map((o) => o.id)), language: 'fr' }),
    });
    expect(res.status).toBe(201);
    expect((await outboxRows(t)).filter((r) => r.status === 'pending').map((r) => [r.kind, r.recipient, r.language])).toEqual([
      ['staff_waitlist_entry', site.operations.email, 'fr'],
      ['waitlist_received', 'emilie@example.ca', 'fr'],
    ]);
    await sendDueMessages(mailerDeps(t, clock, transport));
    const ack = smtp.received.find((m) => m.envelopeTo.includes('emilie@example.ca'))!.parsed;
    expect(ack.text!.indexOf(offices[0]!.name)).toBeLessThan(ack.text!.indexOf(offices[1]!.name));
    expect(ack.text).toMatch(/liste d’attente|liste d'attente/);
  });
});

describe(`two mail workers on one database (${backend})`, () => {
  it('send each message once', async () => {
    const smtp = await startSmtpServer();
    const t = await buildTestApp();
    const second = process.env.TEST_DATABASE_URL ? undefined : t; // PGlite: one process, one database
    let opened: Awaited<ReturnType<typeof openSameDatabase>> | undefined;
    try {
      for (let i = 0; i < 12; i++) {
        const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...waitlistEntryFor([1]), email: `person${i}@example.com` }) });
        expect(res.status).toBe(201);
      }
      opened = second ? undefined : await openSameDatabase(t);
      const other = second ?? opened!;
      const a = smtpTransport(smtp.url);
      const b = smtpTransport(smtp.url);
      const [x, y] = await Promise.all([sendDueMessages(mailerDeps(t, () => testNow, a), 3), sendDueMessages(mailerDeps(other, () => testNow, b), 3)]);
      a.close();
      b.close();
      expect(x.sent + y.sent).toBe(24);
      const ids = smtp.received.map((m) => m.parsed.messageId);
      expect(new Set(ids).size).toBe(24);
      expect(ids).toHaveLength(24);
    } finally {
      await opened?.db.destroy();
      await t.close();
      await smtp.close();
    }
  });
});

/** A second pool on the same PostgreSQL database as the app's: what a second instance has. */
async function openSameDatabase(t: TestApp) {
  const { Kysely, PostgresDialect } = await import('kysely');
  const pg = (await import('pg')).default;
  const name = (await sql<{ db: string }>`select current_database() as db`.execute(t.db)).rows[0]!.db;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const db = new Kysely<never>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 4 }) }) });
  return { db: db as unknown as TestApp['db'] };
}

describe(`without SMTP_URL: real .eml files (${backend})`, () => {
  it('writes each message as an .eml any mail client opens, named by its id, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coworking-mail-'));
    const { db, close } = await openTestDatabase();
    try {
      const t = { db };
      await db.insertInto('waitlist_entries').values({ customer_name: 'Émilie Gagnon', email: 'emilie@example.ca', phone: null, number_of_users: 2, budget_min_cents: null, budget_max_cents: null, desired_start_date: null, idempotency_key: null, request_hash: null, created_at: testNow, language: 'en' }).execute();
      const entry = await db.selectFrom('waitlist_entries').select('id').executeTakeFirstOrThrow();
      await db.insertInto('waitlist_entry_offices').values({ entry_id: entry.id, office_id: 1, position: 1 }).execute();
      const { enqueueMessage } = await import('../../src/server/outbox/outbox.ts');
      const data = (await waitlistEntryData(db, entry.id))!;
      await enqueueMessage(db, { kind: 'waitlist_received', to: 'emilie@example.ca', language: 'en', about: { waitlistEntryId: entry.id }, data, secret: { keyring: testBankingKeys, text: 'L'.repeat(43) } }, testNow);
      const files = emlFileTransport(dir);
      expect(await sendDueMessages(mailerDeps(t, () => testNow, files))).toEqual({ sent: 1, retry: 0, failed: 0 });
      const written = readdirSync(dir);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/^[0-9a-f-]{36}\.eml$/);
      const parsed = await simpleParser(readFileSync(join(dir, written[0]!)));
      expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain('emilie@example.ca');
      expect(parsed.text).toContain('Émilie');
      expect(parsed.html).toBeTruthy();
    } finally {
      await close();
    }
  });
});

describe(`the demo seed (${backend})`, () => {
  it('signs its demo offer without e-mailing anyone', async () => {
    const { db, close } = await openTestDatabase();
    try {
      const { seedDemoOffers } = await import('../../src/server/lease/seed-offers.ts');
      const made = await seedDemoOffers(db, testBankingKeys, testNow, siteOrigin, 'test');
      expect(made?.some((o) => o.status === 'signed')).toBe(true);
      expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);
    } finally {
      await close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPayment } from '../../src/server/bookings/payment-events.ts';
import { findOfferByCode, findOfferById } from '../../src/server/lease/lease-offers.ts';
import { invitationData } from '../../src/server/lease/lease-mail.ts';
import { earlierRows } from '../../src/server/messages/earlier-rows.ts';
import { readMessageData } from '../../src/server/outbox/message-data.ts';
import { sealText } from '../../src/server/secrets/sealed-text.ts';
import { createRenderer } from '../../src/server/messages/render.ts';
import { enqueueMessage, type MessageKind, type MessageSubject } from '../../src/server/outbox/outbox.ts';
import { emlFileTransport, type OutgoingMail } from '../../src/server/mail/transport.ts';
import type { ClaimedMessage } from '../../src/server/outbox/worker.ts';
import { quoteLineNames, taxLabel } from '../../src/server/documents/line-names.ts';
import { initialLeasePayment } from '../../src/shared/domain/lease-payment.ts';
import { formatCad, type ProductChoice } from '../../src/shared/domain/pricing.ts';
import { addDays } from '../../src/shared/domain/time.ts';
import { spaceDateTime, spaceToday } from '../../src/shared/domain/zoned-time.ts';
import { site } from '../../src/shared/site.ts';
import { checkoutBody, checkoutOk, payTestCheckout } from './checkout-helpers.ts';
import { buildLeaseTestApp, companyInfo, createOffer, sign, signature, signedOffer, submitInfo, validBanking } from './lease-fixtures.ts';
import { acknowledgementRow, backend, testBankingKeys, testNow, waitlistEntryFor, type TestApp } from './test-app.ts';
import { storedQuote } from '../../src/server/documents/stored-amounts.ts';

const siteOrigin = 'http://localhost:5173';
const nbsp = '\u00a0';
const languages = ['en', 'fr'] as const;

/** A line of an amounts table in the text part: the label, spaces, the amount at the right. */
function amountLine(text: string, label: string, value: string): boolean {
  return text.split('\n').some((l) => l.startsWith(label) && l.endsWith(value) && l.length > label.length + value.length && l.slice(label.length, l.length - value.length).trim() === '');
}

interface Order {
  id: string;
  sessionId: string;
  receipt: string;
  email: string;
  name: string;
}

describe(`the outbox's messages, rendered from their records (${backend})`, () => {
  let t: TestApp;
  let now = testNow;
  const clock = () => now;
  let renderer: ReturnType<typeof createRenderer>;
  const render = async (message: ClaimedMessage | Promise<ClaimedMessage>) => renderer(await message);
  /** Every message rendered, for MAIL_PREVIEW_DIR. */
  const previews: { name: string; mail: OutgoingMail }[] = [];

  let room: Order;
  let dayPass: Order;
  let officeDays: Order;
  let mailbox: Order;
  let hostile: Order;
  let late: Order & { refundId: string };
  let entries: { emilie: number; marc: number };
  let offers: { acme: number; beta: number; acmeUrl: string };

  /**
   * The message of a kind about these records, as the worker claims it: what the outbox row its
   * event wrote says (the row named by `id`, else the first row about these records that carries
   * its data, which must exist), with that row's id and secret unless told otherwise. An `id` no
   * row has asks for a row naming the records as an earlier version wrote it: no data.
   */
  async function claimed(kind: MessageKind, recipient: string, about: MessageSubject, language: 'en' | 'fr', id?: string, secretEncrypted: string | null = null): Promise<ClaimedMessage> {
    const rows = await t.db.selectFrom('outbox').select(['id', 'subject_ids', 'data', 'secret_encrypted']).where('kind', '=', kind).orderBy('created_at').execute();
    const names = (subject: unknown) => Object.entries(about).every(([key, value]) => (subject as Record<string, unknown>)[key] === value);
    const row = id === undefined ? rows.find((r) => names(r.subject_ids) && r.data !== null) : rows.find((r) => r.id === id);
    if (id === undefined && !row) throw new Error(`no ${kind} row with its data is about ${JSON.stringify(about)}: pass an id no row has for a row an earlier version wrote`);
    const read = row && row.data !== null ? readMessageData(kind, row.data) : null;
    if (read && !read.ok) throw new Error(read.problem);
    const own = id === undefined && row ? { id: row.id, secretEncrypted: row.secret_encrypted } : { id: id ?? randomUUID(), secretEncrypted };
    return { ...own, kind, recipient, language, about, data: read?.data ?? null, attempts: 1, giveUpAt: new Date(now.getTime() + 86_400_000), claimedUntil: new Date(now.getTime() + 180_000) } as ClaimedMessage;
  }

  async function rendered(claim: ClaimedMessage | Promise<ClaimedMessage>): Promise<OutgoingMail> {
    const message = await claim;
    const mail = await render(message);
    if (mail === 'gone') throw new Error(`${message.kind} rendered as gone`);
    previews.push({ name: `${message.kind}-${message.language}-${previews.length}`, mail });
    return mail;
  }

  /** What a reader sees: subject, both parts and the names of the attachments. */
  const seen = (mail: OutgoingMail) => [mail.subject, mail.to.name ?? '', mail.text, mail.html, ...mail.attachments.map((a) => a.filename)].join('\n');

  async function pay(officeId: string, choice: ProductChoice, locale: 'en' | 'fr', buyer: { name: string; email: string }): Promise<Order> {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice, locale));
    expect((await payTestCheckout(t, sessionId, { buyer_name: buyer.name, buyer_email: buyer.email })).status).toBe(303);
    const row = await t.db.selectFrom('orders').select(['id', 'receipt_number']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    return { id: row.id, sessionId, receipt: row.receipt_number!, ...buyer };
  }

  async function orderRow(id: string) {
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { ...row, q: storedQuote(row.quote) };
  }

  beforeAll(async () => {
    t = await buildLeaseTestApp({ deps: { clock } });
    renderer = createRenderer({ keyring: testBankingKeys, siteOrigin, from: { name: site.productName, address: site.email }, clock, earlierRows: earlierRows(t.db, testBankingKeys) });

    room = await pay('CONF-A', { product: 'conference_room', date: '2026-11-26' }, 'en', { name: 'Camille Tremblay', email: 'camille@example.com' });
    dayPass = await pay('DAYPASS', { product: 'day_pass', date: '2026-11-27' }, 'fr', { name: 'Jean-Luc Côté', email: 'jl@example.ca' });
    officeDays = await pay('OFF-101', { product: 'office_daily', dates: ['2026-11-30', '2026-12-01'] }, 'en', { name: 'Dana Okafor', email: 'dana@example.com' });
    mailbox = await pay('MAILBOX-BASIC', { product: 'mailbox' }, 'fr', { name: 'Sophie Roy', email: 'sophie@example.ca' });
    // A name as a payment provider might hand it over: the checkout form refuses such text, Stripe may not.
    const hostileSession = await checkoutOk(t, await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-02' }, 'en'));
    const hostileBuyer = { name: 'Eve\r\nBcc: victim@example.com <script>alert(1)</script>', email: 'eve@example.com' };
    expect(await confirmPayment(t.ctx, hostileSession.sessionId, { paymentIntentId: null, buyer: hostileBuyer })).toBe('confirmed');
    const hostileOrder = await t.db.selectFrom('orders').select(['id', 'receipt_number']).where('session_id', '=', hostileSession.sessionId).executeTakeFirstOrThrow();
    hostile = { id: hostileOrder.id, sessionId: hostileSession.sessionId, receipt: hostileOrder.receipt_number!, ...hostileBuyer };

    // A payment that arrives after its hold lapsed and the date was sold: refunded in full.
    const body = await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-08' }, 'en');
    const lateSession = await checkoutOk(t, body);
    now = new Date(testNow.getTime() + 40 * 60_000);
    const other = await checkoutOk(t, body);
    expect((await payTestCheckout(t, other.sessionId, { buyer_name: 'Paul Winner', buyer_email: 'paul@example.com' })).status).toBe(303);
    expect(await confirmPayment(t.ctx, lateSession.sessionId, { paymentIntentId: 'pi_late_1', buyer: { name: 'Lina Late', email: 'lina@example.com' } })).toBe('paid_but_taken');
    const lateOrder = await t.db.selectFrom('orders').select(['id', 'receipt_number']).where('session_id', '=', lateSession.sessionId).executeTakeFirstOrThrow();
    const refund = await t.db.selectFrom('refunds').select('id').where('order_id', '=', lateOrder.id).executeTakeFirstOrThrow();
    late = { id: lateOrder.id, sessionId: lateSession.sessionId, receipt: lateOrder.receipt_number!, name: 'Lina Late', email: 'lina@example.com', refundId: refund.id };
    now = testNow;

    const offices = await t.db.selectFrom('offices').select(['id', 'office_id']).where('office_id', 'in', ['OFF-103', 'OFF-201', 'OFF-202']).execute();
    const idOf = (code: string) => offices.find((o) => o.office_id === code)!.id;
    const waitlist = async (body: Record<string, unknown>) => {
      const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      return (await t.db.selectFrom('waitlist_entries').select('id').where('email', '=', String(body.email)).executeTakeFirstOrThrow()).id;
    };
    entries = {
      // Chosen 201 first, then 103: the message keeps that order.
      emilie: await waitlist({ ...waitlistEntryFor([idOf('OFF-201'), idOf('OFF-103')]), language: 'fr' }),
      marc: await waitlist({ ...waitlistEntryFor([idOf('OFF-202')]), customer_name: 'Marc Dubois', email: 'marc@example.com', phone: '438-555-0199', budget_min: null, budget_max: null, desired_start_date: null }),
    };

    const acme = await createOffer(t);
    const acmeId = (await findOfferByCode(t.db, acme.code))!.id;
    await submitInfo(t, acme.code);
    expect((await sign(t, acme.code, { signature, banking: validBanking }, { 'x-forwarded-for': '198.51.100.23' })).status).toBe(200);
    const betaCode = await signedOffer(t, { email: 'beta@example.com', office_ids: ['OFF-102'], start_date: '2027-01-15', monthly_rate: 2100 }, { ...companyInfo, company_name: 'Beta Conseil inc.', contact_name: 'Luc Bergeron' });
    offers = { acme: acmeId, beta: (await findOfferByCode(t.db, betaCode))!.id, acmeUrl: acme.url };
  });

  afterAll(async () => {
    const dir = process.env.MAIL_PREVIEW_DIR;
    if (dir) {
      // For a person to look at: each message as the .eml the file transport writes.
      mkdirSync(dir, { recursive: true });
      for (const { name, mail } of previews) {
        const written = await asEml(mail);
        copyFileSync(written.path, join(dir, `${name}.eml`));
        written.cleanup();
      }
    }
    await t.close();
  });

  /** The message as the file transport writes it: a real .eml. */
  async function asEml(mail: OutgoingMail): Promise<{ path: string; raw: string; cleanup: () => void }> {
    const dir = mkdtempSync(join(tmpdir(), 'mail-messages-'));
    const transport = emlFileTransport(dir);
    await transport.send(mail);
    transport.close();
    const path = join(dir, `${mail.messageId.replace(/^<|@.*$/g, '')}.eml`);
    return { path, raw: readFileSync(path, 'latin1'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }

  it('a paid room, in English: what was bought, when, the checkout’s lines, access, the manage link, the receipt PDF and an .ics', async () => {
    const order = await orderRow(room.id);
    const mail = await rendered(claimed('order_paid', room.email, { orderId: room.id }, 'en'));
    expect(mail.subject).toBe(`Your booking: Conference Room Saint-Laurent, Thursday, November 26, 2026 – receipt ${room.receipt}`);
    expect(mail.to).toEqual({ name: 'Camille Tremblay', address: 'camille@example.com' });
    expect(mail.replyTo).toBe(site.email);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@espacecowork\.ca>$/);
    expect(mail.text).toContain('Hello Camille Tremblay,');
    expect(mail.text).toContain('Hours: 7\u00a0a.m. to 7\u00a0p.m.');
    for (const { name, line } of quoteLineNames(order.q, order.office_name, 'en')) expect(amountLine(mail.text, name, formatCad(line.cents, 'en'))).toBe(true);
    expect(amountLine(mail.text, taxLabel('gst', 'en'), formatCad(order.q.gst, 'en'))).toBe(true);
    expect(amountLine(mail.text, 'Total paid', formatCad(order.q.total, 'en'))).toBe(true);
    expect(mail.text).toContain('Your conference room is reserved for the full day, from 7\u00a0a.m. to 7\u00a0p.m.\n');
    expect(order.q.total).toBe(order.total_cents);
    for (const code of site.accessCodes) expect(mail.text).toContain(code.code);
    expect(mail.text).toContain(site.wifi.password);
    // The order's private manage link: the one the success page shows.
    const { manageToken } = (await (await t.app.request(`/public-api/orders/${room.sessionId}`)).json()) as { manageToken: string };
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(`Manage your booking:\n${siteOrigin}/booking/${manageToken}`);
    expect(mail.html).toContain(`href="${siteOrigin}/booking/${manageToken}"`);
    expect(mail.html).toContain(`href="${siteOrigin}/welcome.html"`);

    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(Buffer.from(pdf!.content).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf!.filename).toContain(room.receipt);
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics!.filename).toBe('conference-room-2026-11-26.ics');
    expect(String(ics!.content)).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:20261126T120000Z\r\nDTEND:20261127T000000Z[\s\S]*END:VEVENT/);
  });

  it('the same message in French: French words, dates, hours, amounts and typography', async () => {
    const order = await orderRow(room.id);
    const mail = await rendered(claimed('order_paid', room.email, { orderId: room.id }, 'fr'));
    expect(mail.subject).toBe(`Votre réservation${nbsp}: Conference Room Saint-Laurent, jeudi 26 novembre 2026 – reçu ${room.receipt}`);
    expect(mail.text).toContain('Bonjour Camille Tremblay,');
    expect(mail.text).toContain(`Heures${nbsp}: de 7${nbsp}h à 19${nbsp}h`);
    expect(amountLine(mail.text, 'Total payé', formatCad(order.q.total, 'fr'))).toBe(true);
    expect(amountLine(mail.text, taxLabel('qst', 'fr'), formatCad(order.q.qst, 'fr'))).toBe(true);
    expect(mail.text).toContain('Codes d’accès');
    expect(mail.html).toContain('<html lang="fr">');
    expect(`${mail.text}${mail.subject}`).not.toMatch(/Your booking|Total paid|Access codes/);
    expect(mail.attachments.map((a) => a.contentType.split(';')[0])).toEqual(['application/pdf', 'text/calendar']);
  });

  it('a day pass and office days: their own hours and one calendar event per day; a mailbox: no .ics, no door codes', async () => {
    const pass = await rendered(claimed('order_paid', dayPass.email, { orderId: dayPass.id }, 'fr'));
    expect(pass.subject).toContain('vendredi 27 novembre 2026');
    expect(pass.text).toContain(`de 8${nbsp}h à 18${nbsp}h`);
    expect(String(pass.attachments.find((a) => a.filename.endsWith('.ics'))!.content)).toContain('DTSTART:20261127T130000Z');

    const days = await rendered(claimed('order_paid', officeDays.email, { orderId: officeDays.id }, 'en'));
    expect(days.subject).toMatch(/^Your booking: Office 101 - Window, 2 days from Monday, November 30, 2026 – receipt /);
    expect(days.text).toContain('Monday, November 30, 2026\n    Tuesday, December 1, 2026');
    const ics = String(days.attachments.find((a) => a.filename.endsWith('.ics'))!.content);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('DTSTART:20261201T130000Z');

    const box = await rendered(claimed('order_paid', mailbox.email, { orderId: mailbox.id }, 'fr'));
    expect(box.subject).toMatch(/^Votre abonnement\u00a0: Mailbox Basic, à partir du lundi 23 novembre 2026 – reçu /);
    expect(box.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(box.text).not.toContain(site.accessCodes[0].code);
    expect(box.text).toContain('d’ici 24 heures');
  });

  it('a payment that came after its date was sold: what is refunded, why, and the credit note', async () => {
    const refund = await t.db.selectFrom('refunds').selectAll().where('id', '=', late.refundId).executeTakeFirstOrThrow();
    for (const language of languages) {
      const mail = await rendered(claimed('order_refunded', late.email, { orderId: late.id, refundId: late.refundId }, language));
      const amount = formatCad(refund.amount_cents, language);
      if (language === 'en') {
        expect(mail.subject).toBe(`Refund: Meeting Room Mont-Royal, Tuesday, December 8, 2026 – credit note ${refund.credit_note_number}`);
        expect(mail.text).toContain('Your payment arrived after this booking had gone to someone else');
        expect(mail.text).toContain(`Amount refunded (taxes included): ${amount}`);
      } else {
        expect(mail.subject).toBe(`Remboursement${nbsp}: Meeting Room Mont-Royal, mardi 8 décembre 2026 – note de crédit ${refund.credit_note_number}`);
        expect(mail.text).toContain('attribuée à quelqu’un d’autre');
        expect(mail.text).toContain(`Montant remboursé (taxes incluses)${nbsp}: ${amount}`);
      }
      expect(mail.text).toContain(late.receipt);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.contentType).toBe('application/pdf');
      expect(Buffer.from(mail.attachments[0]!.content).subarray(0, 5).toString()).toBe('%PDF-');
      expect(mail.attachments[0]!.filename).toContain(refund.credit_note_number!);
      // The buyer who got the date is someone else: nothing of theirs.
      expect(seen(mail)).not.toMatch(/Paul Winner|paul@example\.com/);
      expect(mail.text).not.toContain(site.accessCodes[0].code);
    }
    const staff = await rendered(claimed('staff_order_refunded', site.operations.email, { orderId: late.id, refundId: late.refundId }, 'fr'));
    expect(staff.subject).toContain(refund.credit_note_number!);
    expect(staff.text).toContain('Lina Late');
    expect(staff.text).toContain('pi_late_1');
    expect(staff.replyTo).toBe('lina@example.com');
  });

  /** The acknowledgement the entry's own request wrote: its row's id and sealed leave link. */
  async function acknowledgement(entryId: number, recipient: string, language: 'en' | 'fr'): Promise<ClaimedMessage> {
    const row = await acknowledgementRow(t.db, entryId);
    return claimed('waitlist_received', recipient, { waitlistEntryId: entryId }, language, row.id, row.secret_encrypted);
  }

  it('a waitlist entry: an acknowledgement with the offices in the order chosen, the place in line for each, the people, budget and start date, and a link to leave', async () => {
    const names = await t.db.selectFrom('offices').select(['office_id', 'name']).where('office_id', 'in', ['OFF-103', 'OFF-201']).execute();
    const name = (code: string) => names.find((n) => n.office_id === code)!.name;
    const fr = await rendered(await acknowledgement(entries.emilie, 'emilie@example.ca', 'fr'));
    expect(fr.subject).toBe(`Vous êtes sur la liste d’attente${nbsp}: ${name('OFF-201')}, ${name('OFF-103')}`);
    // The first (and only) entry waiting for each.
    expect(fr.text).toContain(`1. ${name('OFF-201')} — en 1re position\n2. ${name('OFF-103')} — en 1re position`);
    const leave = new RegExp(`${siteOrigin}/waitlist/leave/([A-Za-z0-9_-]{43})`);
    const token = leave.exec(fr.text)?.[1];
    expect(token).toBeDefined();
    expect(fr.html).toContain(`href="${siteOrigin}/waitlist/leave/${token}"`);
    // The link opens the entry: the token is the one whose hash the entry keeps.
    expect((await t.app.request(`/public-api/waitlist/entries/${token}`)).status).toBe(200);
    expect(fr.text).toContain(`Nombre de personnes${nbsp}: 3`);
    expect(fr.text).toContain(`Budget mensuel${nbsp}: de 900,00${nbsp}$ à 1${nbsp}500,50${nbsp}$ par mois`);
    expect(fr.text).toContain(`Date de début souhaitée${nbsp}: lundi 4 janvier 2027`);
    expect(fr.to).toEqual({ name: 'Émilie Gagnon', address: 'emilie@example.ca' });
    expect(fr.html.indexOf(name('OFF-201'))).toBeLessThan(fr.html.indexOf(name('OFF-103')));

    const en = await rendered(await acknowledgement(entries.emilie, 'emilie@example.ca', 'en'));
    expect(en.subject).toMatch(/^You’re on the waitlist: /);
    expect(en.text).toContain(`1. ${name('OFF-201')} — 1st in line`);
    expect(en.text).toContain(`Leave the waitlist:\n${siteOrigin}/waitlist/leave/${token}`);
    expect(en.text).toContain('Monthly budget: $900.00 to $1,500.50 per month');
    expect(en.text).toContain('Desired start date: Monday, January 4, 2027');

    // Without a budget or a date, those lines are left out rather than shown empty.
    const marc = await rendered(await acknowledgement(entries.marc, 'marc@example.com', 'en'));
    expect(marc.text).not.toMatch(/budget|start date/i);
    for (const mail of [fr, en]) expect(seen(mail)).not.toMatch(/Marc Dubois|marc@example\.com|438-555-0199/);
    expect(seen(marc)).not.toMatch(/Émilie|emilie@example\.ca/);

    const staff = await rendered(claimed('staff_waitlist_entry', site.operations.email, { waitlistEntryId: entries.emilie }, 'fr'));
    expect(staff.subject).toBe(`Liste d’attente${nbsp}: Émilie Gagnon, 3 personnes – ${name('OFF-201')}, ${name('OFF-103')}`);
    expect(staff.text).toContain('emilie@example.ca');
    expect(staff.text).toContain('514-555-0100');
    expect(staff.replyTo).toBe('emilie@example.ca');
  });

  it('a lease offer: its link, on the site’s origin, and its expiry at the space', async () => {
    const data = invitationData((await findOfferById(t.db, offers.acme))!);
    await enqueueMessage(t.db, { kind: 'lease_offer_created', to: 'tenant@example.com', language: 'en', about: { offerId: offers.acme }, data, secret: { keyring: testBankingKeys, text: offers.acmeUrl } }, now);
    const row = await t.db.selectFrom('outbox').select(['id', 'secret_encrypted']).where('kind', '=', 'lease_offer_created').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(offers.acmeUrl.startsWith(`${siteOrigin}/lease/`)).toBe(true);
    const offer = await t.db.selectFrom('lease_offers').select('expires_at').where('id', '=', offers.acme).executeTakeFirstOrThrow();
    for (const language of languages) {
      const mail = await rendered(claimed('lease_offer_created', 'tenant@example.com', { offerId: offers.acme }, language, row.id, row.secret_encrypted));
      expect(mail.text).toContain(offers.acmeUrl);
      expect(mail.html).toContain(`href="${offers.acmeUrl}"`);
      // An offer made without a date lasts to the end of a day at the space: the day is named.
      expect(spaceDateTime(new Date(offer.expires_at)).hour).toBe(0);
      const lastDay = addDays(spaceToday(new Date(offer.expires_at)), -1);
      const day = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${lastDay}T12:00:00Z`));
      // Its start, the 1st, cuts it (offerExpiry): French writes the first of a month « 1er ».
      const named = language === 'fr' ? day.replace(/ 1 /, ' 1er ') : day;
      expect(mail.text).toContain(language === 'fr' ? `Cette offre expire à la fin de la journée du ${named} (heure de Montréal).` : `This offer expires at the end of ${named} (Montréal time).`);
      expect(mail.subject).toBe(language === 'fr' ? `Votre offre de bail${nbsp}: Office 101 - Window` : 'Your lease offer: Office 101 - Window');
    }
    // The secret is bound to its row: another row's id does not open it.
    await expect(render(claimed('lease_offer_created', 'tenant@example.com', { offerId: offers.acme }, 'en', randomUUID(), row.secret_encrypted))).rejects.toThrow(/no configured key opens/);
  });

  it('a signed lease: the agreement PDF (and the French version of an English one), the void cheque, the debits', async () => {
    const en = await rendered(claimed('lease_signed', 'tenant@example.com', { offerId: offers.acme }, 'en'));
    expect(en.subject).toBe('Your signed agreement: Office 101 - Window');
    expect(en.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['Service-Agreement-Acme Analytics inc.pdf', 'application/pdf'],
      ['Contrat-de-services-Acme Analytics inc.pdf', 'application/pdf'],
    ]);
    for (const a of en.attachments) expect(Buffer.from(a.content).subarray(0, 5).toString()).toBe('%PDF-');
    expect(en.text).toContain(`please e-mail a photo of a void cheque to ${site.adminEmail}`);
    const payment = initialLeasePayment({ monthly_rate: 1200, start_date: '2026-12-01' });
    expect(amountLine(en.text, 'Initial payment', formatCad(payment.totalCents, 'en'))).toBe(true);
    expect(amountLine(en.text, 'Monthly payment', formatCad(payment.monthlyPayment.totalCents, 'en'))).toBe(true);
    expect(en.text).toContain('on the 1st of each month from Friday, January 1, 2027 (the next business day when the 1st is not one)');
    // The notice of the first debit (Rule H1): signed Monday, November 23, its day is ten days later or the next business day.
    expect(en.text).toContain(`the initial payment of ${formatCad(payment.totalCents, 'en')}, once, on Thursday, December 3, 2026;`);
    // Banking numbers never travel in a message's text.
    expect(seen(en)).not.toContain(validBanking.account_number);

    const fr = await rendered(claimed('lease_signed', 'beta@example.com', { offerId: offers.beta }, 'fr'));
    expect(fr.subject).toBe(`Votre contrat signé${nbsp}: Office 102 - Courtyard`);
    expect(fr.text).toContain(`Une dernière étape${nbsp}: veuillez transmettre par courriel une photo d’un chèque annulé à ${site.adminEmail}.`);
    expect(fr.text).toContain('le 1er de chaque mois à partir du lundi 1er février 2027');
    expect(fr.to).toEqual({ name: 'Luc Bergeron', address: 'beta@example.com' });
    for (const mail of [en, fr]) expect(mail.attachments.every((a) => a.contentType === 'application/pdf')).toBe(true);
    expect(seen(en)).not.toMatch(/Beta Conseil|Luc Bergeron|beta@example\.com/);
    expect(seen(fr)).not.toMatch(/Acme|Jeanne Tremblay|tenant@example\.com/);

    const staff = await rendered(claimed('staff_lease_signed', site.operations.email, { offerId: offers.acme }, 'fr'));
    expect(staff.subject).toBe(`Bail signé${nbsp}: Acme Analytics inc. – Office 101 - Window`);
    expect(staff.text).toContain(formatCad(payment.totalCents, 'fr'));
    expect(staff.text).toContain('Jeanne Tremblay');
    // The 1st of January is a bank holiday: staff are told the day the debit is made.
    expect(staff.text).toContain(`Premier prélèvement mensuel${nbsp}: lundi 4 janvier 2027`);
    expect(staff.attachments).toEqual([]);
  });

  it('a lease signed in French carries the French agreement only', async () => {
    const { code } = await createOffer(t, { email: 'gamma@example.com', office_ids: ['OFF-103'] });
    await submitInfo(t, code, { ...companyInfo, company_name: 'Gamma ltée' });
    expect((await sign(t, code, { signature, banking: validBanking, language: 'fr' })).status).toBe(200);
    const id = (await findOfferByCode(t.db, code))!.id;
    const mail = await rendered(claimed('lease_signed', 'gamma@example.com', { offerId: id }, 'en'));
    expect(mail.attachments.map((a) => a.filename)).toEqual(['Contrat-de-services-Gamma ltée.pdf']);
    expect(mail.text).toContain('in French as you chose');
  });

  it('staff hear of a paid order in French by default, with who, what, when, amounts and the receipt number', async () => {
    const order = await orderRow(room.id);
    const mail = await rendered(claimed('staff_order_paid', site.operations.email, { orderId: room.id }, site.operations.language));
    expect(mail.subject).toBe(`Commande payée${nbsp}: Conference Room Saint-Laurent, jeudi 26 novembre 2026 – Camille Tremblay (reçu ${room.receipt})`);
    expect(mail.to).toEqual({ name: site.operations.name, address: site.operations.email });
    expect(mail.replyTo).toBe('camille@example.com');
    for (const text of ['Camille Tremblay', 'camille@example.com', room.receipt, room.id]) expect(mail.text).toContain(text);
    expect(amountLine(mail.text, 'Total payé', formatCad(order.q.total, 'fr'))).toBe(true);
    expect(mail.attachments).toEqual([]);
    const en = await rendered(claimed('staff_order_paid', site.operations.email, { orderId: room.id }, 'en'));
    expect(en.subject).toMatch(/^Paid order: /);
  });

  it('no message carries another buyer’s data', async () => {
    const others = [dayPass, officeDays, mailbox, hostile, late];
    for (const language of languages) {
      for (const kind of ['order_paid', 'staff_order_paid'] as const) {
        const mail = await rendered(claimed(kind, kind === 'order_paid' ? room.email : site.operations.email, { orderId: room.id }, language));
        const text = seen(mail);
        for (const other of others) {
          expect(text).not.toContain(other.email);
          expect(text).not.toContain(other.receipt);
          expect(text).not.toContain(other.sessionId);
        }
        expect(text).not.toMatch(/Jean-Luc|Dana|Sophie|Eve|Lina|November 27|27 novembre/);
      }
    }
  });

  it('a name with markup is escaped in the HTML, and CR/LF in a name reach neither the subject nor the display name', async () => {
    const customer = await rendered(claimed('order_paid', hostile.email, { orderId: hostile.id }, 'en'));
    const staff = await rendered(claimed('staff_order_paid', site.operations.email, { orderId: hostile.id }, 'fr'));
    for (const mail of [customer, staff]) {
      expect(mail.html).not.toMatch(/<script/i);
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.to.name ?? '').not.toMatch(/[\r\n]/);
      const eml = await asEml(mail);
      const headers = eml.raw.slice(0, eml.raw.indexOf('\r\n\r\n'));
      eml.cleanup();
      expect(headers).not.toMatch(/^bcc:/im);
      const parsed = await simpleParser(eml.raw);
      expect(parsed.bcc).toBeUndefined();
      const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
      expect(to.flatMap((a) => a.value.map((v) => v.address))).toEqual([mail.to.address]);
    }
    expect(customer.to.name).toBe('Eve Bcc: victim@example.com <script>alert(1)</script>');
    expect(staff.subject).toContain('Eve Bcc: victim@example.com');
  });

  it('every link is absolute on the site’s origin; no image, script or remote resource', async () => {
    const mails = previews.map((p) => p.mail);
    expect(mails.length).toBeGreaterThan(10);
    for (const mail of mails) {
      for (const [, url] of mail.html.matchAll(/href="([^"]*)"/g)) expect(url!.startsWith(`${siteOrigin}/`)).toBe(true);
      expect(mail.html).not.toMatch(/<img|<script|src=|url\(|@import/i);
    }
  });

  it('gone when the records a row names no longer exist; refused when the row’s recipient is not the records’ person', async () => {
    const extra = await t.db
      .insertInto('waitlist_entries')
      .values({ customer_name: 'Gone Person', email: 'gone@example.com', phone: null, number_of_users: 1, budget_min_cents: null, budget_max_cents: null, desired_start_date: null, idempotency_key: null, request_hash: null, created_at: now, language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('waitlist_entry_offices').values({ entry_id: extra.id, office_id: 1, position: 1 }).execute();
    const rowId = randomUUID();
    const message = claimed('waitlist_received', 'gone@example.com', { waitlistEntryId: extra.id }, 'en', rowId, sealText(testBankingKeys, 'L'.repeat(43), `outbox:${rowId}`));
    expect(await render(message)).not.toBe('gone');
    await t.db.deleteFrom('waitlist_entry_offices').where('entry_id', '=', extra.id).execute();
    await t.db.deleteFrom('waitlist_entries').where('id', '=', extra.id).execute();
    expect(await render(message)).toBe('gone');
    expect(await render(claimed('staff_waitlist_entry', site.operations.email, { waitlistEntryId: extra.id }, 'fr', randomUUID()))).toBe('gone');
    expect(await render(claimed('order_paid', 'x@example.com', { orderId: randomUUID() }, 'en', randomUUID()))).toBe('gone');
    expect(await render(claimed('lease_signed', 'x@example.com', { offerId: 999_999 }, 'en', randomUUID()))).toBe('gone');

    await expect(render(claimed('order_paid', 'someone-else@example.com', { orderId: room.id }, 'en'))).rejects.toThrow(/recipient/);
    await expect(render({ ...(await acknowledgement(entries.emilie, 'emilie@example.ca', 'en')), recipient: 'camille@example.com' })).rejects.toThrow(/recipient/);
    await expect(render(claimed('order_refunded', late.email, { orderId: room.id, refundId: late.refundId }, 'en', randomUUID()))).rejects.toThrow(/not one of the order/);
  });
});

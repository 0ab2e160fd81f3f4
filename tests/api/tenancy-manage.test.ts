import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenancyManagePath } from '../../src/server/billing/manage-link.ts';
import { earlierRows } from '../../src/server/messages/earlier-rows.ts';
import { createRenderer } from '../../src/server/messages/render.ts';
import { keyringOf } from '../../src/server/secrets/banking-keys.ts';
import { readMessageData } from '../../src/server/outbox/message-data.ts';
import type { ClaimedMessage } from '../../src/server/outbox/worker.ts';
import { bookingResponse, paymentPageResponse } from '../../src/shared/contract/bookings.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { leaseOfferResponse, signingSuccess } from '../../src/shared/contract/lease.ts';
import { site } from '../../src/shared/site.ts';
import { buildLeaseTestApp, companyInfo, createOffer, officeLike101, sign, submitInfo, validBanking } from './lease-fixtures.ts';
import { adminToken, backend, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * A tenancy's manage link (issue 32): made at signing, shown on the lease page once signed and in
 * every tenancy e-mail; its page shows the lease, the masked account, the deposits held, each
 * invoice with the day it is debited, the next debit, and Pay now for what no debit will pay (a
 * debit returned, the debits stopped). What only a checkout's booking does is refused plainly.
 */

const at = (date: string) => new Date(`${date}T15:00:00Z`);

describe(`A tenancy's manage link (${backend})`, () => {
  let t: TestApp;
  let now = at('2026-11-23');
  beforeAll(async () => {
    t = await buildLeaseTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t.close());

  const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const visitor = { 'x-forwarded-for': '203.0.113.40' };
  const view = async (path: string) => {
    const res = await t.app.request(`/public-api/bookings/${path.replace('/booking/', '')}`, { headers: visitor });
    expect(res.status).toBe(200);
    return bookingResponse.parse(await res.json()).booking;
  };
  const post = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { method: 'POST', headers: { ...visitor, ...headers } });
  const render = () => createRenderer({ keyring: testBankingKeys, siteOrigin: 'http://localhost:5173', from: { name: site.productName, address: site.email }, clock: () => now, earlierRows: earlierRows(undefined as never, testBankingKeys) });

  /** A PDF answer read back by pdftotext, as a viewer shows it. */
  const pdfText = async (res: Response) => execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(await res.arrayBuffer()), encoding: 'utf8' }).replace(/\s+/g, ' ');

  async function signed(company: string) {
    now = at('2026-11-23');
    const office = await officeLike101(t);
    const email = `${company.toLowerCase().replace(/\W/g, '')}@example.com`;
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-12-01', company_name: company, email });
    expect((await submitInfo(t, code, { ...companyInfo })).status).toBe(200);
    const res = await sign(t, code);
    expect(res.status).toBe(200);
    const answer = signingSuccess.parse(await res.json());
    const rental = await t.db.selectFrom('rentals').select(['id']).where('customer_email', '=', email).executeTakeFirstOrThrow();
    return { code, email, rental, path: answer.offer!.manage_path! };
  }

  /** The tenant's messages of a kind, rendered as sent, oldest first. */
  async function mailsTo(email: string, kind: 'lease_signed' | 'pad_debit_returned') {
    const rows = await t.db.selectFrom('outbox').select(['id', 'kind', 'recipient', 'language', 'data', 'secret_encrypted']).where('recipient', '=', email).where('kind', '=', kind).orderBy('created_at').execute();
    return Promise.all(
      rows.map(async (row) => {
        const data = readMessageData(kind, row.data);
        if (!data.ok) throw new Error(data.problem);
        const mail = await render()({ id: row.id, kind, recipient: row.recipient, language: row.language, about: {}, data: data.data, secretEncrypted: row.secret_encrypted, attempts: 0, giveUpAt: now, claimedUntil: now } as ClaimedMessage);
        if (mail === 'gone') throw new Error('gone');
        return mail;
      }),
    );
  }

  const invoiceNumbers = (rentalId: string) => t.db.selectFrom('invoices').select(['number', 'kind']).where('rental_id', '=', rentalId).orderBy('number').execute();

  it('is made at signing: the signing answer, the lease page and the signed e-mail all give the same link', async () => {
    const { code, email, path } = await signed('Atelier Lien');
    expect(path).toMatch(/^\/booking\/[A-Za-z0-9_-]{43}$/);
    const page = leaseOfferResponse.parse(await (await t.app.request(`/public-api/lease-offers/${code}`, { headers: visitor })).json());
    expect(page.offer.manage_path).toBe(path);
    // The token is stored hashed and sealed, never in clear.
    const stored = await t.db.selectFrom('rentals').select(['manage_token_hash', 'manage_token_sealed']).where('customer_email', '=', email).executeTakeFirstOrThrow();
    const token = path.slice('/booking/'.length);
    expect(stored.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.manage_token_sealed).not.toContain(token);

    const [mail] = await mailsTo(email, 'lease_signed');
    if (!mail) throw new Error('no signed e-mail');
    expect(mail.text).toContain(`http://localhost:5173${path}`);
    expect(mail.html).toContain(`http://localhost:5173${path}`);

    // Read by a server whose keys no longer open it (a key dropped from BANKING_KEYS), the lease page shows no link and changes none:
    // the link already e-mailed keeps working until a message about the tenancy replaces it.
    const { lease_offer_id: offerId } = await t.db.selectFrom('rentals').select('lease_offer_id').where('customer_email', '=', email).executeTakeFirstOrThrow();
    expect(await tenancyManagePath(t.db, keyringOf([{ id: 'other', key: randomBytes(32) }]), offerId!)).toBeNull();
    expect(await t.db.selectFrom('rentals').select(['manage_token_hash', 'manage_token_sealed']).where('customer_email', '=', email).executeTakeFirstOrThrow()).toEqual(stored);
    expect((await t.app.request(`/public-api/bookings/${token}`, { headers: visitor })).status).toBe(200);
  });

  it('shows the lease, the masked account, the deposits, the first debit and its day; the PDFs download', async () => {
    const { rental, path } = await signed('Atelier Page');
    const booking = await view(path);
    const [initial] = await invoiceNumbers(rental.id);
    expect(booking.product).toBe('office_lease');
    expect(booking.reference).toBe(initial!.number);
    expect(booking.lease).toMatchObject({
      company: companyInfo.company_name,
      termMonths: 12,
      termEndsOn: '2027-11-30',
      account: `****${validBanking.account_number.slice(-4)}`,
      debitsStopped: null,
    });
    expect(booking.lease!.deposits.map((d) => [d.kind, d.returnedCents])).toEqual([
      ['security', null],
      ['key_fob', null],
    ]);
    expect(JSON.stringify(booking)).not.toContain(validBanking.account_number);
    const billing = booking.billing!;
    expect(billing.paysBy).toBe('pad');
    expect(billing.invoices).toHaveLength(1);
    // Signed Monday 23 November: the notice's 10 days run, and the first debit is Thursday 3 December.
    expect(billing.invoices[0]).toMatchObject({ number: initial!.number, state: 'due', debitOn: '2026-12-03', returnCode: null });
    expect(billing.nextDebit).toEqual({ on: '2026-12-03', cents: billing.invoices[0]!.owed });

    const token = path.slice('/booking/'.length);
    const lease = await t.app.request(`/public-api/bookings/${token}/lease.pdf`, { headers: visitor });
    expect(lease.status).toBe(200);
    expect(lease.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await lease.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const invoice = await t.app.request(`/public-api/bookings/${token}/invoices/${initial!.number}`, { headers: visitor });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    // Not paid yet, the invoice names the way it will be paid: the tenant's debit, not a card.
    const invoiceText = await pdfText(invoice);
    expect(invoiceText).toContain('À payer / Amount due');
    expect(invoiceText).toContain('Prélèvement automatique / Pre-authorized debit');
    expect(invoiceText).not.toMatch(/Card|Test payment/);
    // A tenancy has no receipt (none is found), no days to cancel, no notice to give here and no card to keep: each says so.
    const receipt = await t.app.request(`/public-api/bookings/${token}/receipt.pdf`, { headers: visitor });
    expect([receipt.status, receipt.headers.get(problemCodeHeader)]).toEqual([404, 'booking_not_found']);
    for (const [method, what] of [
      ['POST', 'cancel'],
      ['POST', 'notice'],
      ['POST', 'card'],
    ] as const) {
      const res = await t.app.request(`/public-api/bookings/${token}/${what}`, { method, headers: { ...visitor, 'idempotency-key': crypto.randomUUID(), 'content-type': 'application/json' }, body: method === 'POST' ? JSON.stringify({ dates: ['2026-12-01'] }) : undefined });
      expect([what, res.status, res.headers.get(problemCodeHeader)]).toEqual([what, 409, 'lease_changes_by_contract']);
    }
  });

  it('follows the debit: filed, returned for lack of funds (Pay now, the re-debit and its fee), then a closed account stops the debits', async () => {
    const { rental, path, email } = await signed('Atelier Retour');
    const token = path.slice('/booking/'.length);
    const [initial] = await invoiceNumbers(rental.id);
    now = at('2026-11-30');
    const file = await t.app.request('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: '2026-12-03' }) });
    expect(file.status).toBe(201);
    let billing = (await view(path)).billing!;
    expect(billing.invoices[0]).toMatchObject({ state: 'processing', debitOn: '2026-12-03' });
    // In the bank's hands: no card payment of it meanwhile.
    expect((await post(`/public-api/bookings/${token}/invoices/${initial!.number}/pay`)).headers.get(problemCodeHeader)).toBe('invoice_payment_in_progress');

    // Its day passed, the debit waits for settlement: the next debit is January's, on Monday the 4th (the 1st a holiday).
    now = at('2026-12-05');
    billing = (await view(path)).billing!;
    expect(billing.nextDebit?.on).toBe('2027-01-04');

    now = at('2026-12-07');
    const returned = await t.app.request(`/admin-api/rentals/${rental.id}/invoices/${initial!.number}/pad-return`, { method: 'POST', headers: admin, body: JSON.stringify({ code: '901' }) });
    expect(returned.status).toBe(201);
    billing = (await view(path)).billing!;
    const fee = (await invoiceNumbers(rental.id)).find((i) => i.kind === 'fee')!;
    // Debited once more after a new notice (10 days from Monday 7 December: Thursday the 17th), with the fee.
    const byNumber = new Map(billing.invoices.map((i) => [i.number, i]));
    expect(byNumber.get(initial!.number)).toMatchObject({ state: 'due', returnCode: '901', debitOn: '2026-12-17' });
    expect(byNumber.get(fee.number)).toMatchObject({ state: 'due', total: site.pad.returnedDebitFeeCents, debitOn: '2026-12-17', returnCode: null });
    expect(billing.nextDebit).toEqual({ on: '2026-12-17', cents: byNumber.get(initial!.number)!.owed + site.pad.returnedDebitFeeCents });

    // Pay now on the returned invoice opens the provider's page for what it owes; paid, nothing is debited again.
    const pay = await post(`/public-api/bookings/${token}/invoices/${initial!.number}/pay`);
    expect(pay.status).toBe(200);
    const { url } = paymentPageResponse.parse(await pay.json());
    const paid = await t.app.request(`${new URL(url).pathname}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card_number: '4242 4242 4242 4242' }).toString() });
    expect(paid.status).toBeLessThan(400);
    billing = (await view(path)).billing!;
    expect(billing.invoices.find((i) => i.number === initial!.number)).toMatchObject({ state: 'paid', owed: 0, debitOn: null });
    expect(billing.nextDebit).toEqual({ on: '2026-12-17', cents: site.pad.returnedDebitFeeCents });

    // The fee's debit is filed, then returned as an account closed: every debit stops, and the page says so.
    now = at('2026-12-16');
    expect((await t.app.request('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: '2026-12-17' }) })).status).toBe(201);
    now = at('2026-12-21');
    expect((await t.app.request(`/admin-api/rentals/${rental.id}/invoices/${fee.number}/pad-return`, { method: 'POST', headers: admin, body: JSON.stringify({ code: '905' }) })).status).toBe(201);
    const stopped = await view(path);
    expect(stopped.lease!.debitsStopped).toEqual({ lastDebitOn: '2026-12-20', returnCode: '905', revoked: false });
    expect(stopped.billing!.invoices.find((i) => i.number === fee.number)).toMatchObject({ state: 'due', returnCode: '905', debitOn: null });
    expect(stopped.billing!.nextDebit).toBeNull();
    // No debit will pay the fee now: its PDF names the card of Pay now (here the test checkout's), not the debit.
    const feePdf = await pdfText(await t.app.request(`/public-api/bookings/${token}/invoices/${fee.number}`, { headers: visitor }));
    expect(feePdf).toContain('Test payment (no card charged)');
    expect(feePdf).not.toContain('Pre-authorized debit');

    // The tenant's e-mails say so and link to the page: Pay now once no debit will pay, else the page itself.
    const mails = await mailsTo(email, 'pad_debit_returned');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(`Manage your rental:\nhttp://localhost:5173${path}`);
    expect(mails[1]!.text).toContain(`Pay now:\nhttp://localhost:5173${path}`);
  });

  it('is not an order’s link, and a token that is no tenancy’s finds nothing', async () => {
    const { path } = await signed('Atelier Seul');
    const token = path.slice('/booking/'.length);
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const res = await t.app.request(`/public-api/bookings/${other}`, { headers: visitor });
    expect([res.status, res.headers.get(problemCodeHeader)]).toEqual([404, 'booking_not_found']);
  });
});

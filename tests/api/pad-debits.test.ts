import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { adoptLeasesSignedBefore } from '../../src/server/lease/lease-offers.ts';
import { earlierRows } from '../../src/server/messages/earlier-rows.ts';
import { createRenderer } from '../../src/server/messages/render.ts';
import { readMessageData, type MessageKind } from '../../src/server/outbox/message-data.ts';
import type { ClaimedMessage, ClaimedOf } from '../../src/server/outbox/worker.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { padFileMade } from '../../src/shared/contract/pad-files.ts';
import { padReturnRecorded, padRevocationRecorded, staffRentalDetail } from '../../src/shared/contract/staff-rentals.ts';
import { site } from '../../src/shared/site.ts';
import { checkoutBody, checkoutOk, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { buildLeaseTestApp, companyInfo, createOffer, officeLike101, sign, signature, submitInfo, validBanking } from './lease-fixtures.ts';
import { adminToken, backend, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * A tenancy's debits after signing (issue 32): its monthly invoices, issued on the 20th of the
 * month before and due on the 1st's business day; debits treated as paid once the settlement
 * window passes; returns (a lack of funds re-debited once after notice with the fee, a closed
 * account stopping every debit, a payer's claim, a return after settlement), and a revocation.
 * The clock moves: signing on Monday 2026-11-23, the lease starting 2026-12-01.
 */

const at = (date: string) => new Date(`${date}T15:00:00Z`);

describe(`PAD debits after the file (${backend})`, () => {
  let t: TestApp;
  let now = at('2026-11-23');

  beforeAll(async () => {
    t = await buildLeaseTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t.close());

  const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
  const render = createRenderer({ keyring: testBankingKeys, siteOrigin: 'http://localhost:5173', from: { name: site.productName, address: site.email }, clock: () => now, earlierRows: earlierRows(undefined as never, testBankingKeys) });

  async function makeFile(date: string) {
    const res = await t.app.request('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: date }) });
    return { status: res.status, body: res.status < 300 ? padFileMade.parse(await res.json()) : null, code: res.headers.get(problemCodeHeader) };
  }

  const recordReturn = (rentalId: string, number: string, code: string) =>
    t.app.request(`/admin-api/rentals/${rentalId}/invoices/${number}/pad-return`, { method: 'POST', headers: admin, body: JSON.stringify({ code }) });

  /** Signs a lease of an office of its own, starting 2026-12-01, and returns its tenancy. */
  async function tenancy(company: string) {
    now = at('2026-11-23');
    const office = await officeLike101(t);
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-12-01', company_name: company, email: `${company.toLowerCase().replace(/\W/g, '')}@example.com` });
    expect((await submitInfo(t, code, { ...companyInfo })).status).toBe(200);
    expect((await sign(t, code)).status).toBe(200);
    return t.db.selectFrom('rentals').select(['id', 'monthly_cents', 'customer_email']).where('pays_by', '=', 'pad').orderBy('created_at', 'desc').orderBy('lease_offer_id', 'desc').limit(1).executeTakeFirstOrThrow();
  }

  const invoicesOf = (rentalId: string) =>
    t.db
      .selectFrom('invoices')
      .select(['id', 'number', 'kind', 'total_cents', 'lines', sql<string>`period_start::text`.as('start'), sql<string | null>`due_on::text`.as('due_on')])
      .where('rental_id', '=', rentalId)
      .orderBy('number')
      .execute();

  const paymentsOf = (invoiceId: string) =>
    t.db.selectFrom('invoice_payments').select(['id', 'method', 'status', 'return_code', 'amount_cents', 'pad_file_id']).where('invoice_id', '=', invoiceId).orderBy('created_at').execute();

  async function messagesTo<K extends MessageKind>(email: string, kind: K) {
    const rows = await t.db.selectFrom('outbox').select(['id', 'kind', 'recipient', 'language', 'subject_ids', 'data', 'secret_encrypted']).where('recipient', '=', email).where('kind', '=', kind).orderBy('created_at').execute();
    return Promise.all(
      rows.map(async (row) => {
        const read = readMessageData(kind, row.data);
        if (!read.ok) throw new Error(read.problem);
        const claimed = { id: row.id, kind, recipient: row.recipient, language: row.language, about: {}, data: read.data, secretEncrypted: row.secret_encrypted, attempts: 0, giveUpAt: now, claimedUntil: now } as ClaimedOf<K>;
        const mail = await render(claimed as ClaimedMessage);
        if (mail === 'gone') throw new Error('gone');
        return { data: read.data, mail };
      }),
    );
  }

  it('issues the monthly invoice on the 20th of the month before, due on the 1st’s business day, and e-mails it', async () => {
    const rental = await tenancy('Atelier Janvier');
    now = at('2026-12-19');
    await round();
    expect((await invoicesOf(rental.id)).map((i) => i.start)).toEqual(['2026-12-01']);
    now = at('2026-12-20');
    await round();
    const invoices = await invoicesOf(rental.id);
    expect(invoices.map((i) => i.start)).toEqual(['2026-12-01', '2027-01-01']);
    const january = invoices[1]!;
    // 1 January 2027 is a holiday, then a weekend: the debit is made on Monday the 4th.
    expect(january.due_on).toBe('2027-01-04');
    expect(january.lines).toEqual([{ item: 'monthly_rent', cents: rental.monthly_cents }]);
    // A second round issues nothing twice.
    await round();
    expect(await invoicesOf(rental.id)).toHaveLength(2);

    const [issued] = await messagesTo(rental.customer_email, 'invoice_issued');
    expect(issued!.data.pad).toEqual({ kind: 'debit', on: '2027-01-04', noticed: false });
    expect(issued!.mail.subject).toContain(`Invoice ${january.number}`);
    expect(issued!.mail.text).toContain('will be debited from your bank account on Monday, January 4, 2027');
    expect(issued!.mail.text).not.toContain('notice of that debit');
    expect(issued!.mail.attachments).toHaveLength(1);

    // A card kept for the tenancy (one it paid a returned debit with) is never charged by the card schedule: its PAD files debit it.
    await t.db.updateTable('rentals').set({ provider_customer_id: 'cus_tenancy', payment_method_id: 'pm_tenancy' }).where('id', '=', rental.id).execute();
    now = at('2027-01-04');
    await round();
    const tries = await t.db.selectFrom('invoice_payments as p').innerJoin('invoices as i', 'i.id', 'p.invoice_id').select('p.method').where('i.rental_id', '=', rental.id).execute();
    expect(tries).toEqual([]);
    await t.db.updateTable('rentals').set({ provider_customer_id: null, payment_method_id: null }).where('id', '=', rental.id).execute();

    const detail = staffRentalDetail.parse(await (await t.app.request(`/admin-api/rentals/${rental.id}`, { headers: admin })).json());
    expect(detail.rental.pays_by).toBe('pad');
    expect(detail.rental.next_invoice).toMatchObject({ on: '2027-01-20' });
    expect(detail.rental.pad_stopped).toBeNull();
  });

  it('treats a debit as paid once five business days pass without a return, and e-mails the paid invoice once', async () => {
    const rental = await tenancy('Studio Règlement');
    const [initial] = await invoicesOf(rental.id);
    expect(initial!.due_on).toBe('2026-12-03');
    now = at('2026-12-03');
    const file = await makeFile('2026-12-03');
    expect(file.status).toBe(201);
    expect((await paymentsOf(initial!.id)).map((p) => p.status)).toEqual(['open']);

    // Thursday the 3rd, then Friday, Monday to Thursday: settled on Thursday the 10th.
    now = at('2026-12-09');
    await round();
    expect((await paymentsOf(initial!.id)).map((p) => p.status)).toEqual(['open']);
    now = at('2026-12-10');
    await round();
    await round();
    expect((await paymentsOf(initial!.id)).map((p) => p.status)).toEqual(['succeeded']);
    const paid = await messagesTo(rental.customer_email, 'invoice_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.mail.text).toContain('by pre-authorized debit');
    expect(paid[0]!.data.payment).toMatchObject({ method: 'pad', cents: initial!.total_cents });
  });

  it('re-debits a return for lack of funds once, after a new notice, with the handling fee; a second return is not debited again', async () => {
    const rental = await tenancy('Café Provision');
    const [initial] = await invoicesOf(rental.id);
    now = at('2026-12-03');
    expect((await makeFile('2026-12-03')).status).toBe(201);

    now = at('2026-12-07');
    const res = await recordReturn(rental.id, initial!.number, '901');
    expect(res.status).toBe(201);
    const recorded = padReturnRecorded.parse(await res.json());
    // Notice given Monday the 7th: ten days, to Thursday the 17th.
    expect(recorded).toMatchObject({ outcome: 'redebit', redebit_on: '2026-12-17' });
    const fee = (await invoicesOf(rental.id)).find((i) => i.kind === 'fee')!;
    expect(fee.number).toBe(recorded.fee_invoice_number);
    expect(fee).toMatchObject({ total_cents: 2_500, due_on: '2026-12-17', lines: [{ item: 'returned_debit_fee', cents: 2_500 }] });
    expect((await paymentsOf(initial!.id)).map((p) => [p.status, p.return_code])).toEqual([['returned', '901']]);

    // Recorded twice: nothing changes.
    const again = await recordReturn(rental.id, initial!.number, '901');
    expect(again.status).toBe(200);
    expect(padReturnRecorded.parse(await again.json()).outcome).toBe('already');
    expect((await invoicesOf(rental.id)).filter((i) => i.kind === 'fee')).toHaveLength(1);
    const other = await recordReturn(rental.id, initial!.number, '905');
    expect(other.status).toBe(409);
    expect(other.headers.get(problemCodeHeader)).toBe('pad_returned_with_another_code');

    const [told] = await messagesTo(rental.customer_email, 'pad_debit_returned');
    expect(told!.data).toMatchObject({ outcome: 'redebit', redebitOn: '2026-12-17', owedCents: initial!.total_cents });
    expect(told!.mail.text).toContain('NSF, 901');
    expect(told!.mail.text).toContain('We will debit it again on Thursday, December 17, 2026');
    expect(told!.mail.attachments.map((a) => a.filename)).toEqual([`invoice-facture-${fee.number}.pdf`]);

    // Not before its notice has run: a file for the 16th leaves both out.
    now = at('2026-12-16');
    const early = await makeFile('2026-12-16');
    const earlyFiled = early.body ? await t.db.selectFrom('invoice_payments').select('invoice_id').where('pad_file_id', '=', early.body.file.id).execute() : [];
    expect(earlyFiled.map((p) => p.invoice_id)).not.toContain(initial!.id);
    expect(earlyFiled.map((p) => p.invoice_id)).not.toContain(fee.id);
    now = at('2026-12-17');
    const redebit = await makeFile('2026-12-17');
    expect(redebit.status).toBe(201);
    const redebits = await t.db
      .selectFrom('invoice_payments')
      .select(['invoice_id', 'amount_cents'])
      .where('pad_file_id', '=', redebit.body!.file.id)
      .execute();
    expect(redebits.filter((p) => p.invoice_id === initial!.id || p.invoice_id === fee.id).map((p) => p.amount_cents).sort()).toEqual([2_500, initial!.total_cents].sort());

    // The re-debit comes back too: no third try, no second fee.
    now = at('2026-12-18');
    const second = padReturnRecorded.parse(await (await recordReturn(rental.id, initial!.number, '901')).json());
    expect(second.outcome).toBe('no_redebit');
    expect((await invoicesOf(rental.id)).filter((i) => i.kind === 'fee')).toHaveLength(1);
    now = at('2027-01-05');
    await makeFile('2027-01-05');
    expect((await paymentsOf(initial!.id)).map((p) => p.status)).toEqual(['returned', 'returned']);
  });

  it('stops every debit of the agreement on a closed account; later invoices say so and no file carries them', async () => {
    const rental = await tenancy('Imprimerie Fermée');
    const [initial] = await invoicesOf(rental.id);
    now = at('2026-12-03');
    expect((await makeFile('2026-12-03')).status).toBe(201);
    now = at('2026-12-08');
    const recorded = padReturnRecorded.parse(await (await recordReturn(rental.id, initial!.number, '905')).json());
    expect(recorded.outcome).toBe('stopped');
    const detail = staffRentalDetail.parse(await (await t.app.request(`/admin-api/rentals/${rental.id}`, { headers: admin })).json());
    expect(detail.rental.pad_stopped).toEqual({ last_debit_on: '2026-12-07', reason: 'return:905' });
    const [told] = await messagesTo(rental.customer_email, 'pad_debit_returned');
    expect(told!.mail.text).toContain('all pre-authorized debits on it have stopped');

    now = at('2026-12-20');
    await round();
    const january = (await invoicesOf(rental.id)).find((i) => i.start === '2027-01-01')!;
    const [issued] = (await messagesTo(rental.customer_email, 'invoice_issued')).slice(-1);
    expect(issued!.data.pad).toEqual({ kind: 'stopped' });
    expect(issued!.mail.text).toContain('will not be debited');
    now = at('2027-01-04');
    await makeFile('2027-01-04');
    expect(await paymentsOf(january.id)).toEqual([]);
    expect((await paymentsOf(initial!.id)).map((p) => p.status)).toEqual(['returned']);
  });

  it('reverses a debit returned after it was treated as paid (a business payer’s claim), and the agreement stands', async () => {
    const rental = await tenancy('Galerie Recours');
    const [initial] = await invoicesOf(rental.id);
    now = at('2026-12-03');
    expect((await makeFile('2026-12-03')).status).toBe(201);
    now = at('2026-12-10');
    await round();
    expect((await paymentsOf(initial!.id)).map((p) => p.status)).toEqual(['succeeded']);
    now = at('2026-12-15');
    const recorded = padReturnRecorded.parse(await (await recordReturn(rental.id, initial!.number, '919')).json());
    expect(recorded.outcome).toBe('dispute');
    expect((await paymentsOf(initial!.id)).map((p) => [p.status, p.return_code])).toEqual([['returned', '919']]);
    const owed = await t.app.request(`/admin-api/rentals/${rental.id}`, { headers: admin });
    const detail = staffRentalDetail.parse(await owed.json());
    expect(detail.rental.owed_cents).toBe(initial!.total_cents);
    expect(detail.rental.pad_stopped).toBeNull();
    // The invoice claimed back is not debited again by itself; the next month is, as usual.
    now = at('2026-12-20');
    await round();
    now = at('2027-01-04');
    const file = await makeFile('2027-01-04');
    const filed = await t.db.selectFrom('invoice_payments').select('invoice_id').where('pad_file_id', '=', file.body!.file.id).execute();
    const january = (await invoicesOf(rental.id)).find((i) => i.start === '2027-01-01')!;
    expect(filed.map((p) => p.invoice_id)).toContain(january.id);
    expect(filed.map((p) => p.invoice_id)).not.toContain(initial!.id);
  });

  it('honours a written revocation after its 10 days: no debit is filed for a later date', async () => {
    const rental = await tenancy('Librairie Révoquée');
    now = at('2026-12-21');
    const future = await t.app.request(`/admin-api/rentals/${rental.id}/pad-revocation`, { method: 'POST', headers: admin, body: JSON.stringify({ received_on: '2026-12-22' }) });
    expect(future.status).toBe(400);
    expect(future.headers.get(problemCodeHeader)).toBe('revocation_in_future');
    const res = await t.app.request(`/admin-api/rentals/${rental.id}/pad-revocation`, { method: 'POST', headers: admin, body: JSON.stringify({ received_on: '2026-12-21' }) });
    expect(res.status).toBe(200);
    expect(padRevocationRecorded.parse(await res.json()).last_debit_on).toBe('2026-12-30');
    await round();
    // Its January invoice (issued on the 20th... by the round just now) is due on the 4th, after the revocation took effect.
    const january = (await invoicesOf(rental.id)).find((i) => i.start === '2027-01-01')!;
    now = at('2027-01-04');
    await makeFile('2027-01-04');
    expect(await paymentsOf(january.id)).toEqual([]);
    const audit = await t.db.selectFrom('staff_audit').select('action').where('subject_id', '=', rental.id).execute();
    expect(audit.map((a) => a.action)).toContain('pad_revocation_recorded');
  });

  it('tells tenant and staff 60 days before the term ends, once, and bills on month to month after it', async () => {
    const rental = await tenancy('Atelier Renouvelé');
    // A 12-month term from 2026-12-01 ends on 2027-11-30: told on 2027-10-01.
    now = at('2027-09-30');
    await round();
    expect(await messagesTo(rental.customer_email, 'lease_term_ending')).toEqual([]);
    now = at('2027-10-01');
    await round();
    await round();
    const told = await messagesTo(rental.customer_email, 'lease_term_ending');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ termMonths: 12, termEndsOn: '2027-11-30', noticeBy: '2027-10-31' });
    expect(told[0]!.mail.text).toContain('The 12-month term of your lease of Office 101 - Window ends on Tuesday, November 30, 2027.');
    expect(told[0]!.mail.text).toContain('continues from month to month on the same terms');
    const staff = await t.db
      .selectFrom('outbox')
      .select(['recipient'])
      .where('kind', '=', 'staff_lease_term_ending')
      .where(sql<boolean>`subject_ids @> ${JSON.stringify({ rentalId: rental.id })}::jsonb`)
      .execute();
    expect(staff).toEqual([{ recipient: site.operations.email }]);

    // Past the term, the tenancy goes on: December 2027's invoice is issued on 20 November, at the same rent.
    now = at('2027-11-20');
    await round();
    const december = (await invoicesOf(rental.id)).find((i) => i.start === '2027-12-01')!;
    expect(december.lines).toEqual([{ item: 'monthly_rent', cents: rental.monthly_cents }]);
    expect(december.due_on).toBe('2027-12-01');
  });

  /** Puts a signed lease back as signing left it before tenancies: no reservation, rental, invoice or deposit, its office on sale. */
  async function asSignedBefore(rentalId: string): Promise<{ offerId: number; officeId: number }> {
    const rental = await t.db.selectFrom('rentals').select(['lease_offer_id', 'office_id']).where('id', '=', rentalId).executeTakeFirstOrThrow();
    await t.db.deleteFrom('deposits').where('rental_id', '=', rentalId).execute();
    await t.db.deleteFrom('outbox').where(sql<boolean>`subject_ids @> ${JSON.stringify({ rentalId })}::jsonb`).execute();
    await t.db.deleteFrom('invoices').where('rental_id', '=', rentalId).execute();
    await t.db.deleteFrom('rentals').where('id', '=', rentalId).execute();
    await t.db.deleteFrom('reservations').where('lease_offer_id', '=', rental.lease_offer_id).execute();
    await t.db.updateTable('offices').set({ is_available: true, next_available_date: null }).where('id', '=', rental.office_id).execute();
    return { offerId: rental.lease_offer_id!, officeId: rental.office_id };
  }

  it('makes the tenancy of a lease signed before, once, its first debit after a notice from that day', async () => {
    const before = await tenancy('Ancien Bail');
    const { offerId, officeId } = await asSignedBefore(before.id);
    now = at('2026-11-28');
    const provider = 'test' as const;
    expect(await adoptLeasesSignedBefore(t.db, testBankingKeys, provider, now)).toEqual({ adopted: 1, conflicts: 0 });
    expect(await adoptLeasesSignedBefore(t.db, testBankingKeys, provider, now)).toEqual({ adopted: 0, conflicts: 0 });
    const rental = await t.db.selectFrom('rentals').select(['id', sql<string>`next_period_start::text`.as('next')]).where('lease_offer_id', '=', offerId).executeTakeFirstOrThrow();
    // Notice on Saturday 28 November: the debit on Tuesday 8 December; the rent from 1 January, the first month the notice allows.
    const [initial] = await invoicesOf(rental.id);
    expect(initial!.due_on).toBe('2026-12-08');
    expect(rental.next).toBe('2027-01-01');
    const booked = await t.db.selectFrom('reservations').select(['status', sql<string>`start_date::text`.as('start'), 'end_date']).where('lease_offer_id', '=', offerId).execute();
    expect(booked).toEqual([{ status: 'booked', start: '2026-12-01', end_date: null }]);
    expect((await t.db.selectFrom('offices').select('is_available').where('id', '=', officeId).executeTakeFirstOrThrow()).is_available).toBe(false);
    const [notice] = await messagesTo(before.customer_email, 'invoice_issued');
    expect(notice!.data.pad).toEqual({ kind: 'debit', on: '2026-12-08', noticed: true });
    expect(notice!.mail.text).toContain('This e-mail is your notice of that debit');
  });

  it('makes no tenancy of a lease signed before whose office was rented since, and tells staff once', async () => {
    const before = await tenancy('Bail Doublé');
    const { offerId, officeId } = await asSignedBefore(before.id);
    const office = await t.db.selectFrom('offices').select('office_id').where('id', '=', officeId).executeTakeFirstOrThrow();
    now = at('2026-11-23');
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, office.office_id, { product: 'standard' }));
    expect((await payTestCheckout(t, sessionId, testBuyer)).status).toBe(303);
    for (let i = 0; i < 2; i++) expect(await adoptLeasesSignedBefore(t.db, testBankingKeys, 'test', now)).toEqual({ adopted: 0, conflicts: 1 });
    expect(await t.db.selectFrom('rentals').select('id').where('lease_offer_id', '=', offerId).execute()).toEqual([]);
    const told = await t.db
      .selectFrom('outbox')
      .select(['recipient', 'data'])
      .where('kind', '=', 'staff_lease_signing_refused')
      .where(sql<boolean>`subject_ids @> ${JSON.stringify({ offerId })}::jsonb`)
      .execute();
    expect(told).toHaveLength(1);
    const read = readMessageData('staff_lease_signing_refused', told[0]!.data);
    expect(read.ok && read.data.signedBefore).toBe(true);
  });

  it('after a full tenancy, keeps the account number out of every log line, e-mail, API answer and stored row but the sealed ones, and in the PAD file', async () => {
    const account = '480217639';
    const logged: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    const answers: string[] = [];
    const read = async (path: string, init: RequestInit = { headers: admin }) => {
      const res = await t.app.request(path, init);
      const body = await res.text();
      answers.push(body);
      return { status: res.status, body };
    };
    try {
      now = at('2026-11-23');
      const office = await officeLike101(t);
      const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-12-01', email: 'secret@example.com' });
      expect((await submitInfo(t, code)).status).toBe(200);
      const signing = await t.app.request(`/public-api/lease-offers/${code}/complete-signing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signature, banking: { ...validBanking, account_number: account } }),
      });
      answers.push(await signing.text());
      expect(signing.status).toBe(200);
      const rental = await t.db.selectFrom('rentals').select('id').where('customer_email', '=', 'secret@example.com').executeTakeFirstOrThrow();
      const [initial] = await invoicesOf(rental.id);
      await read(`/public-api/lease-offers/${code}`, {});

      // The initial debit filed, paid after settlement, a month invoiced, its debit returned: the agreement stops.
      now = at('2026-12-03');
      const made = JSON.parse((await read('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: '2026-12-03' }) })).body) as { file: { id: string } };
      const file = await t.app.request(`/admin-api/pad-files/${made.file.id}/download`, { headers: admin });
      expect(await file.text()).toContain(account.padEnd(12, ' '));
      now = at('2026-12-10');
      await round();
      now = at('2026-12-20');
      await round();
      now = at('2027-01-04');
      await read('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: '2027-01-04' }) });
      const january = (await invoicesOf(rental.id)).find((i) => i.start === '2027-01-01')!;
      now = at('2027-01-06');
      await read(`/admin-api/rentals/${rental.id}/invoices/${january.number}/pad-return`, { method: 'POST', headers: admin, body: JSON.stringify({ code: '905' }) });
      await read(`/admin-api/rentals/${rental.id}?lang=fr`);
      await read(`/admin-api/rentals/${rental.id}`);
      await read('/admin-api/rentals');
      await read('/admin-api/pad-files');
      await read('/admin-api/mail');
      await read('/admin-api/lease-offers');
      expect(initial).toBeDefined();

      const signed = await messagesTo('secret@example.com', 'lease_signed');
      const mails = [signed, ...(await Promise.all((['invoice_paid', 'invoice_issued', 'pad_debit_returned'] as const).map((kind) => messagesTo('secret@example.com', kind))))];
      const texts = mails.flat().map(({ mail }) => `${mail.subject}\n${mail.text}\n${mail.html}`);
      expect(texts.length).toBeGreaterThanOrEqual(4);
      for (const text of [...texts, ...answers, ...logged]) expect(text).not.toContain(account);
      // The tenant's copy of the agreement names the account masked, as the console does.
      expect(signed[0]!.data.agreement.banking.account_number).toBe('****7639');

      // Stored rows: the outbox's data, audit details, every text and JSON column of every table.
      const columns = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')`.execute(t.db);
      expect(columns.rows.length).toBeGreaterThan(20);
      for (const { table_name, column_name } of columns.rows) {
        const found = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} where ${sql.ref(column_name)}::text like ${`%${account}%`}`.execute(t.db);
        expect(Number(found.rows[0]!.n), `${table_name}.${column_name}`).toBe(0);
      }
    } finally {
      process.stderr.write = write;
    }
  });

  it('refuses a return for an invoice never debited, a code not on the list, and a revocation of a card rental', async () => {
    const rental = await tenancy('Atelier Sans Débit');
    const [initial] = await invoicesOf(rental.id);
    const none = await recordReturn(rental.id, initial!.number, '901');
    expect(none.status).toBe(409);
    expect(none.headers.get(problemCodeHeader)).toBe('pad_no_debit');
    const unknown = await recordReturn(rental.id, initial!.number, '904');
    expect(unknown.status).toBe(400);
    // A desk rented at checkout pays by card.
    now = at('2026-11-23');
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'DSK-01', { product: 'standard' }));
    expect((await payTestCheckout(t, sessionId, testBuyer)).status).toBe(303);
    const card = await t.db.selectFrom('rentals').select('id').where('pays_by', '=', 'card').limit(1).executeTakeFirstOrThrow();
    const res = await t.app.request(`/admin-api/rentals/${card.id}/pad-revocation`, { method: 'POST', headers: admin, body: JSON.stringify({ received_on: '2026-11-23' }) });
    expect(res.status).toBe(409);
    expect(res.headers.get(problemCodeHeader)).toBe('not_a_pad_tenancy');
  });

  it('debits a lease signed after the 20th no sooner than the first debit its signing announced: its next month, invoiced that day, is due then', async () => {
    // Signed Wednesday 25 November, starting that day: the initial debit is announced for Monday 7 December.
    now = at('2026-11-25');
    const office = await officeLike101(t);
    const email = 'tardif@example.com';
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-11-25', company_name: 'Atelier Tardif', email });
    expect((await submitInfo(t, code, { ...companyInfo })).status).toBe(200);
    expect((await sign(t, code)).status).toBe(200);
    const rental = await t.db.selectFrom('rentals').select(['id', 'monthly_cents']).where('customer_email', '=', email).executeTakeFirstOrThrow();
    await round();
    const [initial, december, ...more] = await invoicesOf(rental.id);
    expect(more).toEqual([]);
    expect(initial).toMatchObject({ start: '2026-11-25', due_on: '2026-12-07' });
    // December is still invoiced (no month skipped), but due on the 7th, not on Tuesday the 1st.
    expect(december).toMatchObject({ start: '2026-12-01', due_on: '2026-12-07', lines: [{ item: 'monthly_rent', cents: rental.monthly_cents }] });
    const [issued] = await messagesTo(email, 'invoice_issued');
    expect(issued!.data.pad).toEqual({ kind: 'debit', on: '2026-12-07', noticed: true });
    expect(issued!.mail.text).toContain('will be debited from your bank account on Monday, December 7, 2026');
    expect(issued!.mail.text).toContain('This e-mail is your notice of that debit');
    // Staff are told the first monthly debit's real day (in their language, French).
    const [staffSigned] = (await messagesTo(site.operations.email, 'staff_lease_signed')).slice(-1);
    expect(staffSigned!.mail.text).toMatch(/Premier prélèvement mensuel\W+lundi 7 décembre 2026/);

    // No file before the 7th carries either; the file of the 7th carries both.
    now = at('2026-12-01');
    await makeFile('2026-12-01');
    expect(await paymentsOf(initial!.id)).toEqual([]);
    expect(await paymentsOf(december!.id)).toEqual([]);
    now = at('2026-12-07');
    const file = await makeFile('2026-12-07');
    expect(file.status).toBe(201);
    const filed = await t.db.selectFrom('invoice_payments').select(['invoice_id', 'amount_cents']).where('pad_file_id', '=', file.body!.file.id).execute();
    expect(filed.filter((p) => p.invoice_id === initial!.id || p.invoice_id === december!.id).map((p) => p.amount_cents).sort()).toEqual([initial!.total_cents, december!.total_cents].sort());
  });
});

import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { runCli } from '../../src/server/cli/cli.ts';
import { problemCodeHeader, problemDetailHeader } from '../../src/shared/contract/common.ts';
import { booksDocumentsResponse } from '../../src/shared/contract/books.ts';
import { padFileMade } from '../../src/shared/contract/pad-files.ts';
import { endRentalResponse } from '../../src/shared/contract/staff-rentals.ts';
import { unusedDaysCents } from '../../src/shared/domain/billing.ts';
import { taxedTotal } from '../../src/shared/domain/pricing.ts';
import { checkoutBody, checkoutOk, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { admin, buildLeaseTestApp, createOffer, officeLike101, sign, submitInfo } from './lease-fixtures.ts';
import { renderedMail } from './rendered-mail.ts';
import { appAdminClient, backend, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * Every tenancy can end (issue 46): staff end a signed lease paid by PAD at once or under its
 * contract, from the API and the command line. From its end no invoice is issued for a later
 * period, one issued already is credited whole, a debit whose amount changes waits for its
 * notice, and every unit of the lease is free from the next day. The clock is the test's: the
 * lease is signed on Monday 2026-11-23 and starts on 1 December.
 */

const morningOf = (date: string) => new Date(`${date}T14:00:00Z`);
const monthly = 120_000;

describe(`staff end a tenancy (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-23');
  beforeEach(async () => {
    now = morningOf('2026-11-23');
    t = await buildLeaseTestApp({ deps: { clock: () => now } });
  });
  afterEach(() => t?.close());

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
  const end = (rentalId: string, body: Record<string, unknown>, key = crypto.randomUUID()) =>
    t.app.request(`/admin-api/rentals/${rentalId}/end`, { method: 'POST', headers: { ...admin, 'idempotency-key': key }, body: JSON.stringify(body) });
  /** The PAD file of a payment date: what it debits, or null when nothing was ready (and why). */
  const makeFile = async (date: string) => {
    const res = await t.app.request('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: date }) });
    if (res.status !== 200 && res.status !== 201) return { file: null, problem: res.headers.get(problemCodeHeader) };
    return { ...padFileMade.parse(await res.json()), problem: null };
  };

  /** A refusal as a client reads it: its status, code, English words, and the fields its detail header names. */
  const refusal = async (res: Response) => {
    const detail = res.headers.get(problemDetailHeader);
    const fields = detail ? (JSON.parse(Buffer.from(detail, 'base64url').toString()) as { fields?: unknown[] }).fields : undefined;
    return { status: res.status, code: res.headers.get(problemCodeHeader), error: ((await res.json()) as { error: string }).error, fields };
  };

  /** A lease of an office and a parking spot, signed today, starting 1 December: its rental and units. */
  async function signedTenancy() {
    const office = await officeLike101(t);
    const { code } = await createOffer(t, { office_ids: [office, 'PRK-02'], start_date: '2026-12-01', monthly_rate: monthly / 100 });
    expect((await submitInfo(t, code)).status).toBe(200);
    expect((await sign(t, code)).status).toBe(200);
    const rental = await t.db.selectFrom('rentals').select(['id', 'lease_offer_id']).where('pays_by', '=', 'pad').orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    return { rentalId: rental.id, offerId: rental.lease_offer_id!, units: [office, 'PRK-02'] };
  }

  async function invoices(rentalId: string) {
    return t.db
      .selectFrom('invoices as i')
      .select(['i.id', 'i.number', 'i.total_cents', sql<string>`i.period_start::text`.as('start'), sql<string>`(i.total_cents - coalesce((select sum(c.total_cents) from invoice_credits c where c.invoice_id = i.id), 0))::int`.as('after_credits')])
      .where('i.rental_id', '=', rentalId)
      .orderBy('i.period_start')
      .execute();
  }

  async function unitsOf(offerId: number) {
    return t.db
      .selectFrom('reservations as r')
      .innerJoin('offices as f', 'f.id', 'r.office_id')
      .select(['f.office_id', sql<string | null>`r.end_date::text`.as('end_date'), sql<string | null>`f.next_available_date::text`.as('next_available_date')])
      .where('r.lease_offer_id', '=', offerId)
      .orderBy('f.office_id')
      .execute();
  }

  it('at once: credits the billed month’s unused days and the next month whole, frees every unit, leaves the debit under way alone, and files nothing after', async () => {
    const lease = await signedTenancy();
    // The initial payment's debit, then January's, invoiced on 20 December and filed for 4 January.
    expect(await makeFile('2026-12-03')).toMatchObject({ file: { debits: 1 } });
    now = morningOf('2026-12-20');
    await round();
    now = morningOf('2027-01-04');
    expect(await makeFile('2027-01-04')).toMatchObject({ file: { debits: 1 } });
    // February is invoiced on 20 January (January's debit has settled by then) and filed on the
    // 25th for 1 February; the tenant leaves that day, the debit under way.
    now = morningOf('2027-01-20');
    await round();
    now = morningOf('2027-01-25');
    expect(await makeFile('2027-02-01')).toMatchObject({ file: { debits: 1 } });
    const key = crypto.randomUUID();
    const res = await end(lease.rentalId, { mode: 'now', reason: 'Moved out, agreed in person' }, key);
    expect(res.status).toBe(200);
    const answer = endRentalResponse.parse(await res.json());
    const [, january, february] = await invoices(lease.rentalId);
    const unused = taxedTotal([{ item: 'monthly_rent', cents: unusedDaysCents(monthly, monthly, '2027-01-01', '2027-01-25') }]).total;
    expect(answer).toMatchObject({
      ends_on: '2027-01-25',
      settled: {
        credit_notes: [
          { invoice_number: january!.number, amount_cents: unused },
          { invoice_number: february!.number, amount_cents: february!.total_cents },
        ],
        refunded_cents: 0,
        // January was debited whole: its days after the 25th go back by hand (no card to refund).
        to_return_cents: unused,
        owed_cents: 0,
      },
    });
    expect(february!.after_credits).toBe(0);
    // The same request again gives the same answer, and writes nothing more.
    const again = await end(lease.rentalId, { mode: 'now', reason: 'Moved out, agreed in person' }, key);
    expect(endRentalResponse.parse(await again.json())).toEqual(answer);
    expect(await t.db.selectFrom('invoice_credits').select('id').execute()).toHaveLength(2);

    // The books count both credit notes in January, the month they are dated.
    const books = booksDocumentsResponse.parse(await (await t.app.request('/admin-api/books/documents?from=2027-01-01&to=2027-01-31&kind=credit_note', { headers: admin })).json());
    const byInvoice = (a: { corrects: string | null }, b: { corrects: string | null }) => (a.corrects ?? '').localeCompare(b.corrects ?? '');
    expect(books.documents.map((d) => ({ corrects: d.corrects, cents: Math.abs(d.total_cents), date: d.date })).sort(byInvoice)).toEqual([
      { corrects: january!.number, cents: unused, date: '2027-01-25' },
      { corrects: february!.number, cents: february!.total_cents, date: '2027-01-25' },
    ]);

    // Every unit of the lease is free from the 26th, for the list and the waitlist.
    expect(await unitsOf(lease.offerId)).toEqual(lease.units.sort().map((office_id) => ({ office_id, end_date: '2027-01-26', next_available_date: '2027-01-26' })));
    expect(await t.db.selectFrom('rentals').select(['end_reason', sql<string>`ends_on::text`.as('ends_on')]).select(sql<boolean>`ended_at is not null`.as('ended')).where('id', '=', lease.rentalId).executeTakeFirstOrThrow()).toEqual({
      ends_on: '2027-01-25',
      end_reason: 'Moved out, agreed in person',
      ended: true,
    });

    // February's debit, filed before the end, is left to settle; no later file debits anything, and nothing is invoiced for March.
    expect(await t.db.selectFrom('invoice_payments').select('status').where('invoice_id', '=', february!.id).execute()).toEqual([{ status: 'open' }]);
    expect(await makeFile('2027-02-05')).toEqual({ file: null, problem: 'pad_nothing_ready' });
    now = morningOf('2027-02-20');
    await round();
    expect(await invoices(lease.rentalId)).toHaveLength(3);

    // The tenant's e-mail: ended, both credit notes attached, January's days to come back.
    const { data, mail } = await renderedMail(t, 'rental_ended', lease.rentalId, now);
    expect(data).toMatchObject({ mode: 'now', lastDay: '2027-01-25', owed: [], toReturnCents: unused });
    expect(mail.attachments).toHaveLength(2);
    expect(mail.subject).toContain('ended on');

    // The audit trail, and the command line refuses ending it again.
    const audit = await t.db.selectFrom('staff_audit').select(['action', 'details']).where('subject_id', '=', lease.rentalId).execute();
    expect(audit).toEqual([{ action: 'rental_ended', details: expect.objectContaining({ mode: 'now', ends_on: '2027-01-25', reason: 'Moved out, agreed in person' }) }]);
    await expect(runCli(['rentals', 'end', lease.rentalId, '--now', '--reason', 'again'], appAdminClient(t), () => {})).rejects.toThrow('This rental has already ended.');
  });

  it('under the contract: on the day staff give, the billed month prorated by a credit note, its debit only after its notice; refuses a day past, one before it begins, or a second end', async () => {
    const lease = await signedTenancy();
    now = morningOf('2026-12-20');
    await round();
    now = morningOf('2026-12-28');
    expect(await refusal(await end(lease.rentalId, { mode: 'notice' }))).toMatchObject({ status: 400, fields: [{ path: 'ends_on', code: 'required_fields' }] });
    expect(await refusal(await end(lease.rentalId, { mode: 'notice', ends_on: '2026-12-27' }))).toMatchObject({ status: 400, fields: [{ path: 'ends_on', code: 'end_not_before_today', params: { today: '2026-12-28' } }], error: 'ends_on: must be today (2026-12-28) or later' });
    now = morningOf('2026-11-25');
    expect(await refusal(await end(lease.rentalId, { mode: 'notice', ends_on: '2026-11-30' }))).toMatchObject({ status: 409, code: 'tenancy_not_begun', error: 'This tenancy begins on 2026-12-01: its last day can be 2026-12-01 or later.' });
    now = morningOf('2026-12-28');

    // Through the command line, as staff at the desk would.
    const printed: string[] = [];
    await runCli(['rentals', 'end', lease.rentalId, '--on', '2027-01-15', '--reason', 'Agreed with the tenant'], appAdminClient(t), (line) => printed.push(line));
    expect(printed[0]).toBe('The tenancy ends on 2027-01-15, as agreed; its units are free from the day after. The tenant is e-mailed.');
    const [, january] = await invoices(lease.rentalId);
    const unused = taxedTotal([{ item: 'monthly_rent', cents: unusedDaysCents(monthly, monthly, '2027-01-01', '2027-01-15') }]).total;
    expect(january!.after_credits).toBe(january!.total_cents - unused);
    expect(await refusal(await end(lease.rentalId, { mode: 'notice', ends_on: '2027-01-31' }))).toMatchObject({ status: 409, code: 'tenancy_end_set' });

    // The tenancy runs to its day; its units are free from the next.
    expect(await t.db.selectFrom('rentals').select(sql<string>`ends_on::text`.as('ends_on')).select(sql<boolean>`ended_at is null`.as('running')).where('id', '=', lease.rentalId).executeTakeFirstOrThrow()).toEqual({ ends_on: '2027-01-15', running: true });
    expect((await unitsOf(lease.offerId)).map((u) => u.next_available_date)).toEqual(['2027-01-16', '2027-01-16']);

    // January now takes less than the agreement's fixed amount: not on 4 January, but once the e-mail's ten days have run (7 January).
    const { data } = await renderedMail(t, 'rental_ended', lease.rentalId, now);
    expect(data).toMatchObject({ mode: 'contract', lastDay: '2027-01-15', owed: expect.arrayContaining([{ number: january!.number, cents: january!.total_cents - unused, debitOn: '2027-01-07' }]) });
    now = morningOf('2027-01-04');
    // The initial payment's debit only.
    expect(await makeFile('2027-01-04')).toMatchObject({ file: { debits: 1 } });
    const filed = await t.db.selectFrom('invoice_payments').select(['invoice_id', 'amount_cents']).where('method', '=', 'pad').execute();
    expect(filed.map((p) => p.invoice_id)).not.toContain(january!.id);
    now = morningOf('2027-01-07');
    expect(await makeFile('2027-01-07')).toMatchObject({ file: { debits: 1, total_cents: january!.total_cents - unused } });

    // Ended at once on the 8th after all: only the 9th to the 15th are credited now, the 16th on were already.
    now = morningOf('2027-01-08');
    const sooner = endRentalResponse.parse(await (await end(lease.rentalId, { mode: 'now', reason: 'Left sooner than agreed' })).json());
    const rent9to15 = unusedDaysCents(monthly, monthly, '2027-01-01', '2027-01-08') - unusedDaysCents(monthly, monthly, '2027-01-01', '2027-01-15');
    expect(sooner.settled!.credit_notes).toEqual([{ number: expect.any(String), invoice_number: january!.number, amount_cents: taxedTotal([{ item: 'monthly_rent', cents: rent9to15 }]).total }]);
    const credited = await t.db.selectFrom('invoice_credits').select((eb) => eb.fn.sum<number>('subtotal_cents').as('s')).where('invoice_id', '=', january!.id).executeTakeFirstOrThrow();
    expect(Number(credited.s)).toBe(unusedDaysCents(monthly, monthly, '2027-01-01', '2027-01-08'));

    // The debit filed on the 7th took January as it stood then: once it settles, what it took beyond
    // the invoice now is for staff to return (no card can), and they are told; nothing invoiced for February.
    now = morningOf('2027-01-20');
    await round();
    expect(await invoices(lease.rentalId)).toHaveLength(2);
    const told = await t.db.selectFrom('outbox').select('kind').where(sql<boolean>`subject_ids->>'invoiceId' = ${january!.id}`).execute();
    expect(told.map((m) => m.kind)).toContain('staff_invoice_paid_twice');
    expect(told.map((m) => m.kind)).toContain('invoice_paid');
  });

  it('at once on its first day: the initial invoice’s other days of the first month are credited; its deposits stay to be returned', async () => {
    const office = await officeLike101(t);
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-11-23', monthly_rate: monthly / 100 });
    expect((await submitInfo(t, code)).status).toBe(200);
    expect((await sign(t, code)).status).toBe(200);
    const rental = await t.db.selectFrom('rentals').select('id').where('pays_by', '=', 'pad').executeTakeFirstOrThrow();
    const [initial] = await invoices(rental.id);
    const res = await end(rental.id, { mode: 'now', reason: 'Changed their mind on moving day' });
    expect(res.status).toBe(200);
    const firstMonth = (await t.db.selectFrom('invoices').select('lines').where('id', '=', initial!.id).executeTakeFirstOrThrow()).lines as { item: string; cents: number }[];
    const billed = firstMonth.find((l) => l.item === 'lease_first_month')!.cents;
    const unused = unusedDaysCents(monthly, billed, '2026-11-23', '2026-11-23');
    expect(unused).toBeGreaterThan(0);
    expect(endRentalResponse.parse(await res.json()).settled).toMatchObject({ credit_notes: [{ invoice_number: initial!.number, amount_cents: taxedTotal([{ item: 'lease_first_month', cents: unused }]).total }] });
    expect(await t.db.selectFrom('deposits').select('returned_at').where('rental_id', '=', rental.id).execute()).not.toHaveLength(0);
  });

  it('refuses a day for a card rental, which ends under its notice policy', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'HOT-01', { product: 'standard' }));
    expect((await payTestCheckout(t, sessionId, testBuyer)).status).toBe(303);
    const rental = await t.db.selectFrom('rentals').select('id').where('pays_by', '=', 'card').executeTakeFirstOrThrow();
    expect(await refusal(await end(rental.id, { mode: 'notice', ends_on: '2027-01-15' }))).toMatchObject({ status: 400, fields: [{ path: 'ends_on', code: 'end_not_for_card' }] });
  });
});

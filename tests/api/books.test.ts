import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInvoice, findInvoiceCredit } from '../../src/server/billing/invoice-records.ts';
import { payNowPaid } from '../../src/server/billing/pay-now.ts';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { settleDueRefunds } from '../../src/server/bookings/refunds.ts';
import { documentCsvColumns } from '../../src/server/books/documents-csv.ts';
import { documentsZip } from '../../src/server/books/documents-zip.ts';
import { xeroCreditNoteColumns, xeroInvoiceColumns, xeroSettings } from '../../src/server/books/xero-csv.ts';
import { creditNoteOfRefund, receiptOfOrder } from '../../src/server/documents/receipts.ts';
import { addStaff } from '../../src/server/staff/accounts.ts';
import { booksDepositsResponse, booksDocumentsResponse, booksDownloads, booksMoneyResponse, occupancyResponse, periodReport, receivablesResponse, type DocumentSums, type OccupancyResponse } from '../../src/shared/contract/books.ts';
import { problemCodeHeader, problemDetail, problemDetailHeader } from '../../src/shared/contract/common.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { paymentPageResponse } from '../../src/shared/contract/bookings.ts';
import { decimalAmount, formatCad, type ProductChoice } from '../../src/shared/domain/pricing.ts';
import { checkoutBody, checkoutOk, origin, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { buildLeaseTestApp, companyInfo, createOffer, officeLike101, sign, submitInfo } from './lease-fixtures.ts';
import { adminToken, appAdminClient, backend, testBankingKeys, waitlistEntryFor, type TestApp } from './test-app.ts';
import { zipEntries } from '../zip-entries.ts';
import { runCli } from '../../src/server/cli/cli.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * The books (issue 34): a month of varied activity at the space, December 2026, and every figure
 * of its report checked against the documents themselves, read through the code that renders
 * them (receipts.ts, invoice-records.ts), not through the books' SQL:
 * - two day products sold (a room, three days of an office), one of those days cancelled and
 *   refunded (a partial refund, under a credit note);
 * - the December invoices of two rentals sold in November: one paid by card on the 1st, then ended
 *   at once by staff on the 14th (its invoice credited for the days after, the money refunded, and
 *   what its prepaid last month leaves over given back under a credit note against its receipt);
 *   one whose card failed, then paid twice (a cheque, and a Pay now page that landed after it), the
 *   second payment given back;
 * - a lease signed in November: its first invoice (rent and deposits) debited by PAD on the 3rd,
 *   treated as paid on the 10th, returned by the payer's bank on the 15th; its January invoice
 *   issued on the 20th.
 */

const at = (date: string, hour = 15) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
const admin = { authorization: `Bearer ${adminToken}` };

describe(`the books (${backend})`, () => {
  let t: TestApp;
  let now = at('2026-11-23');
  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
  const get = (path: string, headers: Record<string, string> = admin) => t.app.request(path, { headers });

  /** What the scenario made, by name. */
  const made = {
    roomOrder: '',
    officeOrder: '',
    cancelRefund: '',
    deskRental: '',
    parkingRental: '',
    tenancy: '',
  };

  async function paid(officeId: string, choice: ProductChoice, card = testBuyer.card_number) {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice));
    expect((await payTestCheckout(t, sessionId, { ...testBuyer, card_number: card })).status).toBe(303);
    const token = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    return { orderId: order.id, token };
  }
  const rentalOf = async (orderId: string) => (await t.db.selectFrom('rentals').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow()).id;
  const invoicesOf = (rentalId: string) => t.db.selectFrom('invoices').select(['id', 'number', 'deposits_cents']).where('rental_id', '=', rentalId).orderBy('issued_at').execute();

  beforeAll(async () => {
    t = await buildLeaseTestApp({ deps: { clock: () => now } });

    // November: two rentals sold at checkout, and a lease signed to start on 1 December.
    const desk = await paid('DSK-01', { product: 'standard' });
    made.deskRental = await rentalOf(desk.orderId);
    const parking = await paid('PRK-01', { product: 'standard' }, '4000 0027 6000 3184');
    made.parkingRental = await rentalOf(parking.orderId);
    const office = await officeLike101(t);
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-12-01', company_name: 'Atelier Décembre', email: 'atelier@example.com' });
    expect((await submitInfo(t, code, { ...companyInfo })).status).toBe(200);
    expect((await sign(t, code)).status).toBe(200);
    made.tenancy = (await t.db.selectFrom('rentals').select('id').where('pays_by', '=', 'pad').executeTakeFirstOrThrow()).id;

    // 1 December: the rentals' invoices; the parking's card needs authentication and fails.
    now = at('2026-12-01');
    await round();
    const [parkingDecember] = await invoicesOf(made.parkingRental);
    // Its customer opens Pay now and leaves the page; staff record their cheque; the page's payment lands after it, and goes back.
    const opened = paymentPageResponse.parse(await (await t.app.request(`/public-api/bookings/${parking.token}/invoices/${parkingDecember!.number}/pay`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.30' } })).json());
    expect((await t.app.request(`${new URL(opened.url).pathname}/cancel`, { method: 'POST' })).status).toBe(303);
    const payNow = await t.db.selectFrom('invoice_payments').select('id').where('trigger', '=', 'pay_now').executeTakeFirstOrThrow();
    const recorded = await t.app.request(`/admin-api/rentals/${made.parkingRental}/invoices/${parkingDecember!.number}/payments`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ method: 'cheque', reference: '1042' }),
    });
    expect(recorded.status).toBe(200);
    await payNowPaid({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys }, payNow.id, { outcome: 'succeeded', paymentId: 'test_pi_late', paymentMethodId: null }, null);
    await settleDueRefunds({ db: t.db, clock: () => now, payments: t.deps.payments });

    // 2 December: a conference room and three days of an office, one of those days cancelled.
    now = at('2026-12-02');
    made.roomOrder = (await paid('CONF-A', { product: 'conference_room', date: '2026-12-08' })).orderId;
    const days = await paid('OFF-102', { product: 'office_daily', dates: ['2026-12-09', '2026-12-10', '2026-12-11'] });
    made.officeOrder = days.orderId;
    const cancelled = await t.app.request(`/public-api/bookings/${days.token}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.31', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ dates: ['2026-12-10'] }),
    });
    expect(cancelled.status).toBe(200);
    await settleDueRefunds({ db: t.db, clock: () => now, payments: t.deps.payments });
    made.cancelRefund = (await t.db.selectFrom('refunds').select('id').where('order_id', '=', days.orderId).executeTakeFirstOrThrow()).id;

    // The lease's first invoice debited on the 3rd, treated as paid on the 10th, returned by the payer's bank on the 15th.
    now = at('2026-12-03');
    const file = await t.app.request('/admin-api/pad-files', { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ payment_date: '2026-12-03' }) });
    expect(file.status).toBe(201);
    now = at('2026-12-10');
    await round();
    // The 14th: staff end the desk's rental at once. Its December invoice is credited for the days after (a credit note against
    // the invoice, the money for them refunded), and what its prepaid last month leaves over goes back under a credit note
    // against its checkout's receipt.
    now = at('2026-12-14');
    const ended = await t.app.request(`/admin-api/rentals/${made.deskRental}/end`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ mode: 'now', reason: 'Moved out' }),
    });
    expect(ended.status).toBe(200);
    // The card network confirms those two refunds the next day: on the 14th they wait.
    now = at('2026-12-15');
    await settleDueRefunds({ db: t.db, clock: () => now, payments: t.deps.payments });
    const [initial] = await invoicesOf(made.tenancy);
    const returned = await t.app.request(`/admin-api/rentals/${made.tenancy}/invoices/${initial!.number}/pad-return`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ code: '919' }) });
    expect(returned.status).toBe(201);
    // The 20th: the lease's January invoice.
    now = at('2026-12-20');
    await round();
    now = at('2027-01-05');
  });
  afterAll(() => t?.close());

  const sums = (docs: { subtotal: number; gst: number; qst: number; total: number; deposits?: number }[]): Omit<DocumentSums, 'documents'> => ({
    subtotal_cents: docs.reduce((n, d) => n + d.subtotal, 0),
    gst_cents: docs.reduce((n, d) => n + d.gst, 0),
    qst_cents: docs.reduce((n, d) => n + d.qst, 0),
    deposits_cents: docs.reduce((n, d) => n + (d.deposits ?? 0), 0),
    total_cents: docs.reduce((n, d) => n + d.total, 0),
  });

  /** December's documents, as their own renderers read them: receipts and credit notes (receipts.ts), invoices (invoice-records.ts). */
  async function decemberDocuments() {
    const receipts = [(await receiptOfOrder(t.db, made.roomOrder))!, (await receiptOfOrder(t.db, made.officeOrder))!];
    const credit = (await creditNoteOfRefund(t.db, made.cancelRefund))!;
    const invoiceOf = async (rentalId: string, index: number) => {
      const row = (await invoicesOf(rentalId))[index]!;
      const invoice = (await findInvoice(t.db, row.id))!;
      return { ...invoice, subtotal: invoice.subtotal - row.deposits_cents, deposits: row.deposits_cents };
    };
    const invoices = { desk: await invoiceOf(made.deskRental, 0), parking: await invoiceOf(made.parkingRental, 0), january: await invoiceOf(made.tenancy, 1) };
    const negated = (d: { subtotal: number; gst: number; qst: number; total: number }) => ({ subtotal: -d.subtotal, gst: -d.gst, qst: -d.qst, total: -d.total });
    const creditNote = negated(credit);
    const invoiceCredit = await t.db.selectFrom('invoice_credits').select('id').where('invoice_id', '=', invoices.desk.id).executeTakeFirstOrThrow();
    const surplusRefund = await t.db.selectFrom('refunds').select('id').where('reason', '=', 'prepaid_surplus').executeTakeFirstOrThrow();
    const deskCredits = [negated((await findInvoiceCredit(t.db, invoiceCredit.id))!), negated((await creditNoteOfRefund(t.db, surplusRefund.id))!)];
    return { receipts, invoices, creditNote, credit, deskCredits };
  }

  it('sums December’s sales, taxes, money and deposits to the cent of its documents', async () => {
    const res = await get('/admin-api/books/report?from=2026-12-01&to=2026-12-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const report = periodReport.parse(await res.json());
    const { receipts, invoices, creditNote, deskCredits } = await decemberDocuments();

    // Accrual: two receipts, three invoices, three credit notes (the day cancelled; the desk's days after its end, and its prepaid month's rest).
    const receiptSums = sums(receipts);
    const invoiceSums = sums(Object.values(invoices));
    expect(report.sales.kinds).toEqual([
      { kind: 'receipt', documents: 2, ...receiptSums },
      { kind: 'invoice', documents: 3, ...invoiceSums },
      { kind: 'credit_note', documents: 3, ...sums([creditNote, ...deskCredits]) },
    ]);
    expect(report.sales.total).toEqual({ documents: 8, ...sums([...receipts, ...Object.values(invoices), creditNote, ...deskCredits]) });
    expect(report.sales.total.deposits_cents).toBe(0);
    const byProduct = Object.fromEntries(report.sales.products.map((p) => [p.product, p]));
    expect(Object.keys(byProduct).sort()).toEqual(['conference_room', 'office_daily', 'office_lease', 'standard']);
    expect(byProduct.conference_room).toEqual({ product: 'conference_room', documents: 1, ...sums([receipts[0]!]) });
    expect(byProduct.office_daily).toEqual({ product: 'office_daily', documents: 2, ...sums([receipts[1]!, creditNote]) });
    expect(byProduct.standard).toEqual({ product: 'standard', documents: 4, ...sums([invoices.desk, invoices.parking, ...deskCredits]) });
    expect(byProduct.office_lease).toEqual({ product: 'office_lease', documents: 1, ...sums([invoices.january]) });
    // Each tax is what the documents say, never recomputed from the sum.
    expect(report.sales.total.gst_cents + report.sales.total.qst_cents + report.sales.total.subtotal_cents).toBe(report.sales.total.total_cents);

    // Money: the two checkouts and the desk's invoice by card, the parking's Pay now by card too and its cheque;
    // the PAD debit counted on the 10th and reversed on the 15th; the cancelled day and the second payment given back.
    const initial = (await findInvoice(t.db, (await invoicesOf(made.tenancy))[0]!.id))!;
    const cardCents = receipts[0]!.total + receipts[1]!.total + invoices.desk.total + invoices.parking.total;
    const cancelRefund = await t.db.selectFrom('refunds').select('amount_cents').where('id', '=', made.cancelRefund).executeTakeFirstOrThrow();
    // The desk's end gave back the money for the days credited (no credit note of its own: the invoice's is the document) and its prepaid month's rest.
    const deskRefunds = await t.db.selectFrom('refunds').select(['reason', 'amount_cents', 'status']).where('reason', 'in', ['ended_early', 'prepaid_surplus']).orderBy('reason').execute();
    expect(deskRefunds.map((r) => [r.reason, r.status])).toEqual([
      ['ended_early', 'succeeded'],
      ['prepaid_surplus', 'succeeded'],
    ]);
    expect(deskRefunds[1]!.amount_cents).toBe(-deskCredits[1]!.total);
    const refunded = cancelRefund.amount_cents + invoices.parking.total + deskRefunds.reduce((n, r) => n + r.amount_cents, 0);
    expect(report.collected.kinds).toEqual([
      { kind: 'card', count: 4, cents: cardCents },
      { kind: 'pad', count: 1, cents: initial.total },
      { kind: 'recorded', count: 1, cents: invoices.parking.total },
      { kind: 'returned', count: 1, cents: -initial.total },
      { kind: 'refund', count: 4, cents: refunded },
    ]);
    expect(report.collected.net_cents).toBe(cardCents + invoices.parking.total);
    expect(report.collected.refunded_cents).toBe(refunded);
    expect(report.collected.refunds_pending_cents).toBe(0);

    // The lease's deposits were asked for in November, never in sales. Its debit stood from the 10th to the 15th: held then;
    // returned by the bank, the invoice is owed again at the month's end, and its deposits with it: not held.
    const deposits = await t.db.selectFrom('deposits').select('amount_cents').where('rental_id', '=', made.tenancy).execute();
    expect(deposits.length).toBeGreaterThan(0);
    expect(report.deposits).toEqual({ invoiced_cents: 0, returned_cents: 0, kept_cents: 0, held_at_end_cents: 0 });
    const whileItStood = periodReport.parse(await (await get('/admin-api/books/report?from=2026-12-01&to=2026-12-12')).json());
    expect(whileItStood.deposits.held_at_end_cents).toBe(deposits.reduce((n, d) => n + d.amount_cents, 0));
    const beforeItStood = periodReport.parse(await (await get('/admin-api/books/report?from=2026-12-01&to=2026-12-09')).json());
    expect(beforeItStood.deposits.held_at_end_cents).toBe(0);
  });

  it('puts November’s deposits apart from its sales, on the invoice that asked for them', async () => {
    const report = periodReport.parse(await (await get('/admin-api/books/report?from=2026-11-01&to=2026-11-30')).json());
    const [initial] = await invoicesOf(made.tenancy);
    const invoice = (await findInvoice(t.db, initial!.id))!;
    expect(initial!.deposits_cents).toBeGreaterThan(0);
    expect(report.deposits.invoiced_cents).toBe(initial!.deposits_cents);
    const lease = report.sales.products.find((p) => p.product === 'office_lease')!;
    expect(lease).toMatchObject({ documents: 1, subtotal_cents: invoice.subtotal - initial!.deposits_cents, deposits_cents: initial!.deposits_cents, total_cents: invoice.total });
    // Deposits are outside the taxes: the sales before tax and the taxes are the rent's alone.
    expect(lease.subtotal_cents + lease.gst_cents + lease.qst_cents + lease.deposits_cents).toBe(invoice.total);
    // The figure links to the deposits it sums.
    const listed = booksDepositsResponse.parse(await (await get('/admin-api/books/deposits?from=2026-11-01&to=2026-11-30')).json()).deposits;
    // Asked for, not yet paid at the month's end: not held.
    expect(listed.map((d) => [d.invoice, d.invoiced_on, d.invoiced_in_range, d.held_at_end])).toEqual(listed.map(() => [initial!.number, '2026-11-23', true, false]));
    expect(report.deposits.held_at_end_cents).toBe(0);
    expect(listed.reduce((n, d) => n + d.amount_cents, 0)).toBe(report.deposits.invoiced_cents);
  });

  it('lists the documents and the money each figure sums, and they add up to the figure', async () => {
    const report = periodReport.parse(await (await get('/admin-api/books/report?from=2026-12-01&to=2026-12-31')).json());
    for (const row of report.sales.products) {
      const listed = booksDocumentsResponse.parse(await (await get(`/admin-api/books/documents?from=2026-12-01&to=2026-12-31&product=${row.product}`)).json());
      const { product: _product, ...figure } = row;
      expect(listed.total).toEqual(figure);
    }
    const credits = booksDocumentsResponse.parse(await (await get('/admin-api/books/documents?from=2026-12-01&to=2026-12-31&kind=credit_note')).json());
    const { credit } = await decemberDocuments();
    const order = await t.db.selectFrom('orders').select('receipt_number').where('id', '=', made.officeOrder).executeTakeFirstOrThrow();
    const deskInvoice = (await invoicesOf(made.deskRental))[0]!;
    const deskOrder = await t.db.selectFrom('rentals as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('o.receipt_number').where('r.id', '=', made.deskRental).executeTakeFirstOrThrow();
    expect(credits.documents.map((d) => [d.date, d.corrects, d.paid_by, d.order_id === null, d.rental_id])).toEqual([
      ['2026-12-02', order.receipt_number, 'card_refund', false, null],
      ['2026-12-14', deskInvoice.number, 'credit', false, made.deskRental],
      ['2026-12-14', deskOrder.receipt_number, 'card_refund', false, null],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect(credits.documents[0]).toMatchObject({ number: credit.number, total_cents: -credit.total, order_id: made.officeOrder });
    const parkingDecember = (await invoicesOf(made.parkingRental))[0]!;
    const invoices = booksDocumentsResponse.parse(await (await get('/admin-api/books/documents?from=2026-12-01&to=2026-12-31&kind=invoice')).json());
    expect(invoices.documents.find((d) => d.number === parkingDecember.number)).toMatchObject({ paid_by: 'card+cheque', rental_id: made.parkingRental });
    expect(invoices.documents.find((d) => d.rental_id === made.tenancy)).toMatchObject({ paid_by: 'unpaid', date: '2026-12-20' });

    for (const kind of report.collected.kinds) {
      const listed = booksMoneyResponse.parse(await (await get(`/admin-api/books/money?from=2026-12-01&to=2026-12-31&kind=${kind.kind}`)).json());
      expect([listed.movements.length, listed.total_cents]).toEqual([kind.count, kind.cents]);
    }
    const returned = booksMoneyResponse.parse(await (await get('/admin-api/books/money?from=2026-12-01&to=2026-12-31&kind=returned')).json());
    expect(returned.movements).toEqual([expect.objectContaining({ date: '2026-12-15', reference: '919', rental_id: made.tenancy })]);
    const refunds = booksMoneyResponse.parse(await (await get('/admin-api/books/money?from=2026-12-01&to=2026-12-31&kind=refund')).json());
    expect(refunds.movements.map((m) => m.reference).sort()).toEqual(['cancelled', 'ended_early', 'paid_twice', 'prepaid_surplus']);

    // The desk's two refunds, decided on the 14th and confirmed on the 15th: waiting at the end of the 14th, and listed so.
    for (const [to, waiting] of [['2026-12-14', ['ended_early', 'prepaid_surplus']], ['2026-12-15', []], ['2026-12-31', []]] as const) {
      const report = periodReport.parse(await (await get(`/admin-api/books/report?from=2026-12-01&to=${to}`)).json());
      const listed = booksMoneyResponse.parse(await (await get(`/admin-api/books/money?from=2026-12-01&to=${to}&kind=refund_pending`)).json());
      expect(listed.movements.map((m) => [m.reference, m.date, m.rental_id === null]).sort()).toEqual(waiting.map((reason) => [reason, '2026-12-14', reason === 'prepaid_surplus']));
      expect(listed.total_cents).toBe(report.collected.refunds_pending_cents);
      expect(report.collected.refunds_pending_cents > 0).toBe(waiting.length > 0);
    }
  });

  it('exports every document as a CSV whose columns sum to the report, and audits the download', async () => {
    const res = await get('/admin-api/books/documents.csv?from=2026-12-01&to=2026-12-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="documents-2026-12-01-2026-12-31.csv"');
    const text = await res.text();
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...documentCsvColumns]);
    expect(rows).toHaveLength(8);
    const report = periodReport.parse(await (await get('/admin-api/books/report?from=2026-12-01&to=2026-12-31')).json());
    const cents = (column: string) => rows.reduce((n, r) => n + Math.round(Number(r[column]) * 100), 0);
    expect(cents('before_tax')).toBe(report.sales.total.subtotal_cents);
    expect(cents('gst')).toBe(report.sales.total.gst_cents);
    expect(cents('qst')).toBe(report.sales.total.qst_cents);
    expect(cents('deposits')).toBe(report.sales.total.deposits_cents);
    expect(cents('total')).toBe(report.sales.total.total_cents);
    // Amounts with a dot and two decimals; a credit note's below zero, naming what it corrects.
    for (const row of rows) for (const column of ['before_tax', 'gst', 'qst', 'deposits', 'total']) expect(row[column]).toMatch(/^-?\d+\.\d{2}$/);
    const credits = rows.filter((r) => r.type === 'credit_note');
    expect(credits.reduce((n, r) => n + Math.round(Number(r.total) * 100), 0)).toBe(report.sales.kinds.find((k) => k.kind === 'credit_note')!.total_cents);
    for (const credit of credits) expect(credit.corrects).toMatch(/^\S+$/);
    // Names as the documents have them, accents and all.
    const tenant = await t.db.selectFrom('rentals').select('customer_name').where('id', '=', made.tenancy).executeTakeFirstOrThrow();
    expect(rows.filter((r) => r.customer === tenant.customer_name)).toHaveLength(1);

    const audit = (await t.db.selectFrom('staff_audit').select(['actor', 'action', 'subject_type', 'details']).where('action', '=', 'books_exported').execute()).filter((a) => (a.details as { export?: string }).export === 'documents.csv');
    expect(audit).toEqual([{ actor: 'admin token', action: 'books_exported', subject_type: 'books', details: { export: 'documents.csv', from: '2026-12-01', to: '2026-12-31' } }]);
  });

  it('exports the documents in Xero’s sales invoice and credit note import layouts, to the cent of the report', async () => {
    const csv = async (path: string) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      return parse(Buffer.from(await res.arrayBuffer()), { bom: true, columns: true }) as Record<string, string>[];
    };
    const cents = (rows: Record<string, string>[], column: string) => rows.reduce((n, r) => n + Math.round(Number(r[column]) * 100), 0);
    const report = periodReport.parse(await (await get('/admin-api/books/report?from=2026-12-01&to=2026-12-31')).json());
    const kind = (k: string) => report.sales.kinds.find((x) => x.kind === k)!;

    const invoices = await csv('/admin-api/books/xero-invoices.csv?from=2026-12-01&to=2026-12-31');
    expect(Object.keys(invoices[0]!)).toEqual([...xeroInvoiceColumns]);
    expect(invoices.map((r) => r['*InvoiceNumber']).sort()).toEqual(
      booksDocumentsResponse.parse(await (await get('/admin-api/books/documents?from=2026-12-01&to=2026-12-31')).json()).documents.filter((d) => d.kind !== 'credit_note').map((d) => d.number).sort(),
    );
    expect(cents(invoices, '*UnitAmount')).toBe(kind('receipt').subtotal_cents + kind('invoice').subtotal_cents);
    expect(cents(invoices, 'TaxAmount')).toBe(kind('receipt').gst_cents + kind('receipt').qst_cents + kind('invoice').gst_cents + kind('invoice').qst_cents);
    for (const row of invoices) expect(row).toMatchObject({ '*Quantity': '1', '*AccountCode': xeroSettings.salesAccountCode, '*TaxType': xeroSettings.taxedRate, Currency: 'CAD' });
    const conference = invoices.find((r) => r['*Description']!.startsWith('Conference room'))!;
    expect(conference['*InvoiceDate']).toBe('02/12/2026');

    const credits = await csv('/admin-api/books/xero-credit-notes.csv?from=2026-12-01&to=2026-12-31');
    expect(Object.keys(credits[0]!)).toEqual([...xeroCreditNoteColumns]);
    const order = await t.db.selectFrom('orders').select('receipt_number').where('id', '=', made.officeOrder).executeTakeFirstOrThrow();
    // Positive, as Xero's credit notes take them, naming the receipt they correct.
    expect(credits).toHaveLength(3);
    expect(cents(credits, '*UnitAmount')).toBe(-kind('credit_note').subtotal_cents);
    expect(cents(credits, 'TaxAmount')).toBe(-(kind('credit_note').gst_cents + kind('credit_note').qst_cents));
    const { credit } = await decemberDocuments();
    expect(credits.find((r) => r.Reference === order.receipt_number)).toMatchObject({ '*CreditNoteNumber': credit.number, '*CreditNoteDate': '02/12/2026', '*UnitAmount': decimalAmount(credit.subtotal), TaxAmount: decimalAmount(credit.gst + credit.qst) });

    // November: the lease's first invoice, its deposits on a line of their own, on the deposits account, untaxed.
    const november = await csv('/admin-api/books/xero-invoices.csv?from=2026-11-01&to=2026-11-30');
    const [initial] = await invoicesOf(made.tenancy);
    const lease = november.filter((r) => r['*InvoiceNumber'] === initial!.number);
    expect(lease.map((r) => [r['*AccountCode'], r['*TaxType']])).toEqual([
      [xeroSettings.salesAccountCode, xeroSettings.taxedRate],
      [xeroSettings.depositsAccountCode, xeroSettings.untaxedRate],
    ]);
    expect(lease[1]).toMatchObject({ '*UnitAmount': decimalAmount(initial!.deposits_cents), TaxAmount: '0.00' });
    const invoice = (await findInvoice(t.db, initial!.id))!;
    expect(cents(lease, '*UnitAmount') + cents(lease, 'TaxAmount')).toBe(invoice.total);
  });

  it('streams the period’s PDFs as a ZIP, one per document, the database free while it streams', async () => {
    const res = await get('/admin-api/books/documents.zip?from=2026-12-01&to=2026-12-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="documents-2026-12-01-2026-12-31.zip"');
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    // Half read: the books still answer (no transaction is held across the stream; PGlite serves one at a time).
    expect((await get('/admin-api/books/report?from=2026-12-01&to=2026-12-31')).status).toBe(200);
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const zip = Buffer.concat(chunks);
    const entries = await zipEntries(zip);
    const listed = booksDocumentsResponse.parse(await (await get('/admin-api/books/documents?from=2026-12-01&to=2026-12-31')).json()).documents;
    const folder = { receipt: 'receipts', invoice: 'invoices', credit_note: 'credit-notes' } as const;
    expect(entries.map((e) => e.name).sort()).toEqual(listed.map((d) => `${folder[d.kind]}/${d.number}.pdf`).sort());
    for (const entry of entries) expect(entry.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const audit = await t.db.selectFrom('staff_audit').select('details').where('action', '=', 'books_exported').execute();
    expect(audit.map((a) => (a.details as { export: string }).export)).toContain('documents.zip');
  });

  it('draws a PDF only as a slow client takes the ZIP', async () => {
    const listed = booksDocumentsResponse.parse(await (await get('/admin-api/books/documents?from=2026-12-01&to=2026-12-31')).json()).documents;
    const many = Array.from({ length: 60 }, () => listed).flat();
    // Each PDF is drawn from the rows its document reads: the queries count the PDFs drawn.
    let queries = 0;
    const counted = t.db.withPlugin({ transformQuery: ({ node }) => ((queries += 1), node), transformResult: async ({ result }) => result });
    const reader = documentsZip(counted, many).getReader();
    const chunks: Uint8Array[] = [(await reader.read()).value!];
    // The client takes nothing more: once the drawing has stood still for a second, what was drawn
    // is the stream's queue (64 KB) and a PDF or two, not the archive's buffer (1 MiB) or the lot.
    for (let before = -1; before !== queries; ) {
      before = queries;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const whileWaiting = queries;
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const zip = Buffer.concat(chunks);
    expect((await zipEntries(zip)).length).toBe(many.length);
    expect(zip.length).toBeGreaterThan(1024 * 1024);
    // The same documents over and over: the part of the queries run while waiting is the part of the ZIP drawn.
    expect((zip.length * whileWaiting) / queries).toBeLessThan(256 * 1024);
  });

  it('names in MISSING.txt a document whose PDF cannot be drawn, and still gives the others', async () => {
    const listed = booksDocumentsResponse.parse(await (await get('/admin-api/books/documents?from=2026-12-01&to=2026-12-31&kind=receipt')).json()).documents;
    const gone = { ...listed[0]!, number: '2026-999999', order_id: crypto.randomUUID() };
    const zip = Buffer.from(await new Response(documentsZip(t.db, [gone, listed[1]!])).arrayBuffer());
    const entries = await zipEntries(zip);
    expect(entries.map((e) => e.name)).toEqual([`receipts/${listed[1]!.number}.pdf`, 'MISSING.txt']);
    expect(entries[1]!.bytes.toString('utf8')).toContain(`receipt 2026-999999 ${gone.date}`);
  });

  it('ages what is owed across a month end, with the last reminder and the next try', async () => {
    const [initial, january] = await invoicesOf(made.tenancy);
    const owedOn = async (date: string) => {
      now = at(date);
      const res = await get('/admin-api/books/receivables');
      expect(res.status).toBe(200);
      return receivablesResponse.parse(await res.json());
    };
    // 31 December: the returned debit (due 3 December) is 28 days past due; January's (debited 4 January) is not due.
    let aged = await owedOn('2026-12-31');
    expect(aged.on).toBe('2026-12-31');
    expect(aged.receivables.map((r) => [r.invoice, r.days_past_due, r.age, r.next_try_on])).toEqual([
      [initial!.number, 28, 'days_1_30', null],
      [january!.number, 0, 'current', '2027-01-04'],
    ]);
    expect(aged.receivables[0]!.last_reminder).toEqual({ kind: 'pad_debit_returned', at: '2026-12-15T15:00:00Z' });
    expect(aged.receivables[1]!.last_reminder).toBeNull();
    const initialTotal = (await findInvoice(t.db, initial!.id))!.total;
    const januaryTotal = (await findInvoice(t.db, january!.id))!.total;
    expect(aged.totals).toEqual([
      { age: 'current', invoices: 1, owed_cents: januaryTotal },
      { age: 'days_1_30', invoices: 1, owed_cents: initialTotal },
      { age: 'days_31_60', invoices: 0, owed_cents: 0 },
      { age: 'days_61_90', invoices: 0, owed_cents: 0 },
      { age: 'over_90', invoices: 0, owed_cents: 0 },
    ]);
    expect(aged.owed_cents).toBe(initialTotal + januaryTotal);
    // 2 January: 30 days; the 3rd: 31, into the next age.
    aged = await owedOn('2027-01-02');
    expect(aged.receivables[0]).toMatchObject({ days_past_due: 30, age: 'days_1_30' });
    aged = await owedOn('2027-01-03');
    expect(aged.receivables[0]).toMatchObject({ days_past_due: 31, age: 'days_31_60' });
    // 4 February: January's debit was never filed, 31 days ago; the first is 63 days past due.
    aged = await owedOn('2027-02-04');
    expect(aged.receivables.map((r) => [r.days_past_due, r.age, r.next_try_on])).toEqual([
      [63, 'days_61_90', null],
      [31, 'days_31_60', null],
    ]);
    // The paid invoices owe nothing and are not listed.
    expect(aged.receivables.some((r) => r.rental_id === made.deskRental || r.rental_id === made.parkingRental)).toBe(false);
    now = at('2027-01-05');
  });

  it('counts units rented, held and for sale at each month’s end, a unit retired mid-month leaving that month, beside the waitlist and recurring revenue', async () => {
    // 25 November: someone joins the waitlist for the rented parking spot. 15 December: a hot desk is retired, and an office offered on a lease not yet signed.
    const spot = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'PRK-01').executeTakeFirstOrThrow();
    now = at('2026-11-25');
    const entry = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.40', 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify(waitlistEntryFor([spot.id])) });
    expect(entry.status).toBe(201);
    now = at('2026-12-15');
    const hot = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'HOT-02').executeTakeFirstOrThrow();
    expect((await t.app.request(`/admin-api/units/${hot.id}/retire`, { method: 'POST', headers: admin })).status).toBe(200);
    await createOffer(t, { office_ids: ['OFF-103'], start_date: '2027-01-04', company_name: 'Bureau Offert', email: 'offert@example.com' });
    now = at('2027-01-05');

    const res = await get('/admin-api/books/occupancy?from=2026-10-01&to=2026-12-31');
    expect(res.status).toBe(200);
    const { occupancy, revenue, day_products: dayProducts } = occupancyResponse.parse(await res.json());
    const of = (month: string, type: OccupancyResponse['occupancy'][number]['service_type']) => occupancy.find((r) => r.month === month && r.service_type === type)!;
    expect([...new Set(occupancy.map((r) => `${r.month} ${r.on}`))]).toEqual(['2026-10 2026-10-31', '2026-11 2026-11-30', '2026-12 2026-12-31']);
    for (const row of occupancy) expect(row.rented + row.held + row.available).toBe(row.units);

    // The desk and the parking spot rented from 23 November, the desk ended on 14 December; the lease's office (added that day) rented from 1 December.
    expect(of('2026-11', 'assigned_desk').rented).toBe(of('2026-10', 'assigned_desk').rented + 1);
    expect(of('2026-12', 'assigned_desk').rented).toBe(of('2026-10', 'assigned_desk').rented);
    expect(of('2026-11', 'parking_spot').rented).toBe(of('2026-10', 'parking_spot').rented + 1);
    expect(of('2026-11', 'dedicated_office').units).toBe(of('2026-10', 'dedicated_office').units + 1);
    expect(of('2026-12', 'dedicated_office').rented).toBe(of('2026-11', 'dedicated_office').rented + 1);
    // Offered on a lease not signed at the month's end: held.
    expect(of('2026-12', 'dedicated_office').held).toBe(of('2026-11', 'dedicated_office').held + 1);
    // Retired on 15 December: in November's units, not December's.
    expect(of('2026-12', 'hotdesk').units).toBe(of('2026-11', 'hotdesk').units - 1);
    expect(of('2026-11', 'hotdesk').units).toBe(of('2026-10', 'hotdesk').units);

    // The waitlist beside it: one person waiting for a parking spot since 25 November (10:00 at the space).
    expect([of('2026-10', 'parking_spot').waiting, of('2026-11', 'parking_spot').waiting, of('2026-12', 'parking_spot').waiting]).toEqual([0, 1, 1]);
    expect([of('2026-11', 'parking_spot').average_wait_days, of('2026-12', 'parking_spot').average_wait_days]).toEqual([5, 36]);
    expect(of('2026-10', 'parking_spot').average_wait_days).toBeNull();
    expect(of('2026-12', 'assigned_desk').waiting).toBe(0);

    // Recurring revenue: the rentals' monthly amounts as sold, from the rentals themselves.
    const monthly = async (id: string) => (await t.db.selectFrom('rentals').select('monthly_cents').where('id', '=', id).executeTakeFirstOrThrow()).monthly_cents;
    const [deskCents, parkingCents, leaseCents] = [await monthly(made.deskRental), await monthly(made.parkingRental), await monthly(made.tenancy)];
    expect(of('2026-11', 'assigned_desk').mrr_cents).toBe(deskCents);
    expect(of('2026-12', 'dedicated_office').mrr_cents).toBe(leaseCents);
    expect(revenue).toEqual([
      { month: '2026-10', mrr_cents: 0, new_cents: 0, ended_cents: 0, changed_cents: 0 },
      { month: '2026-11', mrr_cents: deskCents + parkingCents, new_cents: deskCents + parkingCents, ended_cents: 0, changed_cents: 0 },
      { month: '2026-12', mrr_cents: parkingCents + leaseCents, new_cents: leaseCents, ended_cents: -deskCents, changed_cents: 0 },
    ]);

    // Day products sold in December, less the day cancelled: from their receipts and credit note.
    const { receipts, creditNote } = await decemberDocuments();
    expect(dayProducts).toEqual([
      { month: '2026-12', product: 'conference_room', documents: 1, subtotal_cents: receipts[0]!.subtotal },
      { month: '2026-12', product: 'office_daily', documents: 2, subtotal_cents: receipts[1]!.subtotal + creditNote.subtotal },
    ]);

    // A month not begun is not shown; a range backwards is refused as the report's is.
    const ahead = occupancyResponse.parse(await (await get('/admin-api/books/occupancy?from=2027-01-01&to=2027-03-31')).json());
    expect([...new Set(ahead.occupancy.map((r) => r.on))]).toEqual(['2027-01-05']);
    expect((await get('/admin-api/books/occupancy?from=2027-01-02&to=2027-01-01')).status).toBe(400);
  });

  it('answers a range backwards, too long or not dates with a 400 naming the field, and the last whole month by default', async () => {
    const fieldsOf = async (query: string) => {
      const res = await get(`/admin-api/books/report${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get(problemCodeHeader)).toBe('invalid_request');
      return problemDetail.parse(JSON.parse(Buffer.from(res.headers.get(problemDetailHeader)!, 'base64url').toString('utf8'))).fields;
    };
    expect(await fieldsOf('?from=2026-12-31&to=2026-12-01')).toEqual([{ path: 'to', code: 'range_backwards' }]);
    expect(await fieldsOf('?from=2024-01-01&to=2027-01-01')).toEqual([{ path: 'to', code: 'range_too_long' }]);
    expect(await fieldsOf('?from=2026-02-30&to=2026-03-01')).toEqual([{ path: 'from', code: 'date_format' }]);
    expect(await fieldsOf('?from=december&to=2026-12-31')).toEqual([{ path: 'from', code: 'date_format' }]);
    expect(await fieldsOf('?from=2026-12-01')).toEqual([{ path: 'to', code: 'range_needs_both' }]);
    for (const path of ['/admin-api/books/documents.csv?to=2026-01-01&from=2026-02-01', '/admin-api/books/documents?from=2026-12-01&to=2026-12-31&kind=receipts', '/admin-api/books/money?from=2026-12-01&to=2026-12-31&kind=cash']) {
      expect((await get(path)).status).toBe(400);
    }
    // Exactly three years, one of them with a leap day, is allowed.
    expect((await get('/admin-api/books/report?from=2024-01-01&to=2026-12-31')).status).toBe(200);
    // Neither: the last whole month at the space (the clock is 5 January 2027).
    const report = periodReport.parse(await (await get('/admin-api/books/report')).json());
    expect([report.from, report.to]).toEqual(['2026-12-01', '2026-12-31']);
  });

  it('answers 401 without a session and 403 to staff who are not managers', async () => {
    const paths = ['report', 'documents', 'money', 'deposits', 'occupancy', 'receivables', ...booksDownloads].map((p) => `/admin-api/books/${p}`);
    // Every route of the books, as the app has them: none left out of this check.
    expect(t.app.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/admin-api/books/')).map((r) => r.path).sort()).toEqual([...paths].sort());
    for (const path of paths) {
      const res = await get(path, {});
      expect(res.status).toBe(401);
      expect(res.headers.get(problemCodeHeader)).toBe('sign_in_required');
    }
    await addStaff(t.db, { email: 'sam@example.ca', name: 'Sam', role: 'staff', password: 'correct horse battery' }, now, 2 ** 10);
    const signIn = await t.app.request('/admin-api/session', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'sam@example.ca', password: 'correct horse battery' }) });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    for (const path of paths) {
      const res = await get(path, { cookie });
      expect(res.status).toBe(403);
      expect(res.headers.get(problemCodeHeader)).toBe('managers_only');
    }
    expect(await t.db.selectFrom('staff_audit').select('actor').where('action', '=', 'books_exported').where('actor', '=', 'sam@example.ca').execute()).toEqual([]);
  });

  it('prints the report on the command line, and writes the accountant’s export with --csv', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'books-'));
    try {
      const file = join(dir, 'december.csv');
      const lines: string[] = [];
      await runCli(['books', '--from', '2026-12-01', '--to', '2026-12-31', '--csv', file], appAdminClient(t), (line) => lines.push(line));
      const report = periodReport.parse(await (await get('/admin-api/books/report?from=2026-12-01&to=2026-12-31')).json());
      const out = lines.join('\n');
      expect(out).toContain('Books from 2026-12-01 to 2026-12-31');
      const totalLine = lines.find((l) => l.startsWith('Total '))!;
      expect(totalLine.split(/\s{2,}/)).toEqual(['Total', String(report.sales.total.documents), ...[report.sales.total.subtotal_cents, report.sales.total.gst_cents, report.sales.total.qst_cents, report.sales.total.deposits_cents, report.sales.total.total_cents].map((c) => formatCad(c))]);
      expect(out).toContain(`Collected, net of returns: ${formatCad(report.collected.net_cents)}. Refunded: ${formatCad(report.collected.refunded_cents)}.`);
      const written = await readFile(file);
      expect(written.equals(Buffer.from(await (await get('/admin-api/books/documents.csv?from=2026-12-01&to=2026-12-31')).arrayBuffer()))).toBe(true);
      // A byte-order mark first, for a spreadsheet to read the accents as UTF-8.
      expect([...written.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // An existing file is never overwritten.
      await expect(runCli(['books', '--csv', file], appAdminClient(t), () => {})).rejects.toThrow(/EEXIST/);
      // A bad range is the server's 400, named.
      await expect(runCli(['books', '--from', '2026-12-31', '--to', '2026-12-01'], appAdminClient(t), () => {})).rejects.toThrow(/^400: .*to/);

      const owed: string[] = [];
      await runCli(['receivables'], appAdminClient(t), (line) => owed.push(line));
      expect(owed[0]).toBe('Owed on 2027-01-05:');
      expect(owed.join('\n')).toMatch(/31–60 days/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives back a deposit less what was kept, in the month it goes back, and keeps the rest held', async () => {
    const [initial] = await invoicesOf(made.tenancy);
    // January: the tenant pays the returned invoice by cheque; the security deposit goes back less a repair.
    now = at('2027-01-06');
    const paidByCheque = await t.app.request(`/admin-api/rentals/${made.tenancy}/invoices/${initial!.number}/payments`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ method: 'cheque', reference: '2001' }),
    });
    expect(paidByCheque.status).toBe(200);
    const deposits = await t.db.selectFrom('deposits').select(['id', 'kind', 'amount_cents']).where('rental_id', '=', made.tenancy).execute();
    const security = deposits.find((d) => d.kind === 'security')!;
    const back = await t.app.request(`/admin-api/rentals/${made.tenancy}/deposits/${security.id}/return`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ returned_cents: security.amount_cents - 10_000, deduction_reason: 'Mur repeint' }),
    });
    expect(back.status).toBe(200);
    const report = periodReport.parse(await (await get('/admin-api/books/report?from=2027-01-01&to=2027-01-31')).json());
    const held = deposits.reduce((n, d) => n + d.amount_cents, 0);
    expect(report.deposits).toEqual({ invoiced_cents: 0, returned_cents: security.amount_cents - 10_000, kept_cents: 10_000, held_at_end_cents: held - security.amount_cents });
    expect(report.collected.kinds.find((k) => k.kind === 'recorded')).toEqual({ kind: 'recorded', count: 1, cents: (await findInvoice(t.db, initial!.id))!.total });
    const listed = booksDepositsResponse.parse(await (await get('/admin-api/books/deposits?from=2027-01-01&to=2027-01-31')).json()).deposits;
    expect(listed.find((d) => d.kind === 'security')).toMatchObject({ returned_on: '2027-01-06', returned_cents: security.amount_cents - 10_000, deduction_reason: 'Mur repeint', returned_in_range: true, held_at_end: false });
    expect(listed.filter((d) => d.held_at_end).reduce((n, d) => n + d.amount_cents, 0)).toBe(report.deposits.held_at_end_cents);
    // Paid now: nothing of it is owed any more.
    const owed = receivablesResponse.parse(await (await get('/admin-api/books/receivables')).json());
    expect(owed.receivables.map((r) => r.invoice)).not.toContain(initial!.number);
  });
});

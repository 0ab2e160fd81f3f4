import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPadReturn } from '../../src/server/billing/pad-debits.ts';
import { runCli } from '../../src/server/cli/cli.ts';
import { addStaff } from '../../src/server/staff/accounts.ts';
import { problemCodeHeader, problemDetailHeader } from '../../src/shared/contract/common.ts';
import { padFileMade, padReturnFileUploaded } from '../../src/shared/contract/pad-files.ts';
import { staffRentalDetail } from '../../src/shared/contract/staff-rentals.ts';
import { origin } from './checkout-helpers.ts';
import { buildLeaseTestApp, companyInfo, createOffer, officeLike101, sign, signature, submitInfo, validBanking } from './lease-fixtures.ts';
import { adminToken, appAdminClient, backend, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * The bank's return file uploaded (issue 32): each returned debit found by its cross-reference
 * (our invoice number) and recorded as a return recorded by hand is, with what its CPA-007 code
 * does; the same file twice changes nothing. The return files are made here as a bank makes
 * them from ours: each debit segment sent back in a 'J' record, its return code as the
 * transaction type and the original one (402) kept as the stored transaction type.
 */

const at = (date: string) => new Date(`${date}T15:00:00Z`);
const password = 'correct horse battery';
const recordLength = 1464;

/** A return file of `returns` (cross-reference → CPA-007 code), its items taken from our PAD file `sent` as the bank sends them back. */
function returnFileOf(sent: string, returns: Record<string, string>, change: (segment: string) => string = (s) => s): string {
  const records = sent.split('\r\n');
  const header = records[0]!;
  const control = header.slice(10, 24);
  const segments = records
    .filter((r) => r.startsWith('D'))
    .flatMap((r) => Array.from({ length: 6 }, (_, i) => r.slice(24 + i * 240, 24 + (i + 1) * 240)))
    .filter((s) => Object.hasOwn(returns, s.slice(150, 169).trim()))
    .map((s) => change(returns[s.slice(150, 169).trim()]! + s.slice(3, 62) + s.slice(0, 3) + s.slice(65)));
  const count = (n: number) => String(n).padStart(9, '0');
  const items = segments.map((s, i) => `J${count(i + 2)}${control}${s}`.padEnd(recordLength, ' '));
  const total = segments.reduce((sum, s) => sum + Number(s.slice(3, 13)), 0);
  const trailer = `Z${count(items.length + 2)}${control}${String(total).padStart(14, '0')}${String(segments.length).padStart(8, '0')}${'0'.repeat(22)}`.padEnd(recordLength, ' ');
  return [header, ...items, trailer].join('\r\n');
}

describe(`The bank's return file, uploaded (${backend})`, () => {
  let t: TestApp;
  let now = at('2026-11-23');

  beforeAll(async () => {
    t = await buildLeaseTestApp({ deps: { clock: () => now } });
    await addStaff(t.db, { email: 'sam@example.ca', name: 'Sam', role: 'staff', password }, now, 2 ** 10);
  });
  afterAll(() => t.close());

  const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const upload = (content: string, headers: Record<string, string> = { authorization: `Bearer ${adminToken}`, 'content-type': 'text/plain' }) =>
    t.app.request('/admin-api/pad-files/returns', { method: 'POST', headers, body: content });

  /** Makes the PAD file of a date and answers its content as the bank receives it. */
  async function sentFile(date: string): Promise<string> {
    const res = await t.app.request('/admin-api/pad-files', { method: 'POST', headers: admin, body: JSON.stringify({ payment_date: date }) });
    expect(res.status).toBe(201);
    const made = padFileMade.parse(await res.json());
    return Buffer.from(await (await t.app.request(`/admin-api/pad-files/${made.file.id}/download`, { headers: admin })).arrayBuffer()).toString('latin1');
  }

  /** Signs a lease of an office of its own, starting 2026-12-01: its tenancy and initial invoice (due 2026-12-03). */
  async function tenancy(company: string, account = validBanking.account_number) {
    now = at('2026-11-23');
    const office = await officeLike101(t);
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-12-01', company_name: company, email: `${company.toLowerCase().replace(/\W/g, '')}@example.com` });
    expect((await submitInfo(t, code, { ...companyInfo })).status).toBe(200);
    expect((await sign(t, code, { signature, banking: { ...validBanking, account_number: account } })).status).toBe(200);
    const rental = await t.db.selectFrom('rentals').select(['id', 'customer_name']).where('pays_by', '=', 'pad').orderBy('created_at', 'desc').orderBy('lease_offer_id', 'desc').limit(1).executeTakeFirstOrThrow();
    const invoice = await t.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).where('rental_id', '=', rental.id).orderBy('number').limit(1).executeTakeFirstOrThrow();
    return { rental, invoice };
  }

  const feesOf = (rentalId: string) => t.db.selectFrom('invoices').select(['number', 'total_cents', sql<string | null>`due_on::text`.as('due_on')]).where('rental_id', '=', rentalId).where('kind', '=', 'fee').execute();
  const paymentsOf = (invoiceId: string) => t.db.selectFrom('invoice_payments').select(['status', 'return_code']).where('invoice_id', '=', invoiceId).orderBy('created_at').execute();
  const rowCounts = async () => ({
    outbox: (await t.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    audit: (await t.db.selectFrom('staff_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    invoices: (await t.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  });

  it('records an NSF return from the file: re-debited after notice with the fee; the same file again changes nothing', async () => {
    const { rental, invoice } = await tenancy('Café Fichier', '480217639');
    now = at('2026-12-03');
    const sent = await sentFile('2026-12-03');
    now = at('2026-12-07');
    const file = returnFileOf(sent, { [invoice.number]: '901' });
    const res = await upload(file);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('480217639');
    const answer = padReturnFileUploaded.parse(JSON.parse(text));
    const [fee] = await feesOf(rental.id);
    expect(answer.items).toEqual([
      {
        record: 2,
        segment: 1,
        invoice: invoice.number,
        tenant: rental.customer_name,
        amount_cents: invoice.total_cents,
        payment_date: '2026-12-03',
        account: '****7639',
        code: '901',
        result: 'recorded',
        outcome: 'redebit',
        reason: null,
        recorded_code: null,
        redebit_on: '2026-12-17',
        fee_invoice_number: fee!.number,
      },
    ]);
    expect(answer.counts).toEqual({ recorded: 1, already: 0, refused: 0, not_found: 0, unknown_code: 0, not_ours: 0 });
    expect(fee).toMatchObject({ total_cents: 2_500, due_on: '2026-12-17' });
    expect(await paymentsOf(invoice.id)).toEqual([{ status: 'returned', return_code: '901' }]);
    const audit = await t.db.selectFrom('staff_audit').select(['action', 'details']).where('subject_id', '=', rental.id).where('action', '=', 'pad_return_recorded').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ invoice: invoice.number, code: '901', outcome: 'redebit' });

    // Uploaded twice: nothing changes, and the answer says so.
    const before = await rowCounts();
    const again = padReturnFileUploaded.parse(await (await upload(file)).json());
    expect(again.items.map((i) => [i.result, i.outcome])).toEqual([['already', null]]);
    expect(again.counts.already).toBe(1);
    expect(await rowCounts()).toEqual(before);
    expect(await feesOf(rental.id)).toHaveLength(1);

    // After the re-debit is filed, the first file still changes nothing.
    now = at('2026-12-17');
    await sentFile('2026-12-17');
    const later = padReturnFileUploaded.parse(await (await upload(file)).json());
    expect(later.items.map((i) => i.result)).toEqual(['already']);
    expect(await paymentsOf(invoice.id)).toEqual([
      { status: 'returned', return_code: '901' },
      { status: 'open', return_code: null },
    ]);
    // Under the invoice's lock, a return is recorded only against the debit the file names: had the
    // re-debit been filed between reading the file's debit and recording it, the re-debit is left alone.
    const first = await t.db.selectFrom('invoice_payments').select('id').where('invoice_id', '=', invoice.id).where('status', '=', 'returned').executeTakeFirstOrThrow();
    const raced = await recordPadReturn({ db: t.db, clock: () => now, keyring: testBankingKeys }, { rentalId: rental.id, invoiceNumber: invoice.number, code: '901', recordedBy: 'file', paymentId: first.id }, async () => {});
    expect(raced).toEqual({ kind: 'refused', reason: 'not_latest_debit' });
    expect(await paymentsOf(invoice.id)).toEqual([
      { status: 'returned', return_code: '901' },
      { status: 'open', return_code: null },
    ]);
  });

  it('stops the agreement’s debits on a payment stopped (903) from the file', async () => {
    const { rental, invoice } = await tenancy('Imprimerie Arrêtée');
    now = at('2026-12-03');
    const sent = await sentFile('2026-12-03');
    now = at('2026-12-08');
    const answer = padReturnFileUploaded.parse(await (await upload(returnFileOf(sent, { [invoice.number]: '903' }))).json());
    expect(answer.items.map((i) => [i.invoice, i.result, i.outcome])).toEqual([[invoice.number, 'recorded', 'stopped']]);
    const detail = staffRentalDetail.parse(await (await t.app.request(`/admin-api/rentals/${rental.id}`, { headers: admin })).json());
    expect(detail.rental.pad_stopped).toEqual({ last_debit_on: '2026-12-07', reason: 'return:903' });
    expect(await paymentsOf(invoice.id)).toEqual([{ status: 'returned', return_code: '903' }]);
  });

  it('says what it did not record: an unknown cross-reference, an unknown code, another amount, a returned credit, another code than recorded', async () => {
    const { invoice: first } = await tenancy('Atelier Premier');
    const { invoice: second } = await tenancy('Atelier Second');
    const { invoice: third } = await tenancy('Atelier Troisième');
    now = at('2026-12-03');
    const sent = await sentFile('2026-12-03');
    now = at('2026-12-04');
    expect((await upload(returnFileOf(sent, { [third.number]: '905' }))).status).toBe(200);
    const file = returnFileOf(sent, { [first.number]: '904', [second.number]: '901', [third.number]: '901' }, (segment) => {
      const reference = segment.slice(150, 169).trim();
      // The second's amount differs from its debit by a cent.
      if (reference === second.number) return segment.slice(0, 3) + String(Number(segment.slice(3, 13)) + 1).padStart(10, '0') + segment.slice(13);
      return segment;
    });
    const unknownInvoice = returnFileOf(sent, { [first.number]: '901' }, (s) => s.slice(0, 150) + 'F-1999-999999'.padEnd(19, ' ') + s.slice(169));
    const credit = returnFileOf(sent, { [first.number]: '901' }).replace(/\r\nJ/, '\r\nI');
    const credited = credit.split('\r\n');
    // A returned credit is counted in the trailer's credits.
    const z = credited[2]!;
    credited[2] = z.slice(0, 24) + '0'.repeat(22) + z.slice(24, 46) + z.slice(68);
    const answers = await Promise.all([file, unknownInvoice, credited.join('\r\n')].map(async (f) => padReturnFileUploaded.parse(await (await upload(f)).json())));
    expect(answers[0]!.items.map((i) => [i.invoice, i.code, i.result, i.reason, i.recorded_code])).toEqual([
      [first.number, '904', 'unknown_code', null, null],
      [second.number, '901', 'refused', 'no_matching_debit', null],
      [third.number, '901', 'refused', 'returned_with_another_code', '905'],
    ]);
    expect(answers[0]!.counts).toMatchObject({ recorded: 0, refused: 2, unknown_code: 1 });
    // No invoice: the payor's name as the file gives it.
    expect(answers[1]!.items.map((i) => [i.invoice, i.result, i.tenant])).toEqual([['F-1999-999999', 'not_found', companyInfo.company_name.toUpperCase()]]);
    expect(answers[2]!.items.map((i) => i.result)).toEqual(['not_ours']);
    expect((await paymentsOf(first.id)).map((p) => p.status)).toEqual(['open']);
    expect((await paymentsOf(second.id)).map((p) => p.status)).toEqual(['open']);
  });

  it('is for managers only: staff are refused, and nothing is recorded', async () => {
    const { invoice } = await tenancy('Studio Réservé');
    now = at('2026-12-03');
    const sent = await sentFile('2026-12-03');
    const signedIn = await t.app.request('/admin-api/session', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'sam@example.ca', password }) });
    const staffCookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const res = await upload(returnFileOf(sent, { [invoice.number]: '901' }), { cookie: staffCookie, origin, 'content-type': 'text/plain' });
    expect(res.status).toBe(403);
    expect(res.headers.get(problemCodeHeader)).toBe('managers_only');
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['open']);
  });

  it('answers a file it cannot read with a 400 naming the record: cut short, our own PAD file, another originator’s, not a file at all', async () => {
    const { invoice } = await tenancy('Galerie Tronquée');
    now = at('2026-12-03');
    const sent = await sentFile('2026-12-03');
    const good = returnFileOf(sent, { [invoice.number]: '901' });
    const detail = (res: Response) => JSON.parse(Buffer.from(res.headers.get(problemDetailHeader) ?? '', 'base64url').toString()) as { params: unknown };
    const cases: [string, unknown][] = [
      [good.slice(0, -100), { record: 3, fault: 'length', found: '1364' }],
      [sent, { record: 2, fault: 'outgoing', found: 'D' }],
      [good.replace(/CWK0012345/g, 'OTHER00001'), { record: 1, fault: 'originator', found: 'OTHER00001' }],
      ['{"file":"nothing"}', { record: 1, fault: 'length', found: '18' }],
      ['', { record: 0, fault: 'empty', found: '' }],
    ];
    for (const [content, params] of cases) {
      const res = await upload(content);
      expect(res.status).toBe(400);
      expect(res.headers.get(problemCodeHeader)).toBe('pad_return_file_invalid');
      expect(detail(res).params).toEqual(params);
      expect(((await res.json()) as { error: string }).error).toMatch(/^This is not a return file the server can read: /);
    }
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['open']);
  });

  it('uploads the file from the command line and prints what became of each item', async () => {
    const { invoice } = await tenancy('Librairie Ligne');
    now = at('2026-12-03');
    const sent = await sentFile('2026-12-03');
    now = at('2026-12-07');
    const dir = await mkdtemp(join(tmpdir(), 'returns-'));
    try {
      const path = join(dir, 'returns.txt');
      await writeFile(path, returnFileOf(sent, { [invoice.number]: '919' }), 'latin1');
      const lines: string[] = [];
      await runCli(['pad', 'returns', '--file', path], appAdminClient(t), (line) => lines.push(line));
      expect(lines[0]).toMatch(/^Return file no\. \d+ of 2026-\d\d-\d\d: 1 item\.$/);
      expect(lines.find((l) => l.includes(invoice.number))).toMatch(/\*\*\*\*\d{4}\s+919\s+recorded: claimed back, agreement stands/);
      expect(lines.at(-1)).toBe('Recorded 1, already 0, refused 0, not found 0, unknown code 0, not ours 0.');
      await expect(runCli(['pad', 'returns'], appAdminClient(t), () => {})).rejects.toThrow('Usage: npm run admin -- pad returns --file FILE');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePadDebits } from '../../src/server/billing/pad-debits.ts';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { runCli } from '../../src/server/cli/cli.ts';
import { encryptBanking } from '../../src/server/secrets/banking-keys.ts';
import { addStaff } from '../../src/server/staff/accounts.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { padFileMade, padFilesResponse, padFileVoided } from '../../src/shared/contract/pad-files.ts';
import { origin } from './checkout-helpers.ts';
import { buildLeaseTestApp, createOffer, officeLike101, sign, signature, submitInfo, validBanking } from './lease-fixtures.ts';
import { adminToken, appAdminClient, backend, buildTestApp, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * PAD files (issue 32): a manager makes the CPA-005 file of a payment date from the PAD invoices
 * due by then, once; it is kept sealed and downloaded again byte for byte. The fixed clock is
 * Monday 2026-11-23: a lease signed then has its initial invoice due Thursday 2026-12-03, after
 * the ten days' notice of its first debit.
 */

const password = 'correct horse battery';

/** The debit records of a file: what the bank reads of each (positions of Standard 005). */
function debitsOf(content: string) {
  return content
    .split('\r\n')
    .filter((r) => r.startsWith('D'))
    .map((r) => ({ amount: Number(r.slice(27, 37)), account: r.slice(52, 64).trim(), institutionId: r.slice(43, 52), crossReference: r.slice(174, 193).trim(), fileNumber: r.slice(20, 24) }));
}

describe(`PAD files (${backend})`, () => {
  let t: TestApp;
  let staffCookie = '';

  beforeAll(async () => {
    t = await buildLeaseTestApp();
    await addStaff(t.db, { email: 'sam@example.ca', name: 'Sam', role: 'staff', password }, new Date('2026-11-23T14:00:00Z'), 2 ** 10);
    const res = await t.app.request('/admin-api/session', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'sam@example.ca', password }) });
    staffCookie = res.headers.get('set-cookie')!.split(';')[0]!;
  });
  afterAll(() => t.close());

  const token = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const make = (date: string, headers: Record<string, string> = token) => t.app.request('/admin-api/pad-files', { method: 'POST', headers, body: JSON.stringify({ payment_date: date }) });
  const download = (id: string) => t.app.request(`/admin-api/pad-files/${id}/download`, { headers: token });

  async function signLease(account = validBanking.account_number): Promise<{ invoice: string; total: number }> {
    const office = await officeLike101(t);
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-12-01', company_name: 'Boulangerie Numérique' });
    expect((await submitInfo(t, code)).status).toBe(200);
    expect((await sign(t, code, { signature, banking: { ...validBanking, account_number: account } })).status).toBe(200);
    const row = await t.db
      .selectFrom('invoices as i')
      .innerJoin('rentals as r', 'r.id', 'i.rental_id')
      .select(['i.number', 'i.total_cents'])
      .where('r.pays_by', '=', 'pad')
      .orderBy('i.number', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return { invoice: row.number, total: row.total_cents };
  }

  it('is for managers only: staff are refused, and nothing is made', async () => {
    const res = await make('2026-12-03', { cookie: staffCookie, origin, 'content-type': 'application/json' });
    expect(res.status).toBe(403);
    expect(res.headers.get(problemCodeHeader)).toBe('managers_only');
    expect((await t.app.request('/admin-api/pad-files', { headers: { cookie: staffCookie, origin } })).status).toBe(403);
  });

  it('makes no file, and uses no number, when nothing is due; says when the next debit is due', async () => {
    const nothing = await make('2026-12-02');
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toMatchObject({ error: 'No PAD debit is due: no file was made.' });
    const lease = await signLease();
    const early = await make('2026-12-02');
    expect(early.status).toBe(409);
    expect(early.headers.get(problemCodeHeader)).toBe('pad_nothing_ready');
    expect(((await early.json()) as { error: string }).error).toContain('2026-12-03');
    expect(await t.db.selectFrom('pad_files').select('id').execute()).toEqual([]);
    expect(lease.total).toBeGreaterThan(0);
  });

  it('refuses a day the banks do not process, and a day past', async () => {
    const saturday = await make('2026-12-05');
    expect(saturday.status).toBe(400);
    expect(await saturday.json()).toMatchObject({ error: '2026-12-05 is not a business day of the banks: choose 2026-12-07.' });
    const past = await make('2026-11-20');
    expect(past.status).toBe(400);
    expect(past.headers.get(problemCodeHeader)).toBe('pad_date_past');
    const notADate = await make('2026-02-30');
    expect(notADate.status).toBe(400);
  });

  it('makes the file once: one debit per invoice due, marked submitted, downloaded again byte for byte, each download audited', async () => {
    const due = await t.db.selectFrom('invoices as i').innerJoin('rentals as r', 'r.id', 'i.rental_id').select(['i.id', 'i.number', 'i.total_cents']).where('r.pays_by', '=', 'pad').execute();
    const res = await make('2026-12-03');
    expect(res.status).toBe(201);
    const made = padFileMade.parse(await res.json());
    expect(made).toMatchObject({ outcome: 'made', left_out: [] });
    expect(made.file).toMatchObject({ number: 1, payment_date: '2026-12-03', debits: due.length, total_cents: due.reduce((s, i) => s + i.total_cents, 0), created_by: 'admin token' });

    const first = Buffer.from(await (await download(made.file.id)).arrayBuffer());
    const again = await download(made.file.id);
    expect(again.headers.get('content-disposition')).toBe('attachment; filename="PAD-2026-12-03-0001.txt"');
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true);
    const debits = debitsOf(first.toString('latin1'));
    expect(debits.map((d) => d.crossReference).sort()).toEqual(due.map((i) => i.number).sort());
    for (const d of debits) expect(d).toMatchObject({ account: validBanking.account_number, institutionId: `0${validBanking.institution_number}${validBanking.transit_number}`, fileNumber: '0001' });

    const payments = await t.db.selectFrom('invoice_payments').select(['invoice_id', 'method', 'status', 'amount_cents', 'pad_file_id']).where('method', '=', 'pad').execute();
    expect(payments).toHaveLength(due.length);
    for (const p of payments) expect(p).toMatchObject({ status: 'open', pad_file_id: made.file.id });

    const audit = await t.db.selectFrom('staff_audit').select('action').where('subject_id', '=', made.file.id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['pad_file_downloaded', 'pad_file_downloaded', 'pad_file_made']);

    // The same date again, nothing new due: the file made, never another.
    const second = await make('2026-12-03');
    expect(second.status).toBe(200);
    expect(padFileMade.parse(await second.json())).toMatchObject({ outcome: 'existing', file: { id: made.file.id, number: 1 } });
    expect(await t.db.selectFrom('pad_files').select('id').execute()).toHaveLength(1);

    // The file keeps no account number outside its sealed column.
    const stored = await t.db.selectFrom('pad_files').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(validBanking.account_number);
  });

  it('gives two managers making a file at once one file, and numbers the next one on', async () => {
    await signLease();
    await signLease();
    const [a, b] = await Promise.all([make('2026-12-04'), make('2026-12-04')]);
    const answers = [padFileMade.parse(await a.json()), padFileMade.parse(await b.json())];
    expect(answers.map((x) => x.outcome).sort()).toEqual(['existing', 'made']);
    expect(answers[0]!.file.id).toBe(answers[1]!.file.id);
    expect(answers[0]!.file).toMatchObject({ number: 2, debits: 2 });
    const list = padFilesResponse.parse(await (await t.app.request('/admin-api/pad-files', { headers: token })).json());
    expect(list.files.map((f) => f.number)).toEqual([2, 1]);
  });

  it('leaves out an invoice whose stored account number the file cannot carry, says why, and makes the rest', async () => {
    const long = await signLease();
    const kept = await signLease();
    // An agreement signed before account numbers were held to 12 digits (signing took up to 20).
    const offer = await t.db.selectFrom('rentals as r').innerJoin('invoices as i', 'i.rental_id', 'r.id').select('r.lease_offer_id').where('i.number', '=', long.invoice).executeTakeFirstOrThrow();
    const banking = encryptBanking(testBankingKeys, { ...validBanking, account_number: '12345678901234567' }, offer.lease_offer_id!);
    await t.db.updateTable('lease_signatures').set({ banking_encrypted: banking }).where('offer_id', '=', offer.lease_offer_id!).execute();
    const made = padFileMade.parse(await (await make('2026-12-07')).json());
    expect(made.left_out).toEqual([{ invoice: long.invoice, reason: 'account_number_unusable' }]);
    const content = Buffer.from(await (await download(made.file.id)).arrayBuffer()).toString('latin1');
    expect(debitsOf(content).map((d) => d.crossReference)).toEqual([kept.invoice]);
  });

  it('writes the file for the bank from the command line, as the server keeps it', async () => {
    await signLease();
    const dir = await mkdtemp(join(tmpdir(), 'pad-'));
    try {
      const out = join(dir, 'pad.txt');
      const lines: string[] = [];
      await runCli(['pad', 'file', '--date', '2026-12-08', '--out', out], appAdminClient(t), (line) => lines.push(line));
      expect(lines[0]).toMatch(/^PAD file no\. 4 for 2026-12-08: 1 debit, \$[\d,]+\.\d{2}, written to /);
      const list = padFilesResponse.parse(await (await t.app.request('/admin-api/pad-files', { headers: token })).json());
      const kept = Buffer.from(await (await download(list.files[0]!.id)).arrayBuffer());
      expect((await readFile(out)).equals(kept)).toBe(true);
      await expect(runCli(['pad', 'file', '--date', '2026-12-08'], appAdminClient(t), () => {})).rejects.toThrow('Usage: npm run admin -- pad file');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves out an invoice staff recorded paid by cheque, and refuses a cheque on one a file is collecting', async () => {
    const paid = await signLease();
    const collected = await signLease();
    const rentalOf = async (number: string) =>
      (await t.db.selectFrom('invoices').select('rental_id').where('number', '=', number).executeTakeFirstOrThrow()).rental_id;
    const cheque = (number: string, rentalId: string) =>
      t.app.request(`/admin-api/rentals/${rentalId}/invoices/${number}/payments`, {
        method: 'POST',
        headers: { ...token, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ method: 'cheque', reference: '1042' }),
      });
    expect((await cheque(paid.invoice, await rentalOf(paid.invoice))).status).toBe(200);
    const made = padFileMade.parse(await (await make('2026-12-09')).json());
    const content = Buffer.from(await (await download(made.file.id)).arrayBuffer()).toString('latin1');
    expect(debitsOf(content).map((d) => d.crossReference)).toEqual([collected.invoice]);
    const refused = await cheque(collected.invoice, await rentalOf(collected.invoice));
    expect(refused.status).toBe(409);
  });

  it('refuses to make a file in production without the PAD settings', async () => {
    const bare = await buildTestApp({ config: { padOriginator: null } });
    try {
      const res = await bare.app.request('/admin-api/pad-files', { method: 'POST', headers: token, body: JSON.stringify({ payment_date: '2026-12-03' }) });
      expect(res.status).toBe(409);
      expect(res.headers.get(problemCodeHeader)).toBe('pad_not_configured');
    } finally {
      await bare.close();
    }
  });
});

/*
 * Voiding a PAD file (issue 46): a file the bank rejected whole, or never sent, is voided by a
 * manager with a reason before its debits are treated as paid: they close without an e-mail, the
 * invoices owe again and the next file carries them. Once a debit is settled or returned, the file
 * has done its work and voiding is refused. The clock moves: signing on Monday 2026-11-23, the
 * initial debits due Thursday 2026-12-03, treated as paid from Thursday 2026-12-10.
 */
describe(`voiding a PAD file (${backend})`, () => {
  const at = (date: string) => new Date(`${date}T15:00:00Z`);
  let t: TestApp;
  let now = at('2026-11-23');

  beforeAll(async () => {
    t = await buildLeaseTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t.close());

  const token = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const billing = () => ({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });

  async function makeFile(date: string) {
    const res = await t.app.request('/admin-api/pad-files', { method: 'POST', headers: token, body: JSON.stringify({ payment_date: date }) });
    expect(res.status).toBe(201);
    return padFileMade.parse(await res.json()).file;
  }
  const voidFile = (id: string, body: unknown, headers: Record<string, string> = token) => t.app.request(`/admin-api/pad-files/void/${id}`, { method: 'POST', headers, body: JSON.stringify(body) });

  /** Signs a lease of an office of its own on 2026-11-23: its initial invoice is due 2026-12-03. */
  async function signLease(company: string) {
    now = at('2026-11-23');
    const office = await officeLike101(t);
    const { code } = await createOffer(t, { office_ids: [office], start_date: '2026-12-01', company_name: company, email: `${company.toLowerCase().replace(/\W/g, '')}@example.com` });
    expect((await submitInfo(t, code)).status).toBe(200);
    expect((await sign(t, code)).status).toBe(200);
    return t.db
      .selectFrom('invoices as i')
      .innerJoin('rentals as r', 'r.id', 'i.rental_id')
      .select(['i.id', 'i.number', 'i.rental_id'])
      .where('r.pays_by', '=', 'pad')
      .orderBy('i.number', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  const debitsOfInvoice = (invoiceId: string) =>
    t.db.selectFrom('invoice_payments').select(['pad_file_id', 'status', 'failure_reason']).where('invoice_id', '=', invoiceId).orderBy('created_at').orderBy('id').execute();
  const paidMails = async (invoiceId: string) =>
    (await t.db.selectFrom('outbox').select('id').where('kind', '=', 'invoice_paid').where(sql<boolean>`subject_ids->>'invoiceId' = ${invoiceId}`).execute()).length;

  it('voids a file never sent: its debit closes unpaid and un-mailed, the round does not settle it, and the next file carries the invoice', async () => {
    const invoice = await signLease('Atelier Rejeté');
    const file = await makeFile('2026-12-03');

    const reasonless = await voidFile(file.id, { reason: '  ' });
    expect(reasonless.status).toBe(400);
    expect(await reasonless.json()).toMatchObject({ error: 'reason: Please fill in all required fields' });
    expect((await voidFile('4f1c2e9a-0000-4000-8000-000000000000', { reason: 'typo' })).status).toBe(404);

    now = at('2026-12-04');
    const res = await voidFile(file.id, { reason: 'Rejected by the bank: wrong originator id' });
    expect(res.status).toBe(200);
    const voided = padFileVoided.parse(await res.json());
    expect(voided.invoices).toContain(invoice.number);
    expect(voided.file.voided).toEqual({ at: now.toISOString(), by: 'admin token', reason: 'Rejected by the bank: wrong originator id' });
    expect(await debitsOfInvoice(invoice.id)).toEqual([{ pad_file_id: file.id, status: 'failed', failure_reason: 'pad_file_voided' }]);
    const audit = await t.db.selectFrom('staff_audit').select(['action', 'details']).where('subject_id', '=', file.id).where('action', '=', 'pad_file_voided').execute();
    expect(audit).toEqual([{ action: 'pad_file_voided', details: expect.objectContaining({ number: file.number, reason: 'Rejected by the bank: wrong originator id', invoices: voided.invoices }) }]);

    // Never to the bank again, nor voided twice.
    const download = await t.app.request(`/admin-api/pad-files/${file.id}/download`, { headers: token });
    expect(download.status).toBe(409);
    expect(download.headers.get(problemCodeHeader)).toBe('pad_file_voided');
    const again = await voidFile(file.id, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.headers.get(problemCodeHeader)).toBe('pad_file_voided');
    expect(await t.db.selectFrom('staff_audit').select('id').where('subject_id', '=', file.id).where('action', '=', 'pad_file_voided').execute()).toHaveLength(1);

    // Past the day its debit would have been treated as paid: the round leaves it closed, and e-mails nobody.
    now = at('2026-12-10');
    await runBillingRound(billing());
    expect(await debitsOfInvoice(invoice.id)).toEqual([{ pad_file_id: file.id, status: 'failed', failure_reason: 'pad_file_voided' }]);
    expect(await paidMails(invoice.id)).toBe(0);

    // The invoice owes again: the next file debits it (a new file, not the voided one found again).
    const next = await makeFile('2026-12-10');
    expect(next.id).not.toBe(file.id);
    expect(next.number).toBe(file.number + 1);
    expect((await debitsOfInvoice(invoice.id)).map((d) => [d.pad_file_id, d.status])).toEqual([
      [file.id, 'failed'],
      [next.id, 'open'],
    ]);
    const list = padFilesResponse.parse(await (await t.app.request('/admin-api/pad-files', { headers: token })).json());
    expect(list.files.find((f) => f.id === file.id)?.voided?.reason).toBe('Rejected by the bank: wrong originator id');
    expect(list.files.find((f) => f.id === next.id)?.voided).toBeNull();
  });

  it('is for managers only', async () => {
    const password = 'correct horse battery';
    await addStaff(t.db, { email: 'kim@example.ca', name: 'Kim', role: 'staff', password }, now, 2 ** 10);
    const signIn = await t.app.request('/admin-api/session', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'kim@example.ca', password }) });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const files = padFilesResponse.parse(await (await t.app.request('/admin-api/pad-files', { headers: token })).json()).files;
    const open = files.find((f) => f.voided === null)!;
    const res = await voidFile(open.id, { reason: 'not mine to void' }, { cookie, origin, 'content-type': 'application/json' });
    expect(res.status).toBe(403);
    expect(res.headers.get(problemCodeHeader)).toBe('managers_only');
    expect(await t.db.selectFrom('pad_files').select('voided_at').where('id', '=', open.id).executeTakeFirstOrThrow()).toEqual({ voided_at: null });
  });

  it('refuses to void a file once a debit of it is treated as paid, or returned, and changes nothing', async () => {
    const settled = await signLease('Atelier Payé');
    const settledFile = await makeFile('2026-12-03');
    now = at('2026-12-10');
    expect(await settlePadDebits(billing(), 100)).toBeGreaterThan(0);
    const late = await voidFile(settledFile.id, { reason: 'too late' });
    expect(late.status).toBe(409);
    expect(late.headers.get(problemCodeHeader)).toBe('pad_file_settled');
    expect(((await late.json()) as { error: string }).error).toContain(settled.number);
    expect(await debitsOfInvoice(settled.id)).toEqual([{ pad_file_id: settledFile.id, status: 'succeeded', failure_reason: null }]);

    const returned = await signLease('Atelier Retourné');
    const returnedFile = await makeFile('2026-12-03');
    now = at('2026-12-07');
    const recorded = await t.app.request(`/admin-api/rentals/${returned.rental_id}/invoices/${returned.number}/pad-return`, { method: 'POST', headers: token, body: JSON.stringify({ code: '905' }) });
    expect(recorded.status).toBe(201);
    const refused = await voidFile(returnedFile.id, { reason: 'returned already' });
    expect(refused.status).toBe(409);
    expect(refused.headers.get(problemCodeHeader)).toBe('pad_file_settled');
    expect((await debitsOfInvoice(returned.id)).map((d) => d.status)).toEqual(['returned']);
    expect(await t.db.selectFrom('pad_files').select('voided_at').where('id', 'in', [settledFile.id, returnedFile.id]).execute()).toEqual([{ voided_at: null }, { voided_at: null }]);
  });

  it('voids from the command line, where the files are listed with their ids', async () => {
    await signLease('Atelier Ligne');
    const file = await makeFile('2026-12-03');
    const listed: string[] = [];
    await runCli(['pad', 'list'], appAdminClient(t), (line) => listed.push(line));
    expect(listed.some((line) => line.startsWith(file.id))).toBe(true);
    await expect(runCli(['pad', 'void', file.id], appAdminClient(t), () => {})).rejects.toThrow('Usage: npm run admin -- pad void FILE_ID --reason TEXT');
    const lines: string[] = [];
    await runCli(['pad', 'void', file.id, '--reason', 'Never sent: made for the wrong date'], appAdminClient(t), (line) => lines.push(line));
    expect(lines[0]).toMatch(new RegExp(`^PAD file no\\. ${file.number} for 2026-12-03 voided: the debits of F-\\S+ go in the next file\\.$`));
    expect(await t.db.selectFrom('pad_files').select('void_reason').where('id', '=', file.id).executeTakeFirstOrThrow()).toEqual({ void_reason: 'Never sent: made for the wrong date' });
    await expect(runCli(['pad', 'void', file.id, '--reason', 'twice'], appAdminClient(t), () => {})).rejects.toThrow(/^409: PAD file no\. \d+ was voided by admin token/);
  });

  it('a void racing the settlement of the same file leaves one of them, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await signLease(`Course A${round}`);
      const b = await signLease(`Course B${round}`);
      const file = await makeFile('2026-12-03');
      now = at('2026-12-10');
      const [answer] = await Promise.all([voidFile(file.id, { reason: 'race' }), settlePadDebits(billing(), 100)]);
      const statuses = (await t.db.selectFrom('invoice_payments').select('status').where('pad_file_id', '=', file.id).execute()).map((p) => p.status);
      const mails = (await paidMails(a.id)) + (await paidMails(b.id));
      if (answer.status === 200) {
        expect(statuses.every((s) => s === 'failed')).toBe(true);
        expect(mails).toBe(0);
      } else {
        expect(answer.headers.get(problemCodeHeader)).toBe('pad_file_settled');
        expect(statuses.every((s) => s === 'succeeded')).toBe(true);
        expect(mails).toBe(2);
      }
    }
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { accountNumberMaxLength, accountNumberMinLength } from '../../shared/domain/banking.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import type { PadOriginator } from '../deps.ts';
import { decryptBanking, type BankingKeyring } from '../secrets/banking-keys.ts';
import { openText, sealText } from '../secrets/sealed-text.ts';
import { cpa005File, type PadFileDebit } from './cpa005.ts';
import { owedSql, padDebitOnSql } from './invoice-records.ts';

/*
 * The PAD files managers send to the bank (docs/architecture.md §12): for a payment date, every
 * invoice of a PAD tenancy due by then that still owes, has no payment under way and was never
 * put in a file (or only once, before a return for lack of funds: its re-debit, from the day its
 * notice allows), and whose agreement still debits on that date; one debit each. Making a file and marking its invoices submitted (an open 'pad'
 * payment of each, pointing at the file) is one transaction under one lock, so two managers, or
 * two instances, make one file. The file is kept sealed under BANKING_KEYS, since it carries
 * account numbers, and downloaded again byte for byte; it is never made again with other content.
 * The full account numbers leave their sealed column only here, in memory, into the file.
 */

/** The first key of the advisory lock that makes PAD files one at a time. */
const padFileLock = 7303;

export interface PadFileSummary {
  id: string;
  number: number;
  paymentDate: IsoDate;
  debits: number;
  totalCents: number;
  createdBy: string;
  createdAt: string;
  /** A file a manager voided: never to go to the bank; its debits were filed again. */
  voided: { at: string; by: string; reason: string } | null;
}

/** An invoice due that a file cannot carry, and why (staff see it, and mend the agreement). */
export interface LeftOutDebit {
  invoice: string;
  reason: 'account_number_unusable' | 'banking_unreadable';
}

export type PadFileResult =
  | { kind: 'made'; file: PadFileSummary; leftOut: LeftOutDebit[] }
  /** Nothing new was ready, but a file was made for this date already (two managers at once): that one. */
  | { kind: 'existing'; file: PadFileSummary; leftOut: LeftOutDebit[] }
  /** Nothing is ready: nothing due at all, or only invoices due after the date (their notice still running), from `until`. */
  | { kind: 'nothing'; reason: 'nothing_due' | 'due_later'; until: IsoDate | null; leftOut: LeftOutDebit[] };

const summaryColumns = ['id', 'file_number', sql<string>`payment_date::text`.as('payment_date'), 'debit_count', 'total_cents', 'created_by', 'created_at', 'voided_at', 'voided_by', 'void_reason'] as const;

function summaryOf(row: {
  id: string;
  file_number: number;
  payment_date: string;
  debit_count: number;
  total_cents: number | string;
  created_by: string;
  created_at: Date;
  voided_at: Date | null;
  voided_by: string | null;
  void_reason: string | null;
}): PadFileSummary {
  return {
    id: row.id,
    number: row.file_number,
    paymentDate: row.payment_date,
    debits: row.debit_count,
    totalCents: Number(row.total_cents),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    voided: row.voided_at ? { at: new Date(row.voided_at).toISOString(), by: row.voided_by ?? '', reason: row.void_reason ?? '' } : null,
  };
}

/**
 * Whether invoice `i` (its re-debit `rd` joined) has a debit left: one per invoice, and a second
 * only as the re-debit after a return for lack of funds, never more. A debit of a voided file
 * never reached a payor's account, so it is not one of them: the next file carries it again.
 */
export const debitLeftSql = sql<boolean>`(select count(*) from invoice_payments p join pad_files f on f.id = p.pad_file_id where p.invoice_id = i.id and f.voided_at is null) = (case when rd.invoice_id is null then 0 else 1 end)`;

const fileContext = (id: string) => `pad-file:${id}`;

/** Whether an account the tenant gave can go into a file's 12-digit field (older signings took up to 20 digits). */
function fileCanCarry(banking: { institution_number: string; transit_number: string; account_number: string }): boolean {
  return (
    /^\d{3}$/.test(banking.institution_number) &&
    /^\d{5}$/.test(banking.transit_number) &&
    new RegExp(`^\\d{${accountNumberMinLength},${accountNumberMaxLength}}$`).test(banking.account_number)
  );
}

/**
 * Makes the PAD file for `paymentDate`, in one transaction with `also` (the audit row): see the
 * file's comment above. The file creation number counts the files made, 1 to 9999 and round again.
 */
export async function makePadFile(
  db: Db,
  keyring: BankingKeyring,
  originator: PadOriginator,
  paymentDate: IsoDate,
  createdBy: string,
  now: Date,
  also: (trx: Db, file: PadFileSummary) => Promise<void>,
): Promise<PadFileResult> {
  return db.transaction().execute(async (trx): Promise<PadFileResult> => {
    await sql`select pg_advisory_xact_lock(${padFileLock})`.execute(trx);
    // The invoices of PAD tenancies still owed are locked, in number order, before what they owe is
    // read: a payment staff record meanwhile (it locks its invoice too) is either seen here, or waits
    // for this file and then finds the debit under way.
    const owing = await trx
      .selectFrom('invoices as i')
      .innerJoin('rentals as r', 'r.id', 'i.rental_id')
      .select('i.id')
      .where('r.pays_by', '=', 'pad')
      .where('i.due_on', 'is not', null)
      .where(sql<boolean>`${owedSql('i')} > 0`)
      .execute();
    if (owing.length > 0) {
      await trx
        .selectFrom('invoices')
        .select('id')
        .where(
          'id',
          'in',
          owing.map((i) => i.id),
        )
        .orderBy('number')
        .forUpdate()
        .execute();
    }
    const waiting = await trx
      .selectFrom('invoices as i')
      .innerJoin('rentals as r', 'r.id', 'i.rental_id')
      .innerJoin('lease_signatures as s', 's.offer_id', 'r.lease_offer_id')
      .leftJoin('pad_redebits as rd', 'rd.invoice_id', 'i.id')
      .leftJoin('pad_debit_notices as n', 'n.invoice_id', 'i.id')
      // A re-debit's day is its own notice's; the first debit's is the invoice's due day; a changed amount's waits for its notice.
      .select(['i.id', 'i.number', 'r.lease_offer_id', 'r.customer_name', 's.banking_encrypted', padDebitOnSql.as('due_on'), owedSql('i').as('owed')])
      .where('r.pays_by', '=', 'pad')
      .where('i.due_on', 'is not', null)
      .where(sql<boolean>`${owedSql('i')} > 0`)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('invoice_payments as p').select('p.id').whereRef('p.invoice_id', '=', 'i.id').where('p.status', '=', 'open'))))
      .where(debitLeftSql)
      // An agreement whose debits ended (a return that stops them, a revocation) is debited no more.
      .where((eb) => eb.or([eb('r.pad_last_debit_on', 'is', null), eb('r.pad_last_debit_on', '>=', paymentDate)]))
      .orderBy('i.number')
      .execute();
    const due = waiting.filter((i) => i.due_on !== null && i.due_on <= paymentDate);
    const leftOut: LeftOutDebit[] = [];
    const debits: (PadFileDebit & { invoiceId: string })[] = [];
    for (const invoice of due) {
      let banking;
      try {
        banking = decryptBanking(keyring, invoice.banking_encrypted, invoice.lease_offer_id!);
      } catch {
        leftOut.push({ invoice: invoice.number, reason: 'banking_unreadable' });
        continue;
      }
      if (!fileCanCarry(banking)) {
        leftOut.push({ invoice: invoice.number, reason: 'account_number_unusable' });
        continue;
      }
      debits.push({
        invoiceId: invoice.id,
        crossReference: invoice.number,
        amountCents: Number(invoice.owed),
        payorName: invoice.customer_name,
        institution: banking.institution_number,
        transit: banking.transit_number,
        account: banking.account_number,
      });
    }
    if (debits.length === 0) {
      const earlier = await trx.selectFrom('pad_files').select(summaryColumns).where('payment_date', '=', paymentDate).where('voided_at', 'is', null).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
      if (earlier) return { kind: 'existing', file: summaryOf(earlier), leftOut };
      const later = waiting.flatMap((i) => (i.due_on !== null && i.due_on > paymentDate ? [i.due_on] : [])).sort()[0];
      return later === undefined ? { kind: 'nothing', reason: 'nothing_due', until: null, leftOut } : { kind: 'nothing', reason: 'due_later', until: later, leftOut };
    }
    const made = await trx.selectFrom('pad_files').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const number = (Number(made.n) % 9999) + 1;
    const id = randomUUID();
    const content = cpa005File(originator, { number, createdOn: spaceToday(now), paymentDate }, debits);
    const totalCents = debits.reduce((sum, d) => sum + d.amountCents, 0);
    await trx
      .insertInto('pad_files')
      .values({ id, file_number: number, payment_date: paymentDate, debit_count: debits.length, total_cents: totalCents, content_sealed: sealText(keyring, content, fileContext(id)), created_by: createdBy, created_at: now })
      .execute();
    await trx
      .insertInto('invoice_payments')
      .values(debits.map((d) => ({ id: randomUUID(), invoice_id: d.invoiceId, method: 'pad' as const, trigger: 'pad_file' as const, status: 'open' as const, amount_cents: d.amountCents, pad_file_id: id, created_at: now })))
      .execute();
    const file = { id, number, paymentDate, debits: debits.length, totalCents, createdBy, createdAt: now.toISOString(), voided: null };
    await also(trx, file);
    return { kind: 'made', file, leftOut };
  });
}

export async function listPadFiles(db: Db): Promise<PadFileSummary[]> {
  const rows = await db.selectFrom('pad_files').select(summaryColumns).orderBy('created_at', 'desc').orderBy('file_number', 'desc').limit(200).execute();
  return rows.map(summaryOf);
}

/** A file as it was made, and its summary; undefined for an unknown id, null content when no configured key opens it. */
export async function padFileContent(db: Db, keyring: BankingKeyring, id: string): Promise<{ file: PadFileSummary; content: string | null } | undefined> {
  const row = await db.selectFrom('pad_files').select([...summaryColumns, 'content_sealed']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return { file: summaryOf(row), content: openText(keyring, row.content_sealed, fileContext(id)) };
}

/** Why a debit closed without being made: its file was voided (the console and the command line word it). */
export const voidedDebitReason = 'pad_file_voided';

export type PadFileVoidResult =
  | { kind: 'voided'; file: PadFileSummary; invoices: string[] }
  | { kind: 'refused'; reason: 'no_file' }
  | { kind: 'refused'; reason: 'voided'; file: PadFileSummary }
  /** Some debit of it is treated as paid, or was returned: `invoices` names them. */
  | { kind: 'refused'; reason: 'settled'; file: PadFileSummary; invoices: string[] };

/**
 * Voids a file the bank rejected whole or that was never sent, while none of its debits is
 * treated as paid or returned: each debit closes as failed (never e-mailed as paid), so its
 * invoice owes again and the next file carries it (debitLeftSql), and the file is never
 * downloaded again. One transaction with `also` (the audit row). The file's invoices are locked
 * in number order, as a file is made, before their debits are read: settlement and a return take
 * the same invoice lock to change a debit, so either they came first and the void is refused, or
 * they wait and then find the debit closed.
 */
export async function voidPadFile(
  db: Db,
  input: { id: string; reason: string; voidedBy: string },
  now: Date,
  also: (trx: Db, file: PadFileSummary, invoices: string[]) => Promise<void>,
): Promise<PadFileVoidResult> {
  return db.transaction().execute(async (trx): Promise<PadFileVoidResult> => {
    const row = await trx.selectFrom('pad_files').select(summaryColumns).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!row) return { kind: 'refused', reason: 'no_file' };
    const file = summaryOf(row);
    if (file.voided) return { kind: 'refused', reason: 'voided', file };
    const invoiceIds = trx.selectFrom('invoice_payments').select('invoice_id').where('pad_file_id', '=', input.id);
    await trx.selectFrom('invoices').select('id').where('id', 'in', invoiceIds).orderBy('number').forUpdate().execute();
    const debits = await trx
      .selectFrom('invoice_payments as p')
      .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
      .select(['p.status', 'i.number'])
      .where('p.pad_file_id', '=', input.id)
      .orderBy('i.number')
      .execute();
    const done = debits.filter((d) => d.status !== 'open').map((d) => d.number);
    if (done.length > 0) return { kind: 'refused', reason: 'settled', file, invoices: done };
    await trx.updateTable('invoice_payments').set({ status: 'failed', failure_reason: voidedDebitReason, settled_at: now }).where('pad_file_id', '=', input.id).where('status', '=', 'open').execute();
    await trx.updateTable('pad_files').set({ voided_at: now, voided_by: input.voidedBy, void_reason: input.reason }).where('id', '=', input.id).execute();
    const voided = { ...file, voided: { at: now.toISOString(), by: input.voidedBy, reason: input.reason } };
    const invoices = debits.map((d) => d.number);
    await also(trx, voided, invoices);
    return { kind: 'voided', file: voided, invoices };
  });
}

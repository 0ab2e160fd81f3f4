import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { invoiceItems, type InvoiceLine } from '../../shared/domain/billing.ts';
import { taxedTotal, type TaxedTotal } from '../../shared/domain/pricing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { nextDocumentNumber } from '../documents/numbers.ts';

/*
 * What an invoice has been paid and credited, and so what it still owes: the one rule every view,
 * try and payment of an invoice reads, as SQL over the invoice's row `alias` (never stored: it is
 * derived from the payment rows and the credit notes, and the invoice is never rewritten).
 */

/** Its succeeded payments. */
export const paidSql = (alias: string): RawBuilder<number> =>
  sql<number>`coalesce((select sum(p.amount_cents) from invoice_payments p where p.invoice_id = ${sql.ref(`${alias}.id`)} and p.status = 'succeeded'), 0)::int`;
/** Its credit notes (staff ended the rental at once). */
export const creditedSql = (alias: string): RawBuilder<number> =>
  sql<number>`coalesce((select sum(c.total_cents) from invoice_credits c where c.invoice_id = ${sql.ref(`${alias}.id`)}), 0)::int`;
/** What it still owes: below zero when its payments and credits passed its total. */
export const owedSql = (alias: string): RawBuilder<number> => sql<number>`(${sql.ref(`${alias}.total_cents`)} - ${paidSql(alias)} - ${creditedSql(alias)})`;

/**
 * The day a tenancy's invoice `i` is debited: its due day, or its re-debit's (`rd`, after a return
 * for lack of funds), and never before the notice of an amount a credit note changed (`n`,
 * pad_debit_notices); null for an invoice with no due day (a card rental's). Every PAD file and
 * every view of the debit's day reads it here.
 */
export const padDebitOnSql = sql<string | null>`greatest(coalesce(rd.debit_on, i.due_on), n.debit_on)::text`;

/** An invoice as stored, its lines read back. */
export interface StoredInvoice {
  id: string;
  number: string;
  rentalId: string;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  final: boolean;
  lines: InvoiceLine[];
  subtotal: number;
  gst: number;
  qst: number;
  total: number;
  issuedAt: Date;
}

export async function findInvoice(db: Db, invoiceId: string): Promise<StoredInvoice | undefined> {
  const row = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'rental_id', 'final', 'lines', 'subtotal_cents', 'gst_cents', 'qst_cents', 'total_cents', 'issued_at'])
    .select([sql<string>`period_start::text`.as('period_start'), sql<string>`period_end::text`.as('period_end')])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    number: row.number,
    rentalId: row.rental_id,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    final: row.final,
    lines: storedLines(row.lines),
    subtotal: row.subtotal_cents,
    gst: row.gst_cents,
    qst: row.qst_cents,
    total: row.total_cents,
    issuedAt: new Date(row.issued_at),
  };
}

/** An invoice's (or its credit note's) lines as they were written (jsonb comes back parsed, or as text on some drivers). */
export function storedLines(value: unknown): InvoiceLine[] {
  const lines: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(lines)) throw new Error('an invoice’s stored lines are unreadable');
  return lines.map((line: unknown) => {
    const { item, cents } = (line ?? {}) as { item?: unknown; cents?: unknown };
    if (!invoiceItems.includes(item as InvoiceLine['item']) || typeof cents !== 'number' || !Number.isInteger(cents)) throw new Error('an invoice’s stored line is unreadable');
    return { item: item as InvoiceLine['item'], cents };
  });
}

/** A credit note against an invoice, as stored. */
export interface StoredInvoiceCredit {
  id: string;
  invoiceId: string;
  number: string;
  reason: 'ended_early' | 'prepaid_last_month';
  /** The days it credits, or its invoice's period: what its lines are named by. */
  periodStart: IsoDate;
  periodEnd: IsoDate;
  lines: InvoiceLine[];
  subtotal: number;
  gst: number;
  qst: number;
  total: number;
  createdAt: Date;
}

function creditRows(db: Db) {
  return db
    .selectFrom('invoice_credits')
    .select(['id', 'invoice_id', 'credit_note_number', 'reason', 'lines', 'subtotal_cents', 'gst_cents', 'qst_cents', 'total_cents', 'created_at'])
    .select([sql<string>`period_start::text`.as('period_start'), sql<string>`period_end::text`.as('period_end')])
    .orderBy('credit_note_number');
}

function creditOf(row: Awaited<ReturnType<ReturnType<typeof creditRows>['execute']>>[number]): StoredInvoiceCredit {
  return {
    id: row.id,
    invoiceId: row.invoice_id,
    number: row.credit_note_number,
    reason: row.reason,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    lines: storedLines(row.lines),
    subtotal: row.subtotal_cents,
    gst: row.gst_cents,
    qst: row.qst_cents,
    total: row.total_cents,
    createdAt: new Date(row.created_at),
  };
}

/** The credit notes against some invoices, in the order of their numbers. */
export async function creditsOfInvoices(db: Db, invoiceIds: readonly string[]): Promise<StoredInvoiceCredit[]> {
  if (invoiceIds.length === 0) return [];
  return (await creditRows(db).where('invoice_id', 'in', invoiceIds).execute()).map(creditOf);
}

export async function findInvoiceCredit(db: Db, id: string): Promise<StoredInvoiceCredit | undefined> {
  const row = await creditRows(db).where('id', '=', id).executeTakeFirst();
  return row && creditOf(row);
}

/**
 * Writes a credit note against an invoice: its lines (positive) taxed as the invoice's, unless
 * its amounts are given (billing.ts prepaidCredit), numbered in the credit-note series, never
 * rewritten. It lowers what the invoice owes (owedSql).
 */
export async function creditInvoice(
  trx: Db,
  credit: { invoiceId: string; reason: StoredInvoiceCredit['reason']; period: { start: IsoDate; end: IsoDate }; lines: InvoiceLine[]; amounts?: TaxedTotal },
  now: Date,
): Promise<{ id: string; number: string; total: number }> {
  const amounts = credit.amounts ?? taxedTotal(credit.lines);
  const id = randomUUID();
  const number = await nextDocumentNumber(trx, 'credit_note', Number(spaceToday(now).slice(0, 4)));
  await trx
    .insertInto('invoice_credits')
    .values({
      id,
      invoice_id: credit.invoiceId,
      credit_note_number: number,
      reason: credit.reason,
      period_start: credit.period.start,
      period_end: credit.period.end,
      lines: JSON.stringify(credit.lines),
      subtotal_cents: amounts.subtotal,
      gst_cents: amounts.gst,
      qst_cents: amounts.qst,
      total_cents: amounts.total,
      created_at: now,
    })
    .execute();
  return { id, number, total: amounts.total };
}

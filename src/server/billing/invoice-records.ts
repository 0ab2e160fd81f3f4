import { sql } from 'kysely';
import type { InvoiceLine } from '../../shared/domain/billing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import type { Db } from '../db/database.ts';

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

/** An invoice's lines as issueNextInvoice wrote them (jsonb comes back parsed, or as text on some drivers). */
function storedLines(value: unknown): InvoiceLine[] {
  const lines: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(lines)) throw new Error('an invoice’s stored lines are unreadable');
  return lines.map((line: unknown) => {
    const { item, cents } = (line ?? {}) as { item?: unknown; cents?: unknown };
    if ((item !== 'monthly_rent' && item !== 'prepaid_last_month') || typeof cents !== 'number' || !Number.isInteger(cents)) throw new Error('an invoice’s stored line is unreadable');
    return { item, cents };
  });
}

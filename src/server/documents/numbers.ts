import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DocumentSeries } from '../db/schema.ts';

/** Receipts are '2026-000001'; credit notes (notes de crédit) 'NC-2026-000001'; invoices (factures) 'F-2026-000001'. */
const prefixes: Record<DocumentSeries, string> = { receipt: '', credit_note: 'NC-', invoice: 'F-' };

/** The next number of a series for a year, counted in the caller's transaction: gapless, never reused. */
export async function nextDocumentNumber(trx: Db, series: DocumentSeries, year: number): Promise<string> {
  const row = await sql<{ last_number: number }>`insert into document_counters (series, year, last_number) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last_number = document_counters.last_number + 1
    returning last_number`.execute(trx);
  const n = String(row.rows[0]!.last_number).padStart(6, '0');
  return `${prefixes[series]}${year}-${n}`;
}

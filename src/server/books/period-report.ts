import { sql } from 'kysely';
import { bookDocumentKinds, moneyKinds, type BookDeposit, type BookDocument, type BookDocumentKind, type BooksRange, type DocumentSums, type MoneyKind, type MoneyListKind, type MoneyMovement, type PeriodReport } from '../../shared/contract/books.ts';
import type { Db } from '../db/database.ts';
import { documentRows, moneyRows, pendingRefundRows, rangeInstants, spaceDaySql } from './ledger.ts';

/*
 * The period report (Books, and `npm run admin -- books`): sums of the ledger's rows (ledger.ts)
 * in SQL, on whichever database the server runs, read fresh at every call.
 */

/**
 * A deposit (row d, of invoice i) held at an instant: collected by then, its invoice paid in full
 * (its payments that stood then, and its credit notes by then, reach its total), and not yet
 * given back. A deposit asked for but not paid is owed, not held.
 */
const heldAt = (end: Date) => sql`(i.issued_at < ${end} and (d.returned_at is null or d.returned_at >= ${end})
  and i.total_cents <= coalesce((select sum(p.amount_cents) from invoice_payments p where p.invoice_id = i.id and p.settled_at < ${end}
        and (p.status = 'succeeded' or (p.status = 'returned' and p.returned_at >= ${end}))), 0)
    + coalesce((select sum(c.total_cents) from invoice_credits c where c.invoice_id = i.id and c.created_at < ${end}), 0))`;

type SumRow = { documents: number; subtotal_cents: number; gst_cents: number; qst_cents: number; deposits_cents: number; total_cents: number };

const sumColumns = sql`count(*)::bigint as documents, coalesce(sum(subtotal_cents), 0)::bigint as subtotal_cents, coalesce(sum(gst_cents), 0)::bigint as gst_cents,
  coalesce(sum(qst_cents), 0)::bigint as qst_cents, coalesce(sum(deposits_cents), 0)::bigint as deposits_cents, coalesce(sum(total_cents), 0)::bigint as total_cents`;

const sumsOf = (row: SumRow | undefined): DocumentSums => ({
  documents: Number(row?.documents ?? 0),
  subtotal_cents: Number(row?.subtotal_cents ?? 0),
  gst_cents: Number(row?.gst_cents ?? 0),
  qst_cents: Number(row?.qst_cents ?? 0),
  deposits_cents: Number(row?.deposits_cents ?? 0),
  total_cents: Number(row?.total_cents ?? 0),
});

export async function periodReport(db: Db, range: BooksRange): Promise<PeriodReport> {
  const { start, end } = rangeInstants(range);
  const sales = await sql<SumRow & { product: string | null; kind: BookDocumentKind | null; product_rolled: number; kind_rolled: number }>`
    select product, kind, grouping(product) as product_rolled, grouping(kind) as kind_rolled, ${sumColumns}
    from (${documentRows(range)}) d
    group by grouping sets ((product), (kind), ())`.execute(db);
  const money = await sql<{ kind: MoneyKind; count: number; cents: number }>`
    select kind, count(*)::bigint as count, coalesce(sum(cents), 0)::bigint as cents from (${moneyRows(range)}) m group by kind`.execute(db);
  const pending = await sql<{ cents: number }>`select coalesce(sum(cents), 0)::bigint as cents from (${pendingRefundRows(range)}) f`.execute(db);
  const deposits = await sql<{ invoiced: number; returned: number; kept: number; held: number }>`
    select
      coalesce(sum(d.amount_cents) filter (where i.issued_at >= ${start} and i.issued_at < ${end}), 0)::bigint as invoiced,
      coalesce(sum(d.returned_cents) filter (where d.returned_at >= ${start} and d.returned_at < ${end}), 0)::bigint as returned,
      coalesce(sum(d.amount_cents - d.returned_cents) filter (where d.returned_at >= ${start} and d.returned_at < ${end}), 0)::bigint as kept,
      coalesce(sum(d.amount_cents) filter (where ${heldAt(end)}), 0)::bigint as held
    from deposits d join invoices i on i.id = d.invoice_id`.execute(db);

  const rows = sales.rows;
  const products = rows
    .filter((r) => Number(r.product_rolled) === 0)
    .map((r) => ({ product: r.product!, ...sumsOf(r) }))
    .sort((a, b) => b.subtotal_cents - a.subtotal_cents || a.product.localeCompare(b.product));
  const kinds = bookDocumentKinds.map((kind) => ({ kind, ...sumsOf(rows.find((r) => Number(r.kind_rolled) === 0 && r.kind === kind)) }));
  const total = sumsOf(rows.find((r) => Number(r.product_rolled) === 1 && Number(r.kind_rolled) === 1));
  const moneyKindsFound = moneyKinds.map((kind) => {
    const row = money.rows.find((r) => r.kind === kind);
    return { kind, count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
  });
  const centsOf = (kind: MoneyKind) => moneyKindsFound.find((k) => k.kind === kind)!.cents;
  const d = deposits.rows[0]!;
  return {
    success: true,
    from: range.from,
    to: range.to,
    sales: { products, kinds, total },
    collected: {
      kinds: moneyKindsFound,
      net_cents: centsOf('card') + centsOf('pad') + centsOf('recorded') + centsOf('returned'),
      refunded_cents: centsOf('refund'),
      refunds_pending_cents: Number(pending.rows[0]!.cents),
    },
    deposits: { invoiced_cents: Number(d.invoiced), returned_cents: Number(d.returned), kept_cents: Number(d.kept), held_at_end_cents: Number(d.held) },
  };
}

type DocumentFilter = { kind?: BookDocumentKind; product?: string };

/** The documents dated in the range, of one kind or one product when asked. */
const filteredDocuments = (range: BooksRange, filter: DocumentFilter) => {
  const where = [sql`true`];
  if (filter.kind) where.push(sql`kind = ${filter.kind}`);
  if (filter.product) where.push(sql`product = ${filter.product}`);
  return sql`(select * from (${documentRows(range)}) d where ${sql.join(where, sql` and `)})`;
};

/** The documents dated in the range, oldest first; of one kind, or one product, when asked. */
export async function periodDocuments(db: Db, range: BooksRange, filter: DocumentFilter = {}): Promise<BookDocument[]> {
  const found = await sql<BookDocument & { at: Date }>`select * from ${filteredDocuments(range, filter)} d order by at, number`.execute(db);
  return found.rows.map(({ at: _at, ...row }) => ({
    ...row,
    subtotal_cents: Number(row.subtotal_cents),
    gst_cents: Number(row.gst_cents),
    qst_cents: Number(row.qst_cents),
    deposits_cents: Number(row.deposits_cents),
    total_cents: Number(row.total_cents),
  }));
}

/** What those documents sum to, summed as the period report sums its figures. */
export async function periodDocumentSums(db: Db, range: BooksRange, filter: DocumentFilter = {}): Promise<DocumentSums> {
  const found = await sql<SumRow>`select ${sumColumns} from ${filteredDocuments(range, filter)} d`.execute(db);
  return sumsOf(found.rows[0]);
}

/** The money that moved in the range, oldest first; of one kind when asked, or the refunds waiting at its end. */
export async function periodMoney(db: Db, range: BooksRange, kind?: MoneyListKind): Promise<{ movements: MoneyMovement[]; total_cents: number }> {
  const rows = kind === 'refund_pending' ? pendingRefundRows(range) : moneyRows(range);
  const found = await sql<MoneyMovement & { at: Date }>`
    select * from (${rows}) m ${kind ? sql`where kind = ${kind}` : sql``} order by at, kind`.execute(db);
  const movements = found.rows.map(({ at: _at, ...row }) => ({ ...row, cents: Number(row.cents) }));
  return { movements, total_cents: movements.reduce((sum, m) => sum + m.cents, 0) };
}

/** The deposits any of the range's deposit figures counts (asked for in it, returned in it, or held at its end), oldest first. */
export async function periodDeposits(db: Db, range: BooksRange): Promise<BookDeposit[]> {
  const { start, end } = rangeInstants(range);
  const found = await sql<BookDeposit & { at: Date }>`
    select * from (
      select d.kind, d.amount_cents, r.customer_name as customer, r.id as rental_id, i.number as invoice, ${spaceDaySql('i.issued_at')} as invoiced_on,
        case when d.returned_at is null then null else ${spaceDaySql('d.returned_at')} end as returned_on, d.returned_cents, d.deduction_reason,
        (i.issued_at >= ${start} and i.issued_at < ${end}) as invoiced_in_range,
        coalesce(d.returned_at >= ${start} and d.returned_at < ${end}, false) as returned_in_range,
        ${heldAt(end)} as held_at_end,
        i.issued_at as at
      from deposits d join invoices i on i.id = d.invoice_id join rentals r on r.id = d.rental_id
    ) d
    where invoiced_in_range or returned_in_range or held_at_end
    order by at, invoice, kind`.execute(db);
  return found.rows.map(({ at: _at, ...row }) => ({ ...row, amount_cents: Number(row.amount_cents), returned_cents: row.returned_cents === null ? null : Number(row.returned_cents) }));
}

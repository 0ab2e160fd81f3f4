import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { bookDocumentKinds, moneyListKinds, type BookDeposit, type BookDocumentKind, type MoneyListKind } from '../../../shared/contract/books.ts';
import { booksDepositsQuery, booksDocumentsQuery, booksMoneyQuery, type BooksDocumentsSearch, type BooksMoneySearch, type BooksRangeSearch } from '../books-queries.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { EmptyState, PageTitle, QueryState, useFormat } from '../ui.tsx';
import { bookProductName, depositFigures, rangeOfSearch, type DepositFigure } from '../books-common.ts';

/*
 * What a figure of the books sums: its documents, or its payments, returns and refunds, each
 * with the order or rental staff read it on. Back to the books keeps the range.
 */

const isDocumentKind = (kind: string | undefined): kind is BookDocumentKind => (bookDocumentKinds as readonly string[]).includes(kind ?? '');
const isMoneyKind = (kind: string | undefined): kind is MoneyListKind => (moneyListKinds as readonly string[]).includes(kind ?? '');
/** A refund's reference is its reason, said in words. */
const isRefund = (kind: MoneyListKind) => kind === 'refund' || kind === 'refund_pending';

/** Where staff read a row: its rental, else its order. */
function RecordLink({ order, rental, children }: { order: string | null; rental: string | null; children: ReactNode }) {
  if (rental) return <StaffLink to="/staff/rentals/$id" params={{ id: rental }}>{children}</StaffLink>;
  if (order) return <StaffLink to="/staff/orders/$id" params={{ id: order }}>{children}</StaffLink>;
  return <>{children}</>;
}

/** What differs between the lists: what they show, and how a row and the total row read. */
interface BooksListProps<Data, Row> {
  range: BooksRangeSearch;
  title: string;
  query: UseQueryResult<Data>;
  rowsOf: (data: Data) => readonly Row[];
  empty: string;
  caption: string;
  columns: readonly string[];
  /** A row's <tr>, with its key. */
  row: (row: Row, index: number) => ReactNode;
  /** The total row's cells. */
  total: (data: Data, rows: readonly Row[]) => ReactNode;
  /** What the rows are of, in words, when not the range's days (its first and last, formatted). */
  lead?: (from: string, to: string) => string;
}

/**
 * A list a figure opens: back to the books, its title, the range's days, and its rows under a
 * header of its columns with their total below, or a word when there are none.
 */
function BooksList<Data extends { from: string; to: string }, Row>({ range, title, query, rowsOf, empty, caption, columns, row, total, lead }: BooksListProps<Data, Row>) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  return (
    <>
      <p className="back">
        <StaffLink to="/staff/books" search={{ from: range.from, to: range.to }} activeOptions={{ exact: true }}>
          ← {m.books.documents.back}
        </StaffLink>
      </p>
      <PageTitle>{title}</PageTitle>
      <QueryState query={query}>
        {(data) => {
          const rows = rowsOf(data);
          return (
            <>
              {/* The range's days in words, once the server has said which they are. */}
              <p className="lead">{(lead ?? m.books.range.showing)(f.date(data.from), f.date(data.to))}</p>
              {rows.length === 0 ? (
                <EmptyState>{empty}</EmptyState>
              ) : (
                // Wider than the screen, the table scrolls sideways as a region the keyboard reaches, named as its table is.
                <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
                  <table className="data-table data-table--stack amounts books-list">
                    <caption>{caption}</caption>
                    <thead>
                      <tr>
                        {columns.map((name) => (
                          <th key={name} scope="col">
                            {name}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>{rows.map(row)}</tbody>
                    <tfoot>
                      <tr className="amounts__total">{total(data, rows)}</tr>
                    </tfoot>
                  </table>
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}

/** 'Card + Pre-authorized debit': how a document was paid, each way in words. */
function usePaidBy() {
  const { m } = useStaffLanguage();
  return (paidBy: string) =>
    paidBy
      .split('+')
      .map((way) => m.books.paidBy[way] ?? way)
      .join(' + ');
}

export function BooksDocumentsPage({ search }: { search: BooksDocumentsSearch }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.books.documents;
  const r = m.books.report;
  const paidBy = usePaidBy();
  const range = rangeOfSearch(search);
  const query = useQuery(booksDocumentsQuery({ ...search, ...range }));
  const what = search.product ? bookProductName(m, search.product) : isDocumentKind(search.kind) ? m.books.documentKindsPlural[search.kind] : search.kind ?? t.all;

  return (
    <BooksList
      range={range}
      title={t.heading(what)}
      query={query}
      rowsOf={(data) => data.documents}
      empty={t.empty}
      caption={t.caption}
      columns={[t.number, t.date, t.customer, r.product, r.subtotal, r.gst, r.qst, r.deposits, r.total, t.paidBy, t.corrects]}
      row={(d) => (
        <tr key={d.number} className={d.kind === 'credit_note' ? 'row--refund' : undefined}>
          <th scope="row">
            <RecordLink order={d.order_id} rental={d.rental_id}>
              {d.number}
            </RecordLink>
            <span className="cell-meta">{m.books.documentKinds[d.kind]}</span>
          </th>
          <td data-label={t.date}>{f.date(d.date)}</td>
          <td data-label={t.customer} className="cell-text">
            <span className="cell-title">{d.customer}</span>
            <span className="cell-meta">{d.email}</span>
          </td>
          <td data-label={r.product} className="cell-text">
            {bookProductName(m, d.product)}
          </td>
          <td data-label={r.subtotal}>{f.cents(d.subtotal_cents)}</td>
          <td data-label={r.gst}>{f.cents(d.gst_cents)}</td>
          <td data-label={r.qst}>{f.cents(d.qst_cents)}</td>
          <td data-label={r.deposits}>{f.cents(d.deposits_cents)}</td>
          <td data-label={r.total}>{f.cents(d.total_cents)}</td>
          <td data-label={t.paidBy} className="cell-text">
            {paidBy(d.paid_by)}
          </td>
          <td data-label={t.corrects} className="cell-text">
            {d.corrects ?? m.common.none}
          </td>
        </tr>
      )}
      total={(data) => (
        <>
          <th scope="row" colSpan={4}>
            {t.totalRow(data.total.documents)}
          </th>
          <td data-label={r.subtotal}>{f.cents(data.total.subtotal_cents)}</td>
          <td data-label={r.gst}>{f.cents(data.total.gst_cents)}</td>
          <td data-label={r.qst}>{f.cents(data.total.qst_cents)}</td>
          <td data-label={r.deposits}>{f.cents(data.total.deposits_cents)}</td>
          <td data-label={r.total}>{f.cents(data.total.total_cents)}</td>
          <td colSpan={2} />
        </>
      )}
    />
  );
}

export function BooksMoneyPage({ search }: { search: BooksMoneySearch }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.books.money;
  const d = m.books.documents;
  const r = m.books.report;
  const range = rangeOfSearch(search);
  const query = useQuery(booksMoneyQuery({ ...search, ...range }));
  const what = isMoneyKind(search.kind) ? m.books.moneyKinds[search.kind] : search.kind ?? t.all;

  return (
    <BooksList
      range={range}
      title={t.heading(what)}
      query={query}
      lead={search.kind === 'refund_pending' ? (_from, to) => t.waitingAt(to) : undefined}
      rowsOf={(data) => data.movements}
      empty={t.empty}
      caption={t.caption}
      columns={[r.way, d.date, d.customer, r.amount, t.document, t.reference]}
      row={(row, i) => (
        <tr key={i} className={row.cents < 0 ? 'row--refund' : undefined}>
          <th scope="row">{m.books.moneyKinds[row.kind]}</th>
          <td data-label={d.date}>{f.date(row.date)}</td>
          <td data-label={d.customer} className="cell-text">
            {row.customer}
          </td>
          <td data-label={r.amount}>{f.cents(row.cents)}</td>
          <td data-label={t.document} className="cell-text">
            {row.document ? (
              <RecordLink order={row.order_id} rental={row.rental_id}>
                {row.document}
              </RecordLink>
            ) : (
              m.common.none
            )}
          </td>
          <td data-label={t.reference} className="cell-text">
            {row.reference === null ? m.common.none : isRefund(row.kind) ? (t.refundReasons[row.reference] ?? row.reference) : row.reference}
          </td>
        </tr>
      )}
      total={(data, movements) => (
        <>
          <th scope="row" colSpan={3}>
            {t.totalRow(movements.length)}
          </th>
          <td data-label={r.amount}>{f.cents(data.total_cents)}</td>
          <td colSpan={2} />
        </>
      )}
    />
  );
}

const keptOf = (d: BookDeposit) => d.amount_cents - (d.returned_cents ?? d.amount_cents);

/** Whether a deposit is in a figure, and what it adds to it. */
const depositIn: Record<DepositFigure, { counts: (d: BookDeposit) => boolean; cents: (d: BookDeposit) => number }> = {
  invoiced: { counts: (d) => d.invoiced_in_range, cents: (d) => d.amount_cents },
  returned: { counts: (d) => d.returned_in_range, cents: (d) => d.returned_cents ?? 0 },
  kept: { counts: (d) => d.returned_in_range && keptOf(d) > 0, cents: keptOf },
  held: { counts: (d) => d.held_at_end, cents: (d) => d.amount_cents },
};

export function BooksDepositsPage({ search }: { search: BooksRangeSearch & { figure?: string } }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.books.deposits;
  const range = rangeOfSearch(search);
  const figure: DepositFigure = depositFigures.find((name) => name === search.figure) ?? 'invoiced';
  const query = useQuery(booksDepositsQuery(range));

  return (
    <BooksList
      range={range}
      title={t.heading(t.figures[figure])}
      query={query}
      rowsOf={(data) => data.deposits.filter(depositIn[figure].counts)}
      empty={t.empty}
      caption={t.caption}
      columns={[t.invoice, t.kind, t.customer, t.amount, t.invoicedOn, t.returnedOn, t.returned, t.kept, t.reason]}
      row={(d) => (
        <tr key={`${d.invoice}-${d.kind}`}>
          <th scope="row">
            <StaffLink to="/staff/rentals/$id" params={{ id: d.rental_id }}>
              {d.invoice}
            </StaffLink>
          </th>
          <td data-label={t.kind} className="cell-text">
            {t.kinds[d.kind] ?? d.kind}
          </td>
          <td data-label={t.customer} className="cell-text">
            {d.customer}
          </td>
          <td data-label={t.amount}>{f.cents(d.amount_cents)}</td>
          <td data-label={t.invoicedOn}>{f.date(d.invoiced_on)}</td>
          <td data-label={t.returnedOn}>{d.returned_on ? f.date(d.returned_on) : m.common.none}</td>
          <td data-label={t.returned}>{d.returned_cents === null ? m.common.none : f.cents(d.returned_cents)}</td>
          <td data-label={t.kept}>{d.returned_cents === null ? m.common.none : f.cents(keptOf(d))}</td>
          <td data-label={t.reason} className="cell-text">
            {d.deduction_reason ?? m.common.none}
          </td>
        </tr>
      )}
      total={(_, deposits) => (
        <>
          <th scope="row" colSpan={3}>
            {t.totalRow(deposits.length)}
          </th>
          <td data-label={t.heading(t.figures[figure])}>{f.cents(deposits.reduce((sum, d) => sum + depositIn[figure].cents(d), 0))}</td>
          <td colSpan={5} />
        </>
      )}
    />
  );
}

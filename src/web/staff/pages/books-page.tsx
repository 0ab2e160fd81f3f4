import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { ageBuckets, booksDownloads, lastWholeMonth, moneyKinds, type BooksRange, type DocumentSums, type PeriodReport } from '../../../shared/contract/books.ts';
import { spaceTodayQuick, type IsoDate } from '../../../shared/domain/time.ts';
import { Alert } from '../../ui/alert.tsx';
import { LoadingText } from '../../ui/status.tsx';
import { StaffApiError } from '../api.ts';
import { bookProductName, depositFigures, rangeOfSearch } from '../books-common.ts';
import { booksReportQuery, booksSearch, receivablesQuery, type BooksRangeSearch } from '../books-queries.ts';
import type { StaffCatalogue } from '../i18n.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink, useStaffNavigate } from '../navigation.tsx';
import { sessionQuery } from '../queries.ts';
import { EmptyState, errorsByField, Fact, Field, PageTitle, QueryState, StackTable, useFormat, type FormErrors } from '../ui.tsx';

/** The charts and their library come with the page's glance section, once the page is open. */
const BooksGlance = lazy(() => import('./books-charts.tsx').then((module) => ({ default: module.BooksGlance })));

type Preset = 'last_month' | 'this_month' | 'last_12_months';
const presets: readonly Preset[] = ['last_month', 'this_month', 'last_12_months'];

/** A quick range, from today at the space: the last whole month, the month so far, or the twelve months to today. */
function presetRange(preset: Preset, today: IsoDate): BooksRange {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  if (preset === 'last_month') return lastWholeMonth(today);
  if (preset === 'this_month') return { from: firstOfThisMonth, to: today };
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - 11;
  return { from: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`, to: today };
}

/** The range's days the server refused, each under its field; undefined when the failure is not the range's. */
function rangeProblems(m: StaffCatalogue, error: unknown): FormErrors<'from' | 'to'> | undefined {
  if (!(error instanceof StaffApiError) || error.status !== 400 || error.fields.length === 0) return undefined;
  return errorsByField(m, error.fields, ['from', 'to'] as const);
}

/** Books (managers): the period's report, receivables, the accountant's downloads, and occupancy at a glance. */
export function BooksPage({ search }: { search: BooksRangeSearch }) {
  const { m } = useStaffLanguage();
  const session = useQuery(sessionQuery());
  if (session.data?.staff?.role !== 'manager')
    return (
      <>
        <PageTitle>{m.books.title}</PageTitle>
        <Alert tone="warning">{m.books.managersOnly}</Alert>
      </>
    );
  return <Books search={search} />;
}

function Books({ search }: { search: BooksRangeSearch }) {
  const { m } = useStaffLanguage();
  const t = m.books;
  const range = rangeOfSearch(search);
  const report = useQuery(booksReportQuery(range));
  const problems = rangeProblems(m, report.error);

  return (
    <>
      <PageTitle>{t.title}</PageTitle>
      <p className="lead">{t.intro}</p>
      <RangePicker key={`${range.from}/${range.to}`} range={range} problems={problems} />
      {problems ? (
        <EmptyState>{t.range.fixRange}</EmptyState>
      ) : (
        <QueryState query={report}>
          {(data) => (
            <>
              <Report report={data} />
              <Downloads range={{ from: data.from, to: data.to }} />
            </>
          )}
        </QueryState>
      )}
      <Receivables />
      <section className="section" aria-labelledby="glance-title">
        <h2 id="glance-title">{t.glance.title}</h2>
        <p>{t.glance.intro}</p>
        {problems ? (
          <EmptyState>{t.range.fixRange}</EmptyState>
        ) : (
          <Suspense fallback={<LoadingText>{t.glance.loadingCharts}</LoadingText>}>
            <BooksGlance range={range} />
          </Suspense>
        )}
      </section>
    </>
  );
}

/** Quick ranges, and any range from one day to another; the range goes in the address, so a link or a reload keeps it. */
function RangePicker({ range, problems }: { range: BooksRangeSearch; problems: FormErrors<'from' | 'to'> | undefined }) {
  const { m } = useStaffLanguage();
  const t = m.books.range;
  const navigate = useStaffNavigate();
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  const today = spaceTodayQuick(new Date());
  const go = (next: BooksRangeSearch) => void navigate({ to: '/staff/books', search: { from: next.from || undefined, to: next.to || undefined } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ from, to });
  };
  return (
    <div className="books-range">
      <div className="books-range__presets" role="group" aria-label={t.presets}>
        {presets.map((preset) => {
          const quick = presetRange(preset, today);
          const chosen = quick.from === range.from && quick.to === range.to;
          return (
            <button key={preset} type="button" className={`button ${chosen ? 'button--primary' : 'button--secondary'}`} aria-pressed={chosen} onClick={() => go(quick)}>
              {t[preset]}
            </button>
          );
        })}
      </div>
      <form className="books-range__form" onSubmit={submit} noValidate aria-label={t.label}>
        <Field label={t.from} error={problems?.from}>
          {(p) => <input {...p} type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
        <Field label={t.to} error={problems?.to}>
          {(p) => <input {...p} type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
        <div className="form-actions books-range__show">
          <button type="submit" className="button button--secondary">
            {t.show}
          </button>
        </div>
      </form>
      {problems?.[''] ? <Alert tone="error">{problems['']}</Alert> : null}
    </div>
  );
}

/** A figure of the report, linked to the documents or the money it sums. */
function FigureLink({ to, search, children }: { to: '/staff/books/documents' | '/staff/books/money'; search: Record<string, string | undefined>; children: ReactNode }) {
  return (
    <StaffLink to={to} search={search} activeOptions={{ exact: true }}>
      {children}
    </StaffLink>
  );
}

function Report({ report }: { report: PeriodReport }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.books.report;
  const range = { from: report.from, to: report.to };
  const documentsOf = (filter: { kind?: string; product?: string }) => ({ ...range, ...filter });
  const sumCells = (sums: DocumentSums, filter: { kind?: string; product?: string }) =>
    (['documents', 'subtotal_cents', 'gst_cents', 'qst_cents', 'deposits_cents', 'total_cents'] as const).map((key) => (
      <td key={key}>
        <FigureLink to="/staff/books/documents" search={documentsOf(filter)}>
          {key === 'documents' ? sums.documents : f.cents(sums[key])}
        </FigureLink>
      </td>
    ));
  const sumsHead = (first: string) => (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {[t.documents, t.subtotal, t.gst, t.qst, t.deposits, t.total].map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
  const totalRow = (
    <tfoot>
      <tr className="amounts__total">
        <th scope="row">{t.totalRow}</th>
        {sumCells(report.sales.total, {})}
      </tr>
    </tfoot>
  );
  const moneyOf = (kind: string) => report.collected.kinds.find((k) => k.kind === kind) ?? { count: 0, cents: 0 };
  const collectedKinds = moneyKinds.filter((kind) => kind !== 'refund');
  const refund = moneyOf('refund');
  const depositTerms = { invoiced: t.invoiced, returned: t.returned, kept: t.kept, held: t.heldAtEnd };
  const { invoiced_cents: invoiced, returned_cents: returned, kept_cents: kept, held_at_end_cents: held } = report.deposits;
  const depositCents = { invoiced, returned, kept, held };

  return (
    <>
      <p className="books-range__showing" aria-live="polite">
        {m.books.range.showing(f.date(report.from), f.date(report.to))}
      </p>
      <section className="section" aria-labelledby="sales-title">
        <h2 id="sales-title">{t.salesTitle}</h2>
        {report.sales.total.documents === 0 ? (
          <EmptyState>{t.noSales}</EmptyState>
        ) : (
          <>
            <div className="table-wrap">
              <table className="data-table amounts">
                <caption>{t.byProductCaption}</caption>
                {sumsHead(t.product)}
                <tbody>
                  {report.sales.products.map((row) => (
                    <tr key={row.product}>
                      <th scope="row">{bookProductName(m, row.product)}</th>
                      {sumCells(row, { product: row.product })}
                    </tr>
                  ))}
                </tbody>
                {totalRow}
              </table>
            </div>
            <div className="table-wrap">
              <table className="data-table amounts">
                <caption>{t.byKindCaption}</caption>
                {sumsHead(t.kind)}
                <tbody>
                  {report.sales.kinds.map((row) => (
                    <tr key={row.kind}>
                      <th scope="row">{m.books.documentKindsPlural[row.kind]}</th>
                      {sumCells(row, { kind: row.kind })}
                    </tr>
                  ))}
                </tbody>
                {totalRow}
              </table>
            </div>
          </>
        )}
      </section>
      <section className="section" aria-labelledby="collected-title">
        <h2 id="collected-title">{t.collectedTitle}</h2>
        <div className="table-wrap">
          <table className="data-table amounts">
            <caption>{t.collectedCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.way}</th>
                <th scope="col">{t.count}</th>
                <th scope="col">{t.amount}</th>
              </tr>
            </thead>
            <tbody>
              {collectedKinds.map((kind) => {
                const row = moneyOf(kind);
                return (
                  <tr key={kind}>
                    <th scope="row">{m.books.moneyKinds[kind]}</th>
                    <td>
                      <FigureLink to="/staff/books/money" search={{ ...range, kind }}>
                        {row.count}
                      </FigureLink>
                    </td>
                    <td>
                      <FigureLink to="/staff/books/money" search={{ ...range, kind }}>
                        {f.cents(row.cents)}
                      </FigureLink>
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr className="amounts__total">
                <th scope="row" colSpan={2}>
                  {t.net}
                </th>
                <td>{f.cents(report.collected.net_cents)}</td>
              </tr>
              <tr>
                <th scope="row">{t.refunded}</th>
                <td>
                  <FigureLink to="/staff/books/money" search={{ ...range, kind: 'refund' }}>
                    {refund.count}
                  </FigureLink>
                </td>
                <td>
                  <FigureLink to="/staff/books/money" search={{ ...range, kind: 'refund' }}>
                    {f.cents(report.collected.refunded_cents)}
                  </FigureLink>
                </td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  {t.refundsPending}
                </th>
                <td>
                  <FigureLink to="/staff/books/money" search={{ ...range, kind: 'refund_pending' }}>
                    {f.cents(report.collected.refunds_pending_cents)}
                  </FigureLink>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
      <section className="section" aria-labelledby="deposits-title">
        <h2 id="deposits-title">{t.depositsTitle}</h2>
        <p>{t.depositsIntro}</p>
        <dl className="facts card">
          {depositFigures.map((figure) => (
            <Fact key={figure} term={depositTerms[figure]}>
              <StaffLink to="/staff/books/deposits" search={{ ...range, figure }} activeOptions={{ exact: true }}>
                {f.cents(depositCents[figure])}
              </StaffLink>
            </Fact>
          ))}
        </dl>
      </section>
    </>
  );
}

/** Today's receivables, aged, and what each age owes. */
function Receivables() {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.books.receivables;
  const query = useQuery(receivablesQuery());
  return (
    <section className="section" aria-labelledby="receivables-title">
      <h2 id="receivables-title">{t.title}</h2>
      <QueryState query={query}>
        {(data) => (
          <>
            <p>{t.intro(f.date(data.on))}</p>
            {data.receivables.length === 0 ? (
              <EmptyState>{t.empty}</EmptyState>
            ) : (
              <StackTable caption={t.caption} columns={[t.invoice, t.customer, t.unit, t.due, t.daysPastDue, t.age, t.owed, t.lastReminder, t.nextTry]}>
                {data.receivables.map((r) => (
                  <tr key={r.invoice}>
                    <th scope="row">
                      <StaffLink to="/staff/rentals/$id" params={{ id: r.rental_id }}>
                        {r.invoice}
                      </StaffLink>
                    </th>
                    <td data-label={t.customer}>
                      <span className="cell-title">{r.customer}</span>
                      <span className="cell-meta">{r.email}</span>
                    </td>
                    <td data-label={t.unit}>{r.unit_name}</td>
                    <td data-label={t.due}>{f.date(r.due_on)}</td>
                    <td data-label={t.daysPastDue}>{r.days_past_due}</td>
                    <td data-label={t.age}>{t.ages[r.age]}</td>
                    <td data-label={t.owed} className="nowrap">
                      {f.cents(r.owed_cents)}
                    </td>
                    <td data-label={t.lastReminder}>
                      {r.last_reminder ? (
                        <>
                          <span className="cell-title">{m.messages.kinds[r.last_reminder.kind] ?? r.last_reminder.kind}</span>
                          <span className="cell-meta">{f.dateTime(r.last_reminder.at)}</span>
                        </>
                      ) : (
                        m.common.none
                      )}
                    </td>
                    <td data-label={t.nextTry}>{r.next_try_on ? f.date(r.next_try_on) : t.staffCollect}</td>
                  </tr>
                ))}
              </StackTable>
            )}
            <div className="table-wrap books-ages">
              <table className="data-table amounts">
                <caption>{t.totalsCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.age}</th>
                    <th scope="col">{t.invoices}</th>
                    <th scope="col">{t.owed}</th>
                  </tr>
                </thead>
                <tbody>
                  {ageBuckets.map((age) => {
                    const total = data.totals.find((row) => row.age === age) ?? { invoices: 0, owed_cents: 0 };
                    return (
                      <tr key={age}>
                        <th scope="row">{t.ages[age]}</th>
                        <td>{total.invoices}</td>
                        <td>{f.cents(total.owed_cents)}</td>
                      </tr>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr className="amounts__total">
                    <th scope="row">{t.totalRow}</th>
                    <td>{data.receivables.length}</td>
                    <td>{f.cents(data.owed_cents)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The accountant's files of the range: plain links, the session's cookie goes with them. */
function Downloads({ range }: { range: BooksRange }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.books.downloads;
  return (
    <section className="section" aria-labelledby="downloads-title">
      <h2 id="downloads-title">{t.title}</h2>
      <p>{t.intro(f.date(range.from), f.date(range.to))}</p>
      <ul className="books-downloads">
        {booksDownloads.map((file) => (
          <li key={file}>
            <a className="button button--secondary" href={`/admin-api/books/${file}${booksSearch({ from: range.from, to: range.to })}`} download>
              {t.files[file]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

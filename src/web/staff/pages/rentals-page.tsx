import { useInfiniteQuery } from '@tanstack/react-query';
import { rentalStates, type RentalState, type StaffRental } from '../../../shared/contract/staff-rentals.ts';
import type { StaffCatalogue } from '../i18n.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink, useStaffNavigate } from '../navigation.tsx';
import { rentalsQuery } from '../queries.ts';
import { PagedTable, PageTitle, SelectField, useFormat } from '../ui.tsx';
import { productName } from './orders-page.tsx';

/** An overdue rental stands out by a word in its badge and a marked row, not by colour alone. */
export function RentalStateBadge({ state }: { state: RentalState }) {
  const { m } = useStaffLanguage();
  const tone = state === 'overdue' ? 'alert' : state === 'active' ? 'green' : state === 'ending' ? 'yellow' : 'grey';
  return (
    <span className={`badge badge--${tone}`} data-state={state}>
      {state === 'overdue' ? <span aria-hidden="true">! </span> : null}
      {m.rentals.states[state]}
    </span>
  );
}

/** The provider's reason for refusing a card, in the console's words when it has them. */
export function failureText(m: StaffCatalogue, reason: string | null): string {
  if (!reason) return m.common.none;
  return m.rentals.failures[reason] ?? reason;
}

/** Overdue first: what staff come here for. */
const filterOrder: readonly RentalState[] = ['overdue', ...rentalStates.filter((s) => s !== 'overdue')];

export function RentalsPage({ state }: { state: RentalState | undefined }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const navigate = useStaffNavigate();
  const query = useInfiniteQuery(rentalsQuery(state));
  const t = m.rentals;
  const c = t.columns;
  const overdue = query.data?.pages[0]?.data.overdue_count;

  const dates = (rental: StaffRental) => (
    <>
      {t.from(f.date(rental.start_date))}
      {rental.ends_on ? <span className="cell-meta">{t.until(f.date(rental.ends_on))}</span> : null}
    </>
  );

  return (
    <>
      <PageTitle>{t.title}</PageTitle>
      {overdue === undefined ? null : (
        <p className="lead">
          {overdue === 0 ? (
            t.noneOverdue
          ) : (
            <>
              <strong className="badge badge--alert">{t.overdueCount(overdue)}</strong> {t.overdueLead}{' '}
              {state === 'overdue' ? null : (
                <StaffLink to="/staff/rentals" search={{ state: 'overdue' }}>
                  {t.showOverdue}
                </StaffLink>
              )}
            </>
          )}
        </p>
      )}
      <div className="filters filters--inline">
        <SelectField
          label={t.filter}
          value={state ?? ''}
          blank={t.all}
          options={filterOrder}
          optionLabel={(s) => t.states[s]}
          onChange={(s) => void navigate({ to: '/staff/rentals', search: { state: s || undefined } })}
        />
      </div>
      <PagedTable
        query={query}
        rowsOf={(page) => page.data.rentals}
        empty={t.empty}
        caption={state ? `${t.caption} · ${t.states[state]}` : t.caption}
        columns={[c.customer, c.unit, c.monthly, c.dates, c.state, c.owed, c.overdue, c.detail]}
        row={(rental) => (
          <tr key={rental.id} className={rental.state === 'overdue' ? 'row--refund' : undefined}>
            <th scope="row">
              {rental.customer_name}
              <span className="cell-meta">
                {rental.customer_email} · {t.languages[rental.language] ?? rental.language}
              </span>
            </th>
            <td data-label={c.unit}>
              {rental.unit_name}
              <span className="cell-meta">
                {rental.office_id} · {productName(m, rental.product)}
              </span>
            </td>
            <td data-label={c.monthly} className="nowrap">
              {f.cents(rental.monthly_cents)}
            </td>
            <td data-label={c.dates}>{dates(rental)}</td>
            <td data-label={c.state}>
              <RentalStateBadge state={rental.state} />
            </td>
            <td data-label={c.owed} className="nowrap">
              {rental.owed_cents > 0 ? f.cents(rental.owed_cents) : m.common.none}
            </td>
            <td data-label={c.overdue}>
              {rental.overdue ? (
                <>
                  {t.overdueSince(rental.overdue.invoice_number, t.days(rental.overdue.days))}
                  <span className="cell-meta cell-error">{failureText(m, rental.overdue.failure_reason)}</span>
                </>
              ) : (
                m.common.none
              )}
            </td>
            <td className="cell-actions">
              <StaffLink to="/staff/rentals/$id" params={{ id: rental.id }} aria-label={t.viewRental(rental.unit_name, rental.customer_name)}>
                {t.view}
              </StaffLink>
            </td>
          </tr>
        )}
      />
    </>
  );
}

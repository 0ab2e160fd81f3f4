import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { orderStatuses, type StaffOrder } from '../../../shared/contract/staff-orders.ts';
import { productNames, type Product } from '../../../shared/domain/products.ts';
import { StaffApiError } from '../api.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink, useStaffNavigate } from '../navigation.tsx';
import { ordersQuery, type OrderSearch } from '../queries.ts';
import { errorsByField, Field, PagedTable, PageTitle, SelectField, useFormat } from '../ui.tsx';

const filterFields = ['status', 'product', 'from', 'to'] as const;

/** Refunded and refund-pending orders stand out by a word in their badge and a marked row, not by colour alone. */
const standsOut = new Set<StaffOrder['status']>(['refunded', 'refund_pending']);

export function OrderStatusBadge({ status }: { status: StaffOrder['status'] }) {
  const { m } = useStaffLanguage();
  const tone = status === 'paid' ? 'green' : standsOut.has(status) ? 'alert' : status === 'pending' ? 'yellow' : 'grey';
  return (
    <span className={`badge badge--${tone}`} data-status={status}>
      {standsOut.has(status) ? <span aria-hidden="true">↺ </span> : null}
      {m.orders.statuses[status]}
    </span>
  );
}

export function productName(m: ReturnType<typeof useStaffLanguage>['m'], product: string): string {
  return (m.orders.products as Record<string, string>)[product] ?? product;
}

export function OrdersPage({ search }: { search: OrderSearch }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const navigate = useStaffNavigate();
  const query = useInfiniteQuery(ordersQuery(search));
  const [draft, setDraft] = useState<OrderSearch>(search);
  // A filter the server refused says why beside its input.
  const refused = (query.error instanceof StaffApiError ? errorsByField(m, query.error.fields, filterFields) : undefined) ?? {};
  const t = m.orders;
  const c = t.columns;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: '/staff/orders', search: { status: draft.status || undefined, product: draft.product || undefined, from: draft.from || undefined, to: draft.to || undefined } });
  };
  const clear = () => {
    setDraft({});
    void navigate({ to: '/staff/orders', search: {} });
  };

  return (
    <>
      <PageTitle>{t.title}</PageTitle>
      <form className="card filters" onSubmit={apply} aria-label={t.filters}>
        <SelectField
          label={t.status}
          error={refused.status}
          value={draft.status ?? ''}
          blank={t.all}
          options={orderStatuses}
          optionLabel={(s) => t.statuses[s]}
          onChange={(s) => setDraft((d) => ({ ...d, status: (s || undefined) as OrderSearch['status'] }))}
        />
        <SelectField
          label={t.product}
          error={refused.product}
          value={draft.product ?? ''}
          blank={t.all}
          options={productNames}
          optionLabel={(name: Product) => t.products[name]}
          onChange={(name) => setDraft((d) => ({ ...d, product: name || undefined }))}
        />
        <Field label={t.from} error={refused.from}>{(p) => <input {...p} type="date" value={draft.from ?? ''} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value || undefined }))} />}</Field>
        <Field label={t.to} error={refused.to}>{(p) => <input {...p} type="date" value={draft.to ?? ''} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value || undefined }))} />}</Field>
        <div className="filters__actions">
          <button type="submit" className="button button--primary">
            {t.apply}
          </button>
          <button type="button" className="button button--secondary" onClick={clear}>
            {t.clear}
          </button>
        </div>
      </form>
      <PagedTable
        query={query}
        rowsOf={(page) => page.data.orders}
        empty={t.empty}
        caption={t.caption}
        columns={[c.created, c.product, c.unit, c.days, c.total, c.status, c.detail]}
        row={(order) => (
          <tr key={order.id} className={standsOut.has(order.status) ? 'row--refund' : undefined}>
            <th scope="row">{f.dateTime(order.created_at)}</th>
            <td data-label={c.product}>{productName(m, order.product)}</td>
            <td data-label={c.unit}>
              {order.office_name}
              <span className="cell-meta">{order.office_id}</span>
            </td>
            <td data-label={c.days}>
              {order.days.length > 0 ? (
                <>
                  {f.date(order.days[0]!)}
                  {order.days.length > 1 ? <span className="cell-meta">{t.daysCount(order.days.length)}</span> : null}
                </>
              ) : (
                f.date(order.start_date)
              )}
            </td>
            <td data-label={c.total} className="nowrap">
              {f.dollars(order.total)}
              {order.refunded > 0 ? <span className="cell-meta">{t.refunded(f.dollars(order.refunded))}</span> : null}
            </td>
            <td data-label={c.status}>
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="cell-actions">
              <StaffLink to="/staff/orders/$id" params={{ id: order.id }} aria-label={t.viewOrder(order.office_name, f.dateTime(order.created_at))}>
                {t.view}
              </StaffLink>
            </td>
          </tr>
        )}
      />
    </>
  );
}

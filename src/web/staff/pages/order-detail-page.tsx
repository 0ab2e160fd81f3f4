import { useQuery } from '@tanstack/react-query';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { orderQuery } from '../queries.ts';
import { AuditTrail, EmptyState, Fact, PageTitle, QueryState, StackTable, useFormat } from '../ui.tsx';
import { OrderStatusBadge, productName } from './orders-page.tsx';

export function OrderDetailPage({ id }: { id: string }) {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const query = useQuery(orderQuery(id, lang));
  const t = m.order;
  return (
    <>
      <p className="back">
        <StaffLink to="/staff/orders" activeOptions={{ exact: true }}>← {t.back}</StaffLink>
      </p>
      <QueryState query={query}>
        {({ order, refunds, audit }) => (
          <>
            <PageTitle>
              {t.title} · {productName(m, order.product)} · {order.office_name}
            </PageTitle>
            <section className="card" aria-labelledby="order-summary">
              <h2 id="order-summary">{t.summary}</h2>
              <dl className="facts">
                <Fact term={t.status}>
                  <OrderStatusBadge status={order.status} />
                </Fact>
                <Fact term={t.buyer}>
                  {order.buyer_name ?? m.common.none}
                  {order.buyer_email ? (
                    <>
                      {' · '}
                      <a href={`mailto:${order.buyer_email}`}>{order.buyer_email}</a>
                    </>
                  ) : null}
                </Fact>
                <Fact term={t.unit}>
                  {order.office_name} ({order.office_id})
                </Fact>
                <Fact term={t.rentalType}>{t.rentalTypes[order.rental_type] ?? order.rental_type}</Fact>
                <Fact term={t.created}>{f.dateTime(order.created_at)}</Fact>
                <Fact term={t.paid}>{order.paid_at ? f.dateTime(order.paid_at) : m.common.none}</Fact>
                <Fact term={t.startDate}>{f.date(order.start_date)}</Fact>
                {order.days.length > 0 ? <Fact term={t.days}>{order.days.map((d) => f.date(d)).join(', ')}</Fact> : null}
                {order.cancelled_days.length > 0 ? <Fact term={t.cancelledDays}>{order.cancelled_days.map((d) => f.date(d)).join(', ')}</Fact> : null}
                {order.rental_ends_on ? <Fact term={t.rentalEnds}>{f.date(order.rental_ends_on)}</Fact> : null}
                {order.refund_error ? <Fact term={t.refundError}>{order.refund_error}</Fact> : null}
              </dl>
            </section>

            <section className="card" aria-labelledby="order-lines">
              <h2 id="order-lines">{t.linesTitle}</h2>
              <div className="table-wrap">
                <table className="data-table amounts">
                  <caption className="visually-hidden">{t.linesCaption}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.description}</th>
                      <th scope="col">{t.amount}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.lines.map((line, i) => (
                      <tr key={i}>
                        <th scope="row">{line.description}</th>
                        <td>{f.cents(line.amount_cents)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t.subtotal}</th>
                      <td>{f.cents(order.subtotal_cents)}</td>
                    </tr>
                    <tr>
                      <th scope="row">{t.gst}</th>
                      <td>{f.cents(order.gst_cents)}</td>
                    </tr>
                    <tr>
                      <th scope="row">{t.qst}</th>
                      <td>{f.cents(order.qst_cents)}</td>
                    </tr>
                    <tr className="amounts__total">
                      <th scope="row">{t.total}</th>
                      <td>{f.cents(order.total_cents)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
              <h3>{t.receipt}</h3>
              {order.receipt_number ? (
                <p>
                  {t.receiptNumber(order.receipt_number)} ·{' '}
                  <a href={`/admin-api/orders/${encodeURIComponent(order.id)}/receipt.pdf`} target="_blank" rel="noopener">
                    {t.receiptPdf}
                  </a>
                </p>
              ) : (
                <p className="muted">{t.noReceipt}</p>
              )}
            </section>

            <section className="card" aria-labelledby="order-provider">
              <h2 id="order-provider">{t.providerTitle}</h2>
              <dl className="facts">
                <Fact term={t.provider}>{t.providers[order.provider]}</Fact>
                <Fact term={t.sessionId}>
                  <code>{order.session_id ?? m.common.none}</code>
                </Fact>
                <Fact term={t.paymentIntent}>
                  <code>{order.payment_intent_id ?? m.common.none}</code>
                </Fact>
              </dl>
            </section>

            <section className="card" aria-labelledby="order-refunds">
              <h2 id="order-refunds">{t.refundsTitle}</h2>
              {refunds.length === 0 ? (
                <EmptyState>{t.refundsEmpty}</EmptyState>
              ) : (
                <StackTable caption={t.refundsCaption} columns={[t.refundColumns.created, t.refundColumns.amount, t.refundColumns.reason, t.refundColumns.status, t.refundColumns.creditNote, t.refundColumns.error]}>
                  {refunds.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">{f.dateTime(r.created_at)}</th>
                      <td data-label={t.refundColumns.amount}>{f.cents(r.amount_cents)}</td>
                      <td data-label={t.refundColumns.reason}>{t.reasons[r.reason] ?? r.reason}</td>
                      <td data-label={t.refundColumns.status}>{t.refundStatuses[r.status] ?? r.status}</td>
                      <td data-label={t.refundColumns.creditNote}>{r.credit_note_number ?? m.common.none}</td>
                      <td data-label={t.refundColumns.error}>{r.last_error ?? m.common.none}</td>
                    </tr>
                  ))}
                </StackTable>
              )}
            </section>
            <AuditTrail entries={audit} />
          </>
        )}
      </QueryState>
    </>
  );
}

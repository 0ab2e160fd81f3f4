import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import type { StaffOfferSummary } from '../../../shared/contract/staff-console.ts';
import { offersQuery } from '../queries.ts';
import { EmptyState, PageTitle, QueryState, StackTable, useFormat } from '../ui.tsx';
import { OfferDialog } from './offer-dialog.tsx';

export function OfferStatusBadge({ status }: { status: StaffOfferSummary['status'] }) {
  const { m } = useStaffLanguage();
  const tone = status === 'signed' ? 'green' : status === 'expired' ? 'grey' : 'yellow';
  return (
    <span className={`badge badge--${tone}`} data-status={status}>
      {m.offers.statuses[status]}
    </span>
  );
}

export function LeaseOffersPage() {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.offers;
  const c = t.columns;
  const query = useQuery(offersQuery());
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageTitle
        actions={
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            {t.newOffer}
          </button>
        }
      >
        {t.title}
      </PageTitle>
      <QueryState query={query}>
        {({ offers }) =>
          offers.length === 0 ? (
            <EmptyState>{t.empty}</EmptyState>
          ) : (
            <StackTable caption={t.caption} columns={[c.id, c.tenant, c.offices, c.start, c.rate, c.status, c.expires, c.detail]}>
              {offers.map((offer) => (
                <tr key={offer.id}>
                  <th scope="row">{offer.id}</th>
                  <td data-label={c.tenant}>
                    {offer.company_name ? <span className="cell-title">{offer.company_name}</span> : null}
                    <span className="cell-meta">{offer.email}</span>
                  </td>
                  <td data-label={c.offices}>{offer.offices.join(', ')}</td>
                  <td data-label={c.start}>{f.date(offer.start_date)}</td>
                  <td data-label={c.rate} className="nowrap">
                    {f.dollars(offer.monthly_rate)}
                  </td>
                  <td data-label={c.status}>
                    <OfferStatusBadge status={offer.status} />
                  </td>
                  <td data-label={c.expires}>{f.dateTime(offer.expires_at)}</td>
                  <td className="cell-actions">
                    <StaffLink to="/staff/lease-offers/$id" params={{ id: String(offer.id) }} aria-label={t.viewOffer(offer.id, offer.company_name ?? offer.email)}>
                      {t.view}
                    </StaffLink>
                  </td>
                </tr>
              ))}
            </StackTable>
          )
        }
      </QueryState>
      {creating ? <OfferDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}

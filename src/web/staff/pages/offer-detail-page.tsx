import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { offerQuery, staffCalls, staffKeys } from '../queries.ts';
import { AuditTrail, ConfirmDialog, CopyLink, errorText, Fact, type Notice, NoticeArea, PageTitle, QueryState, useFormat } from '../ui.tsx';
import { OfferStatusBadge } from './lease-offers-page.tsx';

export function OfferDetailPage({ id }: { id: number }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.offer;
  const query = useQuery(offerQuery(id));
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'resend' | 'expire' | null>(null);
  const [newLink, setNewLink] = useState<{ url: string; emailed: boolean } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: offerQuery(id).queryKey }), queryClient.invalidateQueries({ queryKey: staffKeys.offers, exact: true })]);
  const resend = useMutation({
    mutationFn: () => staffCalls.resendOffer(id),
    onSuccess: async (answer) => {
      await refresh();
      setAsking(null);
      setNewLink({ url: answer.url, emailed: answer.emailed });
      setNotice({ tone: 'success', text: t.resent });
    },
  });
  const expire = useMutation({
    mutationFn: () => staffCalls.expireOffer(id),
    // Read again before the dialog closes: the offer's buttons are gone by then, so focus goes to the heading.
    onSuccess: async () => {
      await refresh();
      setAsking(null);
      setNewLink(null);
      setNotice({ tone: 'success', text: t.expired });
    },
  });

  return (
    <>
      <p className="back">
        <StaffLink to="/staff/lease-offers" activeOptions={{ exact: true }}>← {t.back}</StaffLink>
      </p>
      <QueryState query={query}>
        {({ offer, audit }) => {
          const open = offer.status === 'new' || offer.status === 'contract_generated';
          return (
            <>
              <PageTitle
                actions={
                  open ? (
                    <>
                      <button type="button" className="button button--primary" onClick={() => (resend.reset(), setAsking('resend'))}>
                        {t.resend}
                      </button>
                      <button type="button" className="button button--ghost" onClick={() => (expire.reset(), setAsking('expire'))}>
                        {t.expire}
                      </button>
                    </>
                  ) : null
                }
              >
                {t.title(offer.id)}
              </PageTitle>
              <NoticeArea notice={notice} />
              {newLink ? (
                <section className="card">
                  <CopyLink url={newLink.url} label={m.offers.created.link} />
                  <p>{newLink.emailed ? m.offers.created.emailed(offer.email) : m.offers.created.notEmailed}</p>
                </section>
              ) : null}
              <section className="card" aria-labelledby="offer-tenant">
                <h2 id="offer-tenant">{t.tenant}</h2>
                <dl className="facts">
                  <Fact term={t.status}>
                    <OfferStatusBadge status={offer.status} />
                  </Fact>
                  <Fact term={t.email}>
                    <a href={`mailto:${offer.email}`}>{offer.email}</a>
                  </Fact>
                  <Fact term={t.company}>{offer.company_name ?? m.common.none}</Fact>
                  <Fact term={t.contact}>{offer.contact_name ?? m.common.none}</Fact>
                  <Fact term={t.language}>{m.waitlist.languages[offer.language] ?? offer.language}</Fact>
                  <Fact term={t.created}>{f.dateTime(offer.created_at)}</Fact>
                  <Fact term={t.expires}>{f.dateTime(offer.expires_at)}</Fact>
                  {offer.signed_at ? <Fact term={t.signed}>{f.dateTime(offer.signed_at)}</Fact> : null}
                </dl>
                {offer.has_signed_pdf ? (
                  <p>
                    <a className="button button--secondary" href={`/admin-api/lease-offers/${offer.id}/agreement.pdf`} target="_blank" rel="noopener">
                      {t.signedPdf}
                    </a>
                  </p>
                ) : null}
              </section>
              <section className="card" aria-labelledby="offer-offices">
                <h2 id="offer-offices">{t.offices}</h2>
                <ul>
                  {offer.offices.map((o) => (
                    <li key={o.id}>
                      {o.name} ({o.office_id})
                    </li>
                  ))}
                </ul>
              </section>
              <section className="card" aria-labelledby="offer-terms">
                <h2 id="offer-terms">{t.terms}</h2>
                <dl className="facts">
                  <Fact term={t.startDate}>{f.date(offer.start_date)}</Fact>
                  <Fact term={t.monthlyRate}>{f.cents(offer.monthly_rate_cents)}</Fact>
                  <Fact term={t.monthlyDiscount}>{f.cents(offer.monthly_discount_cents)}</Fact>
                  <Fact term={t.signupDiscount}>{f.cents(offer.signup_discount_cents)}</Fact>
                  <Fact term={t.term}>{t.months(offer.lease_term_months)}</Fact>
                  <Fact term={t.moveInFee}>
                    {m.offers.form.moveInFeeTypes[offer.move_in_fee_type]}
                    {offer.move_in_fee_type === 'fixed_amount' && offer.move_in_fee_amount_cents !== null ? ` · ${f.cents(offer.move_in_fee_amount_cents)}` : ''}
                  </Fact>
                </dl>
              </section>
              <AuditTrail entries={audit} />
            </>
          );
        }}
      </QueryState>
      {asking === 'resend' ? (
        <ConfirmDialog
          title={t.resendTitle}
          confirmLabel={t.resendConfirm}
          busy={resend.isPending}
          error={resend.isError ? errorText(m, resend.error) : undefined}
          onConfirm={() => resend.mutate()}
          onClose={() => setAsking(null)}
        >
          <p>{t.resendText}</p>
        </ConfirmDialog>
      ) : null}
      {asking === 'expire' ? (
        <ConfirmDialog
          title={t.expireTitle}
          confirmLabel={t.expireConfirm}
          danger
          busy={expire.isPending}
          error={expire.isError ? errorText(m, expire.error) : undefined}
          onConfirm={() => expire.mutate()}
          onClose={() => setAsking(null)}
        >
          <p>{t.expireText}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

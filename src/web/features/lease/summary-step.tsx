import type { ReactNode } from 'react';
import type { LeaseOffer } from '../../../shared/contract/lease.ts';
import { amountToCents, initialLeasePayment } from '../../../shared/domain/lease-payment.ts';
import { formatCad, rateToCents } from '../../../shared/domain/pricing.ts';
import { isIsoDate } from '../../../shared/domain/time.ts';
import { isServiceType } from '../../../shared/domain/products.ts';
import { site } from '../../../shared/site.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { leaseCatalogue } from './catalogue.ts';

/**
 * The offer as sent: its spaces, rates, discounts, term, start and every line of the initial
 * payment; with sales taxes charged (site.taxes), the subtotal, GST and QST with the space's
 * registration numbers and the total debited, the deposits marked not taxable, and the monthly
 * payment with its taxes.
 */
export function SummaryStep({ offer, onAccept }: { offer: LeaseOffer; onAccept: () => void }) {
  const m = useCatalogue(leaseCatalogue).summary;
  const common = useCatalogue(appCatalogue);
  const { lang, locale } = useLanguage();
  const money = (cents: number) => formatCad(cents, lang);
  const serviceTypeName = (type: string) => (isServiceType(type) ? common.serviceTypes[type] : type);
  const payment = isIsoDate(offer.start_date) ? initialLeasePayment(offer) : null;
  const taxed = site.taxes.enabled;
  const notTaxable = taxed ? (
    <>
      {' '}
      <span className="lease-payment__tag">{m.notTaxable}</span>
    </>
  ) : null;
  const monthlyDiscountCents = amountToCents(offer.monthly_discount);
  const term = Number(offer.lease_term_months);
  const who = offer.company_name || offer.contact_name;

  return (
    <>
      <h1 tabIndex={-1} className="lease__title">
        {m.title}
      </h1>
      {who ? <p className="lease__lead">{m.preparedFor(who)}</p> : null}

      <section className="lease-card" aria-labelledby="lease-services">
        <h2 id="lease-services">{m.servicesTitle}</h2>
        <ul className="lease-services">
          {offer.services.map((s, i) => {
            const rate = rateToCents(s.base_monthly_rate);
            return (
              <li key={`${s.name}-${i}`} className="lease-service">
                <span className="lease-service__name">{s.name}</span>
                <span className="lease-service__meta">
                  {serviceTypeName(s.service_type)}
                  {s.location_code ? ` · ${m.location} ${s.location_code}` : ''}
                </span>
                {rate !== null ? (
                  <span className="lease-service__rate">
                    {m.listRate} {money(rate)}
                    {m.perMonth}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="lease-card" aria-labelledby="lease-terms">
        <h2 id="lease-terms">{m.termsTitle}</h2>
        <dl className="lease-facts">
          <div>
            <dt>{m.monthlyRate}</dt>
            <dd>{money(amountToCents(offer.monthly_rate))}</dd>
          </div>
          {monthlyDiscountCents > 0 ? (
            <div>
              <dt>{m.monthlyDiscount}</dt>
              <dd>−{money(monthlyDiscountCents)}</dd>
            </div>
          ) : null}
          {payment ? (
            <div>
              <dt>{m.monthlyRent}</dt>
              <dd>
                {money(payment.monthlyRentCents)}
                {m.perMonth}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{m.leaseTerm}</dt>
            <dd>{Number.isFinite(term) ? m.months(term) : String(offer.lease_term_months)}</dd>
          </div>
          <div>
            <dt>{m.startDate}</dt>
            <dd>{isIsoDate(offer.start_date) ? formatLongDate(offer.start_date, locale) : offer.start_date}</dd>
          </div>
        </dl>
      </section>

      {payment ? (
        <section className="lease-card" aria-labelledby="lease-payment">
          <h2 id="lease-payment">{m.paymentTitle}</h2>
          <PaymentTable
            caption={m.paymentCaption}
            rows={[
              [payment.firstMonth.prorated ? m.firstMonthProrated(payment.firstMonth.days, payment.firstMonth.daysInMonth) : m.firstMonthFull, money(payment.firstMonth.cents)],
              [
                <>
                  {m.securityDeposit}
                  {notTaxable}
                </>,
                money(payment.securityDepositCents),
              ],
              [m.moveInFee[payment.moveInFee.type], money(payment.moveInFee.cents)],
              [
                <>
                  {m.keyFobDeposit}
                  {notTaxable}
                </>,
                money(payment.keyFobDepositCents),
              ],
              ...(payment.signupDiscountCents > 0 ? [[m.signupDiscount, `−${money(payment.signupDiscountCents)}`] as const] : []),
              ...(taxed
                ? ([
                    [m.subtotal, money(payment.subtotalCents), 'lease-payment__subtotal'],
                    [m.tax('gst'), money(payment.gstCents)],
                    [m.tax('qst'), money(payment.qstCents)],
                  ] as const)
                : []),
            ]}
            total={[taxed ? m.totalWithTaxes : m.total, money(payment.totalCents)]}
          />
          {taxed ? (
            <>
              <h3>{m.monthlyTitle}</h3>
              <PaymentTable
                caption={m.monthlyCaption}
                rows={[
                  [m.monthlyRentLine, money(payment.monthlyPayment.rentCents)],
                  [m.tax('gst'), money(payment.monthlyPayment.gstCents)],
                  [m.tax('qst'), money(payment.monthlyPayment.qstCents)],
                ]}
                total={[m.monthlyTotal, money(payment.monthlyPayment.totalCents)]}
              />
            </>
          ) : (
            <p className="lease__note">{m.later(money(payment.monthlyRentCents))}</p>
          )}
        </section>
      ) : null}

      <div className="lease-actions">
        <button type="button" className="button button--primary" onClick={onAccept}>
          {m.accept}
        </button>
      </div>
    </>
  );
}

/** A line of a payment: what it is for (with a tag it may carry), its amount, and a class for a line that stands apart. */
type PaymentRow = readonly [label: ReactNode, amount: string, className?: string];

/** A payment line by line, each amount headed by what it is for, the total in its footer; the caption and column headers are for screen readers. */
function PaymentTable({ caption, rows, total }: { caption: string; rows: readonly PaymentRow[]; total: PaymentRow }) {
  const m = useCatalogue(leaseCatalogue).summary;
  return (
    <table className="lease-payment">
      <caption className="visually-hidden">{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{m.item}</th>
          <th scope="col">{m.amount}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, amount, className], i) => (
          <tr key={i} className={className}>
            <th scope="row">{label}</th>
            <td>{amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{total[0]}</th>
          <td>{total[1]}</td>
        </tr>
      </tfoot>
    </table>
  );
}

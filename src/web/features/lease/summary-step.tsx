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
          <table className="lease-payment">
            <caption className="visually-hidden">{m.paymentCaption}</caption>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">{m.item}</th>
                <th scope="col">{m.amount}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{payment.firstMonth.prorated ? m.firstMonthProrated(payment.firstMonth.days, payment.firstMonth.daysInMonth) : m.firstMonthFull}</th>
                <td>{money(payment.firstMonth.cents)}</td>
              </tr>
              <tr>
                <th scope="row">
                  {m.securityDeposit}
                  {notTaxable}
                </th>
                <td>{money(payment.securityDepositCents)}</td>
              </tr>
              <tr>
                <th scope="row">{m.moveInFee[payment.moveInFee.type]}</th>
                <td>{money(payment.moveInFee.cents)}</td>
              </tr>
              <tr>
                <th scope="row">
                  {m.keyFobDeposit}
                  {notTaxable}
                </th>
                <td>{money(payment.keyFobDepositCents)}</td>
              </tr>
              {payment.signupDiscountCents > 0 ? (
                <tr>
                  <th scope="row">{m.signupDiscount}</th>
                  <td>−{money(payment.signupDiscountCents)}</td>
                </tr>
              ) : null}
              {taxed ? (
                <>
                  <tr className="lease-payment__subtotal">
                    <th scope="row">{m.subtotal}</th>
                    <td>{money(payment.subtotalCents)}</td>
                  </tr>
                  <tr>
                    <th scope="row">{m.tax('gst')}</th>
                    <td>{money(payment.gstCents)}</td>
                  </tr>
                  <tr>
                    <th scope="row">{m.tax('qst')}</th>
                    <td>{money(payment.qstCents)}</td>
                  </tr>
                </>
              ) : null}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{taxed ? m.totalWithTaxes : m.total}</th>
                <td>{money(payment.totalCents)}</td>
              </tr>
            </tfoot>
          </table>
          {taxed ? (
            <>
              <h3>{m.monthlyTitle}</h3>
              <table className="lease-payment">
                <caption className="visually-hidden">{m.monthlyCaption}</caption>
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">{m.item}</th>
                    <th scope="col">{m.amount}</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">{m.monthlyRentLine}</th>
                    <td>{money(payment.monthlyPayment.rentCents)}</td>
                  </tr>
                  <tr>
                    <th scope="row">{m.tax('gst')}</th>
                    <td>{money(payment.monthlyPayment.gstCents)}</td>
                  </tr>
                  <tr>
                    <th scope="row">{m.tax('qst')}</th>
                    <td>{money(payment.monthlyPayment.qstCents)}</td>
                  </tr>
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{m.monthlyTotal}</th>
                    <td>{money(payment.monthlyPayment.totalCents)}</td>
                  </tr>
                </tfoot>
              </table>
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

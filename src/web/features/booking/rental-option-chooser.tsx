import type { Office } from '../../../shared/contract/offices.ts';
import { rentalOptions, type ProductChoice } from '../../../shared/domain/pricing.ts';
import { products, type Product } from '../../../shared/domain/products.ts';
import { noticeDays } from '../../../shared/domain/terms.ts';
import { site } from '../../../shared/site.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { CancellationPolicy, TermsList, taxesCharged, useMoney } from './booking-parts.tsx';
import { bookingCatalogue } from './catalogue.ts';

/**
 * SPEC §2 modal 1, the rental option chooser of an available office: DAILY, MONTH-TO-MONTH and
 * 12-MONTH LEASE. Without `onDaily` there is no DAILY card: a waitlist claim rents the office,
 * and a day's booking would not.
 */
export function RentalOptionChooser({ office, onDaily, onChoose }: { office: Office; onDaily?: () => void; onChoose: (choice: ProductChoice) => void }) {
  const m = useCatalogue(bookingCatalogue);
  const money = useMoney();
  const options = rentalOptions(office);
  const offered: Product[] = onDaily ? ['office_daily', 'office_monthly', 'office_lease'] : ['office_monthly', 'office_lease'];

  const guarded = (price: number | null, unavailable: string, then: () => void) => () => {
    if (price === null) {
      window.alert(unavailable);
      return;
    }
    then();
  };

  return (
    <div className="booking">
      <p>{m.chooserIntro}</p>
      <ul className="rental-options">
        {onDaily ? (
          <li className="rental-option">
            <h3 className="rental-option__name">{m.daily}</h3>
            {options.dailyRate !== null ? (
              <p className="rental-option__price">
                {money(options.dailyRate)}
                <span className="price__per">{m.perDay}</span>
              </p>
            ) : null}
            <p className="rental-option__blurb">{m.dailyBlurb(products.office_daily.window.ahead.days)}</p>
            <button type="button" className="button button--secondary button--block" onClick={guarded(options.dailyRate, m.dailyPricingUnavailable, onDaily)}>
              {m.chooseDays}
            </button>
          </li>
        ) : null}
        <li className="rental-option">
          <h3 className="rental-option__name">{m.monthToMonth}</h3>
          {options.monthlyRate !== null ? (
            <p className="rental-option__price">
              {money(options.monthlyRate)}
              <span className="price__per">{m.perMonth}</span>
            </p>
          ) : null}
          <p className="rental-option__blurb">{m.monthlyBlurb(noticeDays)}</p>
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={guarded(options.monthlyRate, m.monthlyPricingUnavailable, () => onChoose({ product: 'office_monthly' }))}
          >
            {m.rentMonthly}
          </button>
        </li>
        <li className="rental-option rental-option--best">
          <p className="badge badge--green rental-option__badge">{m.bestValue}</p>
          <h3 className="rental-option__name">{m.lease12}</h3>
          {options.leaseRate !== null ? (
            <p className="rental-option__price">
              {money(options.leaseRate)}
              <span className="price__per">{m.perMonth}</span>
            </p>
          ) : null}
          {options.leaseSavingPerMonth !== null ? <p className="rental-option__saving">{m.savePerMonth(money(options.leaseSavingPerMonth))}</p> : null}
          <p className="rental-option__blurb">{m.leaseBlurb}</p>
          <a className="button button--secondary button--block" href={site.tourBookingUrl} target="_blank" rel="noopener noreferrer">
            {m.bookVisitFirst}
            <span className="visually-hidden"> {m.opensInNewTab}</span>
          </a>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={guarded(options.leaseRate, m.leasePricingUnavailable, () => onChoose({ product: 'office_lease' }))}
          >
            {m.signLeaseNow}
          </button>
        </li>
      </ul>
      {/* The cards' prices are list prices, before tax: said once, under them. */}
      {taxesCharged() ? <p className="field__hint">{m.pricesPlusTaxes}</p> : null}
      <TermsList serviceType={office.service_type} />
      <CancellationPolicy serviceType={office.service_type} products={offered} />
      <footer className="booking-footer">
        <p>{m.tourOffer}</p>
        <p>
          {m.contactEmailLabel}: <a href={`mailto:${site.email}`}>{site.email}</a>
          {' · '}
          {m.contactPhoneLabel}: <a href={`tel:${site.phone.replaceAll(' ', '')}`}>{site.phoneDisplay}</a>
        </p>
      </footer>
    </div>
  );
}

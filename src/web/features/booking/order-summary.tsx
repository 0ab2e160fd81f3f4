import type { Office } from '../../../shared/contract/offices.ts';
import { customPricing, dollarsToCents, quote, type ProductChoice } from '../../../shared/domain/pricing.ts';
import { spaceToday } from '../../../shared/domain/zoned-time.ts';
import { isServiceType } from '../../../shared/domain/products.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { CancellationPolicy, CardKeptNote, QuoteLines, TermsList, useMoney } from './booking-parts.tsx';
import { bookingCatalogue } from './catalogue.ts';
import { useCheckout, type PayOptions } from './use-checkout.ts';

/**
 * SPEC §2 modal 3, the body of the 'Rent …' dialog: what is due today, the terms, Cancel and
 * 'Proceed to Payment'. On a page of its own (a waitlist claim) there is no dialog to cancel:
 * Back returns to the chooser when there is one, and `payOptions` says what the payment claims.
 */
export function OrderSummary({
  unit,
  choice,
  onCancel,
  onBack,
  payOptions,
}: {
  unit: Office;
  choice: ProductChoice;
  onCancel?: () => void;
  onBack?: () => void;
  payOptions?: PayOptions;
}) {
  const m = useCatalogue(bookingCatalogue);
  const common = useCatalogue(appCatalogue);
  const money = useMoney();
  const { pay, processing, error } = useCheckout();
  const q = quote(unit, choice, spaceToday(new Date()));
  // SPEC §3: the office's three options come with their custom pricing; a desk, hot desk or parking spot has none.
  const custom = q ? customPricing(q) : null;

  return (
    <div className="booking">
      {q ? (
        <section aria-label={m.orderSummary}>
          <dl className="booking-facts">
            <div>
              <dt>{m.rentalOption}</dt>
              <dd>{m.rentalOptions[custom?.rentalType ?? 'standard']}</dd>
            </div>
            <div>
              <dt>{isServiceType(unit.service_type) ? common.serviceTypes[unit.service_type] : unit.service_type}</dt>
              <dd>{unit.office_id}</dd>
            </div>
            {custom?.rentalType === 'daily' ? (
              <div>
                <dt>{m.dailyRate}</dt>
                <dd>
                  {money(dollarsToCents(custom.dailyRate))}
                  {m.perDay}
                </dd>
              </div>
            ) : (
              <div>
                <dt>{m.monthlyRate}</dt>
                <dd>
                  {money(custom ? dollarsToCents(custom.monthlyRate) : q.monthlyRate)}
                  {m.perMonth}
                </dd>
              </div>
            )}
          </dl>
          <QuoteLines quote={q} />
        </section>
      ) : null}
      <TermsList serviceType={unit.service_type} lease={choice.product === 'office_lease'} />
      <CancellationPolicy serviceType={unit.service_type} products={[choice.product]} />
      <CardKeptNote product={choice.product} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="booking-actions">
        {onBack ? (
          <button type="button" className="button button--secondary" onClick={onBack} disabled={processing}>
            {m.back}
          </button>
        ) : null}
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={processing}>
            {m.cancel}
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => void pay(unit, choice, m.pricingUnavailable, payOptions)} disabled={processing} aria-busy={processing}>
          {processing ? m.processing : m.proceedToPayment}
        </button>
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import type { ProductChoice } from '../../../shared/domain/pricing.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { bookingCatalogue } from './catalogue.ts';
import { OrderSummary } from './order-summary.tsx';
import { RentalOptionChooser } from './rental-option-chooser.tsx';
import { Step } from './step-focus.tsx';
import './booking.css';

/**
 * 'Rent Now' for a unit a waitlist offer holds, on the claim page rather than in a dialog: an
 * office's chooser (renting only) then its order summary, or a desk's, hot desk's or parking
 * spot's order summary at once. The payment carries the claim token, and a cancelled checkout
 * comes back to the claim page.
 */
export default function ClaimChoices({ unit, claimToken }: { unit: Office; claimToken: string }) {
  const m = useCatalogue(bookingCatalogue);
  const titleId = useId();
  const [choice, setChoice] = useState<ProductChoice | null>(null);
  const [moved, setMoved] = useState(false);
  const go = (next: ProductChoice | null) => {
    setMoved(true);
    setChoice(next);
  };
  const payOptions = { waitlistOffer: claimToken };
  const office = unit.service_type === 'dedicated_office';
  const summary = office ? choice : { product: 'standard' as const };

  return (
    <section className="claim-choices" aria-labelledby={titleId}>
      <Step key={summary ? summary.product : 'chooser'} focusOnMount={moved}>
        <h2 id={titleId} className="claim-choices__title">
          {summary ? m.rentTitle(unit.name) : m.chooserTitle(unit.name)}
        </h2>
        {summary ? (
          <OrderSummary unit={unit} choice={summary} onBack={office ? () => go(null) : undefined} payOptions={payOptions} />
        ) : (
          <RentalOptionChooser office={unit} onChoose={go} />
        )}
      </Step>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { dayPassPriceQueryOptions, type DayPassPriceProblem } from './api/get-day-pass-price.ts';
import { bookingCatalogue, type BookingCatalogue } from './catalogue.ts';
import { OneDayCalendar, OneDayCheckout, useOneDayBooking } from './one-day-booking.tsx';
import './booking.css';

function problemReason(problem: DayPassPriceProblem, m: BookingCatalogue): string {
  switch (problem.kind) {
    case 'status':
      return m.httpStatus(problem.status);
    case 'network':
      return m.networkReason;
    case 'not-found':
      return m.dayPassNotFound;
    case 'no-price':
      return m.dayPassPriceMissing;
  }
}

/**
 * SPEC §2 modal 5: the price is loaded (call 3) when the dialog opens and the pay button
 * waits for it; the dates are the day pass's booking window.
 */
export default function DayPassDialog({ onClose }: UnitActionDialogProps) {
  const m = useCatalogue(bookingCatalogue);
  const common = useCatalogue(appCatalogue);
  const price = useQuery(dayPassPriceQueryOptions());
  const booking = useOneDayBooking('day_pass', price.data?.ok ? price.data.unit : null);

  return (
    <Dialog title={m.dayPassTitle} onClose={onClose} closeLabel={common.close}>
      <div className="booking">
        <p>{m.dayPassIntro}</p>
        {price.isPending ? (
          <p className="status-text" role="status">
            {m.loadingPrice}
          </p>
        ) : price.data && !price.data.ok ? (
          <Alert tone="error">{m.dayPassPriceFailed(problemReason(price.data.problem, m))}</Alert>
        ) : null}
        <OneDayCalendar booking={booking} />
        <OneDayCheckout
          booking={booking}
          serviceType="day_pass"
          hours={m.dayPassHoursValue}
          loading={price.isPending}
          onPay={() => void booking.payForDate(m.dayPassPriceUnavailable)}
        />
      </div>
    </Dialog>
  );
}

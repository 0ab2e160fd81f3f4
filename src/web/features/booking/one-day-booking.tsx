import { useMemo, useState, type ReactNode } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import { bookingWindow, monthOf, type IsoMonth } from '../../../shared/domain/booking-windows.ts';
import { quote } from '../../../shared/domain/pricing.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useCatalogue, useLanguage } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { CancellationPolicy, SummaryLines, taxesCharged, useMoney } from './booking-parts.tsx';
import { bookingCatalogue } from './catalogue.ts';
import { useCheckout } from './use-checkout.ts';
import { noDates, WindowCalendar } from './window-calendar.tsx';


/** The products a dialog sells one date of (SPEC §2 modals 4 and 5). */
type OneDayProduct = 'conference_room' | 'day_pass';

/**
 * A booking of one date, a conference room's or a day pass's: the product's window from the
 * moment the dialog opened, the month shown (the window's first), the date chosen, and the
 * checkout. The price is the same for every date, so `bill` is shown before a date is chosen.
 */
export function useOneDayBooking(product: OneDayProduct, unit: Office | null) {
  const m = useCatalogue(bookingCatalogue);
  const window_ = useMemo(() => bookingWindow(product, new Date()), [product]);
  const [month, setMonth] = useState<IsoMonth>(monthOf(window_.first));
  const [date, setDate] = useState<IsoDate | null>(null);
  const { pay, processing, error, setError } = useCheckout();
  const bill = unit ? quote(unit, { product, date: date ?? window_.first }, window_.today) : null;

  /** Pays for the chosen date, or says why it cannot (no price, no date: then undefined); the promise resolves only when the checkout did not start. */
  const payForDate = (noPrice: string): Promise<void> | undefined => {
    if (!unit || !bill) {
      setError(noPrice);
      return undefined;
    }
    if (!date) {
      setError(m.pleaseSelectDate);
      return undefined;
    }
    return pay(unit, { product, date }, noPrice);
  };

  return { product, window_, month, setMonth, date, setDate, bill, payForDate, processing, error, setError };
}

export type OneDayBooking = ReturnType<typeof useOneDayBooking>;

/** The calendar of a one-day booking: choosing a date clears what went wrong before. */
export function OneDayCalendar({ booking, booked }: { booking: OneDayBooking; booked?: ReadonlySet<IsoDate> }) {
  const m = useCatalogue(bookingCatalogue);
  const { window_, month, setMonth, date, setDate, setError } = booking;
  return (
    <WindowCalendar
      label={m.selectDate}
      window={window_}
      month={month}
      onMonthChange={setMonth}
      selected={date ? new Set([date]) : noDates}
      mode="single"
      booked={booked}
      onSelect={(d) => {
        setError(null);
        setDate(d);
      }}
    />
  );
}

/**
 * The end of a one-day booking: its summary (`lines` first, then the date and `hours`) with the
 * bill, the cancellation policy, what went wrong, and Pay. Pay waits while `loading` (marked busy)
 * and while `checking` what can be booked.
 */
export function OneDayCheckout({
  booking,
  serviceType,
  lines = [],
  hours,
  loading = false,
  checking = false,
  onPay,
}: {
  booking: OneDayBooking;
  serviceType: string;
  lines?: [label: string, value: ReactNode][];
  hours: string;
  loading?: boolean;
  checking?: boolean;
  onPay: () => void;
}) {
  const m = useCatalogue(bookingCatalogue);
  const { locale } = useLanguage();
  const money = useMoney();
  const { product, date, bill, processing, error } = booking;
  return (
    <>
      <section>
        <h3 className="booking-section-title">{m.bookingSummary}</h3>
        <SummaryLines
          lines={[...lines, [m.date, date ? formatLongDate(date, locale) : '—'], [m.hours, hours]]}
          bill={bill}
          totalLabel={taxesCharged() ? m.total : m.price}
        />
      </section>
      <CancellationPolicy serviceType={serviceType} products={[product]} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <button type="button" className="button button--primary button--block" onClick={onPay} disabled={processing || loading || checking} aria-busy={processing || loading}>
        {processing ? m.processing : bill ? m.pay(money(bill.total)) : m.payUnpriced}
      </button>
    </>
  );
}

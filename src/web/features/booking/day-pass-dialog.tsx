import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { canShowNextMonth, canShowPreviousMonth, dayPassWindow, dayStatus, monthOf, type IsoMonth } from '../../../shared/domain/booking-windows.ts';
import { quote } from '../../../shared/domain/pricing.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import type { UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Calendar } from '../../ui/calendar.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { dayPassPriceQueryOptions, type DayPassPriceProblem } from './api/get-day-pass-price.ts';
import { CancellationPolicy, SummaryLines, taxesCharged, useMoney } from './booking-parts.tsx';
import { dayReason } from './day-reasons.ts';
import { bookingCatalogue, type BookingCatalogue } from './catalogue.ts';
import { useCheckout } from './use-checkout.ts';
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
 * waits for it; weekdays only, today to 30 days ahead, today only before noon.
 */
export default function DayPassDialog({ onClose }: UnitActionDialogProps) {
  const m = useCatalogue(bookingCatalogue);
  const common = useCatalogue(appCatalogue);
  const { locale } = useLanguage();
  const money = useMoney();
  const window_ = useMemo(() => dayPassWindow(new Date()), []);
  const [month, setMonth] = useState<IsoMonth>(monthOf(window_.first));
  const [date, setDate] = useState<IsoDate | null>(null);
  const { pay, processing, error, setError } = useCheckout();
  const price = useQuery(dayPassPriceQueryOptions());
  const unit = price.data?.ok ? price.data.unit : null;
  // The pass's price, taxes included: the same for every date, so shown before one is chosen.
  const bill = unit ? quote(unit, { product: 'day_pass', date: date ?? window_.first }, window_.today) : null;

  const onPay = () => {
    if (!unit || !bill) {
      setError(m.dayPassPriceUnavailable);
      return;
    }
    if (!date) {
      setError(m.pleaseSelectDate);
      return;
    }
    void pay(unit, { product: 'day_pass', date }, m.dayPassPriceUnavailable);
  };

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
        <Calendar
          label={m.selectDate}
          month={month}
          onMonthChange={setMonth}
          canShowPrevious={canShowPreviousMonth(window_, month)}
          canShowNext={canShowNextMonth(window_, month)}
          selected={date ? new Set([date]) : new Set()}
          mode="single"
          disabledReason={(d) => dayReason(dayStatus(window_, d), m)}
          onSelect={(d) => {
            setError(null);
            setDate(d);
          }}
        />
        <section>
          <h3 className="booking-section-title">{m.bookingSummary}</h3>
          <SummaryLines
            lines={[
              [m.date, date ? formatLongDate(date, locale) : '—'],
              [m.hours, m.dayPassHoursValue],
            ]}
            bill={bill}
            totalLabel={taxesCharged() ? m.total : m.price}
          />
        </section>
        <CancellationPolicy serviceType="day_pass" products={['day_pass']} />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <button type="button" className="button button--primary button--block" onClick={onPay} disabled={processing || price.isPending} aria-busy={processing || price.isPending}>
          {processing ? m.processing : bill ? m.pay(money(bill.total)) : m.payUnpriced}
        </button>
      </div>
    </Dialog>
  );
}

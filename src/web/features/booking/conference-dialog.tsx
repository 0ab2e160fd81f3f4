import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { checkoutOfficeId } from '../../../shared/contract/checkout.ts';
import { canShowNextMonth, canShowPreviousMonth, conferenceWindow, dayStatus, firstBookableDate, monthOf, type IsoMonth } from '../../../shared/domain/booking-windows.ts';
import { quote } from '../../../shared/domain/pricing.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import type { UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Calendar } from '../../ui/calendar.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { bookedDatesQueryOptions } from './api/get-availability.ts';
import { CancellationPolicy, SummaryLines, taxesCharged, useMoney } from './booking-parts.tsx';
import { dayReason } from './day-reasons.ts';
import { bookingCatalogue } from './catalogue.ts';
import { useCheckout } from './use-checkout.ts';
import './booking.css';

const noDates: ReadonlySet<IsoDate> = new Set();

/**
 * SPEC §2 modal 4: one weekday, today to 3 months ahead, booked dates from call 2 for the
 * month shown (fetched again on open and on each month change), the first free date chosen
 * for the visitor.
 */
export default function ConferenceDialog({ office, onClose }: UnitActionDialogProps) {
  const m = useCatalogue(bookingCatalogue);
  const common = useCatalogue(appCatalogue);
  const { locale } = useLanguage();
  const money = useMoney();
  const window_ = useMemo(() => conferenceWindow(new Date()), []);
  const [month, setMonth] = useState<IsoMonth>(monthOf(window_.today));
  const [date, setDate] = useState<IsoDate | null>(null);
  const { pay, processing, error, setError } = useCheckout();
  const availability = useQuery(bookedDatesQueryOptions(checkoutOfficeId(office), month));
  const booked = useMemo(() => (availability.data ? new Set(availability.data) : noDates), [availability.data]);
  // The room's price for a day, taxes included: the same for every date, so shown before one is chosen.
  const bill = quote(office, { product: 'conference_room', date: date ?? window_.today }, window_.today);
  const firstFree = availability.data ? firstBookableDate(window_, month, booked) : null;

  useEffect(() => {
    if (!availability.data) return;
    if (date && booked.has(date)) setDate(null);
    else if (!date && firstFree) setDate(firstFree);
  }, [availability.data, booked, date, firstFree]);

  const onPay = () => {
    if (!bill) {
      setError(m.conferencePriceUnavailable);
      return;
    }
    if (!date) {
      setError(m.pleaseSelectDate);
      return;
    }
    // Resolves only when the checkout did not start: another visitor may have just taken the date.
    void pay(office, { product: 'conference_room', date }, m.conferencePriceUnavailable).then(() => availability.refetch());
  };

  return (
    <Dialog title={m.bookRoomTitle(office.name)} onClose={onClose} closeLabel={common.close} size="wide">
      <div className="booking booking--two-columns">
        <div>
          <h3 className="booking-section-title">{m.selectDate}</h3>
          <Calendar
            label={m.selectDate}
            month={month}
            onMonthChange={setMonth}
            canShowPrevious={canShowPreviousMonth(window_, month)}
            canShowNext={canShowNextMonth(window_, month)}
            selected={date ? new Set([date]) : noDates}
            mode="single"
            disabledReason={(d) => dayReason(dayStatus(window_, d, booked), m)}
            onSelect={(d) => {
              setError(null);
              setDate(d);
            }}
          />
          {availability.isFetching ? (
            <p className="status-text" role="status">
              {m.loadingAvailability}
            </p>
          ) : availability.isError ? (
            <Alert
              tone="error"
              action={
                <button type="button" className="button button--secondary" onClick={() => void availability.refetch()}>
                  {m.tryAgain}
                </button>
              }
            >
              {m.availabilityFailed}
            </Alert>
          ) : availability.data && !firstFree ? (
            <Alert tone="warning">{m.noDatesThisMonth}</Alert>
          ) : null}
        </div>
        <div>
          <section>
            <h3 className="booking-section-title">{m.roomFeatures}</h3>
            <ul className="booking-features">
              {office.seating_capacity ? <li>{m.capacity(office.seating_capacity)}</li> : null}
              {m.roomFeatureList.map((f) => (
                <li key={f}>{f}</li>
              ))}
              <li>{m.coffeeNote}</li>
            </ul>
            <p className="field__hint">{m.conferenceHours}</p>
          </section>
          <section>
            <h3 className="booking-section-title">{m.bookingSummary}</h3>
            <SummaryLines
              lines={[
                [m.room, office.name],
                [m.date, date ? formatLongDate(date, locale) : '—'],
                [m.hours, m.conferenceHoursValue],
              ]}
              bill={bill}
              totalLabel={taxesCharged() ? m.total : m.price}
            />
          </section>
          <CancellationPolicy serviceType={office.service_type} products={['conference_room']} />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <button type="button" className="button button--primary button--block" onClick={onPay} disabled={processing || availability.isFetching} aria-busy={processing}>
            {processing ? m.processing : bill ? m.pay(money(bill.total)) : m.payUnpriced}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { checkoutOfficeId } from '../../../shared/contract/checkout.ts';
import { firstBookableDate } from '../../../shared/domain/booking-windows.ts';
import type { UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { bookedDatesQueryOptions } from './api/get-availability.ts';
import { bookingCatalogue } from './catalogue.ts';
import { OneDayCalendar, OneDayCheckout, useOneDayBooking } from './one-day-booking.tsx';
import { noDates } from './window-calendar.tsx';
import './booking.css';


/**
 * SPEC §2 modal 4: one date in the room's booking window, booked dates from call 2 for the
 * month shown (fetched again on open and on each month change), the first free date chosen
 * for the visitor.
 */
export default function ConferenceDialog({ office, onClose }: UnitActionDialogProps) {
  const m = useCatalogue(bookingCatalogue);
  const common = useCatalogue(appCatalogue);
  const booking = useOneDayBooking('conference_room', office);
  const { window_, month, date, setDate, payForDate } = booking;
  const availability = useQuery(bookedDatesQueryOptions(checkoutOfficeId(office), month));
  const booked = useMemo(() => (availability.data ? new Set(availability.data) : noDates), [availability.data]);
  const firstFree = availability.data ? firstBookableDate(window_, month, booked) : null;

  useEffect(() => {
    if (!availability.data) return;
    if (date && booked.has(date)) setDate(null);
    else if (!date && firstFree) setDate(firstFree);
  }, [availability.data, booked, date, firstFree, setDate]);

  // Resolves only when the checkout did not start: another visitor may have just taken the date.
  const onPay = () => void payForDate(m.conferencePriceUnavailable)?.then(() => availability.refetch());

  return (
    <Dialog title={m.bookRoomTitle(office.name)} onClose={onClose} closeLabel={common.close} size="wide">
      <div className="booking booking--two-columns">
        <div>
          <h3 className="booking-section-title">{m.selectDate}</h3>
          <OneDayCalendar booking={booking} booked={booked} />
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
          <OneDayCheckout
            booking={booking}
            serviceType={office.service_type}
            lines={[[m.room, office.name]]}
            hours={m.conferenceHoursValue}
            checking={availability.isFetching}
            onPay={onPay}
          />
        </div>
      </div>
    </Dialog>
  );
}

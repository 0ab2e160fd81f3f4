import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { checkoutOfficeId } from '../../../shared/contract/checkout.ts';
import type { Office } from '../../../shared/contract/offices.ts';
import { dailyOfficeWindow, monthOf } from '../../../shared/domain/booking-windows.ts';
import { quote, type ProductChoice } from '../../../shared/domain/pricing.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import type { UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { bookedDatesQueryOptions } from './api/get-availability.ts';
import { taxesCharged, useMoney } from './booking-parts.tsx';
import { bookingCatalogue } from './catalogue.ts';
import { OrderSummary } from './order-summary.tsx';
import { RentalOptionChooser } from './rental-option-chooser.tsx';
import { Step } from './step-focus.tsx';
import { WindowCalendar } from './window-calendar.tsx';
import './booking.css';

type FlowStep = { name: 'chooser' } | { name: 'dates' } | { name: 'summary'; choice: ProductChoice };

/**
 * SPEC §2 modals 1–3 for an available office: the rental option chooser, the daily date
 * picker (Back returns to the chooser) and the order summary.
 */
export default function RentOfficeDialog({ office, onClose }: UnitActionDialogProps) {
  const m = useCatalogue(bookingCatalogue);
  const common = useCatalogue(appCatalogue);
  const [step, setStep] = useState<FlowStep>({ name: 'chooser' });
  const [moved, setMoved] = useState(false);
  const [dates, setDates] = useState<IsoDate[]>([]);
  const go = (next: FlowStep) => {
    setMoved(true);
    setStep(next);
  };

  const title = step.name === 'chooser' ? m.chooserTitle(office.name) : step.name === 'dates' ? m.selectYourDates : m.rentTitle(office.name);
  return (
    <Dialog title={title} onClose={onClose} closeLabel={common.close} size={step.name === 'chooser' ? 'wide' : 'normal'}>
      <Step key={step.name} focusOnMount={moved}>
        {step.name === 'chooser' ? (
          <RentalOptionChooser office={office} onDaily={() => go({ name: 'dates' })} onChoose={(choice) => go({ name: 'summary', choice })} />
        ) : step.name === 'dates' ? (
          <DailyDatePicker
            office={office}
            dates={dates}
            onChange={setDates}
            onBack={() => go({ name: 'chooser' })}
            onConfirm={() => go({ name: 'summary', choice: { product: 'office_daily', dates } })}
          />
        ) : (
          <OrderSummary unit={office} choice={step.choice} onCancel={onClose} />
        )}
      </Step>
    </Dialog>
  );
}

function DailyDatePicker({
  office,
  dates,
  onChange,
  onBack,
  onConfirm,
}: {
  office: Office;
  dates: IsoDate[];
  onChange: (dates: IsoDate[]) => void;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const m = useCatalogue(bookingCatalogue);
  const { locale } = useLanguage();
  const money = useMoney();
  const window_ = useMemo(() => dailyOfficeWindow(new Date()), []);
  const [month, setMonth] = useState(() => monthOf(dates[0] ?? window_.today));
  const selected = useMemo(() => new Set(dates), [dates]);
  // Days another visitor holds are shown as booked; without this answer the server still refuses them at checkout.
  const availability = useQuery(bookedDatesQueryOptions(checkoutOfficeId(office), month));
  const booked = useMemo(() => new Set(availability.data ?? []), [availability.data]);
  useEffect(() => {
    if (dates.some((d) => booked.has(d))) onChange(dates.filter((d) => !booked.has(d)));
  }, [booked, dates, onChange]);
  // The days' list prices, before tax: the order summary adds the taxes.
  const q = quote(office, { product: 'office_daily', dates }, window_.today);

  const toggle = (date: IsoDate) => onChange(selected.has(date) ? dates.filter((d) => d !== date) : [...dates, date].sort());

  const confirm = () => {
    if (dates.length === 0) {
      window.alert(m.selectAtLeastOneDate);
      return;
    }
    onConfirm();
  };

  return (
    <div className="booking">
      <p>{m.datePickerIntro}</p>
      <WindowCalendar label={m.selectYourDates} window={window_} month={month} onMonthChange={setMonth} selected={selected} mode="multi" booked={booked} onSelect={toggle} />
      <div className="booking-total" aria-live="polite">
        <p>{m.daysSelected(dates.length)}</p>
        {dates.length > 0 ? <p className="visually-hidden">{dates.map((d) => formatLongDate(d, locale)).join('; ')}</p> : null}
        <p className="booking-total__amount">
          {taxesCharged() ? m.runningTotalBeforeTax : m.runningTotal} <strong>{money(q?.subtotal ?? 0)}</strong>
        </p>
      </div>
      <div className="booking-actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {m.back}
        </button>
        <button type="button" className="button button--primary" onClick={confirm}>
          {m.proceedToCheckout(dates.length)}
        </button>
      </div>
    </div>
  );
}

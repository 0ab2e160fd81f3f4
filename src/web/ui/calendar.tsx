import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { datesOfMonth, monthOf, shiftMonth, type IsoMonth } from '../../shared/domain/booking-windows.ts';
import { addDays, weekday, type IsoDate } from '../../shared/domain/time.ts';
import type { Catalogue } from '../i18n/i18n.tsx';
import './calendar.css';
import { useLanguage, useCatalogue } from '../i18n/i18n.tsx';

const en = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  selected: 'selected',
};
const fr: typeof en = {
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  selected: 'sélectionnée',
};
const calendarCatalogue: Catalogue<typeof en> = { en, fr };

export interface CalendarProps {
  /** The month shown, 'YYYY-MM'. */
  month: IsoMonth;
  onMonthChange: (month: IsoMonth) => void;
  canShowPrevious: boolean;
  canShowNext: boolean;
  selected: ReadonlySet<IsoDate>;
  /** 'multi' lets several days be chosen (each press toggles); 'single' keeps one. */
  mode: 'single' | 'multi';
  /** Why a day cannot be chosen, in words (announced with the day and shown as a hint), or null when it can. */
  disabledReason: (date: IsoDate) => string | null;
  onSelect: (date: IsoDate) => void;
  /** Accessible name of the grid, e.g. 'Select Your Dates'. */
  label: string;
}

function utcDate(date: IsoDate): Date {
  return new Date(`${date}T12:00:00Z`);
}

function clampToMonth(date: IsoDate, month: IsoMonth): IsoDate {
  const days = datesOfMonth(month);
  if (monthOf(date) === month) return date;
  return date < `${month}-01` ? days[0]! : days[days.length - 1]!;
}

/**
 * One month as an ARIA grid with a roving focus: arrows move by day and week, Home/End go to
 * the start and end of the week, PageUp/PageDown change the month. Days that cannot be chosen
 * stay focusable so a screen reader hears them with their reason, and pressing one shows that
 * reason as a hint.
 */
export function Calendar({ month, onMonthChange, canShowPrevious, canShowNext, selected, mode, disabledReason, onSelect, label }: CalendarProps) {
  const m = useCatalogue(calendarCatalogue);
  const { locale } = useLanguage();
  const hintId = useId();
  const headingId = useId();
  const [focusDate, setFocusDate] = useState<IsoDate>(() => {
    const first = [...selected].sort().find((d) => monthOf(d) === month);
    return first ?? datesOfMonth(month).find((d) => disabledReason(d) === null) ?? `${month}-01`;
  });
  const [hint, setHint] = useState<string | null>(null);
  const shouldFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  const activeDate = clampToMonth(focusDate, month);

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${activeDate}"]`)?.focus();
  }, [activeDate]);

  const formats = useMemo(
    () => ({
      title: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
      weekdayShort: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
      weekdayLong: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }),
    }),
    [locale],
  );

  const days = datesOfMonth(month);
  const leading = weekday(days[0]!);
  const cells: (IsoDate | null)[] = [...Array<null>(leading).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (IsoDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  // 2026-11-01 is a Sunday: the week's day names in order, from a known week.
  const weekdayDates = Array.from({ length: 7 }, (_, i) => addDays('2026-11-01', i));

  const moveTo = (target: IsoDate) => {
    const targetMonth = monthOf(target);
    if (targetMonth < month && !canShowPrevious) return;
    if (targetMonth > month && !canShowNext) return;
    shouldFocus.current = true;
    setFocusDate(target);
    setHint(null);
    if (targetMonth !== month) onMonthChange(targetMonth);
  };

  const changeMonth = (by: number, from: IsoDate = activeDate) => {
    const next = shiftMonth(month, by);
    const day = Number(from.slice(8, 10));
    const length = datesOfMonth(next).length;
    setFocusDate(`${next}-${String(Math.min(day, length)).padStart(2, '0')}`);
    setHint(null);
    onMonthChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: IsoDate) => {
    const dow = weekday(date);
    const moves: Record<string, () => IsoDate> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -dow),
      End: () => addDays(date, 6 - dow),
    };
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      const by = event.key === 'PageUp' ? -1 : 1;
      if (by < 0 ? !canShowPrevious : !canShowNext) return;
      shouldFocus.current = true;
      changeMonth(by, date);
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const press = (date: IsoDate) => {
    setFocusDate(date);
    const reason = disabledReason(date);
    if (reason) {
      setHint(reason);
      return;
    }
    setHint(null);
    onSelect(date);
  };

  return (
    <div className="calendar">
      <div className="calendar__header">
        <button type="button" className="icon-button calendar__nav" aria-label={m.previousMonth} disabled={!canShowPrevious} onClick={() => changeMonth(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <h3 id={headingId} className="calendar__title" aria-live="polite">
          {formats.title.format(utcDate(`${month}-01`))}
        </h3>
        <button type="button" className="icon-button calendar__nav" aria-label={m.nextMonth} disabled={!canShowNext} onClick={() => changeMonth(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={gridRef} role="grid" className="calendar__grid" aria-label={label} aria-describedby={headingId} aria-multiselectable={mode === 'multi' ? true : undefined}>
        <thead>
          <tr>
            {weekdayDates.map((d) => (
              <th key={d} scope="col" abbr={formats.weekdayLong.format(utcDate(d))}>
                {formats.weekdayShort.format(utcDate(d))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((d) => d !== null) ?? 'empty'}>
              {week.map((date, i) => {
                if (!date) return <td key={`blank-${i}`} />;
                const reason = disabledReason(date);
                const isSelected = selected.has(date);
                const name = [formats.day.format(utcDate(date)), isSelected ? m.selected : null, reason].filter(Boolean).join(', ');
                return (
                  <td key={date} aria-selected={isSelected}>
                    <button
                      type="button"
                      data-date={date}
                      className={`calendar__day${isSelected ? ' calendar__day--selected' : ''}${reason ? ' calendar__day--disabled' : ''}`}
                      tabIndex={date === activeDate ? 0 : -1}
                      aria-label={name}
                      aria-disabled={reason ? true : undefined}
                      aria-describedby={reason && hint === reason && date === activeDate ? hintId : undefined}
                      title={reason ?? undefined}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      onFocus={() => setFocusDate(date)}
                      onClick={() => press(date)}
                    >
                      {Number(date.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={hintId} className="calendar__hint" role="status">
        {hint}
      </p>
    </div>
  );
}

// @vitest-environment jsdom
/// <reference types="vite/client" />
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IsoDate } from '../../src/shared/domain/time.ts';
import { LanguageProvider, type Lang } from '../../src/web/i18n/i18n.tsx';
import { Calendar } from '../../src/web/ui/calendar.tsx';

afterEach(cleanup);

/** November 2026: the 1st is a Sunday, the 30th a Monday. Weekends and the 18th cannot be chosen. */
function reason(date: IsoDate): string | null {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (day === 0 || day === 6) return 'Weekends not available';
  if (date === '2026-11-18') return 'This date is already booked';
  return null;
}

function Harness({ mode = 'single', onSelect = () => {}, lang = 'en', canPrevious = false, lastMonth = '2027-01' }: { mode?: 'single' | 'multi'; onSelect?: (d: IsoDate) => void; lang?: Lang; canPrevious?: boolean; lastMonth?: string }) {
  const [month, setMonth] = useState('2026-11');
  const [selected, setSelected] = useState<ReadonlySet<IsoDate>>(new Set(['2026-11-16']));
  return (
    <LanguageProvider initial={lang}>
      <Calendar
        label="Select a date"
        month={month}
        onMonthChange={setMonth}
        canShowPrevious={canPrevious || month > '2026-11'}
        canShowNext={month < lastMonth}
        selected={selected}
        mode={mode}
        disabledReason={reason}
        onSelect={(d) => {
          onSelect(d);
          setSelected(new Set([d]));
        }}
      />
    </LanguageProvider>
  );
}

const day = (date: string) => document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;

describe('the calendar', () => {
  it('is a grid of the month with one day in the tab order: the selected one', () => {
    render(<Harness />);
    const grid = screen.getByRole('grid', { name: 'Select a date' });
    expect(grid.getAttribute('aria-multiselectable')).toBeNull();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const tabbable = [...grid.querySelectorAll('button')].filter((b) => b.tabIndex === 0);
    expect(tabbable.map((b) => b.dataset.date)).toEqual(['2026-11-16']);
    expect(day('2026-11-16').getAttribute('aria-label')).toBe('Monday, November 16, 2026, selected');
    expect(day('2026-11-16').closest('td')?.getAttribute('aria-selected')).toBe('true');
  });

  it.each([
    ['2026-11-21', 'Saturday, November 21, 2026, Weekends not available'],
    ['2026-11-18', 'Wednesday, November 18, 2026, This date is already booked'],
  ])('announces %s with its reason and marks it disabled', (date, label) => {
    render(<Harness />);
    expect(day(date).getAttribute('aria-label')).toBe(label);
    expect(day(date).getAttribute('aria-disabled')).toBe('true');
  });

  it('pressing a day that cannot be chosen shows why and chooses nothing', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.click(day('2026-11-18'));
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('This date is already booked');
    fireEvent.click(day('2026-11-19'));
    expect(onSelect).toHaveBeenCalledWith('2026-11-19');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it.each([
    ['ArrowRight', '2026-11-17'],
    ['ArrowLeft', '2026-11-15'],
    ['ArrowDown', '2026-11-23'],
    ['ArrowUp', '2026-11-09'],
    ['Home', '2026-11-15'],
    ['End', '2026-11-21'],
  ])('%s moves the focus to %s', (key, target) => {
    render(<Harness />);
    day('2026-11-16').focus();
    fireEvent.keyDown(day('2026-11-16'), { key });
    expect(document.activeElement).toBe(day(target));
    expect(day(target).tabIndex).toBe(0);
    expect(day('2026-11-16').tabIndex).toBe(-1);
  });

  it('PageDown and arrows past the month end show the next month; PageUp stops at the first month allowed', () => {
    render(<Harness />);
    day('2026-11-16').focus();
    fireEvent.keyDown(day('2026-11-16'), { key: 'PageDown' });
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(day('2026-12-16'));
    fireEvent.keyDown(day('2026-12-16'), { key: 'PageUp' });
    expect(document.activeElement).toBe(day('2026-11-16'));
    fireEvent.keyDown(day('2026-11-16'), { key: 'PageUp' });
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    day('2026-11-30').focus();
    fireEvent.keyDown(day('2026-11-30'), { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(day('2026-12-01'));
  });

  it('PageDown stops at the last month allowed', () => {
    render(<Harness canPrevious />);
    day('2026-11-16').focus();
    fireEvent.keyDown(day('2026-11-16'), { key: 'PageDown' });
    fireEvent.keyDown(day('2026-12-16'), { key: 'PageDown' });
    day('2027-01-31').focus();
    fireEvent.keyDown(day('2027-01-31'), { key: 'PageDown' });
    expect(screen.getByRole('heading', { name: 'January 2027' })).toBeTruthy();
    expect(document.activeElement).toBe(day('2027-01-31'));
  });

  it('PageDown keeps the day of the month where it can, else the last day (Jan 31 → Feb 28)', () => {
    render(<Harness lastMonth="2027-03" />);
    day('2026-11-16').focus();
    fireEvent.keyDown(day('2026-11-16'), { key: 'PageDown' });
    fireEvent.keyDown(day('2026-12-16'), { key: 'PageDown' });
    day('2027-01-31').focus();
    fireEvent.keyDown(day('2027-01-31'), { key: 'PageDown' });
    expect(screen.getByRole('heading', { name: 'February 2027' })).toBeTruthy();
    expect(document.activeElement).toBe(day('2027-02-28'));
  });

  it('is multi-select when asked, and speaks French', () => {
    render(<Harness mode="multi" lang="fr" />);
    expect(screen.getByRole('grid').getAttribute('aria-multiselectable')).toBe('true');
    expect(screen.getByRole('heading', { name: 'novembre 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mois suivant' })).toBeTruthy();
    expect(day('2026-11-16').getAttribute('aria-label')).toBe('lundi 16 novembre 2026, sélectionnée');
  });
});

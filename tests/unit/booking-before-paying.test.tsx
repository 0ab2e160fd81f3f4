// @vitest-environment jsdom
/// <reference types="vite/client" />
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Office } from '../../src/shared/contract/offices.ts';
import { site } from '../../src/shared/site.ts';
import type { UnitActionDialogProps } from '../../src/web/app/unit-dialog.ts';
import ConferenceDialog from '../../src/web/features/booking/conference-dialog.tsx';
import DayPassDialog from '../../src/web/features/booking/day-pass-dialog.tsx';
import MailboxDialog from '../../src/web/features/booking/mailbox-dialog.tsx';
import { OrderSummary } from '../../src/web/features/booking/order-summary.tsx';
import RentOfficeDialog from '../../src/web/features/booking/rent-office-dialog.tsx';
import { LanguageProvider, type Lang } from '../../src/web/i18n/i18n.tsx';

/*
 * What the booking dialogs tell before the visitor pays:
 * - Quebec's sales taxes (docs/architecture.md §10): each bill shows its subtotal, GST and QST with the
 *   space's registration numbers, and the total the card is charged; the Pay and Subscribe
 *   buttons say that total; list prices stay before tax and say so;
 * - the cancellation policy of what is bought, beside the terms.
 */

const nbsp = '\u00a0';
/** The switch of a small supplier: site.ts is read as it is at render time. */
const taxes = site.taxes as { enabled: boolean };

const office = (fields: Partial<Office>): Office => ({
  id: 1,
  office_id: 'X',
  service_code: null,
  name: 'X',
  service_type: 'dedicated_office',
  location_code: 'F1',
  seating_capacity: 2,
  base_monthly_rate: '1000.00',
  is_available: true,
  next_available_date: null,
  ...fields,
});
const room = office({ id: 3, office_id: 'CONF-B', name: 'Meeting Room Mont-Royal', service_type: 'conference_room', seating_capacity: 6, base_monthly_rate: '220.00' });
const dayPass = office({ id: 5, office_id: 'DAYPASS', name: 'Day Pass - Hot Desk Access', service_type: 'day_pass', seating_capacity: null, base_monthly_rate: '35.00' });
const mailbox = office({ id: 7, office_id: 'MAILBOX-SCAN', name: 'Mailbox + Mail Scanning', service_type: 'mailbox', seating_capacity: null, base_monthly_rate: '59.00' });
// A day is a tenth of the base monthly rate: $120.00; 1200 less the 20% offer is $960.00 a month.
const window101 = office({ id: 101, office_id: 'OFF-101', name: 'Office 101 - Window', base_monthly_rate: '1200.00' });

function renderIn(lang: Lang, ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LanguageProvider initial={lang}>{ui}</LanguageProvider>
    </QueryClientProvider>,
  );
}

function dialog(Component: ComponentType<UnitActionDialogProps>, unit: Office, lang: Lang = 'en') {
  return renderIn(lang, <Component office={unit} offices={[unit]} onClose={() => undefined} />);
}

/** A bill's rows as [label, amount], in order. */
function billRows(scope: HTMLElement = document.body): [string, string][] {
  return [...scope.querySelectorAll('.quote .quote__line')].map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']);
}

const gstEn = 'GST (5%), no. 723456789 RT0001';
const qstEn = 'QST (9.975%), no. 1223456789 TQ0001';
const gstFr = `TPS (5${nbsp}%), no${nbsp}723456789 RT0001`;
const qstFr = `TVQ (9,975${nbsp}%), no${nbsp}1223456789 TQ0001`;

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

beforeEach(() => {
  // Wednesday 18 November 2026, 9:30 AM in Montréal: the e2e journeys' instant.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-18T14:30:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/public-api/calendar/availability')) return Response.json({ success: true, bookedDates: [] });
      if (url.includes('/public-api/offices/available')) return Response.json({ success: true, data: { offices: [room, dayPass, mailbox, window101], lastUpdated: '2026-11-18T14:00:00Z' } });
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  taxes.enabled = true;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the order summary (SPEC §2 modal 3)', () => {
  it('shows the lines, the subtotal, GST and QST with their numbers, and the total due today', () => {
    renderIn('en', <OrderSummary unit={window101} choice={{ product: 'office_daily', dates: ['2026-11-19', '2026-11-20'] }} onCancel={() => undefined} />);
    // $240.00 + GST $12.00 + QST $23.94 (9.975% of 240 = 23.94).
    expect(billRows()).toEqual([
      ['November 19, 2026', '$120.00'],
      ['November 20, 2026', '$120.00'],
      ['Subtotal', '$240.00'],
      [gstEn, '$12.00'],
      [qstEn, '$23.94'],
      ['Due today', '$275.94'],
    ]);
  });

  it('in French: Sous-total, TPS and TVQ, French amounts', () => {
    renderIn('fr', <OrderSummary unit={window101} choice={{ product: 'office_daily', dates: ['2026-11-19', '2026-11-20'] }} onCancel={() => undefined} />);
    expect(billRows().slice(2)).toEqual([
      ['Sous-total', `240,00${nbsp}$`],
      [gstFr, `12,00${nbsp}$`],
      [qstFr, `23,94${nbsp}$`],
      ['À payer aujourd’hui', `275,94${nbsp}$`],
    ]);
  });

  it('a monthly rental: the taxes are on every line, each rounded once on the sum', () => {
    const desk = office({ office_id: 'DSK-01', name: 'Desk A1', service_type: 'assigned_desk', base_monthly_rate: '450.00' });
    renderIn('en', <OrderSummary unit={desk} choice={{ product: 'standard' }} onCancel={() => undefined} />);
    // November 18 to 30: 13 of 30 days of $450 is $195.00; + last month $450 + key fee $50 = $695.00.
    expect(billRows()).toEqual([
      ['First month, prorated (13 of 30 days)', '$195.00'],
      ['Last month, paid in advance', '$450.00'],
      ['Key fee', '$50.00'],
      ['Subtotal', '$695.00'],
      [gstEn, '$34.75'],
      [qstEn, '$69.33'],
      ['Due today', '$799.08'],
    ]);
  });

  it('without taxes (a small supplier), no tax row and the total is the lines’ sum', () => {
    taxes.enabled = false;
    renderIn('en', <OrderSummary unit={window101} choice={{ product: 'office_daily', dates: ['2026-11-19', '2026-11-20'] }} onCancel={() => undefined} />);
    expect(billRows()).toEqual([
      ['November 19, 2026', '$120.00'],
      ['November 20, 2026', '$120.00'],
      ['Due today', '$240.00'],
    ]);
    expect(screen.queryByText(/GST|QST|Subtotal/)).toBeNull();
  });
});

describe('the conference room dialog (SPEC §2 modal 4)', () => {
  it("says 'Pay $' and the taxed total ' CAD', under the subtotal, GST and QST", async () => {
    dialog(ConferenceDialog, room);
    // $220.00 + GST $11.00 + QST $21.95 (9.975% of 220 = 21.945, rounded half up).
    expect(await screen.findByRole('button', { name: 'Pay $252.95 CAD' })).toBeTruthy();
    await waitFor(() => expect(billRows()[1]).toEqual(['Date', 'November 18, 2026']));
    expect(billRows().slice(3)).toEqual([
      ['Subtotal', '$220.00'],
      [gstEn, '$11.00'],
      [qstEn, '$21.95'],
      ['Total', '$252.95'],
    ]);
  });

  it('in French', async () => {
    dialog(ConferenceDialog, room, 'fr');
    expect(await screen.findByRole('button', { name: `Payer 252,95${nbsp}$ CAD` })).toBeTruthy();
    expect(billRows().slice(3)).toEqual([
      ['Sous-total', `220,00${nbsp}$`],
      [gstFr, `11,00${nbsp}$`],
      [qstFr, `21,95${nbsp}$`],
      ['Total', `252,95${nbsp}$`],
    ]);
  });

  it('without taxes: the price alone, and Pay says it', async () => {
    taxes.enabled = false;
    dialog(ConferenceDialog, room);
    expect(await screen.findByRole('button', { name: 'Pay $220.00 CAD' })).toBeTruthy();
    expect(billRows().slice(3)).toEqual([['Price', '$220.00']]);
  });
});

describe('the day pass dialog (SPEC §2 modal 5)', () => {
  it('loads the price, then shows its taxes and Pay with the taxed total', async () => {
    dialog(DayPassDialog, dayPass);
    // $35.00 + GST $1.75 + QST $3.49 (3.49125).
    expect(await screen.findByRole('button', { name: 'Pay $40.24 CAD' })).toBeTruthy();
    expect(billRows().slice(2)).toEqual([
      ['Subtotal', '$35.00'],
      [gstEn, '$1.75'],
      [qstEn, '$3.49'],
      ['Total', '$40.24'],
    ]);
  });

  it('in French, and without taxes', async () => {
    dialog(DayPassDialog, dayPass, 'fr');
    expect(await screen.findByRole('button', { name: `Payer 40,24${nbsp}$ CAD` })).toBeTruthy();
    expect(billRows().map(([label]) => label)).toEqual(['Date', 'Heures', 'Sous-total', gstFr, qstFr, 'Total']);
    cleanup();
    taxes.enabled = false;
    dialog(DayPassDialog, dayPass);
    expect(await screen.findByRole('button', { name: 'Pay $35.00 CAD' })).toBeTruthy();
    expect(billRows().slice(2)).toEqual([['Price', '$35.00']]);
  });
});

describe('the mailbox dialog (SPEC §2 modal 6)', () => {
  it("says 'Subscribe for $' and the month taxes included '/mo'", () => {
    dialog(MailboxDialog, mailbox);
    // $59.00 + GST $2.95 + QST $5.89 (5.88525).
    expect(screen.getByRole('button', { name: 'Subscribe for $67.84/mo' })).toBeTruthy();
    expect(billRows()).toEqual([
      ['Subtotal', '$59.00'],
      [gstEn, '$2.95'],
      [qstEn, '$5.89'],
      ['Total per month', '$67.84'],
    ]);
  });

  it('in French, and without taxes', () => {
    dialog(MailboxDialog, mailbox, 'fr');
    expect(screen.getByRole('button', { name: `S’abonner pour 67,84${nbsp}$/mois` })).toBeTruthy();
    expect(billRows().map(([label]) => label)).toEqual(['Sous-total', gstFr, qstFr, 'Total par mois']);
    cleanup();
    taxes.enabled = false;
    dialog(MailboxDialog, mailbox);
    expect(screen.getByRole('button', { name: 'Subscribe for $59.00/mo' })).toBeTruthy();
    expect(billRows()).toEqual([['Monthly price', '$59.00']]);
  });
});

describe('the rental option chooser and the daily date picker keep list prices, before tax', () => {
  it('the chooser says once that its prices are plus taxes', () => {
    dialog(RentOfficeDialog, window101);
    const chooser = screen.getByRole('dialog', { name: 'Choose how to rent Office 101 - Window' });
    expect([...chooser.querySelectorAll('.rental-option__price')].map((p) => p.textContent)).toEqual(['$120.00/day', '$960.00/month', '$912.00/month']);
    expect(within(chooser).getAllByText('Prices plus taxes.')).toHaveLength(1);
  });

  it('en français : taxes en sus', () => {
    dialog(RentOfficeDialog, window101, 'fr');
    expect(screen.getAllByText('Prix indiqués taxes en sus.')).toHaveLength(1);
  });

  it('the running total of the chosen days says it is before tax; the summary then adds the taxes', async () => {
    const user = userEvent.setup();
    dialog(RentOfficeDialog, window101);
    await user.click(screen.getByRole('button', { name: 'Choose Days' }));
    const total = () => document.querySelector('.booking-total__amount')?.textContent;
    expect(total()).toBe('Total before tax: $0.00');
    await user.click(document.querySelector<HTMLButtonElement>('button[data-date="2026-11-19"]')!);
    await user.click(document.querySelector<HTMLButtonElement>('button[data-date="2026-11-20"]')!);
    expect(total()).toBe('Total before tax: $240.00');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout (2 days)' }));
    expect(billRows().at(-1)).toEqual(['Due today', '$275.94']);
  });

  it('in French, and without taxes: no note, and the running total is just the total', async () => {
    const user = userEvent.setup();
    dialog(RentOfficeDialog, window101, 'fr');
    await user.click(screen.getByRole('button', { name: 'Choisir les jours' }));
    expect(document.querySelector('.booking-total__amount')?.textContent).toBe(`Total avant taxes : 0,00${nbsp}$`);
    cleanup();
    taxes.enabled = false;
    dialog(RentOfficeDialog, window101);
    expect(screen.queryByText('Prices plus taxes.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose Days' }));
    expect(document.querySelector('.booking-total__amount')?.textContent).toBe('Total: $0.00');
  });
});

describe('the cancellation policy, before paying', () => {
  const policyOf = () => screen.getByRole('region', { name: /^(Cancellation policy|Politique d’annulation)$/ }).textContent ?? '';
  const roomPolicy = `Free cancellation with a full refund, taxes included, until 24 hours before 7${nbsp}a.m. on the day booked. After that, no refund.`;

  it('the conference room dialog', async () => {
    dialog(ConferenceDialog, room);
    await screen.findByRole('dialog');
    expect(policyOf()).toContain(roomPolicy);
  });

  it('the day pass dialog, in French', async () => {
    dialog(DayPassDialog, dayPass, 'fr');
    await screen.findByRole('dialog');
    expect(policyOf()).toContain(`Annulation gratuite avec remboursement complet, taxes incluses, jusqu’à 24 heures avant 8${nbsp}h le jour réservé. Ensuite, aucun remboursement.`);
  });

  it('the mailbox dialog: ended with notice', async () => {
    dialog(MailboxDialog, mailbox);
    await screen.findByRole('dialog');
    expect(policyOf()).toContain('give notice online at any time, and the rental ends 30 days later.');
  });

  it.each([
    [{ product: 'office_daily', dates: ['2026-11-19'] } as const, window101, 'Each day can be cancelled with a full refund'],
    [{ product: 'office_lease' } as const, window101, 'A 12-month lease is not cancelled online. To talk about it, contact us at hello@espacecowork.ca or (514) 555-0142.'],
    [{ product: 'standard' } as const, office({ office_id: 'DSK-01', name: 'Desk A1', service_type: 'assigned_desk', base_monthly_rate: '450.00' }), 'the rental ends 30 days later, but not before the end of its 3-month minimum term.'],
    [{ product: 'standard' } as const, office({ office_id: 'PRK-01', name: 'Parking Spot P1', service_type: 'parking_spot', base_monthly_rate: '150.00' }), 'but not before the end of its 12-month minimum term.'],
  ])('the order summary of %o', (choice, unit, text) => {
    renderIn('en', <OrderSummary unit={unit} choice={choice} onCancel={() => undefined} />);
    expect(policyOf()).toContain(text);
    // A rental keeps its card for the monthly invoices, and says so before the visitor pays; office days do not.
    const kept = screen.queryByText(/The card you pay with is kept to pay the monthly invoices, charged on the 1st of each month/);
    expect(kept !== null).toBe(choice.product !== 'office_daily');
  });

  it('the mailbox dialog says, in French, that the card is kept for the monthly invoices', async () => {
    dialog(MailboxDialog, mailbox, 'fr');
    await screen.findByRole('dialog');
    expect(screen.getByText(/La carte avec laquelle vous payez est conservée pour régler les factures mensuelles, débitées le 1er de chaque mois/)).toBeTruthy();
  });

  it('the rental option chooser: one line per option', async () => {
    dialog(RentOfficeDialog, window101);
    await screen.findByRole('dialog');
    const items = within(screen.getByRole('region', { name: 'Cancellation policy' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^Daily: Each day can be cancelled/);
    expect(items[1]).toMatch(/^Month-to-month: Not cancelled, but ended with notice: .* the rental ends 30 days later\.$/);
    expect(items[2]).toMatch(/^12-month lease: A 12-month lease is not cancelled online/);
    cleanup();
    dialog(RentOfficeDialog, window101, 'fr');
    await screen.findByRole('dialog');
    const fr = within(screen.getByRole('region', { name: 'Politique d’annulation' })).getAllByRole('listitem').map((li) => li.textContent);
    // French typography: a no-break space before the colon.
    expect(fr[1]).toMatch(/^Au mois\u00a0: Elle ne s’annule pas/);
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  depositReturned,
  endRentalResponse,
  padReturnRecorded,
  padRevocationRecorded,
  recordPaymentResponse,
  retryInvoiceResponse,
  staffRentalDetail,
  staffRentalsResponse,
  type StaffInvoice,
  type StaffInvoicePayment,
  type StaffRental,
  type StaffDeposit,
  type StaffRentalDetail,
} from '../../src/shared/contract/staff-rentals.ts';
import { answer, fakeAdminApi, refusal, renderConsole, setUpConsole, tearDownConsole, type ApiRequest } from './staff-waitlist-console.tsx';

/*
 * The console's Rentals and Rental pages against a fake /admin-api: the list with its overdue
 * count and filter, and on a rental Retry now, Record a payment and End rental, each asked
 * first, each result said where a screen reader hears it.
 */

const nbsp = '\u00a0';
const parkingId = '5b0c1f4e-8a8b-4d55-9a57-0e3a4c8e2f11';
const deskId = '0d7e4a52-3c1b-4f0e-8a6d-2b9c7e1f5a30';

const parking: StaffRental = {
  id: parkingId,
  office_id: 'PRK-01',
  unit_name: 'Parking P1',
  product: 'standard',
  service_type: 'parking',
  customer_name: 'Camille Tremblay',
  customer_email: 'camille@example.com',
  language: 'fr',
  monthly_cents: 15_000,
  start_date: '2026-09-14',
  ends_on: null,
  state: 'overdue',
  owed_cents: 17_246,
  overdue: { invoice_number: 'F-2026-000012', days: 18, failure_reason: 'authentication_required' },
  created_at: '2026-09-14T14:00:00Z',
};
const desk: StaffRental = {
  ...parking,
  id: deskId,
  office_id: 'DSK-01',
  unit_name: 'Desk A1',
  customer_name: 'Jordan Lee',
  customer_email: 'jordan@example.com',
  language: 'en',
  monthly_cents: 45_000,
  state: 'ending',
  ends_on: '2027-01-31',
  owed_cents: 0,
  overdue: null,
  created_at: '2026-09-01T14:00:00Z',
};

const payment = (id: string, fields: Partial<StaffInvoicePayment>): StaffInvoicePayment => ({
  id,
  method: 'card',
  trigger: 'billing_day',
  status: 'failed',
  amount_cents: 17_246,
  failure_reason: 'authentication_required',
  reference: null,
  recorded_by: null,
  created_at: '2026-11-01T05:30:00Z',
  settled_at: '2026-11-01T05:30:01Z',
  return_code: null,
  returned_at: null,
  ...fields,
});

const november: StaffInvoice = {
  id: 'i-11',
  number: 'F-2026-000012',
  period_start: '2026-11-01',
  period_end: '2026-11-30',
  final: false,
  lines: [{ item: 'monthly_rent', description: 'Parking P1: rent, November 2026', amount_cents: 15_000 }],
  subtotal_cents: 15_000,
  gst_cents: 750,
  qst_cents: 1_496,
  total_cents: 17_246,
  paid_cents: 0,
  owed_cents: 17_246,
  state: 'overdue',
  issued_at: '2026-11-01T05:30:00Z',
  payments: [
    payment('p1', {}),
    payment('p2', { trigger: 'retry', created_at: '2026-11-04T14:00:00Z', settled_at: '2026-11-04T14:00:01Z' }),
    payment('p3', { trigger: 'retry', created_at: '2026-11-08T14:00:00Z', settled_at: '2026-11-08T14:00:01Z' }),
  ],
  credit_notes: [],
};
const october: StaffInvoice = {
  ...november,
  id: 'i-10',
  number: 'F-2026-000009',
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  paid_cents: 17_246,
  owed_cents: 0,
  state: 'paid',
  payments: [payment('p0', { status: 'succeeded', failure_reason: null, created_at: '2026-10-01T05:30:00Z', settled_at: '2026-10-01T05:30:01Z' })],
};

function detailOf(invoices: StaffInvoice[]): StaffRentalDetail {
  return {
    success: true,
    rental: {
      ...parking,
      order_id: 'a3f1c2d4-0000-4000-8000-000000000001',
      provider: 'test',
      card_on_file: true,
      prepaid_last_month_cents: 15_000,
      minimum_term_months: 3,
      ended_at: null,
      end_reason: null,
      next_invoice: { on: '2026-12-01', cents: 17_246 },
      notice_ends_on: '2026-12-19',
      pays_by: 'card',
      pad_stopped: null,
    },
    invoices,
    audit: [],
  };
}

/** The fake server of these pages: the list, the rental, and what a POST answers. */
function rentalServer(detail: () => StaffRentalDetail, post: (request: ApiRequest) => Response = () => refusal(500, 'not in this test')) {
  return fakeAdminApi((request) => {
    if (request.method === 'GET' && request.path.startsWith('/admin-api/rentals?') ) return answer(staffRentalsResponse, { success: true, data: { rentals: [parking], next_cursor: null, overdue_count: 1 } });
    if (request.method === 'GET' && request.path === '/admin-api/rentals') return answer(staffRentalsResponse, { success: true, data: { rentals: [parking, desk], next_cursor: null, overdue_count: 1 } });
    if (request.method === 'GET' && request.path.startsWith(`/admin-api/rentals/${parkingId}?`)) return answer(staffRentalDetail, detail());
    if (request.method === 'POST') return post(request);
    return undefined;
  });
}

const posts = (requests: ApiRequest[]) => requests.filter((r) => r.method === 'POST').map(({ path, body }) => ({ path, body }));

beforeEach(setUpConsole);
afterEach(() => {
  cleanup();
  tearDownConsole();
});

describe('the rentals page', () => {
  it('says how many rentals are overdue, lists each with its state, what it owes and what to chase, and filters by state', async () => {
    const requests = rentalServer(() => detailOf([november, october]));
    const user = userEvent.setup();
    renderConsole('/staff/rentals');
    const table = await screen.findByRole('table', { name: 'Rentals, newest first' });
    expect(screen.getByRole('heading', { level: 1, name: 'Rentals' })).toBeTruthy();
    expect(screen.getByText('1 overdue')).toBeTruthy();
    const row = (name: string) => within(table).getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
    const cell = (name: string, column: string) => row(name).querySelector<HTMLElement>(`td[data-label="${column}"]`)!.textContent;
    expect(cell('Camille', 'State')).toBe('! Overdue');
    expect(cell('Camille', 'Owed')).toBe('$172.46');
    expect(cell('Camille', 'Overdue since')).toBe('F-2026-000012, 18 daysthe bank asks the customer to confirm the payment');
    expect(cell('Camille', 'Monthly, before tax')).toBe('$150.00');
    expect(cell('Jordan', 'State')).toBe('Ending');
    expect(cell('Jordan', 'Dates')).toBe('From September 14, 2026to January 31, 2027');
    expect(cell('Jordan', 'Owed')).toBe('—');
    expect(within(row('Camille')).getByRole('link', { name: 'View the rental of Parking P1 by Camille Tremblay' }).getAttribute('href')).toBe(`/staff/rentals/${parkingId}`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Overdue');
    await screen.findByRole('table', { name: 'Rentals, newest first · Overdue' });
    expect(requests.map((r) => r.path)).toContain('/admin-api/rentals?state=overdue');
  });

  it('in French', async () => {
    rentalServer(() => detailOf([november]));
    renderConsole('/staff/rentals', 'fr');
    const table = await screen.findByRole('table', { name: 'Locations, les plus récentes d’abord' });
    expect(screen.getByText('1 en retard')).toBeTruthy();
    const camille = within(table).getByRole('rowheader', { name: /Camille/ }).closest('tr')!;
    expect(camille.querySelector('td[data-label="Dû"]')!.textContent).toBe(`172,46${nbsp}$`);
    expect(camille.querySelector('td[data-label="État"]')!.textContent).toBe('! En retard');
  });
});

describe('the rental page', () => {
  it('shows the rental, its next invoice, its invoices and every payment row', async () => {
    rentalServer(() => detailOf([november, october]));
    renderConsole(`/staff/rentals/${parkingId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rental · Parking P1 · Camille Tremblay' })).toBeTruthy();
    expect(screen.getByText('December 1, 2026: $172.46, taxes included')).toBeTruthy();
    const invoices = screen.getByRole('table', { name: 'Invoices of this rental, newest first' });
    expect(within(invoices).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['F-2026-000012', 'F-2026-000009']);
    expect(within(invoices).getByRole('link', { name: 'Download invoice F-2026-000012 (PDF)' }).getAttribute('href')).toBe(`/admin-api/rentals/${parkingId}/invoices/F-2026-000012.pdf`);
    // Nothing to do on a paid invoice.
    expect(within(invoices).queryByRole('button', { name: /F-2026-000009/ })).toBeNull();
    const payments = screen.getByRole('table', { name: 'Every payment and card try of this rental’s invoices, oldest first' });
    expect(within(payments).getAllByRole('row')).toHaveLength(5);
  });

  it('Retry now: asks first, then says the card was refused again in an alert', async () => {
    const retried: StaffInvoice = { ...november, payments: [...november.payments, payment('p4', { trigger: 'retry_now', created_at: '2026-11-19T14:30:00Z', settled_at: '2026-11-19T14:30:01Z' })] };
    const requests = rentalServer(
      () => detailOf([november, october]),
      () => answer(retryInvoiceResponse, { success: true, outcome: 'failed', invoice: retried }),
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`);
    await user.click(await screen.findByRole('button', { name: 'Retry now: charge invoice F-2026-000012 to the card on file' }));
    const dialog = screen.getByRole('dialog', { name: 'Charge invoice F-2026-000012 to the card on file now?' });
    expect(dialog.textContent).toContain('The card on file is charged $172.46 now, outside the schedule.');
    expect(posts(requests)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Charge the card now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The card was refused again for invoice F-2026-000012 (the bank asks the customer to confirm the payment). The customer is e-mailed.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(requests)).toEqual([{ path: `/admin-api/rentals/${parkingId}/invoices/F-2026-000012/retry`, body: {} }]);
  });

  it("Record a payment: the amount owed prefilled, each field's problem beside it, the server's too, then the invoice paid", async () => {
    let detail = detailOf([november, october]);
    const paid: StaffInvoice = { ...november, paid_cents: 17_246, owed_cents: 0, state: 'paid' };
    const recorded = payment('p5', { method: 'cheque', trigger: 'staff', status: 'succeeded', failure_reason: null, reference: 'CHQ-1042', recorded_by: 'lea@example.com' });
    let answers = 0;
    const requests = rentalServer(
      () => detail,
      () => {
        answers++;
        if (answers === 1) return refusal(400, 'reference: must not contain control characters', 'invalid_request', { fields: [{ path: 'reference', code: 'control_characters' }] });
        detail = detailOf([paid, october]);
        return answer(recordPaymentResponse, { success: true, payment: recorded, invoice: paid });
      },
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`);
    await user.click(await screen.findByRole('button', { name: 'Record a payment of invoice F-2026-000012' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment of invoice F-2026-000012' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    const reference = within(dialog).getByRole('textbox', { name: /Reference/ });
    expect((amount as HTMLInputElement).value).toBe('172.46');

    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(document.activeElement).toBe(reference));
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Please fill in all required fields')).toBeTruthy();

    await user.type(reference, 'CHQ-1042');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(await within(dialog).findByText('Enter an amount from $0.01 to $172.46')).toBeTruthy();
    expect(posts(requests)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '172.46');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(await within(dialog).findByText('must not contain control characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('$172.46 is recorded: invoice F-2026-000012 is paid, and the customer is e-mailed.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const body = { method: 'cheque', reference: 'CHQ-1042', amount_cents: 17_246 };
    expect(posts(requests)).toEqual([
      { path: `/admin-api/rentals/${parkingId}/invoices/F-2026-000012/payments`, body },
      { path: `/admin-api/rentals/${parkingId}/invoices/F-2026-000012/payments`, body },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Record a payment of invoice F-2026-000012' })).toBeNull());
  });

  it('End rental: says the last day the notice policy gives, then the day the server set', async () => {
    const requests = rentalServer(
      () => detailOf([november]),
      () => answer(endRentalResponse, { success: true, ends_on: '2026-12-19' }),
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`, 'fr');
    await user.click(await screen.findByRole('button', { name: 'Mettre fin à la location' }));
    const dialog = screen.getByRole('dialog', { name: 'Mettre fin à cette location selon la politique de préavis?' });
    expect(dialog.textContent).toContain('Un préavis donné aujourd’hui met fin à la location le 19 décembre 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Mettre fin à la location' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('La location prend fin le 19 décembre 2026. Le client reçoit l’avis par courriel.'));
    expect(posts(requests)).toEqual([{ path: `/admin-api/rentals/${parkingId}/end`, body: { mode: 'notice' } }]);
  });

  it('says an end at once in its audit trail in words: how, why, the credit notes and the amounts', async () => {
    const details = {
      mode: 'now',
      reason: 'Unpaid since December 1',
      ends_on: '2026-12-10',
      credit_notes: [
        { number: 'NC-2026-000003', invoice_number: 'F-2026-000001', amount_cents: 35_049 },
        { number: 'NC-2026-000005', invoice_number: null, amount_cents: 35_049 },
      ],
      refunded_cents: 35_049,
      owed_cents: 0,
    };
    rentalServer(() => ({ ...detailOf([november]), audit: [{ at: '2026-12-10T15:00:00Z', actor: 'lea@example.com', action: 'rental_ended', details }] }));
    renderConsole(`/staff/rentals/${parkingId}`);
    const trail = await screen.findByRole('region', { name: 'Audit trail' });
    expect(within(trail).getByText('Rental ended')).toBeTruthy();
    expect(trail.textContent).toContain(
      'How: at once · Reason: Unpaid since December 1 · Last day: December 10, 2026 · Credit notes: NC-2026-000003 F-2026-000001 $350.49, NC-2026-000005 $350.49 · Refunded: $350.49 · Still owed: $0.00',
    );
  });

  it('End at once: asks why before anything is sent, then says what the server settled', async () => {
    const settled = { credit_notes: [{ number: 'NC-2026-000004', invoice_number: 'F-2026-000012', amount_cents: 6_324 }], refunded_cents: 0, to_return_cents: 0, owed_cents: 10_922 };
    const requests = rentalServer(
      () => detailOf([november]),
      () => answer(endRentalResponse, { success: true, ends_on: '2026-11-20', settled }),
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`);
    await user.click(await screen.findByRole('button', { name: 'End at once' }));
    const dialog = screen.getByRole('dialog', { name: 'End this rental today?' });
    expect(dialog.textContent).toContain('invoices still unpaid stay owed');
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await user.click(within(dialog).getByRole('button', { name: 'End the rental today' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(posts(requests)).toEqual([]);
    await user.type(reason, 'Unpaid since October');
    await user.click(within(dialog).getByRole('button', { name: 'End the rental today' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe(
      'The rental ended today (November 20, 2026); the customer is e-mailed. Credit note NC-2026-000004 against invoice F-2026-000012: $63.24. $109.22 is still owed.',
    );
    expect(posts(requests)).toEqual([{ path: `/admin-api/rentals/${parkingId}/end`, body: { mode: 'now', reason: 'Unpaid since October' } }]);
  });
});

describe('a tenancy paid by pre-authorized debit', () => {
  const filed = payment('d1', { method: 'pad', trigger: 'pad_file', status: 'open', failure_reason: null, created_at: '2026-11-18T15:00:00Z', settled_at: null });
  const debited: StaffInvoice = { ...november, state: 'processing', payments: [filed] };
  const returned: StaffInvoice = {
    ...november,
    state: 'overdue',
    payments: [{ ...filed, status: 'returned', return_code: '901', returned_at: '2026-11-19T14:31:00Z' }],
  };
  const tenancyOf = (invoices: StaffInvoice[], rental: Partial<StaffRentalDetail['rental']> = {}): StaffRentalDetail => {
    const base = detailOf(invoices);
    return { ...base, rental: { ...base.rental, order_id: null, product: 'office_lease', card_on_file: false, notice_ends_on: null, pays_by: 'pad', ...rental } };
  };

  it('says how it pays, and records a debit the bank returned with the code chosen: the day it is debited once more and the fee’s invoice said', async () => {
    let detail = tenancyOf([debited, october]);
    const requests = rentalServer(
      () => detail,
      () => {
        detail = tenancyOf([returned, october]);
        return answer(padReturnRecorded, { success: true, outcome: 'redebit', redebit_on: '2026-12-02', fee_invoice_number: 'F-2026-000013' }, 201);
      },
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Paid by pre-authorized debit')).toBeTruthy();
    // No card to charge, and nothing to record by hand while the debit is under way.
    expect(screen.queryByRole('button', { name: /Retry now/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Record a payment/ })).toBeNull();
    // A paid invoice with no debit of its own has nothing to return.
    expect(screen.queryByRole('button', { name: 'Record a returned debit of invoice F-2026-000009' })).toBeNull();

    const open = screen.getByRole('button', { name: 'Record a returned debit of invoice F-2026-000012' });
    expect(open.textContent).toBe('Record a returned debit');
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Record a returned debit of invoice F-2026-000012' });
    expect(dialog.textContent).toContain('The bank returned the pre-authorized debit of $172.46 filed for this invoice.');
    const code = within(dialog).getByRole('combobox', { name: /Return code/ });
    await waitFor(() => expect(document.activeElement).toBe(code));
    // Every CPA-007 return code, after the blank choice; what each kind of code does read with the field.
    const options = within(code).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(22);
    expect(options.slice(0, 3)).toEqual(['Choose a code', '900 – Edit Reject', '901 – NSF']);
    expect(options).toContain('922 – Customer Initiated Return');
    const hint = document.getElementById(code.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(
      'NSF or funds not cleared: debited once more after a 10-day notice, with the $25.00 handling fee. Account closed, frozen or wrong, payment stopped or agreement revoked: every debit stops. A claim by the payer: the invoice is due again.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Record the returned debit' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Choose the return code')).toBeTruthy();
    expect(posts(requests)).toEqual([]);

    await user.selectOptions(code, '901 – NSF');
    await user.click(within(dialog).getByRole('button', { name: 'Record the returned debit' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The returned debit of invoice F-2026-000012 (901 – NSF) is recorded. It is debited once more on December 2, 2026, with the handling fee on invoice F-2026-000013; the tenant is e-mailed the notice.',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(requests)).toEqual([{ path: `/admin-api/rentals/${parkingId}/invoices/F-2026-000012/pad-return`, body: { code: '901' } }]);

    // Read again: the debit is returned, so there is nothing more to return; its row says the code.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Record a returned debit of invoice F-2026-000012' })).toBeNull());
    const payments = screen.getByRole('table', { name: 'Every payment and card try of this rental’s invoices, oldest first' });
    const row = within(payments).getByText('F-2026-000012').closest('tr')!;
    expect(row.querySelector('td[data-label="Status"]')!.textContent).toBe('Returned by the bank');
    expect(row.querySelector('td[data-label="Reference or reason"]')!.textContent).toBe('Returned with code 901 – NSF');
  });

  it('says the server’s problem inside the dialog, in French, with the codes’ French names', async () => {
    const requests = rentalServer(
      () => tenancyOf([debited]),
      () => refusal(409, 'Invoice F-2026-000012 was returned with code 905', 'pad_returned_with_another_code', { params: { number: 'F-2026-000012', code: '905' } }),
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`, 'fr');
    expect(await screen.findByText('Payé par débit préautorisé')).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Enregistrer un prélèvement retourné de la facture F-2026-000012' });
    expect(open.textContent).toBe('Enregistrer un prélèvement retourné');
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Enregistrer un prélèvement retourné de la facture F-2026-000012' });
    const code = within(dialog).getByRole('combobox', { name: /Code de retour/ });
    expect(within(code).getByRole('option', { name: '901 – Provision insuffisante' })).toBeTruthy();
    expect(dialog.textContent).toContain(`avec les frais de traitement de 25,00${nbsp}$`);
    await user.selectOptions(code, '901 – Provision insuffisante');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le prélèvement retourné' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Le prélèvement de la facture F-2026-000012 est déjà enregistré comme retourné, avec le code 905.');
    expect(posts(requests)).toEqual([{ path: `/admin-api/rentals/${parkingId}/invoices/F-2026-000012/pad-return`, body: { code: '901' } }]);
  });

  it('End under the contract: asks the last day, sends it, and says the day the server set; End at once is offered too', async () => {
    const settled = { credit_notes: [], refunded_cents: 0, to_return_cents: 0, owed_cents: 0 };
    const requests = rentalServer(
      () => tenancyOf([october], { minimum_term_months: 12, start_date: '2026-04-01' }),
      () => answer(endRentalResponse, { success: true, ends_on: '2027-03-31', settled }),
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`);
    expect(await screen.findByRole('button', { name: 'End at once' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'End under the contract' }));
    const dialog = screen.getByRole('dialog', { name: 'End this tenancy under its contract?' });
    expect(dialog.textContent).toContain('The lease’s term ends on March 31, 2027.');
    const day = within(dialog).getByLabelText(/Last day/);
    await user.clear(day);
    await user.click(within(dialog).getByRole('button', { name: 'Set the last day' }));
    await waitFor(() => expect(day.getAttribute('aria-invalid')).toBe('true'));
    expect(posts(requests)).toEqual([]);
    await user.type(day, '2027-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Set the last day' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('The tenancy ends on March 31, 2027; the tenant is e-mailed.');
    expect(posts(requests)).toEqual([{ path: `/admin-api/rentals/${parkingId}/end`, body: { mode: 'notice', ends_on: '2027-03-31' } }]);
  });

  it('says when its debits stopped and why, and offers no revocation then', async () => {
    rentalServer(() => tenancyOf([returned], { pad_stopped: { last_debit_on: '2026-11-18', reason: 'return:905' } }));
    renderConsole(`/staff/rentals/${parkingId}`, 'fr');
    const summary = await screen.findByRole('region', { name: 'Résumé' });
    const notice = within(summary).getByText('Débits préautorisés arrêtés').closest('.alert')!;
    expect(notice.textContent).toContain(
      'Les prélèvements s’arrêtent après le 18 novembre 2026, car la banque a retourné un prélèvement avec le code 905 – Compte fermé. Le locataire doit signer un nouvel accord de DPA ou payer par carte.',
    );
    expect(screen.queryByRole('button', { name: 'Enregistrer une révocation' })).toBeNull();
    const payments = screen.getByRole('table', { name: /Chaque paiement/ });
    expect(payments.textContent).toContain('Retourné avec le code 901 – Provision insuffisante');
  });

  it('records a written revocation on the day it was received (today unless changed), then says the last debit’s day and why debits stop', async () => {
    let detail = tenancyOf([october]);
    let answers = 0;
    const requests = rentalServer(
      () => detail,
      () => {
        answers++;
        if (answers === 1) return refusal(400, '2026-11-25 is in the future', 'revocation_in_future', { params: { date: '2026-11-25' } });
        detail = tenancyOf([october], { pad_stopped: { last_debit_on: '2026-11-26', reason: 'revoked' } });
        return answer(padRevocationRecorded, { success: true, last_debit_on: '2026-11-26' });
      },
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`);
    expect(screen.queryByText('Pre-authorized debits stopped')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Record a revocation' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the tenant’s revocation of the PAD agreement' });
    expect(dialog.textContent).toContain('It takes effect after 10 days’ notice: no debit is made from 10 days after the day it was received.');
    const received = within(dialog).getByLabelText(/Received on/) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(received));
    expect(received.value).toBe('2026-11-19');
    expect(received.max).toBe('2026-11-19');

    await user.clear(received);
    await user.click(within(dialog).getByRole('button', { name: 'Record the revocation' }));
    await waitFor(() => expect(received.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Enter the day it was received')).toBeTruthy();
    expect(posts(requests)).toEqual([]);

    await user.type(received, '2026-11-25');
    await user.click(within(dialog).getByRole('button', { name: 'Record the revocation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('2026-11-25 has not come yet: record a revocation once it has been received.');

    await user.clear(received);
    await user.type(received, '2026-11-17');
    await user.click(within(dialog).getByRole('button', { name: 'Record the revocation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const said = screen.getAllByRole('status').map((s) => s.textContent);
    expect(said).toContain('The revocation is recorded: the last pre-authorized debit may be made on November 26, 2026. Later invoices are paid by card, or recorded as received.');
    expect(posts(requests)).toEqual([
      { path: `/admin-api/rentals/${parkingId}/pad-revocation`, body: { received_on: '2026-11-25' } },
      { path: `/admin-api/rentals/${parkingId}/pad-revocation`, body: { received_on: '2026-11-17' } },
    ]);
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(within(summary).getByText('Pre-authorized debits stopped').closest('.alert')!.textContent).toContain(
        'Debits stop after November 26, 2026, because the tenant revoked the agreement. The tenant must sign a new PAD agreement or pay by card.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Record a revocation' })).toBeNull();
  });

  it('shows a manager the deposits held, and records a return less a deduction only with its reason', async () => {
    const security: StaffDeposit = { id: 'a1b2c3d4-0000-4000-8000-000000000001', kind: 'security', amount_cents: 120_000, invoice_number: 'F-2026-000009', collected: true, returned_at: null, returned_cents: null, deduction_reason: null, returned_by: null };
    const fob: StaffDeposit = { ...security, id: 'a1b2c3d4-0000-4000-8000-000000000002', kind: 'key_fob', amount_cents: 5_000, collected: false, invoice_number: 'F-2026-000010' };
    let detail: StaffRentalDetail = { ...tenancyOf([october]), deposits: [security, fob] };
    const requests = rentalServer(
      () => detail,
      () => {
        const returned = { ...security, returned_at: '2026-12-10T15:00:00Z', returned_cents: 100_000, deduction_reason: 'Wall repainted', returned_by: 'Demo manager' };
        detail = { ...detail, deposits: [returned, fob] };
        return answer(depositReturned, { success: true, deposit: returned });
      },
    );
    const user = userEvent.setup();
    renderConsole(`/staff/rentals/${parkingId}`);
    const section = await screen.findByRole('region', { name: 'Deposits held' });
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')!.textContent)).toEqual(['Security deposit', 'Key fob deposit']);
    expect(rows[1]!.textContent).toContain('Not yet: invoice F-2026-000010 is not paid');
    // Nothing collected is returned: only the security deposit offers it.
    expect(within(section).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Return the security deposit']);

    await user.click(within(section).getByRole('button', { name: 'Return the security deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Return the security deposit' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount returned/ });
    expect((amount as HTMLInputElement).value).toBe('1200.00');
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Record the return' }));
    await waitFor(() => expect(within(dialog).getByText('Give the reason for the deduction.')).toBeTruthy());
    expect(posts(requests)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for the deduction/ }), 'Wall repainted');
    await user.click(within(dialog).getByRole('button', { name: 'Record the return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests)).toEqual([{ path: `/admin-api/rentals/${parkingId}/deposits/${security.id}/return`, body: { returned_cents: 100_000, deduction_reason: 'Wall repainted' } }]);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Security deposit returned: $1,000.00.');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Deposits held' })).getByText('Wall repainted')).toBeTruthy());
  });

  it('shows no deposits to a member of staff (the server sends none)', async () => {
    rentalServer(() => ({ ...tenancyOf([october]), deposits: null }));
    renderConsole(`/staff/rentals/${parkingId}`);
    await screen.findByRole('region', { name: 'Summary' });
    expect(screen.queryByRole('region', { name: 'Deposits held' })).toBeNull();
  });
});

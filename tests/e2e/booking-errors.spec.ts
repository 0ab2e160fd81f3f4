import type { Page, Route } from '@playwright/test';
import { datesOfMonth, monthOf, shiftMonth } from '../../src/shared/domain/booking-windows.ts';
import { daysInMonth } from '../../src/shared/domain/time.ts';
import { bookableDays, exactly, payOnTestCheckout, pressUnitButton, withTaxes } from './booking-support.ts';
import { changesSharedData, e2eDaysFromToday, e2eToday, expect, expectNoAxeViolations, phone, test } from './support.ts';

type ListedOffice = { office_id: string; service_type: string; base_monthly_rate: string | null; [key: string]: unknown };

/** Serves the real inventory list, changed by `patch`: a unit without a price, an extra office… */
async function patchOffices(page: Page, patch: (offices: ListedOffice[]) => ListedOffice[]): Promise<void> {
  await page.route('**/public-api/offices/available', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { offices: ListedOffice[] } };
    body.data.offices = patch(body.data.offices);
    await route.fulfill({ response: res, json: body });
  });
}

const withoutPrice = (officeId: string) => (offices: ListedOffice[]) => offices.map((o) => (o.office_id === officeId ? { ...o, base_monthly_rate: null } : o));

/** An available office of the test's own: its checkout is answered by the test, never by the server. */
const testOffice: ListedOffice = {
  id: 9901,
  office_id: 'OFF-901',
  service_code: 'DO-901',
  name: 'Office 901 - Test Suite',
  service_type: 'dedicated_office',
  location_code: 'F9-901',
  seating_capacity: 2,
  base_monthly_rate: '1000.00',
  is_available: true,
  next_available_date: null,
};

/** Collects the messages of window.alert. */
function alerts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}

test.describe('missing prices and empty choices', () => {
  test.use({ ...phone, serviceWorkers: 'block' });

  test('the chooser alerts for each option of an office with no price', async ({ page }) => {
    const seen = alerts(page);
    await pressUnitButton(page, '/offices', 'Rent Now', 'Office 301 - Executive Suite');
    const chooser = page.getByRole('dialog', { name: 'Choose how to rent Office 301 - Executive Suite' });
    await chooser.getByRole('button', { name: 'Choose Days' }).click();
    await chooser.getByRole('button', { name: 'Rent Month-to-Month' }).click();
    await chooser.getByRole('button', { name: 'Sign a Lease Now' }).click();
    await expect.poll(() => seen).toEqual([
      'Unable to proceed - daily pricing unavailable',
      'Unable to proceed - monthly pricing unavailable',
      'Unable to proceed - lease pricing unavailable',
    ]);
    // Still on the chooser: none of them went on.
    await expect(chooser).toBeVisible();
  });

  test('the date picker alerts with no date chosen, and its calendar works from the keyboard', async ({ page }) => {
    const seen = alerts(page);
    await patchOffices(page, (offices) => [testOffice, ...offices]);
    await pressUnitButton(page, '/offices', 'Rent Now', testOffice.name as string);
    await page.getByRole('dialog').getByRole('button', { name: 'Choose Days' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Your Dates' });
    await picker.getByRole('button', { name: 'Proceed to Checkout (0 days)' }).click();
    await expect.poll(() => seen).toEqual(['Please select at least one date']);

    const today = e2eToday;
    const grid = picker.getByRole('grid', { name: 'Select Your Dates' });
    const todayButton = grid.locator(`button[data-date="${today}"]`);
    await expect(todayButton).toHaveAttribute('tabindex', '0');
    await todayButton.focus();
    await page.keyboard.press('Space');
    await expect(todayButton).toHaveAccessibleName(/, selected$/);
    await page.keyboard.press('ArrowDown');
    const weekLater = e2eDaysFromToday(7);
    await expect(page.locator(`button[data-date="${weekLater}"]`)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picker.getByText('2 days selected')).toBeVisible();
    // PageDown shows the next month; PageUp comes back, and the current month is the limit.
    await page.keyboard.press('PageDown');
    const next = shiftMonth(monthOf(weekLater), 1);
    await expect(page.locator(`button[data-date^="${next}-"]:focus`)).toHaveCount(1);
    await expect(picker.getByRole('button', { name: 'Previous month' })).toBeEnabled();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    await expect(page.locator(`button[data-date^="${monthOf(today)}-"]:focus`)).toHaveCount(1);
    await expect(picker.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    // A day past the 14-day window says so.
    const lateDate = e2eDaysFromToday(15);
    if (monthOf(lateDate) !== monthOf(today)) await picker.getByRole('button', { name: 'Next month' }).click();
    await expect(picker.locator(`button[data-date="${lateDate}"]`)).toHaveAccessibleName(/, Too far ahead to book online$/);
    await picker.getByRole('button', { name: 'Proceed to Checkout (2 days)' }).click();
    await expect(page.getByRole('dialog', { name: `Rent ${testOffice.name as string}` }).getByText('Daily', { exact: true })).toBeVisible();
  });

  test('the order summary refuses a unit with no price', async ({ page }) => {
    await patchOffices(page, withoutPrice('DSK-02'));
    await pressUnitButton(page, '/desks', 'Rent Now', 'Desk A2');
    const summary = page.getByRole('dialog', { name: 'Rent Desk A2' });
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(summary.getByRole('alert')).toHaveText('Unable to proceed - pricing information unavailable');
  });

  test('the conference dialog refuses a room with no price', async ({ page }) => {
    await patchOffices(page, withoutPrice('CONF-B'));
    await pressUnitButton(page, '/conference', 'Book Now', 'Meeting Room Mont-Royal');
    const dialog = page.getByRole('dialog', { name: 'Book Meeting Room Mont-Royal' });
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Unable to proceed - conference room price unavailable');
  });

  test('the mailbox dialog refuses a plan with no price', async ({ page }) => {
    await patchOffices(page, withoutPrice('MAILBOX-PREMIUM'));
    await pressUnitButton(page, '/mailbox', 'Subscribe', 'Mailbox Premium (Scan + Forward)');
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Mailbox Premium (Scan + Forward)' });
    await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Unable to proceed - mailbox service price unavailable');
  });
});

test.describe('checkout creation (call 1)', () => {
  test.use({ ...phone, serviceWorkers: 'block' });

  test('month to month: the exact call-1 body, Processing... while it runs, checkoutDetails saved, then the checkout URL', async ({ page, baseURL }) => {
    await patchOffices(page, (offices) => [testOffice, ...offices]);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let received: (body: unknown) => void = () => {};
    const sent = new Promise<unknown>((resolve) => (received = resolve));
    await page.route('**/public-api/stripe/create-checkout-session', async (route) => {
      received(route.request().postDataJSON());
      await held;
      await route.fulfill({ json: { success: true, checkoutUrl: `${baseURL}/checkout-success?session_id=test_cs_fromroute` } });
    });
    await page.route('**/public-api/orders/**', (route) => route.fulfill({ status: 404, json: { success: false, error: 'No order' } }));

    await pressUnitButton(page, '/offices', 'Rent Now', testOffice.name as string);
    await page.getByRole('dialog').getByRole('button', { name: 'Rent Month-to-Month' }).click();
    const summary = page.getByRole('dialog', { name: `Rent ${testOffice.name as string}` });
    // 1000 less the 20% offer: 800 a month.
    await expect(summary.getByText('Setup fee')).toBeVisible();
    await expect(summary.getByText('Key fee')).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(summary.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    const [y, m, d] = e2eToday.split('-').map(Number) as [number, number, number];
    const length = daysInMonth(y, m);
    const prorated = Math.round((80_000 * (length - d + 1)) / length) / 100;
    const total = Math.round((prorated + 800 + 800 + 50) * 100) / 100;
    // 'Processing...' shows before the request leaves: wait for the request itself.
    expect(await sent).toEqual({
      officeId: 'OFF-901',
      officeDetails: { office_id: 'OFF-901', name: 'Office 901 - Test Suite', service_type: 'dedicated_office', monthly_rate: 800 },
      pricing: {
        monthlyRate: 800,
        proratedFirstMonth: prorated,
        lastMonth: 800,
        keyFee: 50,
        setupFee: 800,
        totalDueToday: total,
        rentalType: 'monthly',
        dailyBookings: null,
        dailyRate: 100,
        totalDays: 0,
      },
      successUrl: `${baseURL}/checkout-success`,
      cancelUrl: `${baseURL}/#office-OFF-901`,
      locale: 'en',
    });
    release();
    await expect(page).toHaveURL(/\/checkout-success\?session_id=test_cs_fromroute$/);
    const details = page.getByRole('region', { name: 'Purchase details' });
    await expect(details.getByText('Month-to-month')).toBeVisible();
    await expect(details.getByText('$800.00').first()).toBeVisible();
    // The call-1 body is before tax (SPEC's totalDueToday); the page shows it as the subtotal, then the total with GST and QST.
    const cad = (dollars: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(dollars);
    await expect(details.getByText(cad(total))).toBeVisible();
    await expect(details.getByText('Subtotal', { exact: true })).toBeVisible();
    await expect(details.getByText(cad(withTaxes(total)))).toBeVisible();
    // The server does not know this order: no receipt is offered, and no error either.
    await expect(page.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveCount(0);
  });

  const failures: { name: string; answer: (route: Route) => Promise<void>; text: string }[] = [
    { name: 'success false with an error', answer: (r) => r.fulfill({ json: { success: false, error: 'Desk A2 was just rented by someone else' } }), text: 'Desk A2 was just rented by someone else' },
    { name: 'success without a checkout URL', answer: (r) => r.fulfill({ json: { success: true } }), text: 'Failed to create checkout session' },
    { name: 'success false without an error', answer: (r) => r.fulfill({ json: { success: false } }), text: 'Failed to create checkout session' },
    { name: 'a 409 with an error', answer: (r) => r.fulfill({ status: 409, json: { success: false, error: 'This desk is already booked' } }), text: 'This desk is already booked' },
    { name: 'a 500 that is not JSON', answer: (r) => r.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failed' }), text: 'An error occurred creating the checkout session' },
    { name: 'no connection', answer: (r) => r.abort('internetdisconnected'), text: 'An error occurred creating the checkout session' },
  ];
  for (const f of failures) {
    test(`${f.name}: '${f.text}' in the dialog, and the button is usable again`, async ({ page }) => {
      await page.route('**/public-api/stripe/create-checkout-session', f.answer);
      await pressUnitButton(page, '/desks', 'Rent Now', 'Desk A2');
      const summary = page.getByRole('dialog', { name: 'Rent Desk A2' });
      await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expect(summary.getByRole('alert')).toHaveText(f.text);
      await expect(summary.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
      expect(await page.evaluate(() => localStorage.getItem('checkoutDetails'))).toBeNull();
    });
  }
});

test.describe('conference availability (call 2)', () => {
  test.use({ ...phone, serviceWorkers: 'block' });

  test('a failed check says so and Try again reloads; each month shown is asked for', async ({ page }) => {
    const asked: string[] = [];
    let fail = true;
    await page.route('**/public-api/calendar/availability?*', async (route) => {
      const url = new URL(route.request().url());
      asked.push(`${url.searchParams.get('officeId')} ${url.searchParams.get('startDate')} ${url.searchParams.get('endDate')}`);
      if (fail) await route.fulfill({ status: 500, json: { success: false, error: 'down' } });
      else await route.fulfill({ json: { success: true, bookedDates: [] } });
    });
    await pressUnitButton(page, '/conference', 'Book Now', 'Meeting Room Mont-Royal');
    const dialog = page.getByRole('dialog', { name: 'Book Meeting Room Mont-Royal' });
    await expect(dialog.getByRole('alert')).toContainText('Unable to check availability. Please try again.');
    fail = false;
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    const month = monthOf(e2eToday);
    const first = `${month}-01`;
    const last = datesOfMonth(month).at(-1);
    // The alert goes as soon as the retry starts, which may be before its request is seen here.
    await expect.poll(() => asked).toEqual([`CONF-B ${first} ${last}`, `CONF-B ${first} ${last}`]);
    await dialog.getByRole('button', { name: 'Next month' }).click();
    const next = shiftMonth(month, 1);
    await expect.poll(() => asked.at(-1)).toBe(`CONF-B ${next}-01 ${datesOfMonth(next).at(-1)}`);
  });

  test('a month with every date booked: the hint on each, no date chosen, Pay asks for one', async ({ page }) => {
    await page.route('**/public-api/calendar/availability?*', async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ json: { success: true, bookedDates: datesOfMonth(monthOf(url.searchParams.get('startDate') ?? '')) } });
    });
    await pressUnitButton(page, '/conference', 'Book Now', 'Meeting Room Mont-Royal');
    const dialog = page.getByRole('dialog', { name: 'Book Meeting Room Mont-Royal' });
    await expect(dialog.getByText('No available dates this month. Please try another month.')).toBeVisible();
    await expect(bookableDays(dialog)).toHaveCount(0);
    await expect(dialog.getByRole('grid').getByRole('button', { name: /, selected$/ })).toHaveCount(0);
    // $220.00 + GST $11.00 + QST $21.95.
    await dialog.getByRole('button', { name: 'Pay $252.95 CAD' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a date');
  });
});

test.describe('day pass price (call 3 when the dialog opens)', () => {
  test.use({ ...phone, serviceWorkers: 'block' });

  const cases: { name: string; answer: (route: Route) => Promise<void>; reason: string }[] = [
    { name: 'a 503', answer: (r) => r.fulfill({ status: 503, json: { success: false } }), reason: 'HTTP 503' },
    {
      name: 'no day pass in the list',
      answer: async (r) => {
        const res = await r.fetch();
        const body = (await res.json()) as { data: { offices: ListedOffice[] } };
        body.data.offices = body.data.offices.filter((o) => o.service_type !== 'day_pass');
        await r.fulfill({ response: res, json: body });
      },
      reason: 'Day pass service not found in API response',
    },
    {
      name: 'a day pass without a price',
      answer: async (r) => {
        const res = await r.fetch();
        const body = (await res.json()) as { data: { offices: ListedOffice[] } };
        body.data.offices = withoutPrice('DAYPASS')(body.data.offices);
        await r.fulfill({ response: res, json: body });
      },
      reason: 'Day pass price not available in API response',
    },
  ];
  for (const c of cases) {
    test(`${c.name}: 'Unable to load day pass pricing: ${c.reason}', and paying is refused`, async ({ page }) => {
      let opened = false;
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/public-api/offices/available', async (route) => {
        if (!opened) return route.continue();
        await held;
        return c.answer(route);
      });
      await page.goto('/day-pass');
      const buy = page.getByRole('button', { name: 'Buy Pass: Day Pass - Hot Desk Access' });
      await expect(buy).toBeVisible();
      opened = true;
      await buy.click();
      const dialog = page.getByRole('dialog', { name: 'Buy a Day Pass' });
      // The pay button waits for the price.
      await expect(dialog.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
      await expect(dialog.getByText('Loading the day pass price...')).toBeVisible();
      release();
      await expect(dialog.getByRole('alert')).toHaveText(`Unable to load day pass pricing: ${c.reason}`);
      await bookableDays(dialog).first().click();
      await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(dialog.getByRole('alert').last()).toHaveText('Unable to proceed - day pass price could not be loaded');
    });
  }
});

test.describe('en français', () => {
  test.use({ ...phone, serviceWorkers: 'block', locale: 'fr-CA' });

  test('a mailbox in French, through the French test checkout to the French success page', changesSharedData, async ({ page }) => {
    await pressUnitButton(page, '/mailbox', 'S’abonner', 'Mailbox + Mail Forwarding');
    const dialog = page.getByRole('dialog', { name: 'S’abonner : Mailbox + Mail Forwarding' });
    await expect(dialog.getByRole('heading', { name: 'Renseignements importants' })).toBeVisible();
    await expect(dialog.getByText('Courrier réacheminé à l’adresse de votre choix (affranchissement en sus)')).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    // 69,00 $ + TPS 3,45 $ + TVQ 6,88 $.
    await expect(dialog.getByText(/^TPS \(5\s%\), no\s723456789 RT0001$/)).toBeVisible();
    await expect(dialog.getByText(/^TVQ \(9,975\s%\), no\s1223456789 TQ0001$/)).toBeVisible();
    await dialog.getByRole('button', { name: exactly('S’abonner pour 79,33 $/mois') }).click();
    await expect(page.getByRole('heading', { name: 'Paiement de test', level: 1 })).toBeVisible();
    await payOnTestCheckout(page, '79,33 $', 'fr');
    await expect(page.getByRole('heading', { name: 'Paiement réussi!' })).toBeVisible();
    await expect(page.getByText('Location de Mailbox + Mail Forwarding réussie! Consultez vos courriels pour la confirmation.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Détails de l’achat' }).getByText('Sous-total')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Télécharger votre reçu (PDF)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voir plus d’espaces' })).toBeVisible();
  });

  test('the conference calendar in French names its days and reasons in French', async ({ page }) => {
    await page.route('**/public-api/calendar/availability?*', (route) => route.fulfill({ json: { success: true, bookedDates: [] } }));
    await pressUnitButton(page, '/conference', 'Réserver', 'Meeting Room Mont-Royal');
    const dialog = page.getByRole('dialog', { name: 'Réserver Meeting Room Mont-Royal' });
    await expect(dialog.getByRole('grid').getByRole('button', { name: /^samedi .*, Fins de semaine non disponibles$/ }).first()).toBeAttached();
    await expect(dialog.getByText('Café libre-service gratuit avant 11 h.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: exactly('Payer 252,95 $ CAD') })).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
  });
});

test.describe('on a tablet-sized screen', () => {
  test.use({ serviceWorkers: 'block' });

  test('the conference dialog shows calendar and summary side by side and passes axe', async ({ page }) => {
    await page.route('**/public-api/calendar/availability?*', (route) => route.fulfill({ json: { success: true, bookedDates: [] } }));
    await page.goto('/conference');
    await page.getByRole('button', { name: 'Book Now: Meeting Room Mont-Royal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Meeting Room Mont-Royal' });
    await expect(dialog.getByRole('heading', { name: 'Booking summary' })).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
  });
});

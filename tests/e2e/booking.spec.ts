import { readFileSync } from 'node:fs';
import { daysInMonth } from '../../src/shared/domain/time.ts';
import { confettiBursts, confettiDurationMs } from '../../src/web/features/checkout-success/confetti.ts';
import { bookableDays, exactly, expectTestCheckout, payOnTestCheckout, pressUnitButton, withTaxes } from './booking-support.ts';
import { changesSharedData, e2eDaysFromToday, e2eNow, e2eToday, e2eTodayAt, expect, expectNoAxeViolations, newContextAtNow, phone, test } from './support.ts';

/** Dollars as en-CA shows them: '$1,234.50'. */
function cad(dollars: number): string {
  return new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(dollars);
}

/** The first month prorated by the days left in it, today included, worked out here on its own. */
function proratedFirstMonth(monthly: number): number {
  const [y, mo, d] = e2eToday.split('-').map(Number) as [number, number, number];
  const length = daysInMonth(y, mo);
  return Math.round((monthly * 100 * (length - d + 1)) / length) / 100;
}

// Each journey rents or books units of its own: they share one server and run side by side.
test.describe('renting and booking through the test checkout, on a phone', changesSharedData, () => {
  test.use({ ...phone, serviceWorkers: 'block' });

  test('an office by the day: chooser, date picker, order summary, test checkout, success page and back', async ({ page }) => {
    await pressUnitButton(page, '/offices', 'Rent Now', 'Office 101 - Window');
    const chooser = page.getByRole('dialog', { name: 'Choose how to rent Office 101 - Window' });
    await expect(chooser.getByRole('heading', { name: 'DAILY' })).toBeVisible();
    await expect(chooser.getByRole('heading', { name: 'MONTH-TO-MONTH' })).toBeVisible();
    await expect(chooser.getByRole('heading', { name: '12-MONTH LEASE' })).toBeVisible();
    await expect(chooser.getByText('BEST VALUE')).toBeVisible();
    // 1200 less the 20% offer is 960; the lease takes 5% off that: a saving of $48.00 a month.
    await expect(chooser.getByText('Save $48.00 per month')).toBeVisible();
    await expect(chooser.getByRole('link', { name: /Book a Visit First/ })).toHaveAttribute('target', '_blank');
    await expect(chooser.getByRole('link', { name: 'hello@espacecowork.ca' })).toHaveAttribute('href', 'mailto:hello@espacecowork.ca');
    await expect(chooser.getByRole('link', { name: '(514) 555-0142' })).toHaveAttribute('href', 'tel:+1514-555-0142');
    await expect(chooser.getByText('You may bring up to 3 accompanied visitors.')).toBeVisible();
    // The options' prices are list prices, before tax.
    await expect(chooser.getByText('Prices plus taxes.')).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');

    await chooser.getByRole('button', { name: 'Choose Days' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Your Dates' });
    await expect(picker.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await expect(picker.getByRole('button', { name: 'Proceed to Checkout (0 days)' })).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    // Back returns to the chooser, and the chooser leads back to the picker.
    await picker.getByRole('button', { name: 'Back' }).click();
    await chooser.getByRole('button', { name: 'Choose Days' }).click();

    const days = bookableDays(picker);
    const firstDay = (await days.nth(0).getAttribute('data-date')) ?? '';
    const secondDay = (await days.nth(1).getAttribute('data-date')) ?? '';
    await days.nth(0).click();
    await days.nth(1).click();
    await days.nth(2).click();
    // Pressing a chosen day again removes it.
    await days.nth(2).click();
    await expect(picker.getByText('2 days selected')).toBeVisible();
    // A day is a tenth of the base monthly rate: $120.00; the running total is before tax.
    await expect(picker.getByText('Total before tax: $240.00')).toBeVisible();
    await picker.getByRole('button', { name: 'Proceed to Checkout (2 days)' }).click();

    const summary = page.getByRole('dialog', { name: 'Rent Office 101 - Window' });
    await expect(summary.getByText('Daily', { exact: true })).toBeVisible();
    // $240.00 + GST $12.00 + QST $23.94.
    await expect(summary.getByRole('definition').filter({ hasText: '$240.00' })).toBeVisible();
    await expect(summary.getByText('GST (5%), no. 723456789 RT0001')).toBeVisible();
    await expect(summary.getByText('QST (9.975%), no. 1223456789 TQ0001')).toBeVisible();
    await expect(summary.getByRole('definition').last()).toHaveText('$275.94');
    await expect(summary.getByText('Month-to-month cancellation needs 30 days’ notice; billing is on the 1st of each month.')).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();

    await expectTestCheckout(page, '$275.94');
    await payOnTestCheckout(page, '$275.94');
    await expect(page).toHaveURL(/\/checkout-success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
    await expect(page.getByText('Successfully rented Office 101 - Window! Check your email for confirmation.')).toBeVisible();
    const details = page.getByRole('region', { name: 'Purchase details' });
    await expect(details.getByText('Daily', { exact: true })).toBeVisible();
    await expect(details.getByText('$240.00')).toBeVisible();
    await expect(details.getByText('GST (5%), no. 723456789 RT0001')).toBeVisible();
    await expect(details.getByText('$275.94')).toBeVisible();
    await expect(details.getByRole('link', { name: 'Download your receipt (PDF)' })).toBeVisible();
    // Read once: the details are gone from this device.
    expect(await page.evaluate(() => localStorage.getItem('checkoutDetails'))).toBeNull();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'View More Spaces' }).click();
    await expect(page).toHaveURL(/\/conference$/);

    // The two days are now the office's: the picker shows them as booked.
    await pressUnitButton(page, '/offices', 'Rent Now', 'Office 101 - Window');
    await page.getByRole('dialog').getByRole('button', { name: 'Choose Days' }).click();
    for (const date of [firstDay, secondDay]) {
      await expect(page.getByRole('dialog', { name: 'Select Your Dates' }).locator(`button[data-date="${date}"]`)).toHaveAccessibleName(/, This date is already booked$/);
    }
  });

  test('an office on a 12-month lease: no key fee and no setup fee', async ({ page }) => {
    await pressUnitButton(page, '/offices', 'Rent Now', 'Office 102 - Courtyard');
    const chooser = page.getByRole('dialog', { name: 'Choose how to rent Office 102 - Courtyard' });
    await chooser.getByRole('button', { name: 'Sign a Lease Now' }).click();
    const summary = page.getByRole('dialog', { name: 'Rent Office 102 - Courtyard' });
    await expect(summary.getByText('12-month lease', { exact: true })).toBeVisible();
    await expect(summary.getByText('Key fee')).toHaveCount(0);
    await expect(summary.getByText('Setup fee')).toHaveCount(0);
    // 2100 less 20% is 1680, less 5% for the lease: 1596 a month; prorated first month + last month, then GST and QST.
    const total = cad(withTaxes(proratedFirstMonth(1596) + 1596));
    await expect(summary.getByRole('definition').last()).toHaveText(total);
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expectTestCheckout(page, total);
    await payOnTestCheckout(page, total);
    await expect(page.getByText('Successfully rented Office 102 - Courtyard! Check your email for confirmation.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Purchase details' }).getByText('12-month lease')).toBeVisible();
  });

  test('a desk goes straight to the order summary, then the success page shows codes, Wi-Fi and contacts', async ({ page }) => {
    await pressUnitButton(page, '/desks', 'Rent Now', 'Desk A1');
    const summary = page.getByRole('dialog', { name: 'Rent Desk A1' });
    await expect(summary.getByText('Minimum term of 3 months.')).toBeVisible();
    await expect(summary.getByText('Meeting rooms: 2 free hours per month, booked 48 hours in advance.')).toBeVisible();
    const subtotal = proratedFirstMonth(450) + 450 + 50;
    const total = cad(withTaxes(subtotal));
    await expect(summary.getByText('Subtotal', { exact: true })).toBeVisible();
    await expect(summary.getByRole('definition').last()).toHaveText(total);
    await expectNoAxeViolations(page, 'dialog');
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expectTestCheckout(page, total);
    await payOnTestCheckout(page, total);

    await expect(page.getByText('Successfully rented Desk A1! Check your email for confirmation.')).toBeVisible();
    const access = page.getByRole('region', { name: 'Access codes' });
    await expect(access.getByText('4827#')).toBeVisible();
    await expect(access.getByText('Cowork-Members')).toBeVisible();
    await expect(access.getByText('welcome-2026')).toBeVisible();
    await expect(access.getByRole('link', { name: 'operations@espacecowork.ca' })).toBeVisible();
    const guide = access.getByRole('link', { name: /Read the welcome guide/ });
    await expect(guide).toHaveAttribute('href', '/welcome.html');
    await expect(guide).toHaveAttribute('target', '_blank');
    await expect(page.getByText('Our team will contact you within 24 hours to welcome you and answer your questions.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+1514-555-0142');
    await expect(page.getByRole('link', { name: /E-mail us/ })).toHaveAttribute('href', 'mailto:hello@espacecowork.ca');
    await expect(page.getByRole('link', { name: 'Visit Main Site' })).toHaveAttribute('href', 'https://espacecowork.ca');

    const [guidePage] = await Promise.all([page.context().waitForEvent('page'), guide.click()]);
    await expect(guidePage.getByRole('heading', { name: 'Welcome guide', level: 1 })).toBeVisible();
    await expect(guidePage.getByRole('heading', { name: 'Guide de bienvenue', level: 1 })).toBeVisible();
  });

  test('a conference room: first free date chosen, paid, then shown as booked; the .ics has the day 7 AM to 7 PM', async ({ page }) => {
    await pressUnitButton(page, '/conference', 'Book Now', 'Conference Room Saint-Laurent');
    const dialog = page.getByRole('dialog', { name: 'Book Conference Room Saint-Laurent' });
    await expect(dialog.getByText('Free self-serve coffee before 11 am.')).toBeVisible();
    const chosen = dialog.getByRole('grid').getByRole('button', { name: /, selected$/ });
    await expect(chosen).toHaveCount(1);
    const chosenLabel = (await chosen.getAttribute('aria-label')) ?? '';
    const chosenDate = (await chosen.getAttribute('data-date')) ?? '';
    await expect(dialog.getByRole('grid').getByRole('button', { name: /Weekends not available/ }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    // $350.00 + GST $17.50 + QST $34.91.
    await expect(dialog.getByText('QST (9.975%), no. 1223456789 TQ0001')).toBeVisible();
    await dialog.getByRole('button', { name: 'Pay $402.41 CAD' }).click();

    await expectTestCheckout(page, '$402.41');
    await payOnTestCheckout(page, '$402.41');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Your conference room is reserved for the full day, 7 AM-7 PM.')).toBeVisible();
    await expect(page.getByText(/^Successfully rented/)).toHaveCount(0);
    // The order has come from the server (its receipt offered): the file's UIDs carry its receipt number.
    await expect(page.getByRole('link', { name: 'Download your receipt (PDF)' })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
    expect(download.suggestedFilename()).toBe(`conference-room-${chosenDate}.ics`);
    const ics = readFileSync((await download.path()) ?? '', 'utf8');
    const ymd = chosenDate.replaceAll('-', '');
    // 7 AM and 7 PM in Montréal are 11:00/23:00 UTC in summer time, 12:00/00:00 in winter.
    expect(ics).toMatch(new RegExp(`DTSTART:${ymd}T1[12]0000Z`));
    expect(ics).toMatch(/DTEND:\d{8}T(23|00)0000Z/);
    expect(ics).toContain('SUMMARY:Conference Room Saint-Laurent: conference room booking');
    expect(ics).toMatch(new RegExp(`\r\nUID:\\d{4}-\\d{6}-${chosenDate}@espacecowork\\.ca\r\n`));

    await page.getByRole('link', { name: 'View More Spaces' }).click();
    await page.getByRole('button', { name: 'Book Now: Conference Room Saint-Laurent' }).click();
    const again = page.getByRole('dialog', { name: 'Book Conference Room Saint-Laurent' });
    const booked = again.getByRole('grid').locator(`button[data-date="${chosenDate}"]`);
    await expect(booked).toHaveAttribute('aria-label', `${chosenLabel.replace(/, selected$/, '')}, This date is already booked`);
    await expect(booked).toHaveAttribute('aria-disabled', 'true');
    // A day that cannot be chosen still takes focus, and pressing it says why.
    await booked.focus();
    await page.keyboard.press('Enter');
    await expect(again.getByRole('status').filter({ hasText: 'This date is already booked' })).toBeVisible();
    await expect(again.getByRole('grid').getByRole('button', { name: /, selected$/ })).not.toHaveAttribute('data-date', chosenDate);
  });

  test('a day pass: price loaded on open, weekday chosen; the success page reads the order from the server when this browser kept nothing', async ({ page }) => {
    await pressUnitButton(page, '/day-pass', 'Buy Pass', 'Day Pass - Hot Desk Access');
    const dialog = page.getByRole('dialog', { name: 'Buy a Day Pass' });
    // $35.00 + GST $1.75 + QST $3.49.
    const pay = dialog.getByRole('button', { name: 'Pay $40.24 CAD' });
    await expect(pay).toBeEnabled();
    await expectNoAxeViolations(page, 'dialog');
    await pay.click();
    await expect(dialog.getByText('Please select a date')).toBeVisible();
    const day = bookableDays(dialog).first();
    const date = (await day.getAttribute('data-date')) ?? '';
    await day.click();
    await pay.click();

    await expectTestCheckout(page, '$40.24');
    // As when a home-screen app comes back in another browser.
    await page.evaluate(() => localStorage.removeItem('checkoutDetails'));
    await payOnTestCheckout(page, '$40.24');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Purchase details' });
    await expect(details.getByText('Day Pass - Hot Desk Access')).toBeVisible();
    const longDate = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    await expect(details.getByText(longDate)).toBeVisible();
    await expect(page.getByText('Your day pass gives you hot desk access 8 AM-6 PM on weekdays.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
    // The server's order carries the taxes, and says it is paid: the receipt is offered.
    await expect(details.getByText('QST (9.975%), no. 1223456789 TQ0001')).toBeVisible();
    await expect(details.getByText('$40.24')).toBeVisible();
    await expect(details.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveAttribute('href', /^\/public-api\/orders\/[A-Za-z0-9_]+\/receipt\.pdf$/);
  });

  test('a mailbox: features, important information, Subscribe for $67.84/mo (the $59.00 month, taxes included)', async ({ page }) => {
    await pressUnitButton(page, '/mailbox', 'Subscribe', 'Mailbox + Mail Scanning');
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Mailbox + Mail Scanning' });
    await expect(dialog.getByText('Envelopes opened and scanned on request')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Important information' })).toBeVisible();
    await expect(dialog.getByText('Meeting rooms: 4 free hours per month, booked 24 hours in advance.')).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    // $59.00 + GST $2.95 + QST $5.89.
    await expect(dialog.getByText('GST (5%), no. 723456789 RT0001')).toBeVisible();
    await dialog.getByRole('button', { name: 'Subscribe for $67.84/mo' }).click();
    await expectTestCheckout(page, '$67.84');
    await payOnTestCheckout(page, '$67.84');
    await expect(page.getByText('Successfully rented Mailbox + Mail Scanning! Check your email for confirmation.')).toBeVisible();
  });

  test('a parking spot goes straight to checkout and the rental is paid', async ({ page }) => {
    await pressUnitButton(page, '/parking', 'Rent Spot', 'Parking Spot P1');
    const summary = page.getByRole('dialog', { name: 'Rent Parking Spot P1' });
    await expect(summary.getByText('12-month term.')).toBeVisible();
    await expect(summary.getByText('Meeting rooms are not included.')).toBeVisible();
    const total = cad(withTaxes(proratedFirstMonth(150) + 150 + 50));
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expectTestCheckout(page, total);
    await payOnTestCheckout(page, total);
    await expect(page.getByText('Successfully rented Parking Spot P1! Check your email for confirmation.')).toBeVisible();
  });
});

// A checkout holds its unit or date until it is cancelled: on the server of the tests that take them.
test.describe('cancelling on the checkout page comes back to the unit', changesSharedData, () => {
  test.use({ ...phone, serviceWorkers: 'block' });

  test('a hot desk: the Hot Desks category, scrolled to the row and highlighted', async ({ page }) => {
    await pressUnitButton(page, '/hot-desks', 'Rent Now', 'Hot Desk Membership - Lounge');
    await page.getByRole('dialog', { name: 'Rent Hot Desk Membership - Lounge' }).getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/hot-desks#office-HOT-01$/);
    await expect(page.locator('#office-HOT-01')).toBeInViewport();
    await expect(page.locator('tbody.unit--highlighted')).toContainText('Hot Desk Membership - Lounge');
  });

  for (const c of [
    { path: '/conference', button: 'Book Now', name: 'Meeting Room Mont-Royal', dialog: 'Book Meeting Room Mont-Royal', pay: exactly('Pay $252.95 CAD'), anchor: 'conference', category: 'conference' },
    { path: '/mailbox', button: 'Subscribe', name: 'Mailbox Basic', dialog: 'Subscribe to Mailbox Basic', pay: exactly('Subscribe for $44.84/mo'), anchor: 'mailbox', category: 'mailbox' },
    { path: '/day-pass', button: 'Buy Pass', name: 'Day Pass - Hot Desk Access', dialog: 'Buy a Day Pass', pay: exactly('Pay $40.24 CAD'), anchor: 'daypass', category: 'day-pass' },
  ]) {
    test(`${c.name}: back on #${c.anchor}, the ${c.category} cards highlighted`, async ({ page }) => {
      await pressUnitButton(page, c.path, c.button, c.name);
      const dialog = page.getByRole('dialog', { name: c.dialog });
      if (c.anchor === 'daypass') await bookableDays(dialog).last().click();
      await dialog.getByRole('button', { name: c.pay }).click();
      await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(new RegExp(`/${c.category}#${c.anchor}$`));
      await expect(page.locator(`#${c.anchor}`)).toHaveClass(/cards--highlighted/);
    });
  }
});

test.describe('the success page', () => {
  test('shows confetti, and none when the visitor asks for less motion', async ({ browser }) => {
    const moving = await (await newContextAtNow(browser)).newPage();
    await moving.goto('/checkout-success');
    await expect(moving.locator('canvas.confetti-canvas')).toHaveCount(1);
    await expect(moving.getByText('Your payment went through. The details of your purchase are in the confirmation e-mail.')).toBeVisible();
    await moving.context().close();

    const calm = await (await newContextAtNow(browser, { reducedMotion: 'reduce' })).newPage();
    await calm.goto('/checkout-success');
    await expect(calm.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(calm.locator('canvas.confetti-canvas')).toHaveCount(0);
    await calm.context().close();
  });

  test('the confetti is drawn by a worker, off the main thread of the page', async ({ browser }) => {
    // The page's time goes on only as the test lets it, so the show (5 seconds of the page's
    // time) cannot end while a slow machine loads the page or takes its screenshots; the worker
    // draws on its own clock.
    const context = await newContextAtNow(browser);
    await context.clock.pauseAt(new Date(e2eNow).getTime() + 1000);
    const page = await context.newPage();
    const worker = page.waitForEvent('worker');
    await page.goto('/checkout-success');
    const canvas = page.locator('canvas.confetti-canvas');
    const step = 100;
    await expect
      .poll(async () => {
        await page.clock.runFor(step);
        return canvas.count();
      }, { intervals: [50] })
      .toBe(1);
    expect((await worker).url()).toMatch(/\/assets\/confetti-worker-[\w-]+\.js$/);
    // The show began at most one step ago. Each look lets the page's time go on to the next burst
    // (never to the show's end): the page's canvas shows what the worker draws, so with it hidden
    // the page looks otherwise, while two looks with it hidden are the same (nothing else moves).
    const burstEvery = confettiDurationMs / confettiBursts;
    let shownFor = step;
    await expect
      .poll(async () => {
        if (shownFor + burstEvery < confettiDurationMs) {
          await page.clock.runFor(burstEvery);
          shownFor += burstEvery;
        }
        const shown = await page.screenshot();
        await canvas.evaluate((c) => (c.style.visibility = 'hidden'));
        const hidden = await page.screenshot();
        const hiddenAgain = await page.screenshot();
        await canvas.evaluate((c) => (c.style.visibility = ''));
        return !hidden.equals(hiddenAgain) ? 'the page moves' : shown.equals(hidden) ? 'no confetti seen' : 'confetti drawn';
      })
      .toBe('confetti drawn');
    await context.close();
  });
});

test.describe('a day pass for today is sold only before noon at the space', () => {
  test.use({ ...phone, serviceWorkers: 'block' });

  test('in the morning, today is the first day offered', async ({ page }) => {
    await pressUnitButton(page, '/day-pass', 'Buy Pass', 'Day Pass - Hot Desk Access');
    const dialog = page.getByRole('dialog', { name: 'Buy a Day Pass' });
    await expect(bookableDays(dialog).first()).toHaveAttribute('data-date', e2eToday);
  });

  test.describe('from noon', () => {
    test.use({ now: e2eTodayAt(12) });

    test('today says why it cannot be chosen, and tomorrow is the first day offered', async ({ page }) => {
      await pressUnitButton(page, '/day-pass', 'Buy Pass', 'Day Pass - Hot Desk Access');
      const dialog = page.getByRole('dialog', { name: 'Buy a Day Pass' });
      await expect(dialog.locator(`button[data-date="${e2eToday}"]`)).toHaveAccessibleName(/, Same-day passes are sold only before noon$/);
      await expect(bookableDays(dialog).first()).toHaveAttribute('data-date', e2eDaysFromToday(1));
    });
  });
});

import { expect, expectNoAxeViolations, newContextAtNow, phone, test } from './support.ts';

/** As the dialog saves them: $350.00 + GST $17.50 + QST $34.91 = $402.41 charged. */
const conferenceDetails = {
  officeName: 'Conference Room Saint-Laurent',
  serviceType: 'conference_room',
  rentalType: 'daily',
  monthlyRate: 0,
  dailyRate: 350,
  setupFee: 0,
  keyFee: 0,
  lastMonth: 0,
  proratedFirstMonth: 0,
  totalAmount: 402.41,
  totalDays: 1,
  bookingDate: '2026-12-01',
  subtotal: 350,
  gst: 17.5,
  qst: 34.91,
};

test.describe('the payment success page', () => {
  test.use({ ...phone, serviceWorkers: 'block' });

  test('reads checkoutDetails once: a reload no longer shows the purchase', async ({ page }) => {
    await page.goto('/checkout-success');
    // Once this visit has read (and removed) what it found, as the checkout page would leave it.
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await page.evaluate((details) => localStorage.setItem('checkoutDetails', JSON.stringify(details)), conferenceDetails);
    await page.reload();
    const details = page.getByRole('region', { name: 'Purchase details' });
    await expect(details.getByText('Conference Room Saint-Laurent')).toBeVisible();
    // A calendar date, shown as that date whatever the device's zone.
    await expect(details.getByText('December 1, 2026')).toBeVisible();
    await expect(details.getByText('$350.00')).toBeVisible();
    await expect(details.getByText('GST (5%), no. 723456789 RT0001')).toBeVisible();
    await expect(details.getByText('$17.50')).toBeVisible();
    await expect(details.getByText('QST (9.975%), no. 1223456789 TQ0001')).toBeVisible();
    await expect(details.getByText('$34.91')).toBeVisible();
    await expect(details.getByText('$402.41')).toBeVisible();
    // No session, so no order the page could know is paid: no receipt.
    await expect(page.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveCount(0);
    await expect(page.getByText('Your conference room is reserved for the full day, 7 AM-7 PM.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Purchase details' })).toHaveCount(0);
    await expect(page.getByText('Your payment went through. The details of your purchase are in the confirmation e-mail.')).toBeVisible();
  });

  test('an order still being confirmed is asked for again until it is paid', async ({ page }) => {
    let calls = 0;
    await page.route('**/public-api/orders/test_cs_pending01', async (route) => {
      calls += 1;
      const status = calls < 2 ? 'pending' : 'paid';
      await route.fulfill({ json: { success: true, status, checkoutDetails: conferenceDetails, bookingDates: ['2026-12-01'] } });
    });
    await page.goto('/checkout-success?session_id=test_cs_pending01');
    await expect(page.getByText('Confirming your payment...')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Purchase details' }).getByText('Conference Room Saint-Laurent')).toBeVisible();
    expect(calls).toBeGreaterThanOrEqual(2);
    // Paid now: its receipt is offered.
    await expect(page.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveAttribute('href', '/public-api/orders/test_cs_pending01/receipt.pdf');
  });

  test('a cancelled order says the payment was not completed, without confetti', async ({ page }) => {
    await page.route('**/public-api/orders/test_cs_cancelled', (route) =>
      route.fulfill({ json: { success: true, status: 'cancelled', checkoutDetails: conferenceDetails, bookingDates: ['2026-12-01'] } }),
    );
    await page.goto('/checkout-success?session_id=test_cs_cancelled');
    await expect(page.getByRole('heading', { name: 'Payment not completed', level: 1 })).toBeVisible();
    await expect(page.getByText('This payment was not completed, so nothing was charged. You can try again from the listings.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Access codes' })).toHaveCount(0);
    await expect(page.locator('canvas.confetti-canvas')).toHaveCount(0);
    await expect(page).toHaveTitle('Payment not completed - Espace Cowork Montréal');
    await expect(page.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveCount(0);
  });

  test('a payment that came after the date was sold says it was refunded, even where the details were saved, in English and French', async ({ browser }) => {
    for (const [locale, heading, text] of [
      ['en-CA', 'Payment refunded', 'Your payment arrived after this booking had gone to someone else, so nothing was booked and the full amount has been refunded to your card.'],
      ['fr-CA', 'Paiement remboursé', 'Votre paiement est arrivé après que cette réservation a été attribuée à quelqu’un d’autre : rien n’a été réservé et le montant complet a été remboursé sur votre carte.'],
    ] as const) {
      const context = await newContextAtNow(browser, { ...phone, locale, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.route('**/public-api/orders/test_cs_refunded1', (route) =>
        route.fulfill({ json: { success: true, status: 'refunded', refundReason: 'paid_after_taken', checkoutDetails: conferenceDetails, bookingDates: ['2026-12-01'] } }),
      );
      // The checkout page saved its details before the redirect, as it always does.
      await page.goto('/');
      await page.evaluate((details) => localStorage.setItem('checkoutDetails', JSON.stringify(details)), conferenceDetails);
      await page.goto('/checkout-success?session_id=test_cs_refunded1');
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole('region', { name: locale === 'en-CA' ? 'Access codes' : 'Codes d’accès' })).toHaveCount(0);
      await expect(page.locator('canvas.confetti-canvas')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await context.close();
    }
  });

  test('in French, with the codes, Wi-Fi and links, and no axe violation', async ({ browser }) => {
    const context = await newContextAtNow(browser, { ...phone, locale: 'fr-CA', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/checkout-success');
    await expect(page.getByRole('heading', { name: 'Paiement réussi!' })).toBeVisible();
    const access = page.getByRole('region', { name: 'Codes d’accès' });
    await expect(access.getByText('Entrée principale')).toBeVisible();
    await expect(access.getByRole('link', { name: /Lire le guide de bienvenue/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Visiter le site principal' })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
});

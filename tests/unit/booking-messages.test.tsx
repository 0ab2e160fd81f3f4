import { describe, expect, it } from 'vitest';
import type { DayStatus } from '../../src/shared/domain/booking-windows.ts';
import { dayReason } from '../../src/web/features/booking/day-reasons.ts';
import { bookingCatalogue } from '../../src/web/features/booking/catalogue.ts';
import { checkoutSuccessCatalogue } from '../../src/web/features/checkout-success/catalogue.ts';

const en = bookingCatalogue.en;

describe('the booking dialogs speak SPEC.md to the letter', () => {
  it.each([
    [en.selectYourDates, 'Select Your Dates'],
    [en.back, 'Back'],
    [en.proceedToCheckout(3), 'Proceed to Checkout (3 days)'],
    [en.selectAtLeastOneDate, 'Please select at least one date'],
    [en.rentTitle('Office 101'), 'Rent Office 101'],
    [en.cancel, 'Cancel'],
    [en.proceedToPayment, 'Proceed to Payment'],
    [en.processing, 'Processing...'],
    [en.daily, 'DAILY'],
    [en.monthToMonth, 'MONTH-TO-MONTH'],
    [en.lease12, '12-MONTH LEASE'],
    [en.bestValue, 'BEST VALUE'],
    [en.bookVisitFirst, 'Book a Visit First'],
    [en.signLeaseNow, 'Sign a Lease Now'],
    [en.pay('$350.00'), 'Pay $350.00 CAD'],
    [en.subscribeFor('$39.00'), 'Subscribe for $39.00/mo'],
    [en.dateBooked, 'This date is already booked'],
    [en.weekendsNotAvailable, 'Weekends not available'],
    [en.pleaseSelectDate, 'Please select a date'],
    [en.pricingUnavailable, 'Unable to proceed - pricing information unavailable'],
    [en.dailyPricingUnavailable, 'Unable to proceed - daily pricing unavailable'],
    [en.monthlyPricingUnavailable, 'Unable to proceed - monthly pricing unavailable'],
    [en.leasePricingUnavailable, 'Unable to proceed - lease pricing unavailable'],
    [en.conferencePriceUnavailable, 'Unable to proceed - conference room price unavailable'],
    [en.dayPassPriceUnavailable, 'Unable to proceed - day pass price could not be loaded'],
    [en.mailboxPriceUnavailable, 'Unable to proceed - mailbox service price unavailable'],
    [en.checkoutFailed, 'Failed to create checkout session'],
    [en.checkoutError, 'An error occurred creating the checkout session'],
    [en.availabilityFailed, 'Unable to check availability. Please try again.'],
    [en.noDatesThisMonth, 'No available dates this month. Please try another month.'],
    [en.dayPassPriceFailed(en.dayPassNotFound), 'Unable to load day pass pricing: Day pass service not found in API response'],
    [en.dayPassPriceFailed(en.dayPassPriceMissing), 'Unable to load day pass pricing: Day pass price not available in API response'],
    [en.noticeAndBilling(30, 1), 'Month-to-month cancellation needs 30 days’ notice; billing is on the 1st of each month.'],
    [checkoutSuccessCatalogue.en.rented('Desk A1'), 'Successfully rented Desk A1! Check your email for confirmation.'],
    [checkoutSuccessCatalogue.en.viewMoreSpaces, 'View More Spaces'],
    [checkoutSuccessCatalogue.en.visitMainSite, 'Visit Main Site'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('taxes and the receipt are named as on the receipt itself, in English and French', () => {
  const fr = bookingCatalogue.fr;
  const success = checkoutSuccessCatalogue;
  it.each([
    [en.subtotal, 'Subtotal'],
    [en.tax('gst'), 'GST (5%), no. 723456789 RT0001'],
    [en.tax('qst'), 'QST (9.975%), no. 1223456789 TQ0001'],
    [fr.subtotal, 'Sous-total'],
    [fr.tax('gst'), 'TPS (5\u00a0%), no\u00a0723456789 RT0001'],
    [fr.tax('qst'), 'TVQ (9,975\u00a0%), no\u00a01223456789 TQ0001'],
    [en.pricesPlusTaxes, 'Prices plus taxes.'],
    [fr.pricesPlusTaxes, 'Prix indiqués taxes en sus.'],
    [en.runningTotalBeforeTax, 'Total before tax:'],
    [fr.runningTotalBeforeTax, 'Total avant taxes :'],
    [fr.pay('252,95\u00a0$'), 'Payer 252,95\u00a0$ CAD'],
    [fr.subscribeFor('67,84\u00a0$'), 'S’abonner pour 67,84\u00a0$/mois'],
    [success.en.tax('gst'), en.tax('gst')],
    [success.en.tax('qst'), en.tax('qst')],
    [success.fr.tax('gst'), fr.tax('gst')],
    [success.fr.tax('qst'), fr.tax('qst')],
    [success.en.subtotal, 'Subtotal'],
    [success.fr.subtotal, 'Sous-total'],
    [success.en.downloadReceipt, 'Download your receipt (PDF)'],
    [success.fr.downloadReceipt, 'Télécharger votre reçu (PDF)'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('a day that cannot be chosen is announced with its reason', () => {
  it.each<[DayStatus, string | null, string | null]>([
    ['available', null, null],
    ['booked', 'This date is already booked', 'Cette date est déjà réservée'],
    ['weekend', 'Weekends not available', 'Fins de semaine non disponibles'],
    ['past', 'This date has passed', 'Cette date est passée'],
    ['beyond_window', 'Too far ahead to book online', 'Trop loin pour réserver en ligne'],
    ['same_day_closed', 'Same-day passes are sold only before noon', 'Les passes du jour même sont vendues seulement avant midi'],
  ])('%s', (status, english, french) => {
    expect(dayReason(status, bookingCatalogue.en)).toBe(english);
    expect(dayReason(status, bookingCatalogue.fr)).toBe(french);
  });
});

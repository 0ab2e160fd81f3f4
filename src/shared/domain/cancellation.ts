import { Temporal } from 'temporal-polyfill';
import { site } from '../site.ts';
import { addMonths } from './booking-windows.ts';
import { taxedTotal, type Cents, type QuoteLine, type Quote } from './pricing.ts';
import { productRule, type Product } from './products.ts';
import { noticeDays, termsFor } from './terms.ts';
import { addDays, type IsoDate } from './time.ts';
import { spaceTimeZone } from './zoned-time.ts';

/*
 * The cancellation policy, one rule per product, with its numbers in
 * the site's facts (site.cancellation) and SPEC.md §9 'Terms' (terms.ts). The dialogs show it
 * before buying, the manage page shows it after, and the server enforces it: all three call
 * these functions, at the space's clock.
 *
 * Which rule each product has is its `cancellation` in the product table; the rules stay apart
 * from that table, since they need the time-zone rules the inventory's first page does without.
 *
 * - A room, a day pass, each day of a daily office booking: free cancellation with a full refund
 *   (taxes included) until `freeUntilHoursBeforeOpening` hours before the day's opening hour,
 *   counted on the wall clock at the space (so the day before at the same hour, even across a
 *   clock change); after that, no refund and no cancellation online.
 * - A rental (office month to month, desk, hot desk, parking, mailbox): notice, never a
 *   cancellation; the rental ends `noticeDays` after the notice, but never before the end of the
 *   unit type's minimum term counted from the start.
 * - A 12-month lease: a word with the space.
 */

export type CancellationRule =
  | { kind: 'by_day'; opensHour: number; hoursBefore: number }
  | { kind: 'notice'; noticeDays: number; minimumTermMonths: number | null }
  | { kind: 'contact' };

/** The rule that applies to a product, for a unit of a given type. */
export function cancellationRule(product: Product, serviceType: string): CancellationRule {
  const rule = productRule(product);
  switch (rule.cancellation) {
    case 'by_day':
      if (!rule.hours) throw new Error(`${product} is cancelled by the day but has no hours`);
      return { kind: 'by_day', opensHour: rule.hours.opens, hoursBefore: site.cancellation.freeUntilHoursBeforeOpening };
    case 'notice':
      // A month-to-month office is month to month, whatever a dedicated office's usual term.
      return { kind: 'notice', noticeDays, minimumTermMonths: product === 'office_monthly' ? null : (termsFor(serviceType)?.termMonths ?? null) };
    case 'contact':
      return { kind: 'contact' };
  }
}

/**
 * The last instant a booked day can be cancelled for a refund: its opening hour, less the
 * policy's hours as the clock on the wall at the space counts them.
 */
export function dayCancellationDeadline(rule: Extract<CancellationRule, { kind: 'by_day' }>, date: IsoDate): Date {
  const opening = Temporal.PlainDate.from(date).toPlainDateTime({ hour: rule.opensHour });
  const deadline = opening.subtract({ hours: rule.hoursBefore }).toZonedDateTime(spaceTimeZone, { disambiguation: 'compatible' });
  return new Date(deadline.epochMilliseconds);
}

/** Whether a booked day can still be cancelled at `now`: strictly before its deadline. */
export function canCancelDay(rule: Extract<CancellationRule, { kind: 'by_day' }>, date: IsoDate, now: Date): boolean {
  return now.getTime() < dayCancellationDeadline(rule, date).getTime();
}

/**
 * The last day of a rental given notice on `noticeDate` (a date at the space): `noticeDays`
 * later, but never before the last day of the minimum term (the day before the same date that
 * many months after the start; from 31 January, 3 months run through 29 April).
 */
export function rentalEndsOn(rule: Extract<CancellationRule, { kind: 'notice' }>, startDate: IsoDate, noticeDate: IsoDate): IsoDate {
  const afterNotice = addDays(noticeDate, rule.noticeDays);
  if (rule.minimumTermMonths === null) return afterNotice;
  const termEnds = addDays(addMonths(startDate, rule.minimumTermMonths), -1);
  return termEnds > afterNotice ? termEnds : afterNotice;
}

/** What a refund gives back: the lines it refunds and their taxes, in cents. */
export interface RefundAmounts {
  lines: QuoteLine[];
  subtotal: Cents;
  gst: Cents;
  qst: Cents;
  total: Cents;
}

/**
 * What cancelling some booked days refunds: each day's price and its taxes. The taxes of a
 * refund are computed once on its lines (as the order's were on all of them), and the refund
 * that cancels the last days gives back exactly what is left of the order's subtotal and of each
 * tax, so that cancelling every day, at once or one by one, refunds the total paid to the cent
 * and never more.
 */
export function refundForDays(quote: Pick<Quote, 'lines' | 'subtotal' | 'gst' | 'qst'>, earlier: readonly RefundAmounts[], dates: readonly IsoDate[]): RefundAmounts {
  const cancelling = new Set(dates);
  const lines = quote.lines.filter((l) => l.item === 'day' && l.date !== undefined && cancelling.has(l.date));
  const refundedDates = new Set(earlier.flatMap((r) => r.lines.map((l) => l.date)));
  const remaining = quote.lines.filter((l) => l.item === 'day' && !cancelling.has(l.date ?? '') && !refundedDates.has(l.date));
  const left = {
    subtotal: quote.subtotal - earlier.reduce((n, r) => n + r.subtotal, 0),
    gst: quote.gst - earlier.reduce((n, r) => n + r.gst, 0),
    qst: quote.qst - earlier.reduce((n, r) => n + r.qst, 0),
  };
  if (remaining.length === 0) return { lines, ...left, total: left.subtotal + left.gst + left.qst };
  const own = taxedTotal(lines);
  const subtotal = Math.min(own.subtotal, left.subtotal);
  const gst = Math.min(own.gst, left.gst);
  const qst = Math.min(own.qst, left.qst);
  return { lines, subtotal, gst, qst, total: subtotal + gst + qst };
}

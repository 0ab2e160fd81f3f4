import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cancelRequest, payNowRequest, type PayNowRequest } from '../../shared/contract/bookings.ts';
import { bookingFor, cancelBooking, giveRentalNotice, type ManageAnswer } from '../bookings/manage.ts';
import { manageTargetByToken, type ManageTarget } from '../billing/manage-link.ts';
import { clientAddress, limitKey } from '../http/client-address.ts';
import type { AppContext } from '../deps.ts';
import { creditNotePdfOfOrder, receiptPdfForOrder } from '../documents/receipts.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { requireIdempotencyKey } from '../http/idempotency-key.ts';
import { jsonBody } from '../http/json-body.ts';
import { tooManyRequests, type Limiter } from '../http/rate-limit.ts';
import { noStore } from '../http/no-store.ts';
import { pdfAnswer } from '../http/pdf-answer.ts';
import { requestOrigin, siteOrigins } from '../http/public-origin.ts';
import { startCardChange, startPayNow, type SessionResult } from '../billing/pay-now.ts';
import { invoiceCreditPdfOfRental, invoicePdfOfRental } from '../billing/billing-mail.ts';
import { tenancyViewOf } from '../lease/tenancy-view.ts';
import { offerOfTenancy } from '../lease/tenancy-agreement.ts';
import { signedAgreementAnswer } from './lease.ts';

type Env = { Variables: { target: ManageTarget; idempotencyKey: string } };

function answer(c: Context, result: ManageAnswer) {
  if (result.kind === 'ok') return c.json({ success: true as const, booking: result.booking });
  return problemAnswer(c, result.problem, { reason: result.reason });
}

/**
 * A paid order's private manage link, /public-api/bookings/{token}: the booking, its receipt and
 * credit notes, and the two changes a customer makes (cancel days, give notice); a tenancy's (a
 * signed lease's): the lease, its invoices and Pay now, its signed agreement. GET never changes
 * anything: a mail scanner following links cancels nothing.
 */
export function bookingRoutes(ctx: AppContext, guess: Limiter) {
  const app = new Hono<Env>();

  // A booking carries a name, door codes and money: no browser, proxy or service worker keeps it.
  app.use('*', noStore);

  /**
   * Tokens are unguessable, and lookups that find nothing are counted per client (with the lease
   * codes' guesses, one budget for every secret link): each is counted before it is made and
   * given back when the token was real, so a customer's own use never counts.
   */
  const findBooking: MiddlewareHandler<Env> = async (c, next) => {
    const guesser = limitKey(clientAddress(c, ctx.config.trustedProxies));
    const allowed = await guess.hit(guesser);
    if (!allowed.ok) return tooManyRequests(c, allowed, 'too_many_booking_lookups');
    const target = await manageTargetByToken(ctx.db, c.req.param('token') ?? '');
    if (!target) return problemAnswer(c, problem('booking_not_found'));
    await guess.giveBack(guesser);
    c.set('target', target);
    await next();
  };
  /** What only an order's link does (cancel, give notice): a lease is changed as its contract says. */
  const orderOnly: MiddlewareHandler<Env> = async (c, next) => {
    if (c.var.target.kind !== 'order') return problemAnswer(c, problem('lease_changes_by_contract'));
    await next();
  };
  const orderId = (target: ManageTarget) => (target.kind === 'order' ? target.orderId : '');
  app.use('/:token', findBooking);
  app.use('/:token/*', findBooking);

  app.get('/:token', async (c) => {
    const target = c.var.target;
    const booking = target.kind === 'order' ? await bookingFor(ctx, target.orderId) : await tenancyViewOf(ctx.db, ctx.config.bankingKeys, target.rentalId, ctx.clock());
    if (!booking) return problemAnswer(c, problem('booking_not_found'));
    return c.json({ success: true as const, booking });
  });

  app.get('/:token/receipt.pdf', async (c) => {
    // A tenancy has invoices, not a receipt: none is found, as a lease's PDF is for an order's link.
    const target = c.var.target;
    const receipt = target.kind === 'order' ? await receiptPdfForOrder(ctx.db, target.orderId) : undefined;
    if (!receipt) return problemAnswer(c, problem('booking_not_found'));
    return pdfAnswer(c, receipt);
  });

  app.get('/:token/credit-notes/:number', async (c) => {
    // A refund's credit note (against the receipt), or one against an invoice of the rental.
    const number = c.req.param('number');
    const target = c.var.target;
    const file = (target.kind === 'order' ? await creditNotePdfOfOrder(ctx.db, target.orderId, number) : undefined) ?? (target.rentalId ? await invoiceCreditPdfOfRental(ctx.db, target.rentalId, number) : undefined);
    if (!file) return problemAnswer(c, problem('no_credit_note'));
    return pdfAnswer(c, file);
  });

  app.post('/:token/cancel', orderOnly, requireIdempotencyKey, jsonBody(cancelRequest), async (c) => {
    return answer(c, await cancelBooking(ctx, orderId(c.var.target), c.var.body.dates, c.var.idempotencyKey));
  });

  app.get('/:token/invoices/:number', async (c) => {
    const rental = c.var.target.rentalId;
    const file = rental ? await invoicePdfOfRental(ctx.db, rental, c.req.param('number')) : undefined;
    if (!file) return problemAnswer(c, problem('no_invoice', { number: c.req.param('number').slice(0, 40) }));
    return pdfAnswer(c, file);
  });

  /** Pay now and Change card: the provider's page, with the way back to this rental's page. */
  const link = <E extends Env>(c: Context<E>) => ({ rentalId: c.var.target.rentalId, manageToken: c.req.param('token') ?? '', siteOrigin: siteOrigins(c, ctx.config)[0]!, pageOrigin: requestOrigin(c, ctx.config.trustedProxies) });
  const toPage = (c: Context, result: SessionResult) => (result.kind === 'session' ? c.json({ success: true as const, url: result.url }) : problemAnswer(c, result.problem));
  const billing = { db: ctx.db, clock: ctx.clock, payments: ctx.payments, keyring: ctx.config.bankingKeys };

  // Neither changes anything the customer has not confirmed on the provider's page: no Idempotency-Key, and a second tap opens the same page.
  // Its body is optional (asked without one before the customer could pay owed invoices with it): none pays the one invoice.
  const payNowBody = jsonBody(payNowRequest);
  const payNowChoice: MiddlewareHandler<{ Variables: { body: PayNowRequest } }> = async (c, next) => {
    if ((await c.req.text()).trim() !== '') return payNowBody(c, next);
    c.set('body', {});
    await next();
  };
  app.post('/:token/invoices/:number/pay', payNowChoice, async (c) => toPage(c, await startPayNow(billing, link(c), c.req.param('number'), { withOwed: c.var.body.with_owed === true })));
  app.post('/:token/card', async (c) => toPage(c, await startCardChange(billing, link(c))));

  // Notice carries nothing but its key: whatever body comes with it is not read.
  app.post('/:token/notice', orderOnly, requireIdempotencyKey, async (c) => {
    return answer(c, await giveRentalNotice(ctx, orderId(c.var.target), c.var.idempotencyKey));
  });

  /** A tenancy's signed agreement, in the language it was signed in (the lease page's own PDF). */
  app.get('/:token/lease.pdf', async (c) => {
    const target = c.var.target;
    const offer = target.kind === 'tenancy' ? await offerOfTenancy(ctx.db, target.rentalId) : undefined;
    if (!offer?.signature) return problemAnswer(c, problem('not_found'));
    return signedAgreementAnswer(c, ctx, offer, offer.signature.language, String(offer.id));
  });

  return app;
}

import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { clientAddress, limitKey } from '../http/client-address.ts';
import type { AppContext } from '../deps.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { tooManyRequests, type Limiter } from '../http/rate-limit.ts';
import { isSecretToken } from '../secrets/secret-token.ts';
import { declineOffer, leaveWaitlist } from '../waitlist/unit-offers.ts';
import { entryView, linkNamesSomething, offerView } from '../waitlist/link-views.ts';
import { noStore } from '../http/no-store.ts';

const linkInvalid = problem('waitlist_link_invalid');

/**
 * The links of the waitlist's e-mails (shared/contract/waitlist-offers.ts): the offer its claim
 * and not-interested links show, declining it, the entry its leave link shows, leaving. GET never
 * changes anything, so a mail scanner that follows links declines and leaves nothing; claiming
 * is paying through the checkout with the claim token (bookings/checkout.ts).
 */
export function waitlistLinkRoutes(ctx: AppContext, guess: Limiter) {
  const offerDeps = { keyring: ctx.config.bankingKeys };
  const app = new Hono();

  // A person's name and an offer's links: no browser, proxy or service worker keeps them.
  app.use('*', noStore);

  /**
   * Lookups that find nothing count against the client's budget of guesses (shared with lease
   * codes and manage links); a real link's own use is given back. A text that cannot be a token
   * is not looked up at all.
   */
  const guarded =
    (find: (token: string) => Promise<boolean>): MiddlewareHandler =>
    async (c, next) => {
      const guesser = limitKey(clientAddress(c, ctx.config.trustedProxies));
      const allowed = await guess.hit(guesser);
      if (!allowed.ok) return tooManyRequests(c, allowed, 'too_many_waitlist_link_lookups');
      const token = c.req.param('token') ?? '';
      if (!isSecretToken(token) || !(await find(token))) return problemAnswer(c, linkInvalid);
      await guess.giveBack(guesser);
      await next();
    };

  const names = (link: 'claim' | 'decline' | 'leave') => (token: string) => linkNamesSomething(ctx.db, link, token);

  app.use('/offers/:token', guarded(names('claim')));
  app.use('/declines/:token', guarded(names('decline')));
  app.use('/entries/:token', guarded(names('leave')));
  app.use('/entries/:token/*', guarded(names('leave')));

  const showOffer = (link: 'claim' | 'decline') => async (c: Context) => {
    const offer = await offerView(ctx.db, link, c.req.param('token')!, ctx.clock());
    return offer ? c.json({ success: true as const, offer }) : problemAnswer(c, linkInvalid);
  };

  return app
    .get('/offers/:token', showOffer('claim'))
    .get('/declines/:token', showOffer('decline'))
    .post('/declines/:token', async (c) => {
      const result = await declineOffer(ctx.db, offerDeps, c.req.param('token'), ctx.clock());
      if (result.kind === 'unknown') return problemAnswer(c, linkInvalid);
      if (result.kind === 'closed') {
        return problemAnswer(c, problem(result.status === 'claimed' ? 'waitlist_offer_claimed' : 'waitlist_offer_ended'), { status: result.status });
      }
      ctx.unitList.invalidate();
      ctx.mailer?.wake();
      return c.json({ success: true as const, status: 'declined' as const });
    })
    .get('/entries/:token', async (c) => {
      const entry = await entryView(ctx.db, c.req.param('token'));
      return entry ? c.json({ success: true as const, entry }) : problemAnswer(c, linkInvalid);
    })
    .post('/entries/:token/leave', async (c) => {
      const result = await leaveWaitlist(ctx.db, offerDeps, c.req.param('token'), ctx.clock());
      if (result.kind === 'unknown') return problemAnswer(c, linkInvalid);
      ctx.unitList.invalidate();
      ctx.mailer?.wake();
      return c.json({ success: true as const, state: 'left' as const });
    });
}

import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { WaitlistEntryView, WaitlistOfferView } from '../../shared/contract/waitlist-offers.ts';
import { entryState } from '../../shared/domain/waitlist-offers.ts';
import { clientAddress, limitKey } from '../http/client-address.ts';
import type { AppContext } from '../deps.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { unitColumns } from '../units/public-list.ts';
import { jsonError } from '../http/errors.ts';
import { tooManyRequests, type Limiter } from '../http/rate-limit.ts';
import { hashSecretToken, isSecretToken } from '../secrets/secret-token.ts';
import { declineOffer, leaveWaitlist } from '../waitlist/unit-offers.ts';
import { unitsOfEntries } from '../waitlist/queue.ts';

const offerNotFound = 'This waitlist link is not valid. Please check that you copied the whole link from the e-mail.';
const entryNotFound = 'This waitlist link is not valid. Please check that you copied the whole link from the e-mail.';

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
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  /**
   * Lookups that find nothing count against the client's budget of guesses (shared with lease
   * codes and manage links); a real link's own use is given back. A text that cannot be a token
   * is not looked up at all.
   */
  const guarded =
    (find: (token: string) => Promise<boolean>, notFound: string): MiddlewareHandler =>
    async (c, next) => {
      const guesser = limitKey(clientAddress(c, ctx.config.trustedProxies));
      const allowed = await guess.hit(guesser);
      if (!allowed.ok) return tooManyRequests(c, allowed, 'Too many waitlist link lookups. Try again in {seconds} seconds.');
      const token = c.req.param('token') ?? '';
      if (!isSecretToken(token) || !(await find(token))) return jsonError(c, 404, notFound);
      await guess.giveBack(guesser);
      await next();
    };

  const offerBy = (link: 'claim' | 'decline') => async (token: string) => (await offerView(ctx, link, token)) !== undefined;
  const entryExists = async (token: string) =>
    (await ctx.db.selectFrom('waitlist_entries').select('id').where('leave_token_hash', '=', hashSecretToken(token)).executeTakeFirst()) !== undefined;

  app.use('/offers/:token', guarded(offerBy('claim'), offerNotFound));
  app.use('/declines/:token', guarded(offerBy('decline'), offerNotFound));
  app.use('/entries/:token', guarded(entryExists, entryNotFound));
  app.use('/entries/:token/*', guarded(entryExists, entryNotFound));

  const showOffer = (link: 'claim' | 'decline') => async (c: Context) => {
    const offer = await offerView(ctx, link, c.req.param('token')!);
    return offer ? c.json({ success: true as const, offer }) : jsonError(c, 404, offerNotFound);
  };

  return app
    .get('/offers/:token', showOffer('claim'))
    .get('/declines/:token', showOffer('decline'))
    .post('/declines/:token', async (c) => {
      const result = await declineOffer(ctx.db, offerDeps, c.req.param('token'), ctx.clock());
      if (result.kind === 'unknown') return jsonError(c, 404, offerNotFound);
      if (result.kind === 'closed') {
        return jsonError(c, 409, result.status === 'claimed' ? 'This offer was already claimed.' : 'This offer has already ended.', { status: result.status });
      }
      ctx.unitList.invalidate();
      ctx.mailer?.wake();
      return c.json({ success: true as const, status: 'declined' as const });
    })
    .get('/entries/:token', async (c) => {
      const entry = await entryView(ctx, c.req.param('token'));
      return entry ? c.json({ success: true as const, entry }) : jsonError(c, 404, entryNotFound);
    })
    .post('/entries/:token/leave', async (c) => {
      const result = await leaveWaitlist(ctx.db, offerDeps, c.req.param('token'), ctx.clock());
      if (result.kind === 'unknown') return jsonError(c, 404, entryNotFound);
      ctx.unitList.invalidate();
      ctx.mailer?.wake();
      return c.json({ success: true as const, state: 'left' as const });
    });
}

/** The offer one of its links names, as its pages show it: the unit priced as on sale to its person. */
async function offerView(ctx: AppContext, link: 'claim' | 'decline', token: string): Promise<WaitlistOfferView | undefined> {
  const row = await ctx.db
    .selectFrom('waitlist_offers as f')
    .innerJoin('waitlist_entries as e', 'e.id', 'f.entry_id')
    .select(['f.office_id', 'f.status', 'f.expires_at', 'e.customer_name', 'e.language', utcInstantText('f.deadline_at').as('deadline_text')])
    .where(link === 'claim' ? 'f.claim_token_hash' : 'f.decline_token_hash', '=', hashSecretToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const unit = await ctx.db.selectFrom('offices').select(unitColumns).where('id', '=', row.office_id).executeTakeFirstOrThrow();
  const now = ctx.clock();
  const { status, expires_at, customer_name, language, deadline_text } = row;
  return {
    // Lapsed, though the round has not closed it yet: it is over all the same.
    status: status === 'open' && new Date(expires_at) <= now ? 'expired' : status,
    // The deadline the e-mail gave: a checkout started before it may still hold the unit a little longer.
    expiresAt: deadline_text,
    unit: { ...unit, is_available: true, next_available_date: null },
    customerName: customer_name,
    language: language ?? 'en',
    checkedAt: now.toISOString(),
  };
}

/** The entry a leave link names, with its place in line for each of its units. */
async function entryView(ctx: AppContext, token: string): Promise<WaitlistEntryView | undefined> {
  const entry = await ctx.db
    .selectFrom('waitlist_entries')
    .select(['id', 'customer_name', 'language', 'left_at', 'claimed_at', utcInstantText('created_at').as('created_at')])
    .where('leave_token_hash', '=', hashSecretToken(token))
    .executeTakeFirst();
  if (!entry) return undefined;
  const units = await unitsOfEntries(ctx.db, [entry.id]);
  return {
    state: entryState({ left: entry.left_at !== null, claimed: entry.claimed_at !== null }, units.map((u) => u.status)),
    customerName: entry.customer_name,
    language: entry.language ?? 'en',
    createdAt: entry.created_at,
    units: units.map((u) => ({ name: u.name, office_id: u.office_id, service_type: u.service_type, status: u.status, place: u.place, offerExpiresAt: u.offer_expires_at })),
  };
}

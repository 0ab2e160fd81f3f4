import * as z from 'zod/mini';
import { waitlistEntryStates, waitlistOfferStatuses, waitlistUnitStatuses } from '../domain/waitlist-states.ts';
import { secretTokenPattern } from './common.ts';
import { office } from './offices.ts';

/*
 * The links of the waitlist's e-mails and the pages they open (docs/architecture.md §4.12: each token 256
 * random bits, kept by the server as a hash only). GET never changes anything: declining and
 * leaving are POSTs from their pages, and claiming is paying through the usual checkout with the
 * claim token in its body (checkout.ts `waitlistOffer`).
 *
 *   GET  /public-api/waitlist/offers/{claim token}        the offer (the claim page)
 *   GET  /public-api/waitlist/declines/{decline token}    the same offer (the not-interested page)
 *   POST /public-api/waitlist/declines/{decline token}    not interested: the next in line gets it
 *   GET  /public-api/waitlist/entries/{leave token}       the entry, its place in line for each unit
 *   POST /public-api/waitlist/entries/{leave token}/leave leave the waitlist
 */

export const waitlistLinkToken = z.string().check(z.regex(secretTokenPattern, 'link_incomplete'));

export const waitlistOfferStatus = z.enum(waitlistOfferStatuses);
export const waitlistUnitStatus = z.enum(waitlistUnitStatuses);
export const waitlistEntryState = z.enum(waitlistEntryStates);
const language = z.enum(['en', 'fr']);

/** An offer as its links show it. */
export const waitlistOfferView = z.object({
  status: waitlistOfferStatus,
  /** When the claim window ends (ISO instant). */
  expiresAt: z.string(),
  /** The unit as the public list gives it, on sale to this person: what claiming it costs is its price (pricing.ts). */
  unit: office,
  /** The name the person gave, to greet them. */
  customerName: z.string(),
  /** The language they joined the waitlist in. */
  language,
  /** The server's clock when it answered: the time left counts from it, not from the device's clock. */
  checkedAt: z.string(),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferView>;

export const waitlistOfferResponse = z.object({ success: z.literal(true), offer: waitlistOfferView });

/** POST …/declines/{token}: the offer closed (a second tap finds it already declined and says so again). */
export const waitlistDeclineResponse = z.object({ success: z.literal(true), status: z.literal('declined') });

/** An entry as its leave link shows it. */
export const waitlistEntryView = z.object({
  state: waitlistEntryState,
  customerName: z.string(),
  language,
  createdAt: z.string(),
  units: z.array(
    z.object({
      name: z.string(),
      office_id: z.string(),
      service_type: z.string(),
      status: waitlistUnitStatus,
      /** The place in line while waiting (1: next to be offered it); null otherwise. */
      place: z.nullable(z.number()),
      /** While offered: when the offer ends (ISO instant). */
      offerExpiresAt: z.nullable(z.string()),
    }),
  ),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryView>;

export const waitlistEntryResponse = z.object({ success: z.literal(true), entry: waitlistEntryView });
export const waitlistLeaveResponse = z.object({ success: z.literal(true), state: z.literal('left') });

/** Why a link's action is refused: the offer is no longer open (its status says how it ended). */
export const waitlistOfferClosed = z.object({ success: z.literal(false), error: z.string(), status: waitlistOfferStatus });

/** Where the e-mails' links lead, in the PWA. */
export const waitlistPaths = {
  claim: (token: string) => `/waitlist/offer/${token}`,
  /**
   * Where a claim's checkout sends its person back when they cancel: without the token, which the
   * server must not store nor hand to the payment provider; the tab remembers which offer it was.
   */
  claimReturn: '/waitlist/offer',
  decline: (token: string) => `/waitlist/decline/${token}`,
  leave: (token: string) => `/waitlist/leave/${token}`,
};

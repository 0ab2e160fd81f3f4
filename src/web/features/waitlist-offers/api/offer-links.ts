import { waitlistOfferClosed } from '../../../../shared/contract/waitlist-offers.ts';
import type { WaitlistOfferStatus } from '../../../../shared/domain/waitlist-states.ts';
import { ApiRequestError } from '../../../app/api.ts';
import type { Lang } from '../../../i18n/i18n.tsx';
import { visitorErrorText } from '../../../i18n/visitor-problem-words.ts';

/*
 * The waitlist's links, and what they can answer besides what they ask for. Their answers name a
 * person and what they are offered: each call bypasses the HTTP cache, and none is kept on the
 * device (the query persister keeps only the inventory).
 */

export const linkPath = {
  offer: (token: string) => `/public-api/waitlist/offers/${encodeURIComponent(token)}`,
  decline: (token: string) => `/public-api/waitlist/declines/${encodeURIComponent(token)}`,
  entry: (token: string) => `/public-api/waitlist/entries/${encodeURIComponent(token)}`,
};

/**
 * Why a link's page cannot show what it is for. `text` is what the server said of it: its problem
 * in the visitor's words when it named one, else its own text (SPEC.md §8), if any.
 */
export type LinkProblem =
  | { kind: 'unknown' }
  /** The offer ended; `status` says how when the server said so (a 410 or 409 with waitlistOfferClosed). */
  | { kind: 'closed'; status: Exclude<WaitlistOfferStatus, 'open'> | null; text: string | undefined }
  | { kind: 'rate-limited'; seconds: number }
  | { kind: 'failed'; text: string | undefined };

export function linkProblem(error: unknown, lang: Lang): LinkProblem {
  if (!(error instanceof ApiRequestError)) return { kind: 'failed', text: undefined };
  const { problem } = error;
  if (problem.kind === 'rate-limited') return { kind: 'rate-limited', seconds: problem.seconds };
  if (problem.kind === 'http' && problem.status === 404) return { kind: 'unknown' };
  const text = visitorErrorText(error, lang);
  if (problem.kind === 'http' && (problem.status === 410 || problem.status === 409)) {
    const closed = waitlistOfferClosed.safeParse(error.body);
    return { kind: 'closed', status: closed.success && closed.data.status !== 'open' ? closed.data.status : null, text };
  }
  return { kind: 'failed', text };
}

/** A dropped connection may come back; an unknown, ended or limited link will not by asking again at once. */
export function retryDroppedOnly(failures: number, error: unknown): boolean {
  return failures < 2 && error instanceof ApiRequestError && error.problem.kind === 'network';
}

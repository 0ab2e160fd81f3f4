import { outboxDatabaseName, outboxStoreName } from '../../shared/domain/waitlist-outbox.ts';

/**
 * Every key this app writes to the browser's storage, in one place. Values read back are
 * parsed before use: what is stored may come from an older version of the app.
 */
export const localKeys = {
  language: 'cowork.language',
  /** The persisted query cache: the last inventory snapshot. */
  queryCache: 'cowork.query-cache.v1',
  iosHintDismissed: 'cowork.ios-hint-dismissed',
  offlineReadyShown: 'cowork.offline-ready-shown',
  /** SPEC §3: written before the redirect to checkout, read once by the success page. */
  checkoutDetails: 'checkoutDetails',
} as const;

/** IndexedDB databases (idb-keyval stores), one per concern. */
export const idbStores = {
  /** Shared with the service worker, which flushes the same outbox on its sync event. */
  waitlistOutbox: { db: outboxDatabaseName, store: outboxStoreName },
  /** Per offer code: step and contract language. Never banking numbers or the signature. */
  leaseProgress: { db: 'cowork-lease-progress', store: 'progress' },
  /** Per offer code: the company-details form as typed, until it is submitted. */
  leaseInfoDraft: { db: 'cowork-lease-info-draft', store: 'drafts' },
  waitlistDraft: { db: 'cowork-waitlist-draft', store: 'drafts' },
} as const;

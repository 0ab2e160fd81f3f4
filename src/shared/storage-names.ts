/**
 * Every name under which the app keeps something in the browser, in one place (docs/architecture.md §4.6):
 * localStorage keys, IndexedDB databases (one idb-keyval store per concern), the service worker's
 * caches, and the names the page and the worker use to reach one another. The PWA and the
 * service worker both import this module, so neither keeps a copy to hold in step.
 *
 * A value here names data already on visitors' devices: renaming one leaves that data behind.
 * Whatever is read back under these names is parsed first: an older version may have written it.
 */

/** localStorage. */
export const localKeys = {
  language: 'cowork.language',
  /** Where the inventory snapshot was kept before it moved to IndexedDB: read once, then removed. */
  queryCache: 'cowork.query-cache.v1',
  iosHintDismissed: 'cowork.ios-hint-dismissed',
  offlineReadyShown: 'cowork.offline-ready-shown',
  /** SPEC §3: written before the redirect to checkout, read once by the success page. */
  checkoutDetails: 'checkoutDetails',
} as const;

/** sessionStorage: kept by one tab, gone when it closes. */
export const sessionKeys = {
  /** The claim link's token of the offer whose checkout this tab left for, to come back to it if it is cancelled. */
  waitlistClaim: 'cowork.waitlist-claim',
} as const;

/** IndexedDB databases (idb-keyval stores), one per concern. */
export const idbStores = {
  /** The persisted query cache, under one key: the last inventory snapshot. */
  inventorySnapshot: { db: 'cowork-inventory-snapshot', store: 'snapshot', key: 'query-cache' },
  /** The waitlist outbox: the page writes it, the page and the service worker flush it. */
  waitlistOutbox: { db: 'cowork-waitlist-outbox', store: 'entries' },
  /** The enquiry form as typed, under one key, so it survives a reload before submit. */
  waitlistDraft: { db: 'cowork-waitlist-draft', store: 'drafts', key: 'enquiry-form' },
  /** Per offer code: step and contract language. Never banking numbers or the signature. */
  leaseProgress: { db: 'cowork-lease-progress', store: 'progress' },
  /** Per offer code: the company-details form as typed, until it is submitted. */
  leaseInfoDraft: { db: 'cowork-lease-info-draft', store: 'drafts' },
  /**
   * The last copy of each booking opened through its manage link, for reading it offline:
   * encrypted with a key only its link gives, under a name only its link gives.
   */
  bookingCopies: { db: 'cowork-booking-copies', store: 'copies' },
} as const;

/**
 * Cache Storage, the service worker's runtime caches. The precache is Workbox's own
 * (workbox-precache-v2-…), named and cleaned up by Workbox.
 */
export const cacheNames = {
  floorPlan: 'floor-plan',
  inventory: 'inventory',
  calendar: 'calendar',
} as const;

/** The header the service worker adds to an office list it saves: when it saved that copy. */
export const snapshotHeader = 'x-snapshot-date';

/**
 * How the page and the service worker coordinate the waitlist outbox: the Background Sync tag the
 * page registers and the worker answers, the BroadcastChannel on which whoever changed the outbox
 * tells the open pages, and the Web Lock under which one of them at a time sends.
 */
export const outboxSignals = {
  syncTag: 'waitlist-outbox',
  channel: 'waitlist-outbox',
  lock: 'waitlist-outbox',
} as const;

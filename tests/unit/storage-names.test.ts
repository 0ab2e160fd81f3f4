import { describe, expect, it } from 'vitest';
import { cacheNames, idbStores, localKeys } from '../../src/shared/storage-names.ts';

describe('storage names (src/shared/storage-names.ts)', () => {
  it('gives each concern a database, a key and a cache of its own', () => {
    const databases = Object.values(idbStores).map((s) => s.db);
    expect(new Set(databases).size).toBe(databases.length);
    const keys = Object.values(localKeys);
    expect(new Set(keys).size).toBe(keys.length);
    const caches = Object.values(cacheNames);
    expect(new Set(caches).size).toBe(caches.length);
  });

  it('keeps SPEC.md §3’s key for the checkout details, and the names devices already hold', () => {
    expect(localKeys.checkoutDetails).toBe('checkoutDetails');
    expect(idbStores.waitlistOutbox).toEqual({ db: 'cowork-waitlist-outbox', store: 'entries' });
    expect(idbStores.waitlistDraft).toEqual({ db: 'cowork-waitlist-draft', store: 'drafts', key: 'enquiry-form' });
  });
});

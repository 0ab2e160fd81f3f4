/*
 * The states of the waitlist that offers freed units, apart from its rules (waitlist-offers.ts):
 * the contracts that name them are loaded on every page, the rules' clock and calendar are not.
 */

/** Where an entry stands for one of its units. */
export const waitlistUnitStatuses = ['waiting', 'offered', 'declined', 'expired', 'skipped', 'claimed'] as const;
export type WaitlistUnitStatus = (typeof waitlistUnitStatuses)[number];

/** An offer: open during its claim window, then closed one way or another. */
export const waitlistOfferStatuses = ['open', 'claimed', 'declined', 'expired', 'skipped', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof waitlistOfferStatuses)[number];

/** An entry as a whole, as the person and staff see it. */
export const waitlistEntryStates = ['waiting', 'offered', 'claimed', 'declined', 'expired', 'skipped', 'left'] as const;
export type WaitlistEntryState = (typeof waitlistEntryStates)[number];

import { site } from '../site.ts';
import type { Product, ServiceType } from './products.ts';
import { addDays, type IsoDate } from './time.ts';
import { spaceToday } from './zoned-time.ts';
import type { WaitlistEntryState, WaitlistUnitStatus } from './waitlist-states.ts';

/*
 * The waitlist that fills a unit by itself: a freed unit is offered to the oldest waiting entry
 * that names it, for a claim window; declined or lapsed, it goes to the next; with nobody left,
 * it goes on sale. The server enforces these; the claim page and the console show them.
 */

/** The kinds of unit a waitlist fills (the rented ones), each with its claim window in the site's facts. */
export type OfferedType = keyof typeof site.waitlist.claimWindowHours;
export const offeredTypes = Object.keys(site.waitlist.claimWindowHours) as OfferedType[];

export function isOfferable(type: string): type is OfferedType {
  return Object.hasOwn(site.waitlist.claimWindowHours, type);
}

/**
 * How a unit offered to its waitlist is claimed: renting it as its 'Rent Now' button rents it (an
 * office month to month or with the 12-month lease, anything else with its standard rental). A
 * day booking does not fill the unit, so it is no way to claim one.
 */
export function claimProducts(type: OfferedType): Product[] {
  return type === 'dedicated_office' ? ['office_monthly', 'office_lease'] : ['standard'];
}

/** How long a unit of this type is held for the person offered it (the site's facts). */
export function claimWindowHours(type: ServiceType): number | null {
  return isOfferable(type) ? site.waitlist.claimWindowHours[type] : null;
}

/**
 * When an offer made at `offeredAt` ends: that many hours later, as time passes (48 hours is 48
 * hours even over a night the clocks change; the deadline is then shown at the space's time).
 */
export function offerDeadline(offeredAt: Date, type: OfferedType): Date {
  return new Date(offeredAt.getTime() + site.waitlist.claimWindowHours[type] * 3_600_000);
}

/** What the public list says of a unit held for an offer: available from the day after its claim window ends, at the space. */
export function availableAfterOffer(deadline: Date): IsoDate {
  return addDays(spaceToday(deadline), 1);
}

/**
 * An entry's state from its units': left or claimed first; else an open offer; else still waiting
 * for one of them; else how they ended (a decline said before a lapse, a lapse before a skip).
 */
export function entryState(entry: { left: boolean; claimed: boolean }, units: readonly WaitlistUnitStatus[]): WaitlistEntryState {
  if (entry.left) return 'left';
  if (entry.claimed || units.includes('claimed')) return 'claimed';
  if (units.includes('offered')) return 'offered';
  if (units.includes('waiting')) return 'waiting';
  for (const ended of ['declined', 'expired', 'skipped'] as const) if (units.includes(ended)) return ended;
  return 'waiting';
}

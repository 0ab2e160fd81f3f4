import type { Office } from '../../../shared/contract/offices.ts';
import { availabilityCategory, availabilityColour, waitlistAction, type AvailabilityCategory, type AvailabilityColour } from '../../../shared/domain/availability.ts';
import { isPricedPerDay, isRentable, isServiceType, serviceTypeRules, type ServiceType, type ServiceTypeRule } from '../../../shared/domain/products.ts';
import { dollarsFromCents, listPrice } from '../../../shared/domain/pricing.ts';
import { slashDate, spaceTodayQuick, type IsoDate } from '../../../shared/domain/time.ts';

export function knownServiceType(type: string): ServiceType | undefined {
  return isServiceType(type) ? type : undefined;
}

export type StatusLabel =
  | { kind: 'available' }
  | { kind: 'occupied' }
  | { kind: 'lease-end'; date: string }
  | { kind: 'long-term' };

export interface UnitStatus {
  category: AvailabilityCategory;
  colour: AvailabilityColour;
  label: StatusLabel;
  /** 'Available from' date (YYYY-MM-DD) for an unavailable unit that has one. */
  availableFrom: IsoDate | null;
}

/** SPEC §4: the availability category, its label and colour. */
export function unitStatus(office: Office, today: IsoDate): UnitStatus {
  const next = office.next_available_date ?? null;
  const category = availabilityCategory({ is_available: office.is_available, next_available_date: next }, today);
  const label: StatusLabel =
    category === 'available_now'
      ? { kind: 'available' }
      : category === 'indefinite'
        ? { kind: 'occupied' }
        : category === 'long_term_lease'
          ? { kind: 'long-term' }
          : { kind: 'lease-end', date: slashDate(next ?? '') };
  return { category, colour: availabilityColour(category), label, availableFrom: office.is_available ? null : next };
}

export type UnitPrice =
  | { kind: 'contact' }
  | { kind: 'price'; amount: number; per: 'day' | 'month'; original?: number; percentOff?: number };

/** The price the list shows: per day for rooms and passes, per month otherwise, discounted where the offer applies. */
export function unitPrice(office: Office): UnitPrice {
  const price = listPrice(office);
  if (!price) return { kind: 'contact' };
  const type = knownServiceType(office.service_type);
  const per = type && isPricedPerDay(type) ? 'day' : 'month';
  const amount = dollarsFromCents(price.priceCents);
  if (price.originalCents !== null && price.percentOff) {
    return { kind: 'price', amount, per, original: dollarsFromCents(price.originalCents), percentOff: price.percentOff };
  }
  return { kind: 'price', amount, per };
}

/** The button of a unit: its type's while it is on sale (the service-type table's), the waitlist's, or none online. */
export type UnitActionKind = ServiceTypeRule['action']['kind'] | 'waitlist' | 'unhandled';

export type ActionLabel = ServiceTypeRule['action']['label'] | 'joinWaitlist' | 'contactUs';

/**
 * SPEC §2 'Action buttons by type' and 'Click behaviour'. A rentable unit's button follows its
 * waitlist action state (SPEC §4): available rents, reserve_option and long_waitlist both open
 * the waitlist form.
 */
export function unitAction(office: Office, today: IsoDate = spaceTodayQuick(new Date())): { kind: UnitActionKind; label: ActionLabel } {
  const type = knownServiceType(office.service_type);
  if (!type) return { kind: 'unhandled', label: 'contactUs' };
  if (isRentable(type) && waitlistAction(office, today) !== 'available') return { kind: 'waitlist', label: 'joinWaitlist' };
  return serviceTypeRules[type].action;
}

import { daysBetween, type IsoDate } from './time.ts';

export type AvailabilityCategory =
  | 'available_now'
  | 'indefinite'
  | 'available_soon'
  | 'available_later'
  | 'available_medium_term'
  | 'long_term_lease';

export type AvailabilityColour = 'green' | 'yellow' | 'grey';

export interface AvailabilityInput {
  is_available: boolean;
  next_available_date?: string | null;
  location_code?: string | null;
}

/** The status ladder: 30, 90 and 180 days. */
export const soonDays = 30;
export const laterDays = 90;
export const reserveThresholdDays = 180;

export function availabilityCategory(unit: AvailabilityInput, today: IsoDate): AvailabilityCategory {
  if (unit.is_available) return 'available_now';
  if (!unit.next_available_date) return 'indefinite';
  const days = daysBetween(today, unit.next_available_date);
  if (days <= soonDays) return 'available_soon';
  if (days <= laterDays) return 'available_later';
  if (days <= reserveThresholdDays) return 'available_medium_term';
  return 'long_term_lease';
}

export function availabilityColour(category: AvailabilityCategory): AvailabilityColour {
  switch (category) {
    case 'available_now':
      return 'green';
    case 'available_soon':
    case 'available_later':
    case 'available_medium_term':
      return 'yellow';
    case 'indefinite':
    case 'long_term_lease':
      return 'grey';
  }
}

export type WaitlistAction = 'available' | 'reserve_option' | 'long_waitlist';

export function waitlistAction(unit: AvailabilityInput, today: IsoDate): WaitlistAction {
  if (unit.is_available) return 'available';
  if (unit.next_available_date && daysBetween(today, unit.next_available_date) <= reserveThresholdDays) {
    return 'reserve_option';
  }
  return 'long_waitlist';
}

const digitRuns = /(\d+)/;

/** A code cut into text and digit runs (split() with a capturing group puts the digit runs at odd indexes). */
const codeParts = (code: string): string[] => code.split(digitRuns);

function compareParts(as: readonly string[], bs: readonly string[]): number {
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const x = as[i]!;
    const y = bs[i]!;
    if (x === y) continue;
    if (i % 2 === 1) return Number(x) - Number(y) || x.length - y.length;
    const lx = x.toLowerCase();
    const ly = y.toLowerCase();
    if (lx !== ly) return lx < ly ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return as.length - bs.length;
}

/**
 * Location codes in natural order ('A-2' before 'A-10'): digit runs compare as numbers, the
 * rest as text. Written out because an Intl collator costs a phone tens of milliseconds to
 * build on first use, in the middle of the first render.
 */
export function compareCodes(a: string, b: string): number {
  return compareParts(codeParts(a), codeParts(b));
}

/** The order of compareUnits, with the location code already cut into its parts. */
function compareKeyed(a: AvailabilityInput, b: AvailabilityInput, aParts: readonly string[], bParts: readonly string[]): number {
  if (a.is_available !== b.is_available) return a.is_available ? -1 : 1;
  const da = a.next_available_date;
  const db = b.next_available_date;
  if (da && db && da !== db) return da < db ? -1 : 1;
  if (da && !db) return -1;
  if (!da && db) return 1;
  return compareParts(aParts, bParts);
}

/** Available first, then soonest next date (dated before undated), then location code. */
export function compareUnits(a: AvailabilityInput, b: AvailabilityInput): number {
  return compareKeyed(a, b, codeParts(a.location_code ?? ''), codeParts(b.location_code ?? ''));
}

/**
 * compareUnits' order. Each code is cut once, not at every comparison: a category of 500 units
 * is some 4,500 comparisons, in the middle of the first render.
 */
export function sortUnits<T extends AvailabilityInput>(units: readonly T[]): T[] {
  return units
    .map((unit) => ({ unit, parts: codeParts(unit.location_code ?? '') }))
    .sort((a, b) => compareKeyed(a.unit, b.unit, a.parts, b.parts))
    .map((keyed) => keyed.unit);
}

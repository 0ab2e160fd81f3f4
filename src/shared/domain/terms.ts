/**
 * SPEC.md §9 'Terms' as data; the dialogs turn it into words in the visitor's language.
 */
export const noticeDays = 30;
/** Billing is on this day of each month. */
export const billingDayOfMonth = 1;
export const maxAccompaniedVisitors = 3;

export type TermKind = 'lease_12_months' | 'minimum_3_months' | 'month_to_month' | 'months_12';

export type MeetingRoomAccess =
  | { kind: 'priority_unlimited' }
  | { kind: 'free_hours'; hoursPerMonth: number; advanceBookingHours: number }
  | { kind: 'none' };

export interface Terms {
  term: TermKind;
  /** In months. */
  termMonths: number | null;
  noticeDays: number;
  billingDayOfMonth: number;
  /** Accompanied visitors allowed at a time; 0 when the unit gives no visitor privileges. */
  accompaniedVisitors: number;
}

const byType: Record<string, Pick<Terms, 'term' | 'termMonths' | 'accompaniedVisitors'>> = {
  dedicated_office: { term: 'lease_12_months', termMonths: 12, accompaniedVisitors: maxAccompaniedVisitors },
  assigned_desk: { term: 'minimum_3_months', termMonths: 3, accompaniedVisitors: 0 },
  hotdesk: { term: 'month_to_month', termMonths: null, accompaniedVisitors: 0 },
  parking_spot: { term: 'months_12', termMonths: 12, accompaniedVisitors: 0 },
  mailbox: { term: 'month_to_month', termMonths: null, accompaniedVisitors: 0 },
};

/** The terms of a service type; null for the day-based products (conference room, day pass), which have none. */
export function termsFor(serviceType: string): Terms | null {
  const t = byType[serviceType];
  return t ? { ...t, noticeDays, billingDayOfMonth } : null;
}

const meetingRoomByType: Record<string, MeetingRoomAccess> = {
  dedicated_office: { kind: 'priority_unlimited' },
  assigned_desk: { kind: 'free_hours', hoursPerMonth: 2, advanceBookingHours: 48 },
  hotdesk: { kind: 'free_hours', hoursPerMonth: 2, advanceBookingHours: 24 },
  mailbox: { kind: 'free_hours', hoursPerMonth: 4, advanceBookingHours: 24 },
};

/** Meeting-room access of a type; day pass, parking and any other type have none. */
export function meetingRoomAccess(serviceType: string): MeetingRoomAccess {
  return meetingRoomByType[serviceType] ?? { kind: 'none' };
}

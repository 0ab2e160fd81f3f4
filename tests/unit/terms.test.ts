import { describe, expect, it } from 'vitest';
import { meetingRoomAccess, termsFor, type MeetingRoomAccess } from '../../src/shared/domain/terms.ts';

describe('terms by service type (SPEC §9)', () => {
  it.each([
    ['dedicated_office', 'lease_12_months', 12, 3],
    ['assigned_desk', 'minimum_3_months', 3, 0],
    ['hotdesk', 'month_to_month', null, 0],
    ['parking_spot', 'months_12', 12, 0],
    ['mailbox', 'month_to_month', null, 0],
  ])('%s: %s, visitors %i', (type, term, months, visitors) => {
    expect(termsFor(type)).toMatchObject({ term, termMonths: months, accompaniedVisitors: visitors, noticeDays: 30, billingDayOfMonth: 1 });
  });

  it.each<[string, MeetingRoomAccess]>([
    ['dedicated_office', { kind: 'priority_unlimited' }],
    ['assigned_desk', { kind: 'free_hours', hoursPerMonth: 2, advanceBookingHours: 48 }],
    ['hotdesk', { kind: 'free_hours', hoursPerMonth: 2, advanceBookingHours: 24 }],
    ['mailbox', { kind: 'free_hours', hoursPerMonth: 4, advanceBookingHours: 24 }],
    ['day_pass', { kind: 'none' }],
    ['parking_spot', { kind: 'none' }],
  ])('meeting-room access of %s', (type, access) => {
    expect(meetingRoomAccess(type)).toEqual(access);
  });

  it('has no rental terms for the day-based products', () => {
    expect(termsFor('conference_room')).toBeNull();
    expect(termsFor('day_pass')).toBeNull();
  });
});

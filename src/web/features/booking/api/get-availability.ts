import { queryOptions } from '@tanstack/react-query';
import { availabilityResponse } from '../../../../shared/contract/checkout.ts';
import { monthBounds, type IsoMonth } from '../../../../shared/domain/booking-windows.ts';
import { requestJson } from '../../../app/api.ts';

/** SPEC §7 call 2: the booked dates of a room in the shown month. */
export async function fetchBookedDates(officeId: string, month: IsoMonth, signal?: AbortSignal): Promise<string[]> {
  const { startDate, endDate } = monthBounds(month);
  const query = new URLSearchParams({ officeId, startDate, endDate });
  const { bookedDates } = await requestJson(`/public-api/calendar/availability?${query.toString()}`, availabilityResponse, { signal });
  return bookedDates.map((d) => d.slice(0, 10));
}

export const bookedDatesQueryOptions = (officeId: string, month: IsoMonth) =>
  queryOptions({
    queryKey: ['booked-dates', officeId, month] as const,
    queryFn: ({ signal }) => fetchBookedDates(officeId, month, signal),
    // SPEC §4: reloaded each time the dialog opens or the month changes, never served stale.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

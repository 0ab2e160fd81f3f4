import { vi } from 'vitest';
import type { Office } from '../../src/shared/contract/offices.ts';
import { waitlistEntryResponse, waitlistOfferResponse, type WaitlistEntryView, type WaitlistOfferView } from '../../src/shared/contract/waitlist-offers.ts';

/*
 * The waitlist links' pages against a stubbed API: answers that parse with the contract's
 * schemas, and every request recorded.
 */

export const claimToken = 'C'.repeat(42) + '1';
export const declineToken = 'D'.repeat(42) + '2';
export const leaveToken = 'L'.repeat(42) + '3';

export const office101: Office = {
  id: 101,
  office_id: 'OFF-101',
  service_code: null,
  name: 'Office 101 - Window',
  service_type: 'dedicated_office',
  location_code: 'F1-N',
  seating_capacity: 3,
  base_monthly_rate: '1200.00',
  is_available: true,
  next_available_date: null,
};

export const desk4: Office = {
  id: 204,
  office_id: 'DESK-4',
  service_code: null,
  name: 'Desk 4 - Open Space',
  service_type: 'assigned_desk',
  location_code: 'F2-O',
  seating_capacity: 1,
  base_monthly_rate: '350.00',
  is_available: true,
  next_available_date: null,
};

/**
 * An office offered at 8 AM on Wednesday 18 November in Montréal, held 48 hours: until 8 AM on
 * Friday 20 November. The server answered at 9:30 AM.
 */
export function offerView(fields: Partial<WaitlistOfferView> = {}): WaitlistOfferView {
  return waitlistOfferResponse.parse({
    success: true,
    offer: {
      status: 'open',
      expiresAt: '2026-11-20T13:00:00.000Z',
      unit: office101,
      customerName: 'Camille',
      language: 'en',
      checkedAt: '2026-11-18T14:30:00.000Z',
      ...fields,
    },
  }).offer;
}

export function entryView(fields: Partial<WaitlistEntryView> = {}): WaitlistEntryView {
  return waitlistEntryResponse.parse({
    success: true,
    entry: {
      state: 'offered',
      customerName: 'Camille',
      language: 'en',
      createdAt: '2026-10-02T15:00:00.000Z',
      units: [
        { name: 'Office 101 - Window', office_id: 'OFF-101', service_type: 'dedicated_office', status: 'waiting', place: 2, offerExpiresAt: null },
        { name: 'Desk 4 - Open Space', office_id: 'DESK-4', service_type: 'assigned_desk', status: 'offered', place: null, offerExpiresAt: '2026-11-19T14:00:00.000Z' },
        { name: 'Parking P2', office_id: 'PARK-2', service_type: 'parking_spot', status: 'declined', place: null, offerExpiresAt: null },
      ],
      ...fields,
    },
  }).entry;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Answer = Response | Promise<Response> | (() => Response | Promise<Response>);

/** fetch answers by 'METHOD /path' (the first match wins, a function is called each time); anything else is a 404. */
export function stubApi(answers: Record<string, Answer>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ method, path: url.pathname, body });
      const answer = answers[`${method} ${url.pathname}`];
      if (answer === undefined) return Response.json({ success: false, error: 'Not found' }, { status: 404 });
      const response = await (typeof answer === 'function' ? answer() : answer);
      return response.clone();
    }),
  );
  return requests;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>) => Response.json(body, { status, headers });

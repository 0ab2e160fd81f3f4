import { useEffect, useReducer } from 'react';

const minuteMs = 60_000;

/**
 * How long an offer still has, in ms, on the server's clock: its answer's `checkedAt`, plus the
 * time this device counted since the answer arrived. A device whose clock is wrong by hours
 * still shows the time that is really left.
 */
export function msLeft(offer: { expiresAt: string; checkedAt: string }, receivedAt: number, deviceNow: number): number {
  return Date.parse(offer.expiresAt) - (Date.parse(offer.checkedAt) + (deviceNow - receivedAt));
}

/** Whole hours and minutes left (rounded down: never more time than there is). */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(ms / minuteMs));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * The time left, counted again each time it crosses a whole minute (so '12 minutes left' turns
 * to '11' when it should, not up to a minute late), until it is over. Read from the device's
 * clock at each render: a new answer (a refetch) brings its own `receivedAt`.
 */
export function useTimeLeft(offer: { expiresAt: string; checkedAt: string }, receivedAt: number): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const left = msLeft(offer, receivedAt, Date.now());
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(tick, (left % minuteMs || minuteMs) + 5);
    return () => window.clearTimeout(timer);
  }, [left]);
  return left;
}

import type { QueuedWaitlistEntry } from '../../../shared/domain/waitlist-outbox.ts';
import type { WaitlistCatalogue } from './catalogue.ts';

const minuteMs = 60_000;

/** How long an entry has waited, in the largest whole unit: 'less than a minute', '12 minutes', '2 hours', '3 days'. */
export function waitingDuration(elapsedMs: number, locale: string, m: WaitlistCatalogue): string {
  const minutes = Math.floor(Math.max(0, elapsedMs) / minuteMs);
  if (minutes < 1) return m.pending.lessThanAMinute;
  const [value, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 24 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** What the panel says of an entry still waiting: for how long and how many tries, then what the last try got. */
export function waitingStatus(entry: QueuedWaitlistEntry, now: number, locale: string, m: WaitlistCatalogue): { since: string; lastTry: string } {
  const since = m.pending.waitingFor(waitingDuration(now - entry.createdAt, locale, m), entry.attempts);
  let lastTry = m.pending.notTriedYet;
  if (entry.lastStatus !== undefined) lastTry = m.pending.lastServerAnswer(entry.lastStatus);
  else if (entry.attempts > 0) lastTry = m.pending.lastNoConnection;
  return { since, lastTry };
}

/** When the next waiting entry's shown duration changes, so the panel re-renders then and not every second. */
export function nextDurationChange(entries: readonly QueuedWaitlistEntry[], now: number): number | undefined {
  const waits = entries.filter((e) => e.state === 'pending').map((e) => minuteMs - (Math.max(0, now - e.createdAt) % minuteMs));
  return waits.length ? now + Math.min(...waits) : undefined;
}

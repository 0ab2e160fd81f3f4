import type { UnitQueueResponse } from '../../../shared/contract/staff-console.ts';
import type { WaitlistEntryState, WaitlistUnitStatus } from '../../../shared/domain/waitlist-states.ts';
import type { StaffCatalogue } from '../i18n.ts';
import { useStaffLanguage } from '../language.tsx';
import { ConfirmDialog, type useFormat } from '../ui.tsx';

/*
 * The waitlist's words shared by the waitlist page and a unit's queue: where an entry stands
 * for a unit, and the question before skipping it.
 */

type Format = ReturnType<typeof useFormat>;

export function stateTone(state: WaitlistEntryState | WaitlistUnitStatus): 'green' | 'yellow' | 'grey' {
  if (state === 'claimed') return 'green';
  if (state === 'offered') return 'yellow';
  return 'grey';
}

/** 'Waiting · 2nd in line', 'Offered until Nov 21, 2026, 9:30 a.m.', 'Declined'. */
export function unitStatusText(m: StaffCatalogue, f: Format, unit: { status: WaitlistUnitStatus; place: number | null; offerUntil: string | null }): string {
  const t = m.waitlist;
  if (unit.status === 'waiting' && unit.place !== null) return `${t.unitStatuses.waiting} · ${t.place(unit.place)}`;
  if (unit.status === 'offered' && unit.offerUntil) return t.offeredUntil(f.dateTime(unit.offerUntil));
  return t.unitStatuses[unit.status];
}

/** Whether staff may still skip the entry for the unit: it waits for it, or holds its open offer. */
export function canSkip(status: WaitlistUnitStatus, entryDone: boolean): boolean {
  return !entryDone && (status === 'waiting' || status === 'offered');
}

/** The open offer of a queue, with the name of the person it is for. */
export function openOfferOf(answer: UnitQueueResponse): { name: string; until: string } | null {
  const offer = answer.open_offer;
  const entry = offer ? answer.queue.find((e) => e.entry_id === offer.entry_id) : undefined;
  return offer && entry ? { name: entry.customer_name, until: offer.expires_at } : null;
}

/** What a skip did; skipping an open offer also offered the unit to the next in line, if anyone waits. */
export function skippedText(m: StaffCatalogue, f: Format, answer: UnitQueueResponse, name: string, hadOffer: boolean): string {
  const skipped = m.waitlist.skipped(name, answer.unit.name);
  const next = hadOffer ? openOfferOf(answer) : null;
  return next ? `${skipped} ${m.unitQueue.nowOffered(next.name, f.dateTime(next.until))}` : skipped;
}

/**
 * Skipping cannot be undone, and skipping an open offer passes the unit on at once: staff
 * confirm either, told which it is.
 */
export function SkipDialog({
  name,
  unit,
  offered,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  name: string;
  unit: string;
  offered: boolean;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { m } = useStaffLanguage();
  const t = m.waitlist;
  return (
    <ConfirmDialog
      title={t.skipTitle(name, unit)}
      confirmLabel={offered ? t.skipOfferConfirm : t.skipConfirm}
      busyLabel={t.skipping}
      danger
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{offered ? t.skipOfferText(name, unit) : t.skipWaitingText(name, unit)}</p>
    </ConfirmDialog>
  );
}

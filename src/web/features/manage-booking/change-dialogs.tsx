import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { BookingView } from '../../../shared/contract/bookings.ts';
import { formatCad } from '../../../shared/domain/pricing.ts';
import { ApiRequestError } from '../../app/api.ts';
import { useOnline } from '../../app/use-online.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { visitorErrorText } from '../../i18n/visitor-problem-words.ts';
import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { cancelDays, giveNotice } from './api/booking.ts';
import { refundOf, ticketDate } from './booking-rules.ts';
import { manageBookingCatalogue } from './catalogue.ts';

/**
 * The key of one decision: made when the dialog opens and kept for every try of that decision,
 * so a double tap, or a retry after a dropped answer, is the same request to the server.
 */
function useIdempotencyKey(): string {
  const [key] = useState(() => crypto.randomUUID());
  return key;
}

/**
 * Why a change was refused, in the visitor's words for the problem the server named, else in the
 * server's; a 409 (already done, too late) also means the page is out of date.
 */
function useChange<T>(run: () => Promise<T>, onDone: (result: T) => void, onStale: () => void) {
  const m = useCatalogue(manageBookingCatalogue);
  const { lang } = useLanguage();
  const mutation = useMutation({
    mutationFn: run,
    networkMode: 'always',
    onSuccess: onDone,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.problem.kind === 'http' && error.problem.status === 409) onStale();
    },
  });
  const refusal = mutation.error instanceof ApiRequestError ? mutation.error : undefined;
  const error = mutation.error ? (refusal && visitorErrorText(refusal, lang)) || m.actionFailed : null;
  return { mutation, error };
}

export function CancelDialog({
  token,
  booking,
  cancellable,
  onClose,
  onCancelled,
  onStale,
}: {
  token: string;
  booking: BookingView;
  cancellable: string[];
  onClose: () => void;
  onCancelled: (next: BookingView, refunded: number) => void;
  onStale: () => void;
}) {
  const m = useCatalogue(manageBookingCatalogue);
  const { lang, locale } = useLanguage();
  const online = useOnline();
  const key = useIdempotencyKey();
  const several = booking.days.filter((d) => d.status === 'booked').length > 1;
  const [chosen, setChosen] = useState<string[]>(several ? [] : cancellable);
  const refund = chosen.length > 0 ? refundOf(booking, chosen) : null;
  const hintId = useId();
  const { mutation, error } = useChange(
    () => cancelDays(token, chosen, key),
    (next) => onCancelled(next, refund?.total ?? 0),
    onStale,
  );
  const toggle = (date: string) => setChosen((dates) => (dates.includes(date) ? dates.filter((d) => d !== date) : [...dates, date].sort()));

  return (
    <Dialog title={several ? m.cancelDaysDialogTitle : m.cancelDialogTitle} onClose={onClose} closeLabel={m.close}>
      <div className="manage-dialog">
        {several ? (
          <fieldset className="manage-dialog__days">
            <legend>{m.daysToCancel}</legend>
            {cancellable.map((date) => (
              <label key={date} className="manage-dialog__day">
                <input type="checkbox" checked={chosen.includes(date)} onChange={() => toggle(date)} disabled={mutation.isPending} />
                {ticketDate(date, locale)}
              </label>
            ))}
          </fieldset>
        ) : (
          <p>{m.cancelOne(booking.officeName, ticketDate(cancellable[0] ?? booking.startDate, locale))}</p>
        )}
        <p id={hintId} className="manage-dialog__refund" aria-live="polite">
          {refund ? m.refundPreview(formatCad(refund.total, lang)) : m.chooseDays}
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {online ? null : <Alert tone="warning">{m.offlineAction}</Alert>}
        <div className="manage-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={mutation.isPending}>
            {m.keepBooking}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => mutation.mutate()}
            disabled={!refund || !online || mutation.isPending}
            aria-busy={mutation.isPending}
            aria-describedby={hintId}
          >
            {mutation.isPending ? m.cancelling : m.confirmCancel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

export function NoticeDialog({
  token,
  booking,
  onClose,
  onGiven,
  onStale,
}: {
  token: string;
  booking: BookingView;
  onClose: () => void;
  onGiven: (next: BookingView) => void;
  onStale: () => void;
}) {
  const m = useCatalogue(manageBookingCatalogue);
  const { locale } = useLanguage();
  const online = useOnline();
  const key = useIdempotencyKey();
  const { mutation, error } = useChange(() => giveNotice(token, key), onGiven, onStale);
  const ends = booking.endsIfNoticeToday ? ticketDate(booking.endsIfNoticeToday, locale) : '';
  return (
    <Dialog title={m.noticeDialogTitle} onClose={onClose} closeLabel={m.close}>
      <div className="manage-dialog">
        <p>{m.noticeExplain(booking.officeName, ends)}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {online ? null : <Alert tone="warning">{m.offlineAction}</Alert>}
        <div className="manage-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={mutation.isPending}>
            {m.keepRental}
          </button>
          <button type="button" className="button button--primary" onClick={() => mutation.mutate()} disabled={!online || mutation.isPending} aria-busy={mutation.isPending}>
            {mutation.isPending ? m.givingNotice : m.confirmNotice}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

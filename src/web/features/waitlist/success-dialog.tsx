import { useMessages } from '../../i18n/i18n.tsx';
import { commonMessages } from '../../i18n/common.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { waitlistMessages } from './messages.ts';

/** SPEC.md §2: 'You're on the Waitlist!' with 'View More Offices' (closes) and 'Back to Listings'. */
export function WaitlistSuccessDialog({ onViewMore, onBackToListings, note }: { onViewMore: () => void; onBackToListings: () => void; note?: string }) {
  const m = useMessages(waitlistMessages);
  const common = useMessages(commonMessages);
  return (
    <Dialog title={m.successTitle} onClose={onViewMore} closeLabel={common.close}>
      <p>{m.successText}</p>
      {note ? (
        <p className="field__hint" role="status">
          {note}
        </p>
      ) : null}
      <div className="waitlist-success__actions">
        <button type="button" className="button button--secondary" onClick={onViewMore}>
          {m.viewMore}
        </button>
        <button type="button" className="button button--primary" onClick={onBackToListings}>
          {m.backToListings}
        </button>
      </div>
    </Dialog>
  );
}

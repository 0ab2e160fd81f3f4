import { useCatalogue } from '../../i18n/i18n.tsx';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { waitlistCatalogue } from './catalogue.ts';

/** SPEC.md §2: 'You're on the Waitlist!' with 'View More Offices' (closes) and 'Back to Listings'. */
export function WaitlistSuccessDialog({ onViewMore, onBackToListings, note }: { onViewMore: () => void; onBackToListings: () => void; note?: string }) {
  const m = useCatalogue(waitlistCatalogue);
  const common = useCatalogue(appCatalogue);
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

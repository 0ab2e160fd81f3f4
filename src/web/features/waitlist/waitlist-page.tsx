import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { QueuedWaitlistEntry } from '../../../shared/domain/waitlist-outbox.ts';
import { officesQueryOptions } from '../../app/offices.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { readOutboxEntry } from '../../storage/waitlist-outbox.ts';
import { Alert } from '../../ui/alert.tsx';
import { LoadingText } from '../../ui/status.tsx';
import { EnquiryForm } from './enquiry-form.tsx';
import { waitlistCatalogue } from './catalogue.ts';
import { WaitlistSuccessDialog } from './success-dialog.tsx';
import { WaitlistLayout } from './waitlist-states.tsx';

/** SPEC.md §2 and §9: after a successful submit the page goes to / after 2 seconds. */
export const redirectAfterSuccessMs = 2000;

/**
 * The entry on this device named by /waitlist?edit=…, read once per key. `ready` is false while it
 * is read; an unknown or already gone key gives no entry, and so the ordinary form.
 */
function useEditedEntry(key: string | undefined): { ready: boolean; entry?: QueuedWaitlistEntry } {
  const [read, setRead] = useState<{ key: string; entry?: QueuedWaitlistEntry }>();
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    void readOutboxEntry(key).then((entry) => current && setRead({ key, entry }));
    return () => {
      current = false;
    };
  }, [key]);
  if (key === undefined) return { ready: true };
  return read?.key === key ? { ready: true, entry: read.entry } : { ready: false };
}

/** /waitlist: the office list, the enquiry form, and where a sent entry leads. */
export function WaitlistPage({ editKey }: { editKey?: string }) {
  const m = useCatalogue(waitlistCatalogue);
  const navigate = useNavigate();
  const query = useSuspenseQuery(officesQueryOptions());
  const edited = useEditedEntry(editKey);
  const [sent, setSent] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => void navigate({ to: '/' }), redirectAfterSuccessMs);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  let body;
  if (!edited.ready) {
    body = <LoadingText>{m.loading}</LoadingText>;
  } else if (sent) {
    body = (
      <Alert tone="success" title={m.successTitle}>
        <p>{m.redirecting}</p>
      </Alert>
    );
  } else {
    body = (
      <EnquiryForm
        // Another entry to edit is another form, not this one's state carried over.
        key={edited.entry?.key ?? 'new'}
        offices={query.data.offices}
        editing={edited.entry}
        onSent={() => {
          setSent(true);
          setDialogOpen(true);
        }}
      />
    );
  }

  return (
    <WaitlistLayout>
      {body}
      {dialogOpen ? <WaitlistSuccessDialog onViewMore={() => setDialogOpen(false)} onBackToListings={() => void navigate({ to: '/' })} note={m.redirecting} /> : null}
    </WaitlistLayout>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { commonMessages } from '../../i18n/common.ts';
import { useMessages } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { InventoryLoadError, officesQueryOptions } from '../inventory/api/get-offices.ts';
import { EnquiryForm } from './enquiry-form.tsx';
import { waitlistMessages } from './messages.ts';
import { WaitlistSuccessDialog } from './success-dialog.tsx';

/** SPEC.md §2 and §9: after a successful submit the page goes to / after 2 seconds. */
export const redirectAfterSuccessMs = 2000;

/** /waitlist: the office list, the enquiry form, and where a sent entry leads. */
export function WaitlistPage() {
  const m = useMessages(waitlistMessages);
  const common = useMessages(commonMessages);
  const navigate = useNavigate();
  const query = useQuery(officesQueryOptions());
  const [sent, setSent] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    document.title = common.pageTitle(m.pageName);
  }, [common, m.pageName]);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => void navigate({ to: '/' }), redirectAfterSuccessMs);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  let body;
  if (query.data) {
    body = sent ? (
      <Alert tone="success" title={m.successTitle}>
        <p>{m.redirecting}</p>
      </Alert>
    ) : (
      <EnquiryForm
        offices={query.data.offices}
        onSent={() => {
          setSent(true);
          setDialogOpen(true);
        }}
      />
    );
  } else if (query.isError) {
    // SPEC.md §8: an answer that does not read as the office list is an invalid format; anything else failed to load.
    const invalid = query.error instanceof InventoryLoadError && query.error.problem.kind === 'failed';
    body = (
      <Alert
        tone="error"
        title={invalid ? m.invalidResponse : m.loadFailed}
        action={
          <button type="button" className="button button--primary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {m.tryAgain}
          </button>
        }
      />
    );
  } else {
    body = (
      <p className="status-text" role="status">
        {m.loading}
      </p>
    );
  }

  return (
    <div className="waitlist-page">
      <Link to="/" className="button button--ghost waitlist-page__back">
        <span aria-hidden="true">←</span> {m.back}
      </Link>
      <h1>{m.heading}</h1>
      <p>{m.intro}</p>
      {body}
      {dialogOpen ? <WaitlistSuccessDialog onViewMore={() => setDialogOpen(false)} onBackToListings={() => void navigate({ to: '/' })} note={m.redirecting} /> : null}
    </div>
  );
}

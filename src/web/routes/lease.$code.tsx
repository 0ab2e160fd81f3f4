import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LeaseOfferPage, OfferProblem } from '../features/lease/lease-page.tsx';
import { PageShell } from './-page-shell.tsx';

/** What an offer code can look like; anything else is not sent to the server at all. */
const offerCode = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,128}$/));

export const Route = createFileRoute('/lease/$code')({
  component: LeaseRoute,
});

function LeaseRoute() {
  const parsed = offerCode.safeParse(Route.useParams().code);
  return <PageShell>{parsed.success ? <LeaseOfferPage key={parsed.data} code={parsed.data} /> : <OfferProblem expired={false} />}</PageShell>;
}

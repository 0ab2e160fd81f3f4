import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { CheckoutSuccessPage } from '../features/checkout-success/success-page.tsx';
import { PageShell } from './-page-shell.tsx';

/** The checkout adds its session id to the success URL ({CHECKOUT_SESSION_ID}, payments/provider.ts). */
const searchSchema = z.object({ session_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{8,255}$/))) });

export const Route = createFileRoute('/checkout-success')({
  validateSearch: (search: Record<string, unknown>): z.infer<typeof searchSchema> => {
    const parsed = searchSchema.safeParse(search);
    return parsed.success ? parsed.data : {};
  },
  component: CheckoutSuccessRoute,
});

function CheckoutSuccessRoute() {
  const { session_id } = Route.useSearch();
  return (
    <PageShell>
      <CheckoutSuccessPage sessionId={session_id} />
    </PageShell>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { buildCheckout, type CheckoutRequest, type CheckoutUnit } from '../../../shared/contract/checkout.ts';
import type { CheckoutDetails } from '../../../shared/contract/orders.ts';
import type { ProductChoice } from '../../../shared/domain/pricing.ts';
import { spaceToday } from '../../../shared/domain/zoned-time.ts';
import { sessionKeys } from '../../../shared/storage-names.ts';
import { sendNow } from '../../app/mutation.ts';
import { writeSession } from '../../storage/local.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { visitorProblemText } from '../../i18n/visitor-problem-words.ts';
import { startCheckout } from './api/create-checkout.ts';
import { bookingCatalogue } from './catalogue.ts';

/** What a payment is for beyond the unit and the choice. */
export interface PayOptions {
  /** The token of a waitlist claim link: pays for the unit held for its person (buildCheckout). */
  waitlistOffer?: string;
}

/**
 * SPEC §4 'Modal flow': pay sets a processing state, calls checkout creation, saves the
 * checkout details and leaves for the checkout page; a failure ends the processing state and
 * puts the error in the dialog (in the visitor's words when the server named its problem). `pay`
 * resolves only when the checkout did not start.
 */
export function useCheckout() {
  const m = useCatalogue(bookingCatalogue);
  const { lang } = useLanguage();
  const [error, setError] = useState<string | null>(null);
  // Pending until the page leaves: startCheckout resolves only with why it stayed.
  const checkout = useMutation({
    ...sendNow,
    mutationFn: ({ request, details }: { request: CheckoutRequest; details: CheckoutDetails }) => startCheckout(request, details),
    onSuccess: (failure) => setError(visitorProblemText(failure.problem, lang) ?? failure.error ?? (failure.kind === 'refused' ? m.checkoutFailed : m.checkoutError)),
  });
  const { mutateAsync } = checkout;

  const pay = useCallback(
    async (unit: CheckoutUnit, choice: ProductChoice, missingPrice: string, options: PayOptions = {}) => {
      setError(null);
      const built = buildCheckout(unit, choice, { today: spaceToday(new Date()), origin: window.location.origin, locale: lang, waitlistOffer: options.waitlistOffer });
      if (!built) {
        setError(missingPrice);
        return;
      }
      // A cancelled claim comes back to a page without the token: this tab says which offer it was.
      if (options.waitlistOffer) writeSession(sessionKeys.waitlistClaim, options.waitlistOffer);
      await mutateAsync({ request: built.request, details: built.checkoutDetails });
    },
    [lang, mutateAsync],
  );

  return { pay, processing: checkout.isPending, error, setError };
}

import { useCallback, useState } from 'react';
import { buildCheckout, type CheckoutUnit } from '../../../shared/contract/checkout.ts';
import type { ProductChoice } from '../../../shared/domain/pricing.ts';
import { spaceToday } from '../../../shared/domain/time.ts';
import { useLanguage, useMessages } from '../../i18n/i18n.tsx';
import { startCheckout } from './api/create-checkout.ts';
import { bookingMessages } from './messages.ts';

/**
 * SPEC §4 'Modal flow': pay sets a processing state, calls checkout creation, saves the
 * checkout details and leaves for the checkout page; a failure ends the processing state and
 * puts the error in the dialog.
 */
export function useCheckout() {
  const m = useMessages(bookingMessages);
  const { lang } = useLanguage();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = useCallback(
    async (unit: CheckoutUnit, choice: ProductChoice, missingPrice: string) => {
      setError(null);
      const built = buildCheckout(unit, choice, { today: spaceToday(new Date()), origin: window.location.origin, locale: lang });
      if (!built) {
        setError(missingPrice);
        return;
      }
      setProcessing(true);
      const problem = await startCheckout(built.request, built.checkoutDetails);
      setProcessing(false);
      setError(problem.error ?? (problem.kind === 'refused' ? m.checkoutFailed : m.checkoutError));
    },
    [lang, m],
  );

  return { pay, processing, error, setError };
}

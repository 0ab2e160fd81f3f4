import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { sendNow } from '../../app/mutation.ts';

/**
 * A link page's one POST (not interested, leave): sent at once or failing (never queued offline),
 * and sent once however often the button is pressed: a second tap before the page shows the
 * first one's busy state is the same decision. After a failure it may be sent again.
 */
export function useSendOnce(send: () => Promise<void>) {
  const sent = useRef(false);
  const mutation = useMutation({ ...sendNow, mutationFn: send });
  const sendOnce = () => {
    if (sent.current) return;
    sent.current = true;
    mutation.mutate(undefined, {
      onError: () => {
        sent.current = false;
      },
    });
  };
  return { mutation, sendOnce };
}

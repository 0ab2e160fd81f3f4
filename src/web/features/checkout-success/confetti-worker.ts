/*
 * Draws the success page's confetti off the page's main thread, on the canvas the page hands
 * over, so its frames never delay the page's own work. Loaded from our origin (the CSP's
 * worker-src 'self'), unlike the library's own worker, which it builds from a blob: URL.
 */
import confetti, { type CreateTypes, type Options } from 'canvas-confetti';

/** What the page sends: its canvas once, then each burst to fire on it. */
export type ConfettiMessage = { canvas: OffscreenCanvas } | { burst: Options };

let fire: CreateTypes | null = null;
self.addEventListener('message', (event: MessageEvent<ConfettiMessage>) => {
  const message = event.data;
  if ('canvas' in message) fire = confetti.create(message.canvas as unknown as HTMLCanvasElement);
  else void fire?.(message.burst);
});

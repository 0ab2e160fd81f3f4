/*
 * Draws the success page's confetti off the page's main thread, on the canvas the page hands
 * over, so its frames never delay the page's own work. Loaded from our origin (the CSP's
 * worker-src 'self'), unlike the library's own worker, which it builds from a blob: URL.
 */
import confetti, { type CreateTypes, type Options } from 'canvas-confetti';

/** The canvas's size in pixels: the window's. */
export interface ConfettiSize {
  width: number;
  height: number;
}

/** What the page sends: its canvas once, then each burst to fire on it, and the window's new size when it changes. */
export type ConfettiMessage = { canvas: OffscreenCanvas } | { burst: Options } | { size: ConfettiSize };

let canvas: OffscreenCanvas | null = null;
let fire: CreateTypes | null = null;
self.addEventListener('message', (event: MessageEvent<ConfettiMessage>) => {
  const message = event.data;
  if ('canvas' in message) {
    canvas = message.canvas;
    fire = confetti.create(canvas as unknown as HTMLCanvasElement);
  } else if ('size' in message) {
    // The library measures the canvas once per animation: the pieces in flight end, and the next
    // burst fills the new size (drawn on over the old one, they would leave trails outside it).
    fire?.reset();
    if (canvas) Object.assign(canvas, message.size);
  } else void fire?.(message.burst);
});

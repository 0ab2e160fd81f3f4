import type { Options } from 'canvas-confetti';
import type { ConfettiMessage, ConfettiSize } from './confetti-worker.ts';

/** SPEC §2: confetti for 5 seconds, 50 pieces, in bursts spread over that time. */
export const confettiDurationMs = 5000;
export const confettiPieces = 50;
export const confettiBursts = 5;

const burst = (i: number): Options => ({
  particleCount: confettiPieces / confettiBursts,
  spread: 70,
  startVelocity: 35,
  ticks: 150,
  origin: { x: i % 2 === 0 ? 0.25 : 0.75, y: 0.3 },
});

/**
 * Plays the confetti once, unless the visitor asked for less motion. A worker of ours draws
 * it (confetti-worker.ts), so its frames are never long tasks on the page's main thread; a
 * browser that cannot hand a canvas to a worker draws it here, with the library fetched only
 * then. The canvas follows the window's width (a phone turned while it plays). Returns a stop function.
 */
export function playConfetti(): () => void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {};
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  const windowSize = (): ConfettiSize => ({ width: window.innerWidth, height: window.innerHeight });
  let size = windowSize();
  Object.assign(canvas, size);
  document.body.append(canvas);

  const drawing = drawer(canvas);
  // A new size ends the pieces in flight (see the drawers), so only a new width counts (a phone
  // turned, a window made wider): a phone's address bar showing or hiding as the visitor scrolls
  // changes the height alone, and the pieces stretch a little rather than vanish. At most once a frame.
  let frame = 0;
  const resize = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const next = windowSize();
      if (next.width === size.width) return;
      size = next;
      drawing.resize(size);
    });
  };
  window.addEventListener('resize', resize);
  const timers = Array.from({ length: confettiBursts }, (_, i) =>
    window.setTimeout(() => drawing.fire(burst(i)), (i * confettiDurationMs) / confettiBursts),
  );
  const stop = () => {
    for (const t of timers) window.clearTimeout(t);
    window.removeEventListener('resize', resize);
    cancelAnimationFrame(frame);
    drawing.stop();
    canvas.remove();
  };
  timers.push(window.setTimeout(stop, confettiDurationMs));
  return stop;
}

interface Drawer {
  fire(options: Options): void;
  resize(size: ConfettiSize): void;
  stop(): void;
}

function drawer(canvas: HTMLCanvasElement): Drawer {
  return ('transferControlToOffscreen' in canvas && workerDrawer(canvas)) || pageDrawer(canvas);
}

/** Null where the browser refuses the worker (a module worker in an older browser). */
function workerDrawer(canvas: HTMLCanvasElement): Drawer | null {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./confetti-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  // A worker whose script fails to load later (offline before the service worker) has the
  // canvas already: nothing is drawn, and the worker is ended.
  worker.addEventListener('error', () => worker.terminate());
  const offscreen = canvas.transferControlToOffscreen();
  const send = (message: ConfettiMessage, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  send({ canvas: offscreen }, [offscreen]);
  return { fire: (options) => send({ burst: options }), resize: (size) => send({ size }), stop: () => worker.terminate() };
}

function pageDrawer(canvas: HTMLCanvasElement): Drawer {
  let stopped = false;
  // Confetti that cannot load (offline, before the service worker) is simply not shown.
  const library = import('canvas-confetti').then(({ default: confetti }) => confetti.create(canvas)).catch(() => null);
  return {
    fire: (options) => void library.then((fire) => !stopped && fire?.(options)),
    // As in the worker: the pieces in flight end, and the next burst fills the new size.
    resize: (size) => void library.then((fire) => {
      fire?.reset();
      Object.assign(canvas, size);
    }),
    stop: () => {
      stopped = true;
      void library.then((fire) => fire?.reset());
    },
  };
}

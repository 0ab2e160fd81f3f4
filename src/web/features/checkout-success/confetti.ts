/** SPEC §2: confetti for 5 seconds, 50 pieces, in bursts spread over that time. */
export const confettiDurationMs = 5000;
export const confettiPieces = 50;
export const confettiBursts = 5;

/**
 * Plays the confetti once, unless the visitor asked for less motion. The library is fetched
 * only here, and draws on a canvas of ours without a worker (the CSP allows no blob: worker).
 * Returns a stop function.
 */
export function playConfetti(): () => void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {};
  let stopped = false;
  const timers: number[] = [];
  let canvas: HTMLCanvasElement | null = null;
  const stop = () => {
    stopped = true;
    for (const t of timers) window.clearTimeout(t);
    canvas?.remove();
  };
  void import('canvas-confetti').then(({ default: confetti }) => {
    if (stopped) return;
    canvas = document.createElement('canvas');
    canvas.className = 'confetti-canvas';
    canvas.setAttribute('aria-hidden', 'true');
    document.body.append(canvas);
    const fire = confetti.create(canvas, { resize: true, useWorker: false });
    const perBurst = confettiPieces / confettiBursts;
    for (let i = 0; i < confettiBursts; i++) {
      timers.push(
        window.setTimeout(() => {
          void fire({ particleCount: perBurst, spread: 70, startVelocity: 35, ticks: 150, origin: { x: i % 2 === 0 ? 0.25 : 0.75, y: 0.3 } });
        }, (i * confettiDurationMs) / confettiBursts),
      );
    }
    timers.push(
      window.setTimeout(() => {
        fire.reset();
        stop();
      }, confettiDurationMs),
    );
  });
  return stop;
}

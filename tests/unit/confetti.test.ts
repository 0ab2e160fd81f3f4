// @vitest-environment jsdom
import type { Options } from 'canvas-confetti';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confettiBursts, confettiDurationMs, confettiPieces, playConfetti } from '../../src/web/features/checkout-success/confetti.ts';

/*
 * SPEC §2: confetti for 5 seconds, 50 pieces, in bursts spread over that time; none for a visitor
 * who asked for less motion. Drawn by a worker when the browser can hand it the canvas.
 */

const pageFire = vi.fn<(options: Options) => Promise<null>>(async () => null);
const pageReset = vi.fn();
let libraryLoads = true;
vi.mock('canvas-confetti', () => ({
  default: {
    create: () => {
      if (!libraryLoads) throw new TypeError('Failed to fetch dynamically imported module');
      return Object.assign(pageFire, { reset: pageReset });
    },
  },
}));

class RecordingWorker {
  static made: RecordingWorker[] = [];
  static refuse = false;
  messages: unknown[] = [];
  transfers: unknown[][] = [];
  terminated = false;
  constructor(readonly url: URL | string) {
    if (RecordingWorker.refuse) throw new TypeError('Module scripts are not supported on workers');
    RecordingWorker.made.push(this);
  }
  postMessage(message: unknown, transfer: unknown[] = []) {
    this.messages.push(message);
    this.transfers.push(transfer);
  }
  terminate() {
    this.terminated = true;
  }
  addEventListener() {}
}

let reducedMotion = false;
const offscreen = { handedOver: true };

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  libraryLoads = true;
  RecordingWorker.made = [];
  RecordingWorker.refuse = false;
  pageFire.mockClear();
  pageReset.mockClear();
  vi.stubGlobal('Worker', RecordingWorker);
  window.matchMedia = ((query: string) => ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' })) as typeof window.matchMedia;
  HTMLCanvasElement.prototype.transferControlToOffscreen = () => offscreen as unknown as OffscreenCanvas;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const canvas = () => document.querySelector('canvas.confetti-canvas');
const bursts = (worker: RecordingWorker) => worker.messages.flatMap((m) => ('burst' in (m as object) ? [(m as { burst: Options }).burst] : []));

describe('the success page’s confetti', () => {
  it('hands its canvas to a worker, fires 50 pieces in bursts over 5 seconds, then ends the worker and removes the canvas', () => {
    playConfetti();
    expect(canvas()?.getAttribute('aria-hidden')).toBe('true');
    const [worker] = RecordingWorker.made;
    expect(RecordingWorker.made).toHaveLength(1);
    expect(String(worker!.url)).toMatch(/\/checkout-success\/confetti-worker\.ts/);
    expect(worker!.messages[0]).toEqual({ canvas: offscreen });
    expect(worker!.transfers[0]).toEqual([offscreen]);

    vi.advanceTimersByTime(confettiDurationMs - 1);
    const fired = bursts(worker!);
    expect(fired).toHaveLength(confettiBursts);
    expect(fired.reduce((sum, b) => sum + (b.particleCount ?? 0), 0)).toBe(confettiPieces);
    expect(worker!.terminated).toBe(false);
    expect(canvas()).not.toBeNull();

    vi.advanceTimersByTime(1);
    expect(worker!.terminated).toBe(true);
    expect(canvas()).toBeNull();
  });

  it('spreads the bursts over the 5 seconds, one at a time', () => {
    playConfetti();
    const [worker] = RecordingWorker.made;
    const counts = [];
    for (let i = 0; i < confettiBursts; i++) {
      vi.advanceTimersByTime(i === 0 ? 0 : confettiDurationMs / confettiBursts);
      counts.push(bursts(worker!).length);
    }
    expect(counts).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops at once when the page goes away: no burst after, no worker, no canvas', () => {
    const stop = playConfetti();
    const [worker] = RecordingWorker.made;
    vi.advanceTimersByTime(1500);
    stop();
    vi.advanceTimersByTime(confettiDurationMs);
    expect(bursts(worker!)).toHaveLength(2);
    expect(worker!.terminated).toBe(true);
    expect(canvas()).toBeNull();
  });

  it('sends the window’s new size to the worker while it plays (a phone turned), once a frame, and nothing once it has stopped', () => {
    const stop = playConfetti();
    const [worker] = RecordingWorker.made;
    const sizes = () => worker!.messages.filter((m) => 'size' in (m as object));
    expect(canvas()).toMatchObject({ width: window.innerWidth, height: window.innerHeight });
    vi.stubGlobal('innerWidth', 844);
    vi.stubGlobal('innerHeight', 390);
    for (let i = 0; i < 5; i++) window.dispatchEvent(new Event('resize'));
    vi.advanceTimersToNextFrame();
    expect(sizes()).toEqual([{ size: { width: 844, height: 390 } }]);
    stop();
    vi.stubGlobal('innerWidth', 390);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersToNextFrame();
    expect(sizes()).toHaveLength(1);
  });

  it('keeps its pieces when only the height changes (a phone’s address bar showing or hiding)', () => {
    playConfetti();
    const [worker] = RecordingWorker.made;
    vi.stubGlobal('innerHeight', window.innerHeight - 56);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersToNextFrame();
    expect(worker!.messages.filter((m) => 'size' in (m as object))).toEqual([]);
  });

  it('resizes the canvas it draws on itself, ending the pieces in flight', async () => {
    RecordingWorker.refuse = true;
    playConfetti();
    await vi.advanceTimersByTimeAsync(0);
    vi.stubGlobal('innerWidth', 844);
    vi.stubGlobal('innerHeight', 390);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(pageReset).toHaveBeenCalledTimes(1);
    expect(canvas()).toMatchObject({ width: 844, height: 390 });
  });

  it('shows none to a visitor who asked for less motion', () => {
    reducedMotion = true;
    playConfetti();
    vi.advanceTimersByTime(confettiDurationMs);
    expect(canvas()).toBeNull();
    expect(RecordingWorker.made).toHaveLength(0);
  });

  it('draws on the page where the browser refuses the worker', async () => {
    RecordingWorker.refuse = true;
    playConfetti();
    await vi.advanceTimersByTimeAsync(confettiDurationMs - 1);
    expect(pageFire).toHaveBeenCalledTimes(confettiBursts);
    expect(pageFire.mock.calls.reduce((sum, [b]) => sum + (b.particleCount ?? 0), 0)).toBe(confettiPieces);
    await vi.advanceTimersByTimeAsync(1);
    expect(pageReset).toHaveBeenCalled();
    expect(canvas()).toBeNull();
  });

  it('draws on the page where the browser cannot hand a canvas to a worker', async () => {
    // @ts-expect-error: a browser without OffscreenCanvas transfer
    delete HTMLCanvasElement.prototype.transferControlToOffscreen;
    playConfetti();
    await vi.advanceTimersByTimeAsync(confettiDurationMs);
    expect(RecordingWorker.made).toHaveLength(0);
    expect(pageFire).toHaveBeenCalledTimes(confettiBursts);
    expect(canvas()).toBeNull();
  });

  it('shows nothing, and throws nothing, when the page cannot load the library', async () => {
    RecordingWorker.refuse = true;
    libraryLoads = false;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      playConfetti();
      await vi.advanceTimersByTimeAsync(confettiDurationMs);
      expect(pageFire).not.toHaveBeenCalled();
      expect(canvas()).toBeNull();
      await vi.waitFor(() => Promise.resolve());
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('the confetti worker', () => {
  it('draws each burst on the canvas it was handed, and takes a new size by ending the pieces in flight', async () => {
    await import('../../src/web/features/checkout-success/confetti-worker.ts');
    const handed = { width: 390, height: 844 };
    const send = (data: unknown) => self.dispatchEvent(new MessageEvent('message', { data }));
    send({ canvas: handed });
    send({ burst: { particleCount: 10 } });
    expect(pageFire).toHaveBeenLastCalledWith({ particleCount: 10 });
    send({ size: { width: 844, height: 390 } });
    expect(pageReset).toHaveBeenCalledTimes(1);
    expect(handed).toEqual({ width: 844, height: 390 });
  });
});

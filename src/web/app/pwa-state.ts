/*
 * The service worker's state and the browser's install offer, kept from the app's start: the
 * notices and the install button that show them (pwa.tsx) load after the first screen, and
 * must not miss what happened before.
 */

/** The event Chromium fires when it would install the app (not in the DOM's own types yet). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type Listener = (state: PwaState) => void;

export interface PwaState {
  needRefresh: boolean;
  offlineReady: boolean;
  /** The browser's offer to install the app, kept until used or the app is installed. */
  install: BeforeInstallPromptEvent | null;
}

let updateServiceWorker: ((reload?: boolean) => Promise<void>) | undefined;
const listeners = new Set<Listener>();
let state: PwaState = { needRefresh: false, offlineReady: false, install: null };

export function pwaState(): PwaState {
  return state;
}

export function setPwaState(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l(state);
}

export function onPwaState(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let registering = false;

/**
 * Registers the service worker once, after the first render (workbox-window is not part of what
 * the first screen loads), and keeps the browser's install offer. A waiting update is offered,
 * never applied by itself: a tablet may be mid-signature.
 */
export function startServiceWorker(): void {
  if (registering) return;
  registering = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    setPwaState({ install: e as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setPwaState({ install: null }));
  if (!('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    updateServiceWorker = registerSW({
      immediate: true,
      onNeedRefresh: () => setPwaState({ needRefresh: true }),
      onOfflineReady: () => setPwaState({ offlineReady: true }),
    });
  });
}

/**
 * Activates the waiting worker, then reloads once it controls the page. workbox-window reloads
 * by itself only when the page was already controlled at registration, not in the visit that
 * first installed the worker.
 */
export function applyUpdate(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void updateServiceWorker?.(true);
}

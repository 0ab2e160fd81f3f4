import { useEffect, useState } from 'react';
import { appCatalogue } from '../i18n/app-catalogue.ts';
import { useCatalogue } from '../i18n/i18n.tsx';
import { localKeys } from '../../shared/storage-names.ts';
import { onStorageProblem, readLocal, writeLocal } from '../storage/local.ts';
import * as z from 'zod/mini';
import { Icon } from '../ui/icons.tsx';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let updateServiceWorker: ((reload?: boolean) => Promise<void>) | undefined;
type Listener = (state: { needRefresh: boolean; offlineReady: boolean }) => void;
const listeners = new Set<Listener>();
let swState = { needRefresh: false, offlineReady: false };
function setSwState(next: Partial<typeof swState>) {
  swState = { ...swState, ...next };
  for (const l of listeners) l(swState);
}

let registering = false;

/**
 * Registers the service worker once, after the first render (workbox-window is not part of what
 * the first screen loads). A waiting update is offered, never applied by itself: a tablet may be
 * mid-signature.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || registering) return;
  registering = true;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    updateServiceWorker = registerSW({
      immediate: true,
      onNeedRefresh: () => setSwState({ needRefresh: true }),
      onOfflineReady: () => setSwState({ offlineReady: true }),
    });
  });
}

/**
 * Activates the waiting worker, then reloads once it controls the page. workbox-window reloads
 * by itself only when the page was already controlled at registration, not in the visit that
 * first installed the worker.
 */
function applyUpdate(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void updateServiceWorker?.(true);
}

/** Service-worker notices: 'ready to work offline' (once per device) and 'update available'. */
export function ServiceWorkerNotices() {
  const m = useCatalogue(appCatalogue);
  const [state, setState] = useState(swState);
  const [storageProblem, setStorageProblem] = useState<'quota' | 'unavailable' | null>(null);
  useEffect(() => {
    listeners.add(setState);
    const stop = onStorageProblem(setStorageProblem);
    return () => {
      listeners.delete(setState);
      stop();
    };
  }, []);
  // Said once per device, then it fades: the visitor needs to know, not to be interrupted.
  const [showOfflineReady, setShowOfflineReady] = useState(false);
  useEffect(() => {
    if (!state.offlineReady || readLocal(localKeys.offlineReadyShown, z.boolean())) return;
    writeLocal(localKeys.offlineReadyShown, true);
    setShowOfflineReady(true);
    const timer = window.setTimeout(() => setShowOfflineReady(false), 8000);
    return () => window.clearTimeout(timer);
  }, [state.offlineReady]);
  return (
    <div className="toasts" aria-live="polite">
      {state.needRefresh ? (
        <div className="toast" role="status">
          <span>{m.updateAvailable}</span>
          <button type="button" className="button button--primary" onClick={applyUpdate}>
            {m.reload}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setSwState({ needRefresh: false })}>
            {m.dismiss}
          </button>
        </div>
      ) : null}
      {showOfflineReady ? (
        <div className="toast" role="status">
          <span>{m.offlineReady}</span>
          <button type="button" className="button button--ghost" onClick={() => setShowOfflineReady(false)}>
            {m.dismiss}
          </button>
        </div>
      ) : null}
      {storageProblem ? (
        <div className="toast toast--error" role="alert">
          <span>{storageProblem === 'quota' ? m.storageQuota : m.storageUnavailable}</span>
          <button type="button" className="button button--ghost" onClick={() => setStorageProblem(null)}>
            {m.dismiss}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iphone|ipad|ipod/i.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !standalone && /safari/i.test(ua) && !/crios|fxios|edgios/i.test(ua);
}

/** The install button where the browser offers one, and the Add to Home Screen hint on iOS Safari. */
export function InstallPrompt() {
  const m = useCatalogue(appCatalogue);
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [iosHint, setIosHint] = useState(false);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setDeferred(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setDeferred(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    setIosHint(isIosSafari() && !readLocal(localKeys.iosHintDismissed, z.boolean()));
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  return (
    <>
      {deferred ? (
        <button
          type="button"
          className="button button--on-brand install-button"
          onClick={() => {
            void deferred.prompt();
            void deferred.userChoice.finally(() => setDeferred(null));
          }}
        >
          <Icon name="install" size={20} />
          <span className="install-button__label">{m.install}</span>
        </button>
      ) : null}
      {iosHint ? (
        <div className="ios-hint" role="note">
          <span>{m.iosInstallHint}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={m.dismiss}
            onClick={() => {
              writeLocal(localKeys.iosHintDismissed, true);
              setIosHint(false);
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </>
  );
}

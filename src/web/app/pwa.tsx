import { useEffect, useState } from 'react';
import { applyUpdate, onPwaState, pwaState, setPwaState } from './pwa-state.ts';
import { appCatalogue } from '../i18n/app-catalogue.ts';
import { useCatalogue } from '../i18n/i18n.tsx';
import { localKeys } from '../../shared/storage-names.ts';
import { onStorageProblem, readLocal, writeLocal } from '../storage/local.ts';
import * as z from 'zod/mini';
import { Icon } from '../ui/icons.tsx';

/*
 * The service worker's notices and the install button, loaded after the first screen (the shell
 * asks for them lazily); their state is pwa-state.ts's, kept from the app's start.
 */

/** Service-worker notices: 'ready to work offline' (once per device) and 'update available'. */
export function ServiceWorkerNotices() {
  const m = useCatalogue(appCatalogue);
  const [state, setState] = useState(pwaState);
  const [storageProblem, setStorageProblem] = useState<'quota' | 'unavailable' | null>(null);
  useEffect(() => {
    const unsubscribe = onPwaState(setState);
    const stop = onStorageProblem(setStorageProblem);
    return () => {
      unsubscribe();
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
          <button type="button" className="button button--ghost" onClick={() => setPwaState({ needRefresh: false })}>
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
  const [deferred, setDeferred] = useState(() => pwaState().install);
  const [iosHint, setIosHint] = useState(false);
  useEffect(() => {
    const unsubscribe = onPwaState((state) => setDeferred(state.install));
    setIosHint(isIosSafari() && !readLocal(localKeys.iosHintDismissed, z.boolean()));
    return unsubscribe;
  }, []);
  return (
    <>
      {deferred ? (
        <button
          type="button"
          className="button button--on-brand install-button"
          onClick={() => {
            void deferred.prompt();
            void deferred.userChoice.finally(() => setPwaState({ install: null }));
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

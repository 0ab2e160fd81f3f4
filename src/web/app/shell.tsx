import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { appCatalogue } from '../i18n/app-catalogue.ts';
import { useLanguage, useCatalogue } from '../i18n/i18n.tsx';
import { site } from '../../shared/site.ts';
import { useOnline } from './use-online.ts';

/*
 * The install button and the service worker's notices come after the first screen: nothing of
 * theirs is needed to paint it, and their state is kept from the app's start (pwa-state.ts). A
 * chunk that cannot load (offline, on a page no service worker serves) shows nothing.
 */
const pwa = () => import('./pwa.tsx').catch(() => ({ InstallPrompt: () => null, ServiceWorkerNotices: () => null }));
const InstallPrompt = lazy(() => pwa().then((m) => ({ default: m.InstallPrompt })));
const ServiceWorkerNotices = lazy(() => pwa().then((m) => ({ default: m.ServiceWorkerNotices })));

/**
 * Header, language switch, install and offline state around every screen. `tools` joins the
 * header's own (the routes put the waitlist's queued entries there).
 */
export function Shell({ children, hero, tools }: { children: ReactNode; hero?: boolean; tools?: ReactNode }) {
  const m = useCatalogue(appCatalogue);
  const { lang, setLang } = useLanguage();
  const online = useOnline();
  return (
    <>
      <a className="skip-link" href="#main">
        {m.skipToContent}
      </a>
      <header className="site-header">
        <div className="site-header__bar">
          <Link to="/$category" params={{ category: 'conference' }} className="brand">
            {site.productName}
          </Link>
          <div className="site-header__tools">
            {online ? null : (
              <span className="offline-badge" role="status">
                {m.offline}
              </span>
            )}
            {tools}
            <Suspense fallback={null}>
              <InstallPrompt />
            </Suspense>
            <button type="button" className="button button--on-brand" lang={lang === 'en' ? 'fr' : 'en'} aria-label={m.languageSwitchLabel} onClick={() => setLang(lang === 'en' ? 'fr' : 'en')}>
              {m.languageSwitch}
            </button>
          </div>
        </div>
        {hero ? (
          <div className="hero">
            <h1>{m.heroTitle}</h1>
            <p>{m.heroText}</p>
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Suspense fallback={null}>
        <ServiceWorkerNotices />
      </Suspense>
    </>
  );
}

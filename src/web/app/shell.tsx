import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { appCatalogue } from '../i18n/app-catalogue.ts';
import { useLanguage, useCatalogue } from '../i18n/i18n.tsx';
import { site } from '../../shared/site.ts';
import { InstallPrompt, ServiceWorkerNotices } from './pwa.tsx';
import { useOnline } from './use-online.ts';

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
            <InstallPrompt />
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
      <ServiceWorkerNotices />
    </>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { site } from '../../shared/site.ts';
import { staffCalls, sessionQuery, staffKeys } from './queries.ts';
import { useStaffLanguage } from './language.tsx';
import { StaffLink } from './navigation.tsx';

/** The language switch: the other language's name, in that language. */
export function LanguageSwitch() {
  const { lang, m, setLang } = useStaffLanguage();
  const other = lang === 'en' ? 'fr' : 'en';
  return (
    <button type="button" className="button button--on-brand" lang={other === 'fr' ? 'fr-CA' : 'en-CA'} aria-label={m.languageSwitchLabel} onClick={() => setLang(other)}>
      {m.languageSwitch}
    </button>
  );
}

/** The header of a page outside the signed-in console (sign in, set a password). */
export function PlainShell({ children }: { children: React.ReactNode }) {
  const { m } = useStaffLanguage();
  return (
    <>
      <header className="staff-header">
        <div className="staff-header__bar">
          <span className="staff-brand">
            {site.productName} <span className="staff-brand__app">{m.appName}</span>
          </span>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="staff-main staff-main--narrow">
        {children}
      </main>
    </>
  );
}

const sections = [
  ['/staff/inventory', 'inventory'],
  ['/staff/calendar', 'calendar'],
  ['/staff/orders', 'orders'],
  ['/staff/rentals', 'rentals'],
  ['/staff/waitlist', 'waitlist'],
  ['/staff/lease-offers', 'leaseOffers'],
  ['/staff/pad-files', 'padFiles'],
  ['/staff/books', 'books'],
  ['/staff/messages', 'messages'],
  ['/staff/staff', 'staff'],
] as const;

/** Sections only managers open (their API answers staff 403): not offered to staff. */
const managerSections: ReadonlySet<string> = new Set(['/staff/pad-files', '/staff/books']);

/** The signed-in console: who is signed in, the sections, Sign out, and the page. */
export function ConsoleShell() {
  const { m } = useStaffLanguage();
  const session = useQuery(sessionQuery());
  const queryClient = useQueryClient();
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);
  const staff = session.data?.staff;
  const navList = useRef<HTMLUListElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // On a phone the tabs scroll sideways: the current one, when out of sight, is brought to the middle, in either language.
  useEffect(() => {
    const list = navList.current;
    const current = list?.querySelector('[aria-current=page]');
    if (!list || !current) return;
    const [outer, inner] = [list.getBoundingClientRect(), current.getBoundingClientRect()];
    if (inner.left >= outer.left && inner.right <= outer.right) return;
    list.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
  }, [pathname, m, staff?.role]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await staffCalls.signOut();
    } catch {
      // Signed out or not on the server, this device forgets the session either way.
    }
    queryClient.removeQueries({ queryKey: staffKeys.all });
    setSigningOut(false);
    await router.navigate({ to: '/staff/sign-in', search: { signedOut: '1' } } as never);
  };

  return (
    <>
      <a className="skip-link" href="#main">
        {m.skipToContent}
      </a>
      <header className="staff-header">
        <div className="staff-header__bar">
          {/* Home, never 'the current page': only a section's link in the nav says where staff are. */}
          <StaffLink to="/staff" activeOptions={{ exact: true }} className="staff-brand">
            {site.productName} <span className="staff-brand__app">{m.appName}</span>
          </StaffLink>
          <div className="staff-header__tools">
            {staff ? <span className="staff-who">{m.signedInAs(staff.name ? `${staff.name} (${staff.email})` : staff.email)}</span> : null}
            <LanguageSwitch />
            <button type="button" className="button button--on-brand" onClick={() => void signOut()} disabled={signingOut}>
              {signingOut ? m.signingOut : m.signOut}
            </button>
          </div>
        </div>
        <nav className="staff-nav" aria-label={m.nav.label}>
          <ul ref={navList}>
            {sections.filter(([to]) => staff?.role === 'manager' || !managerSections.has(to)).map(([to, key]) => (
              <li key={to}>
                <StaffLink to={to} className="staff-nav__link">
                  {m.nav[key]}
                </StaffLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="staff-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

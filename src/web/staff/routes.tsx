import { createRootRoute, createRoute, Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { mailStatuses } from '../../shared/contract/staff-mail.ts';
import { orderStatuses } from '../../shared/contract/staff-orders.ts';
import { rentalStates, type RentalState } from '../../shared/contract/staff-rentals.ts';
import { isIsoDate } from '../../shared/domain/time.ts';
import { StaffApiError } from './api.ts';
import type { BooksDocumentsSearch, BooksMoneySearch, BooksRangeSearch } from './books-queries.ts';
import { useStaffLanguage } from './language.tsx';
import { staffQueryClient } from './query-client.ts';
import { sessionQuery, type MailFilter, type OrderSearch } from './queries.ts';
import { ConsoleShell } from './shell.tsx';
import { errorText, EmptyState, PageTitle, useDocumentTitle } from './ui.tsx';
import { LoadingText, RetryAlert } from '../ui/status.tsx';
import { CalendarPage, currentMonth, monthPattern } from './pages/calendar-page.tsx';
import { InventoryPage } from './pages/inventory-page.tsx';
import { LeaseOffersPage } from './pages/lease-offers-page.tsx';
import { MessagesPage } from './pages/messages-page.tsx';
import { OfferDetailPage } from './pages/offer-detail-page.tsx';
import { OrderDetailPage } from './pages/order-detail-page.tsx';
import { OrdersPage } from './pages/orders-page.tsx';
import { RentalDetailPage } from './pages/rental-detail-page.tsx';
import { RentalsPage } from './pages/rentals-page.tsx';
import { PadFilesPage } from './pages/pad-files-page.tsx';
import { SetPasswordPage } from './pages/set-password-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { StaffPage } from './pages/staff-page.tsx';
import { UnitQueuePage } from './pages/unit-queue-page.tsx';
import { WaitlistPage } from './pages/waitlist-page.tsx';

/**
 * The console's routes, in code (it has its own entry, apart from the public file routes).
 * Every page but signing in and setting a password is under the 'console' layout, which makes
 * sure of the session before it shows anything.
 */

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function NotFound() {
  const { m } = useStaffLanguage();
  useDocumentTitle(m.notFound);
  return <EmptyState>{m.notFound}</EmptyState>;
}

function ConsoleError({ error, reset }: { error: unknown; reset: () => void }) {
  const { m } = useStaffLanguage();
  return (
    <main id="main" className="staff-main staff-main--narrow">
      <RetryAlert title={m.common.loadFailed} retryLabel={m.common.retry} onRetry={reset}>
        <p>{errorText(m, error)}</p>
      </RetryAlert>
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFound });

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/staff/sign-in',
  validateSearch: (search: Record<string, unknown>): { next?: string; signedOut?: string } => ({ next: text(search.next), signedOut: text(search.signedOut) }),
  component: function SignInRoute() {
    const { next, signedOut } = signInRoute.useSearch();
    return <SignInPage next={next} signedOut={signedOut === '1'} />;
  },
});

const setPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/staff/set-password', component: SetPasswordPage });

const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  beforeLoad: async ({ location }) => {
    const signIn = () => redirect({ to: '/staff/sign-in', search: { next: location.href } } as never);
    try {
      const session = await staffQueryClient.ensureQueryData(sessionQuery());
      if (!session.staff) throw signIn();
    } catch (err) {
      if (err instanceof StaffApiError && err.status === 401) throw signIn();
      throw err;
    }
  },
  component: ConsoleShell,
  errorComponent: ConsoleError,
  notFoundComponent: NotFound,
});

const homeRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff',
  beforeLoad: () => {
    throw redirect({ to: '/staff/inventory', replace: true } as never);
  },
});

const inventoryRoute = createRoute({ getParentRoute: () => consoleRoute, path: '/staff/inventory', component: InventoryPage });

/** A record's number as the server reads one: a positive int4, written plainly. */
const recordNumber = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null);

const unitQueueRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/inventory/$id/waitlist',
  component: function UnitQueueRoute() {
    const { m } = useStaffLanguage();
    const { id: text } = unitQueueRoute.useParams();
    const id = recordNumber(text);
    if (id === null)
      return (
        <>
          <PageTitle>{m.unitQueue.title}</PageTitle>
          <EmptyState>{m.unitQueue.notFound}</EmptyState>
        </>
      );
    return <UnitQueuePage key={id} id={id} />;
  },
});

const calendarRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/calendar',
  validateSearch: (search: Record<string, unknown>): { month?: string } => {
    const month = text(search.month);
    return { month: month && monthPattern.test(month) ? month : undefined };
  },
  component: function CalendarRoute() {
    const { month } = calendarRoute.useSearch();
    return <CalendarPage key={month ?? 'now'} month={month ?? currentMonth()} />;
  },
});

const ordersRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/orders',
  validateSearch: (search: Record<string, unknown>): OrderSearch => {
    const status = text(search.status);
    const product = text(search.product);
    const from = text(search.from);
    const to = text(search.to);
    return {
      status: (orderStatuses as readonly string[]).includes(status ?? '') ? (status as OrderSearch['status']) : undefined,
      product: product && /^[a-z_]{1,40}$/.test(product) ? product : undefined,
      from: from && isIsoDate(from) ? from : undefined,
      to: to && isIsoDate(to) ? to : undefined,
    };
  },
  component: function OrdersRoute() {
    const search = ordersRoute.useSearch();
    return <OrdersPage key={JSON.stringify(search)} search={search} />;
  },
});

const orderRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/orders/$id',
  component: function OrderRoute() {
    const { id } = orderRoute.useParams();
    return <OrderDetailPage id={id} />;
  },
});

const rentalsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/rentals',
  validateSearch: (search: Record<string, unknown>): { state?: RentalState } => {
    const state = text(search.state);
    return { state: (rentalStates as readonly string[]).includes(state ?? '') ? (state as RentalState) : undefined };
  },
  component: function RentalsRoute() {
    const { state } = rentalsRoute.useSearch();
    return <RentalsPage key={state ?? 'all'} state={state} />;
  },
});

/** A rental's id as the server reads one: a UUID. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const rentalRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/rentals/$id',
  component: function RentalRoute() {
    const { m } = useStaffLanguage();
    const { id } = rentalRoute.useParams();
    if (!uuidPattern.test(id))
      return (
        <>
          <PageTitle>{m.rental.title}</PageTitle>
          <EmptyState>{m.rental.notFound}</EmptyState>
        </>
      );
    return <RentalDetailPage key={id} id={id} />;
  },
});

const waitlistRoute = createRoute({ getParentRoute: () => consoleRoute, path: '/staff/waitlist', component: WaitlistPage });

const offersRoute = createRoute({ getParentRoute: () => consoleRoute, path: '/staff/lease-offers', component: LeaseOffersPage });

const offerRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/lease-offers/$id',
  component: function OfferRoute() {
    const { m } = useStaffLanguage();
    const { id } = offerRoute.useParams();
    const number = Number(id);
    if (!Number.isInteger(number) || number <= 0)
      return (
        <>
          <PageTitle>{m.offers.title}</PageTitle>
          <EmptyState>{m.offer.notFound}</EmptyState>
        </>
      );
    return <OfferDetailPage id={number} />;
  },
});

const padFilesRoute = createRoute({ getParentRoute: () => consoleRoute, path: '/staff/pad-files', component: PadFilesPage });

/*
 * The books (managers): loaded when first opened, with their charts, so the console's first load
 * carries none of it.
 */
const BooksPage = lazy(() => import('./pages/books-page.tsx').then((module) => ({ default: module.BooksPage })));
const BooksDocumentsPage = lazy(() => import('./pages/books-lists-page.tsx').then((module) => ({ default: module.BooksDocumentsPage })));
const BooksMoneyPage = lazy(() => import('./pages/books-lists-page.tsx').then((module) => ({ default: module.BooksMoneyPage })));
const BooksDepositsPage = lazy(() => import('./pages/books-lists-page.tsx').then((module) => ({ default: module.BooksDepositsPage })));

function Loading({ children }: { children: ReactNode }) {
  const { m } = useStaffLanguage();
  return <Suspense fallback={<LoadingText>{m.common.loading}</LoadingText>}>{children}</Suspense>;
}

/** A day as the address gives it, any text short enough: a day that is not one is the server's to name beside its field. */
const dayText = (value: unknown) => {
  const day = text(value);
  return day && day.length <= 20 ? day : undefined;
};
/** A filter's code (a product, a kind of document or of money), for the server to check. */
const codeText = (value: unknown) => {
  const code = text(value);
  return code && /^[a-z_]{1,40}$/.test(code) ? code : undefined;
};
/** The range every books address carries: its first and last days. */
const booksRangeSearch = (search: Record<string, unknown>): BooksRangeSearch => ({ from: dayText(search.from), to: dayText(search.to) });

const booksRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/books',
  validateSearch: booksRangeSearch,
  component: function BooksRoute() {
    const search = booksRoute.useSearch();
    return (
      <Loading>
        <BooksPage search={search} />
      </Loading>
    );
  },
});

const booksDocumentsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/books/documents',
  validateSearch: (search: Record<string, unknown>): BooksDocumentsSearch => ({ ...booksRangeSearch(search), kind: codeText(search.kind), product: codeText(search.product) }),
  component: function BooksDocumentsRoute() {
    const search = booksDocumentsRoute.useSearch();
    return (
      <Loading>
        <BooksDocumentsPage search={search} />
      </Loading>
    );
  },
});

const booksMoneyRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/books/money',
  validateSearch: (search: Record<string, unknown>): BooksMoneySearch => ({ ...booksRangeSearch(search), kind: codeText(search.kind) }),
  component: function BooksMoneyRoute() {
    const search = booksMoneyRoute.useSearch();
    return (
      <Loading>
        <BooksMoneyPage search={search} />
      </Loading>
    );
  },
});

const booksDepositsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/books/deposits',
  validateSearch: (search: Record<string, unknown>): BooksRangeSearch & { figure?: string } => ({ ...booksRangeSearch(search), figure: codeText(search.figure) }),
  component: function BooksDepositsRoute() {
    const search = booksDepositsRoute.useSearch();
    return (
      <Loading>
        <BooksDepositsPage search={search} />
      </Loading>
    );
  },
});

/** Staff accounts and their roles: every member of staff sees them; what only a manager may do is offered to managers. */
const staffRoute = createRoute({ getParentRoute: () => consoleRoute, path: '/staff/staff', component: StaffPage });

const messagesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/staff/messages',
  validateSearch: (search: Record<string, unknown>): { status?: NonNullable<MailFilter> } => {
    const status = text(search.status);
    return { status: (mailStatuses as readonly string[]).includes(status ?? '') ? (status as NonNullable<MailFilter>) : undefined };
  },
  component: function MessagesRoute() {
    const { status } = messagesRoute.useSearch();
    return <MessagesPage status={status} />;
  },
});

export const staffRouteTree = rootRoute.addChildren([
  signInRoute,
  setPasswordRoute,
  consoleRoute.addChildren([homeRoute, inventoryRoute, unitQueueRoute, calendarRoute, ordersRoute, orderRoute, rentalsRoute, rentalRoute, waitlistRoute, offersRoute, offerRoute, padFilesRoute, booksRoute, booksDocumentsRoute, booksMoneyRoute, booksDepositsRoute, messagesRoute, staffRoute]),
]);

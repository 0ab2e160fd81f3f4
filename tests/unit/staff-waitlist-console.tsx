import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type * as z from 'zod/mini';
import { sessionResponse } from '../../src/shared/contract/staff.ts';
import { StaffLanguageProvider } from '../../src/web/staff/language.tsx';
import { staffQueryClient } from '../../src/web/staff/query-client.ts';
import { staffRouteTree } from '../../src/web/staff/routes.tsx';

/*
 * The staff console at a path, in a language, signed in, against a fake /admin-api whose every
 * answer is parsed with the contract's schema first: a fixture the server could not send fails
 * the test that uses it.
 */

export interface ApiRequest {
  method: string;
  path: string;
  body: unknown;
  contentType: string | null;
}

type Handler = (request: ApiRequest) => Response | undefined;

/** An answer of the server: the body as the contract reads it. */
export function answer<S extends z.ZodMiniType>(schema: S, body: z.input<S>, status = 200): Response {
  return Response.json(schema.parse(body), { status });
}

/** The problem-detail header: base64url of the JSON, as the server writes it. */
export function detailHeader(detail: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(detail));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A refusal as the server answers it: the English `error`, the problem's code in its header when
 * it names one, and its values and fields (`detail`) in theirs: written as the server writes
 * them, or a string sent as it is (a header no server would write).
 */
export function refusal(status: number, error: string, code?: string, detail?: unknown): Response {
  const headers: Record<string, string> = {};
  if (code) headers['problem-code'] = code;
  if (detail !== undefined) headers['problem-detail'] = typeof detail === 'string' ? detail : detailHeader(detail);
  return Response.json({ success: false, error }, { status, headers });
}

/** Stubs fetch: the session, then each handler in turn; every request is recorded. */
export function fakeAdminApi(...handlers: Handler[]): ApiRequest[] {
  const requests: ApiRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'https://book.example.com');
      const headers = new Headers(init?.headers);
      const request: ApiRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname + url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        contentType: headers.get('content-type'),
      };
      requests.push(request);
      if (request.path === '/admin-api/session') return answer(sessionResponse, { success: true, staff: { id: 's1', email: 'lea@example.com', name: 'Léa', role: 'manager' } });
      for (const handler of handlers) {
        const response = handler(request);
        if (response) return response;
      }
      return refusal(404, `Nothing at ${request.method} ${request.path}`);
    }),
  );
  return requests;
}

export function renderConsole(path: string, lang: 'en' | 'fr' = 'en') {
  localStorage.setItem('staff-console-language', lang);
  const router = createRouter({ routeTree: staffRouteTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <StaffLanguageProvider>
      <QueryClientProvider client={staffQueryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StaffLanguageProvider>,
  );
  return router;
}

/** Before each test: the clock at the space's Thursday 19 November 2026, 9:30 AM, and dialogs jsdom lacks. */
export function setUpConsole() {
  vi.useFakeTimers({ now: new Date('2026-11-19T14:30:00Z'), toFake: ['Date'] });
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
  window.scrollTo = () => undefined;
}

export function tearDownConsole() {
  staffQueryClient.clear();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

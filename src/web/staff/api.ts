import type * as z from 'zod/mini';

/**
 * The console's one way to call /admin-api: same origin (the session cookie is SameSite=Strict,
 * and the server checks the Origin header the browser adds to every POST, PATCH and DELETE),
 * never cached, every answer parsed with the shared contract.
 */

/** Why a call gave no usable answer. status 0: no answer at all (offline, dropped). */
export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own `error` text, when it gave one. */
    readonly serverError?: string,
  ) {
    super(serverError ?? (status === 0 ? 'network' : `HTTP ${status}`));
  }
}

let signedOutHandler: (() => void) | null = null;

/** What to do when any call finds the session gone (401): the app sends staff to the sign-in page. */
export function onSignedOut(handler: () => void): void {
  signedOutHandler = handler;
}

export interface StaffRequest<S extends z.ZodMiniType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  schema: S;
  /** false for the calls where a 401 is an answer, not a lost session (signing in). */
  signInOn401?: boolean;
}

export async function staffRequest<S extends z.ZodMiniType>(path: string, request: StaffRequest<S>): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch {
    throw new StaffApiError(0);
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const error = json && typeof json === 'object' && typeof (json as { error?: unknown }).error === 'string' ? (json as { error: string }).error : undefined;
    if (res.status === 401 && request.signInOn401 !== false) signedOutHandler?.();
    throw new StaffApiError(res.status, error);
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) throw new StaffApiError(res.status, 'The server’s answer was not in the expected shape.');
  return parsed.data;
}

/**
 * A 400's text split by field: the server names the field first ('name: A name is required'),
 * several problems joined by '; '. What names no field is returned under ''.
 */
export function fieldErrorsOf(text: string | undefined, fields: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  if (!text) return found;
  for (const part of text.split(/;\s+/)) {
    const match = /^([a-z_]+)(?:\.\d+)*:\s*(.+)$/.exec(part);
    const field = match?.[1];
    if (match && field && fields.includes(field)) found[field] ??= match[2] ?? '';
    else found[''] ??= part;
  }
  return found;
}

/** A fresh Idempotency-Key: one per decision, kept while that decision is retried. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

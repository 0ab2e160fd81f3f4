import type * as z from 'zod/mini';
import { problemOfHeaders, type AnswerField, type ProblemAnswer } from '../i18n/problem-headers.ts';

/**
 * The console's one way to call /admin-api: same origin (the session cookie is SameSite=Strict,
 * and the server checks the Origin header the browser adds to every POST, PATCH and DELETE),
 * never cached, every answer parsed with the shared contract.
 */

/** Why a call gave no usable answer. status 0: no answer at all (offline, dropped). */
export class StaffApiError extends Error {
  /** The problem code the answer named (its problem-code header), by which the console words it. */
  readonly code: string | undefined;
  readonly params: Record<string, unknown> | undefined;
  /** The fields of a body or query the server refused, each with its own code: the forms say each beside its input. */
  readonly fields: readonly AnswerField[];

  constructor(
    readonly status: number,
    /** The server's own `error` text, when it gave one: said when the console has no words for its problem. */
    readonly serverError?: string,
    named?: ProblemAnswer,
    /** A 2xx answer that is not what the contract says: the console's own words say so. */
    readonly unreadable = false,
  ) {
    super(serverError ?? (status === 0 ? 'network' : `HTTP ${status}`));
    this.code = named?.code;
    this.params = named?.params;
    this.fields = named?.fields ?? [];
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
  /** A file sent as it is, labelled text/plain, instead of a JSON body (the bank's return file). */
  file?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  schema: S;
  /** false for the calls where a 401 is an answer, not a lost session (signing in). */
  signInOn401?: boolean;
}

export async function staffRequest<S extends z.ZodMiniType>(path: string, request: StaffRequest<S>): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  else if (request.file !== undefined) headers['content-type'] = 'text/plain';
  let res: Response;
  try {
    res = await fetch(path, {
      method: request.method ?? (request.body === undefined && request.file === undefined ? 'GET' : 'POST'),
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : request.file !== undefined ? { body: request.file } : {}),
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
    throw new StaffApiError(res.status, error, problemOfHeaders(res.headers));
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) throw new StaffApiError(res.status, undefined, undefined, true);
  return parsed.data;
}

/** A fresh Idempotency-Key: one per decision, kept while that decision is retried. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

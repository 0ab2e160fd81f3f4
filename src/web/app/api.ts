import type * as z from 'zod/mini';
import { apiError } from '../../shared/contract/common.ts';

/**
 * Where the provider API lives: VITE_API_BASE_URL at build time, else this site's own origin.
 */
export const apiBase = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

export function apiUrl(path: string): string {
  return `${apiBase}${path}`;
}

/**
 * Why a call to the API gave no usable answer:
 * - 'network': no answer at all (offline, dropped, aborted);
 * - 'rate-limited': 429, with the seconds the server asks to wait (Retry-After, else 60);
 * - 'http': any other non-2xx status, with its status text and the server's own `error` text when it sent one;
 * - 'refused': a 2xx answer that says `success: false` (or lacks what the call needs), with its `error` text;
 * - 'unreadable': a 2xx answer that is not JSON of the expected shape.
 */
export type ApiProblem =
  | { kind: 'network' }
  | { kind: 'rate-limited'; seconds: number; error: string | undefined }
  | { kind: 'http'; status: number; statusText: string; error: string | undefined }
  | { kind: 'refused'; error: string | undefined }
  | { kind: 'unreadable'; status: number };

/** The one error every API call of the PWA throws. */
export class ApiRequestError extends Error {

  /**
   * @param body the JSON of the answer, when it had one: some calls find what they need in an
   *   error answer too (the already-signed agreement of SPEC call 9).
   */
  constructor(
    readonly problem: ApiProblem,
    readonly body?: unknown,
    /**
     * The answer's headers: the problem it named is read from them (i18n/problem-headers.ts
     * problemOfHeaders) only where a problem is worded, never by the first page.
     */
    readonly headers?: Headers,
  ) {
    super(problem.kind === 'http' ? `HTTP ${problem.status}` : problem.kind);
  }

  /** The server's own words, when it gave any: shown for a problem the PWA has no words of its own for (SPEC §8). */
  get serverText(): string | undefined {
    return this.problem.kind === 'http' || this.problem.kind === 'rate-limited' || this.problem.kind === 'refused' ? this.problem.error : undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** 'no-store' for answers that carry personal details (lease offers). */
  cache?: RequestCache;
  /** Headers of the call's own (an Idempotency-Key). */
  headers?: Record<string, string>;
}

async function send(path: string, options: RequestOptions, accept: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (accept) headers.accept = accept;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(apiUrl(path), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch {
    throw new ApiRequestError({ kind: 'network' });
  }
}

async function readJsonBody(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

/** The error of a non-2xx answer, with the server's `error` text when its body is the contract's error shape, and the problem its headers name. */
function statusError(res: Response, body: unknown): ApiRequestError {
  const parsedError = apiError.safeParse(body);
  const error = parsedError.success ? parsedError.data.error : undefined;
  if (res.status === 429) {
    const seconds = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
    return new ApiRequestError({ kind: 'rate-limited', seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60, error }, body, res.headers);
  }
  return new ApiRequestError({ kind: 'http', status: res.status, statusText: res.statusText, error }, body, res.headers);
}

/** The provider's answers say `success: false` when they did not do what was asked, whatever their status. */
function refusal(body: unknown): ApiRequestError | undefined {
  if (!body || typeof body !== 'object' || !('success' in body) || body.success !== false) return undefined;
  const error = 'error' in body && typeof body.error === 'string' ? body.error : undefined;
  return new ApiRequestError({ kind: 'refused', error }, body);
}

/**
 * Calls the API and returns its answer parsed by `schema`, with the response (for its
 * headers). Every failure is an ApiRequestError.
 */
export async function requestJsonResponse<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<{ data: z.infer<S>; response: Response }> {
  const res = await send(path, options, 'application/json');
  const body = await readJsonBody(res);
  if (!res.ok) throw statusError(res, body);
  const refused = refusal(body);
  if (refused) throw refused;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiRequestError({ kind: 'unreadable', status: res.status }, body);
  return { data: parsed.data, response: res };
}

/** Calls the API and returns its answer parsed by `schema`; every failure is an ApiRequestError. */
export async function requestJson<S extends z.ZodMiniType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
  return (await requestJsonResponse(path, schema, options)).data;
}

/** Calls the API for a file (a PDF); an empty or unreadable file is 'unreadable'. Every failure is an ApiRequestError. */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const res = await send(path, options, undefined);
  if (!res.ok) throw statusError(res, await readJsonBody(res));
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    throw new ApiRequestError({ kind: 'network' });
  }
  if (blob.size === 0) throw new ApiRequestError({ kind: 'unreadable', status: res.status });
  return blob;
}

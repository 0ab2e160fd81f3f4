/**
 * Where the provider API lives: VITE_API_BASE_URL at build time, else this site's own origin.
 */
export const apiBase = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

export function apiUrl(path: string): string {
  return `${apiBase}${path}`;
}

/** The `error` text of a JSON error body, if it has one. */
export async function errorText(res: Response): Promise<string | undefined> {
  try {
    const body: unknown = await res.clone().json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: no error text to show.
  }
  return undefined;
}

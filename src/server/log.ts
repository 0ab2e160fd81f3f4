/**
 * The server's log: one JSON line per event on stderr. Values are data, never a format string,
 * so a path cannot forge a line or swallow the error; personal data never reaches it.
 */

/**
 * Runs that are secrets or look like one (offer codes, session ids, tokens: 16 or more
 * URL-safe characters with a capital or a digit in them) are kept to their first 4 characters,
 * wherever they stand; route words ('complete-signing') stay readable.
 */
const tokenLike = /[A-Za-z0-9_-]{16,}/g;

export function maskPath(path: string): string {
  return path.slice(0, 300).replace(tokenLike, (run) => (/[A-Z0-9]/.test(run) ? `${run.slice(0, 4)}…` : run));
}

/**
 * What an error may say in a log: its kind, code and message and where it was thrown. Database
 * errors carry the query's parameters and the failing row (names, e-mail addresses): those are
 * left out.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: typeof err };
  const { code, constraint, table, column } = err as { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };
  const fromDatabase = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  return {
    error: err.name,
    ...(typeof code === 'string' ? { code } : {}),
    // A database message may quote the value it refused ('invalid input syntax …: "…"'); the
    // names of the schema's own constraint, table and column are kept instead.
    message: (fromDatabase ? err.message.replace(/"[^"]*"/g, '"…"') : err.message).slice(0, 500),
    ...(fromDatabase ? { constraint, table, column } : {}),
    stack: err.stack?.split('\n').slice(1, 8).map((line) => line.trim()),
  };
}

export function logEvent(level: 'info' | 'warn' | 'error', event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  process.stderr.write(`${line}\n`);
}

export function logError(event: string, err: unknown, fields: Record<string, unknown> = {}): void {
  logEvent('error', event, { ...fields, ...errorFields(err) });
}

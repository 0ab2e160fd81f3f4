/**
 * What `work` gives if it settles within `ms`, else a rejection saying it did not: for the
 * answers that must come quickly whatever the database does (GET /readyz, GET /metrics). The
 * work itself goes on; its late end is ignored.
 */
export async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

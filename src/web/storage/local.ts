import * as z from 'zod/mini';

type Listener = (message: 'quota' | 'unavailable') => void;
const listeners = new Set<Listener>();
/** A problem nobody was listening for yet: the notices load after the first screen, and hear of it then. */
let unheard: Parameters<Listener>[0] | undefined;

/** The app shows a visible notice when the browser refuses to store something. */
export function onStorageProblem(listener: Listener): () => void {
  listeners.add(listener);
  if (unheard) listener(unheard);
  unheard = undefined;
  return () => listeners.delete(listener);
}

export function reportStorageProblem(error: unknown): void {
  const problem = error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED') ? 'quota' : 'unavailable';
  if (listeners.size === 0) unheard = problem;
  for (const l of listeners) l(problem);
}

export function readLocal<T>(key: string, schema: z.ZodMiniType<T>): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeLocal(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    reportStorageProblem(error);
    return false;
  }
}

export function removeLocal(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** sessionStorage, for what one tab needs again after a round trip to the payment page. */
export function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch (error) {
    reportStorageProblem(error);
  }
}

export function readSession(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

let persistenceAsked = false;

/**
 * Asks the browser to keep this site's storage under pressure, once, after the first thing a
 * visitor would hate to lose (a queued waitlist entry, a lease step).
 */
export function askForPersistentStorage(): void {
  if (persistenceAsked) return;
  persistenceAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

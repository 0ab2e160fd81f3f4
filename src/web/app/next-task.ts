/**
 * Lets the browser paint and answer input before the rest of a long piece of work runs.
 * `scheduler.yield` resumes ahead of other queued work (Chromium); elsewhere a message to our
 * own port starts a new task at once, where a chain of zero timeouts is held back 4 ms each
 * after the fifth (HTML's timer clamping).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

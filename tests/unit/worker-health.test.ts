import { describe, expect, it } from 'vitest';
import { workerHealth } from '../../src/server/repeat.ts';

describe('a background worker’s health (GET /readyz)', () => {
  const now = 1_000_000_000;
  it('is running between runs and during a run of ordinary length', () => {
    expect(workerHealth(false, null, 60_000, now)).toBe('running');
    expect(workerHealth(false, now - 4 * 60_000, 60_000, now)).toBe('running');
  });
  it('is stuck once one run lasts 5 intervals and at least 5 minutes', () => {
    expect(workerHealth(false, now - 5 * 60_000 - 1, 60_000, now)).toBe('stuck');
    // A 15-second worker is not stuck after 2 minutes: a slow provider, not a stuck one.
    expect(workerHealth(false, now - 2 * 60_000, 15_000, now)).toBe('running');
    expect(workerHealth(false, now - 10 * 60_000 - 1, 2 * 60_000, now)).toBe('stuck');
  });
  it('is stopped once a shutdown stopped it, whatever it was doing', () => {
    expect(workerHealth(true, null, 60_000, now)).toBe('stopped');
    expect(workerHealth(true, now - 60 * 60_000, 60_000, now)).toBe('stopped');
  });
});

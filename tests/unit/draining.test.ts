import { describe, expect, it } from 'vitest';
import { signalDuringDrain } from '../../src/server/http/draining.ts';

describe('a signal while the instance drains', () => {
  const first = { signal: 'SIGTERM', at: 1_000_000 };
  it('is the first delivered twice when it is the same signal within a second (Ctrl-C to the group, passed on by npm too)', () => {
    expect(signalDuringDrain(first, 'SIGTERM', first.at)).toBe('repeat');
    expect(signalDuringDrain(first, 'SIGTERM', first.at + 999)).toBe('repeat');
  });
  it('ends the drain at once when it comes a second or more later, or is another signal', () => {
    expect(signalDuringDrain(first, 'SIGTERM', first.at + 1_000)).toBe('stop_now');
    expect(signalDuringDrain(first, 'SIGTERM', first.at + 15_000)).toBe('stop_now');
    expect(signalDuringDrain(first, 'SIGINT', first.at + 10)).toBe('stop_now');
  });
});

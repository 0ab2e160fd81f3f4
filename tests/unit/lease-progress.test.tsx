// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaseProgress } from '../../src/web/storage/lease-progress.ts';
import { useLeaseProgress } from '../../src/web/features/lease/use-lease-progress.ts';

/** The device's saved progress, in memory: what the hook reads once and writes back. */
const device = vi.hoisted(() => ({ saved: new Map<string, LeaseProgress>(), writes: [] as LeaseProgress[] }));
vi.mock('../../src/web/storage/lease-progress.ts', () => ({
  readLeaseProgress: async (code: string) => device.saved.get(code),
  saveLeaseProgress: async (code: string, progress: LeaseProgress) => {
    device.saved.set(code, progress);
    device.writes.push(progress);
  },
}));

afterEach(() => {
  cleanup();
  device.saved.clear();
  device.writes.length = 0;
});

describe('the French version offered before an English signature (Charter of the French language, s. 55)', () => {
  it('one tap from the signature step opens the contract in French, saved as one change', async () => {
    device.saved.set('code', { step: 'signature', language: 'en' });
    const { result } = renderHook(() => useLeaseProgress('code', 'contract_generated'));
    await waitFor(() => expect(result.current?.step).toBe('signature'));
    act(() => result.current!.readInFrench());
    expect(result.current).toMatchObject({ step: 'contract', language: 'fr' });
    await waitFor(() => expect(device.writes).toEqual([{ step: 'contract', language: 'fr' }]));
  });

  it('from the contract step, it switches the contract to French and stays there', async () => {
    device.saved.set('code', { step: 'contract', language: 'en' });
    const { result } = renderHook(() => useLeaseProgress('code', 'contract_generated'));
    await waitFor(() => expect(result.current?.step).toBe('contract'));
    act(() => result.current!.readInFrench());
    expect(result.current).toMatchObject({ step: 'contract', language: 'fr' });
  });
});

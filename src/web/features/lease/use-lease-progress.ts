import { useCallback, useEffect, useState } from 'react';
import { defaultLeaseLanguage, type LeaseLanguage } from '../../../shared/contract/lease.ts';
import { readLeaseProgress, saveLeaseProgress, type LeaseProgress } from '../../storage/lease-progress.ts';
import type { LeaseStep } from '../../../shared/contract/lease.ts';
import { initialLeaseStep, nextLeaseStep, type LeaseEvent } from './step-machine.ts';

export interface LeaseProgressState {
  step: LeaseStep;
  language: LeaseLanguage;
  dispatch: (event: LeaseEvent) => void;
  setLanguage: (language: LeaseLanguage) => void;
  /** The French version offered at signing, one tap away: the contract, in French. */
  readInFrench: () => void;
}

/**
 * The step and contract language of one offer: read from the device once, then every change
 * written back. Null until both the saved progress and the offer's status are known.
 */
export function useLeaseProgress(code: string, offerStatus: string | undefined): LeaseProgressState | null {
  const [saved, setSaved] = useState<{ code: string; progress: LeaseProgress | undefined } | null>(null);
  const [progress, setProgress] = useState<LeaseProgress | null>(null);

  useEffect(() => {
    let live = true;
    setSaved(null);
    setProgress(null);
    void readLeaseProgress(code).then((p) => {
      if (live) setSaved({ code, progress: p });
    });
    return () => {
      live = false;
    };
  }, [code]);

  useEffect(() => {
    if (progress || !saved || saved.code !== code || offerStatus === undefined) return;
    const start = initialLeaseStep(saved.progress?.step, offerStatus);
    const next = { step: start.step, language: saved.progress?.language ?? defaultLeaseLanguage };
    setProgress(next);
    if (start.save) void saveLeaseProgress(code, next);
  }, [code, saved, offerStatus, progress]);

  const update = useCallback(
    (change: (p: LeaseProgress) => LeaseProgress) => {
      setProgress((current) => {
        if (!current) return current;
        const next = change(current);
        if (next.step !== current.step || next.language !== current.language) void saveLeaseProgress(code, next);
        return next;
      });
    },
    [code],
  );

  const dispatch = useCallback((event: LeaseEvent) => update((p) => ({ ...p, step: nextLeaseStep(p.step, event) })), [update]);
  const setLanguage = useCallback((language: LeaseLanguage) => update((p) => ({ ...p, language })), [update]);
  // One change (step and language together), so the device never keeps half of it.
  const readInFrench = useCallback(() => update((p) => ({ step: p.step === 'signature' ? nextLeaseStep(p.step, 'back') : p.step, language: 'fr' })), [update]);

  return progress ? { ...progress, dispatch, setLanguage, readInFrench } : null;
}

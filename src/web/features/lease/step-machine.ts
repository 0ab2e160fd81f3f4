import type { LeaseStep } from '../../../shared/contract/lease.ts';

/**
 * SPEC §4 'Lease step flow': summary → info → contract → signature → completed, with the back
 * moves info → summary and signature → contract. Pure, so the rules are testable without React.
 */
export type LeaseEvent =
  | 'accept-offer'
  | 'info-submitted'
  | 'proceed-to-sign'
  | 'signed'
  | 'continue-after-signed'
  | 'back';

const moves: Record<LeaseStep, Partial<Record<LeaseEvent, LeaseStep>>> = {
  summary: { 'accept-offer': 'info' },
  info: { 'info-submitted': 'contract', back: 'summary' },
  contract: { 'proceed-to-sign': 'signature' },
  // 'Continue to Contract' of the already-signed view leads to completed, as SPEC §4 says.
  signature: { signed: 'completed', 'continue-after-signed': 'completed', back: 'contract' },
  completed: {},
};

/** The step an event leads to; an event that does not apply leaves the step as it is. */
export function nextLeaseStep(step: LeaseStep, event: LeaseEvent): LeaseStep {
  return moves[step][event] ?? step;
}

export function canGoBack(step: LeaseStep): boolean {
  return moves[step].back !== undefined;
}

/**
 * Where the flow opens: the saved step, except that summary is never restored; with nothing
 * saved, an offer whose contract is generated opens at the contract (and that step is saved).
 * A signed offer always opens at completed: the server's word wins over a step the device
 * saved before the signature (a reload before the step was stored, another device signing),
 * and the device then keeps completed.
 */
export function initialLeaseStep(saved: LeaseStep | undefined, offerStatus: string): { step: LeaseStep; save: boolean } {
  if (offerStatus === 'signed') return { step: 'completed', save: saved !== undefined && saved !== 'completed' };
  if (saved && saved !== 'summary') return { step: saved, save: false };
  if (offerStatus === 'contract_generated') return { step: 'contract', save: true };
  return { step: 'summary', save: false };
}

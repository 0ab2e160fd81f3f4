import type { Db } from '../db/database.ts';
import { logEvent } from '../log.ts';
import { repeat } from '../repeat.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { chargeDueInvoices, settleUnansweredTries } from './card-charges.ts';
import { issueNextInvoice } from './invoices.ts';
import { settlePadDebits } from './pad-debits.ts';
import { announceTermEnds } from './term-ends.ts';
import { releaseAbandonedPayNow } from './pay-now.ts';

export interface BillingRoundDeps {
  db: Db;
  clock: () => Date;
  payments: PaymentProvider;
  keyring: BankingKeyring;
}

/** At most this many invoices issued, and tries made, a round: a round stays short, and the next takes the rest. */
const perRound = 500;

/**
 * Lets the requests waiting on this process be served between two of the round's items.
 * PGlite answers in the same thread, through promises alone: a loop of its queries never gives
 * way to the network, and the server would answer nobody until the round ends.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface BillingRoundResult {
  issued: number;
  succeeded: number;
  failed: number;
  settledLate: number;
  /** PAD debits whose settlement window passed without a return: paid. */
  padSettled: number;
  /** Leases whose term's end was announced (60 days ahead). */
  termEnds: number;
  /** Refunds of what a prepaid last month left over, for the refund round to ask for. */
  refunds: number;
  /** The payment provider refused us (not a card): charging stopped for this pass, staff told once per incident. */
  providerRefusedUs: boolean;
}

/**
 * The billing's own clock, like the waitlist's: every period that has begun is invoiced (a
 * tenancy's on the 20th of the month before; each invoice committed before its money is asked
 * for), the tries due today are made, tries left without an answer are asked again, and PAD
 * debits past their settlement window are paid, and leases' term ends are announced. Every instance runs it; row locks and unique keys make each
 * invoice, charge and e-mail happen once, whoever gets there first.
 */
export async function runBillingRound(deps: BillingRoundDeps, stopping: () => boolean = () => false): Promise<BillingRoundResult> {
  const result: BillingRoundResult = { issued: 0, succeeded: 0, failed: 0, settledLate: 0, padSettled: 0, termEnds: 0, refunds: 0, providerRefusedUs: false };
  // A stopping instance ends its round after the item it is on: the next round, here or elsewhere, takes the rest.
  for (let i = 0; i < perRound && !stopping(); i++) {
    const issued = await issueNextInvoice(deps.db, deps.keyring, deps.clock());
    if (!issued) break;
    await yieldToRequests();
    result.issued++;
    if (issued.refundId) result.refunds++;
  }
  if (stopping()) return result;
  // A Pay now page closed unpaid stops holding its invoice, so the day's scheduled try can be made.
  await releaseAbandonedPayNow(deps.db, deps.clock());
  const charged = await chargeDueInvoices(deps, perRound, yieldToRequests, stopping);
  result.succeeded = charged.succeeded;
  result.failed = charged.failed;
  result.providerRefusedUs = charged.refusedUs;
  if (stopping()) return result;
  // Refused by the provider, the pass asks it nothing more: tries left open wait for the next round.
  if (!charged.refusedUs) result.settledLate = await settleUnansweredTries(deps, perRound);
  if (stopping()) return result;
  result.padSettled = await settlePadDebits(deps, perRound);
  if (stopping()) return result;
  result.termEnds = await announceTermEnds(deps, perRound);
  return result;
}

/**
 * Runs the round every `everyMs` (and once at start), so a server down on the 1st bills as soon
 * as it is back. A round still running when the next is due is not doubled; `changed` is told
 * when a round wrote something to send (mail to wake, refunds to ask for); `stop` lets the round
 * under way finish the item it is on, and waits for it.
 */
export function startBillingRounds(deps: BillingRoundDeps & { everyMs: number; changed: (result: BillingRoundResult) => void }): ReturnType<typeof repeat> {
  return repeat((stopping) => runBillingRound(deps, stopping), {
    everyMs: deps.everyMs,
    failedEvent: 'billing.round_failed',
    done: (result) => {
      if (result.issued + result.succeeded + result.failed + result.settledLate + result.padSettled + result.termEnds === 0 && !result.providerRefusedUs) return;
      logEvent('info', 'billing.round', { ...result });
      deps.changed(result);
    },
  });
}

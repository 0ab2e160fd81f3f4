import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../lease/banking-crypto.ts';
import { logError } from '../log.ts';
import { dueOffers, expireOffer, freeEndedRental, unitsFreedByDate } from './offers.ts';

export interface RoundDeps {
  db: Db;
  clock: () => Date;
  keyring: BankingKeyring;
}

/** At most this many offers and units a round, so one round stays short; the next takes the rest. */
const perRound = 50;

/**
 * The waitlist's own clock: offers whose claim window has ended pass to the next in line (or the
 * unit goes on sale), and units whose rental has ended by today are freed. Every instance runs
 * it; the unit locks and row checks make each change happen once, whoever gets there first.
 */
export async function runWaitlistRound(deps: RoundDeps): Promise<{ expired: number; freed: number }> {
  const now = deps.clock();
  const offerDeps = { keyring: deps.keyring };
  let expired = 0;
  for (const due of await dueOffers(deps.db, now, perRound)) if (await expireOffer(deps.db, offerDeps, due, now)) expired++;
  let freed = 0;
  for (const unitId of await unitsFreedByDate(deps.db, spaceToday(now), perRound)) if (await freeEndedRental(deps.db, offerDeps, unitId, now)) freed++;
  return { expired, freed };
}

/**
 * Runs the round every `everyMs` (and once at start), so an offer moves on within that long of
 * its deadline, across restarts: everything it needs is in the database. `changed` is told when a
 * round changed something (the list to refresh, the mail to send).
 */
export function startWaitlistRounds(deps: RoundDeps & { everyMs: number; changed: () => void }): { stop(): void } {
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = runWaitlistRound(deps).then(
      ({ expired, freed }) => {
        if (expired + freed > 0) deps.changed();
      },
      (err: unknown) => logError('waitlist.round_failed', err),
    );
  };
  round();
  const timer = setInterval(() => void running.then(round), deps.everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}

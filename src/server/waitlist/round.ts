import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { logError } from '../log.ts';
import { repeat } from '../repeat.ts';
import { dueOffers, expireOffer, freeEndedRental, unitsFreedByDate } from './unit-offers.ts';

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
export async function runWaitlistRound(deps: RoundDeps, stopping: () => boolean = () => false): Promise<{ expired: number; freed: number }> {
  const now = deps.clock();
  const offerDeps = { keyring: deps.keyring };
  // One unit that fails (a lock wait that times out) is logged and tried again next round; the others go on.
  const each = async <T>(items: readonly T[], event: string, fields: (item: T) => Record<string, unknown>, act: (item: T) => Promise<boolean>) => {
    let done = 0;
    for (const item of items) {
      // A stopping instance ends its round after the item it is on.
      if (stopping()) break;
      try {
        if (await act(item)) done++;
      } catch (err) {
        logError(event, err, fields(item));
      }
    }
    return done;
  };
  const expired = await each(await dueOffers(deps.db, now, perRound), 'waitlist.expire_failed', (due) => ({ offer: due.id }), (due) => expireOffer(deps.db, offerDeps, due, now));
  const freed = await each(await unitsFreedByDate(deps.db, spaceToday(now), perRound), 'waitlist.free_failed', (unit) => ({ unit }), (unit) => freeEndedRental(deps.db, offerDeps, unit, now));
  return { expired, freed };
}

/**
 * Runs the round every `everyMs` (and once at start), so an offer moves on within that long of
 * its deadline, across restarts: everything it needs is in the database. A round still running
 * when the next is due is not doubled. `changed` is told when a round changed something (the
 * list to refresh, the mail to send); `stop` lets the round under way finish the unit it is on,
 * and waits for it.
 */
export function startWaitlistRounds(deps: RoundDeps & { everyMs: number; changed: () => void }): ReturnType<typeof repeat> {
  return repeat((stopping) => runWaitlistRound(deps, stopping), {
    everyMs: deps.everyMs,
    failedEvent: 'waitlist.round_failed',
    done: ({ expired, freed }) => {
      if (expired + freed > 0) deps.changed();
    },
  });
}

import { randomUUID } from 'node:crypto';
import { site } from '../../shared/site.ts';
import type { Db } from '../db/database.ts';
import { logEvent } from '../log.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import type { ProviderRefusal, ProviderRefusedError } from '../payments/provider.ts';

/*
 * The payment provider refusing us (our key, its rights, a request it calls invalid), from its
 * first refusal to its next answer: one incident, a row every instance sees. Staff are e-mailed
 * when it opens, once however many invoices or instances met the refusal: the row's unique index
 * lets one insert win, and the e-mail is written in that insert's transaction. /readyz and the
 * metrics read it; the next answer from the provider ends it.
 */

export interface ProviderIncident {
  refusal: ProviderRefusal;
  code: string;
  since: Date;
}

/** Records the refusal: opens the incident (and writes staff's e-mail) unless one is open. True when this call opened it. */
export async function providerRefusedUs(db: Db, refused: ProviderRefusedError, now: Date): Promise<boolean> {
  const opened = await db.transaction().execute(async (trx) => {
    const id = randomUUID();
    // Stripe's words name no secret (it masks a key it quotes); kept short, for an e-mail's line.
    const message = refused.message.replace(/\p{Cc}+/gu, ' ').slice(0, 300);
    const row = await trx
      .insertInto('payment_provider_incidents')
      .values({ id, refusal: refused.refusal, code: refused.code.slice(0, 100), message, started_at: now })
      // Any conflict is the one open incident (the id is new): this refusal belongs to it.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await enqueueMessage(
      trx,
      {
        kind: 'staff_payment_provider_refused',
        to: site.operations.email,
        language: site.operations.language,
        about: { providerIncidentId: id },
        data: { refusal: refused.refusal, code: refused.code, message, since: now },
      },
      now,
    );
    return true;
  });
  logEvent('error', 'billing.provider_refused_us', { refusal: refused.refusal, code: refused.code, opened });
  return opened;
}

/** The provider answered: an open incident ends (a no-op write when none is open, which is nearly always). */
export async function providerAnswered(db: Db, now: Date): Promise<void> {
  const ended = await db.updateTable('payment_provider_incidents').set({ ended_at: now }).where('ended_at', 'is', null).executeTakeFirst();
  if (Number(ended.numUpdatedRows) > 0) logEvent('info', 'billing.provider_answers_again', {});
}

/** The incident open now, if any: what /readyz and the metrics say. */
export async function openProviderIncident(db: Db): Promise<ProviderIncident | null> {
  const row = await db.selectFrom('payment_provider_incidents').select(['refusal', 'code', 'started_at']).where('ended_at', 'is', null).executeTakeFirst();
  return row ? { refusal: row.refusal, code: row.code, since: new Date(row.started_at) } : null;
}

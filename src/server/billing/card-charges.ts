import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { nextTryOn, triesPerInvoice } from '../../shared/domain/billing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import type { InvoicePaymentTrigger } from '../db/schema.ts';
import { logError, logEvent } from '../log.ts';
import { CardRefusedError, ProviderRefusedError, type ChargeOutcome, type PaymentProvider } from '../payments/provider.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { tellInvoicePaid, tellPaidTwice, tellPaymentFailed } from './billing-mail.ts';
import { owedSql } from './invoice-records.ts';
import { providerAnswered, providerRefusedUs } from './provider-incidents.ts';

/*
 * Charging an invoice to the card on file, exactly once (docs/architecture.md §4.11 for the
 * pattern): a try is a payment row opened in a short transaction (one open try per invoice: a
 * partial unique index), the provider is asked outside any transaction with the row's id as its
 * idempotency key, and the answer settles the row once (whoever settles it first: this call, a
 * later round that asks again with the same key, or the provider's webhook). An invoice's state
 * is derived from its payment rows; nothing is rewritten.
 */

export interface ChargeDeps {
  db: Db;
  clock: () => Date;
  payments: PaymentProvider;
  keyring: BankingKeyring;
}

/** The automatic tries, whose count the retry schedule follows; Pay now and staff's Retry now are the customer's and staff's own. */
export const scheduledTriggers: InvoicePaymentTrigger[] = ['billing_day', 'retry'];

/**
 * A try the provider refused to hear (it refused us, not the card): closed as failed with this
 * reason, it is not a try of the schedule. The card was never asked, the customer is told
 * nothing, and the schedule's first try is made again once the provider answers.
 */
export const notAttempted = 'not_attempted';

/** The scheduled tries of invoice `i` that failed (not those not attempted): the retry schedule's count. */
export const failedScheduledTriesSql = (i: string) =>
  sql<number>`(select count(*) from invoice_payments p where p.invoice_id = ${sql.ref(`${i}.id`)} and p.status = 'failed' and p.trigger in (${sql.join(scheduledTriggers)}) and p.failure_reason is distinct from ${notAttempted})::int`;

/** When the first scheduled try of invoice `i` was made (null: none yet), the day the retry schedule counts from. */
export const firstScheduledTrySql = (i: string) =>
  sql<Date | null>`(select min(p.created_at) from invoice_payments p where p.invoice_id = ${sql.ref(`${i}.id`)} and p.trigger in (${sql.join(scheduledTriggers)}) and p.failure_reason is distinct from ${notAttempted})`;

/**
 * Whether rental `r`'s card is charged, without the customer, for its invoice `i`: the round's
 * rule, which the books' receivables read too (one rule). A card kept at the provider, on a
 * rental paying by card (a tenancy's invoices are debited by its PAD files: a card it once paid
 * with is never charged by the schedule too); a card first saved by Pay now pays only the
 * invoices issued from then on (the older ones the customer may be paying otherwise).
 */
export const chargedToCardSql = (r: string, i: string) =>
  sql<boolean>`(${sql.ref(`${r}.provider_customer_id`)} is not null and ${sql.ref(`${r}.pays_by`)} = 'card'
    and (${sql.ref(`${r}.card_charges_from`)} is null or ${sql.ref(`${i}.issued_at`)} >= ${sql.ref(`${r}.card_charges_from`)}))`;

/** What an unpaid invoice's card tries say: how many scheduled ones failed, and the first's day at the space. */
interface TryHistory {
  failed: number;
  firstTryOn: IsoDate | null;
}

/** The trigger of the scheduled try due today, or null: none due (paid, a try open, the next one later, or all tries made). */
export function scheduledTryDue(history: TryHistory, today: IsoDate): 'billing_day' | 'retry' | null {
  if (history.firstTryOn === null) return 'billing_day';
  if (history.failed >= triesPerInvoice) return null;
  const next = nextTryOn(history.firstTryOn, history.failed);
  return next !== null && next <= today ? 'retry' : null;
}

/**
 * The invoice's amount still owed, and whether a try is open; under the invoice's row lock. The
 * lock is its own statement: one that waited for it (another instance opening or settling a try)
 * reads, in the next, what that one committed; a single statement would read the payments as
 * they stood before it waited, and open a second try (a second charge).
 */
async function owedAndOpen(
  trx: Db,
  invoiceId: string,
): Promise<{ owed: number; open: boolean; history: TryHistory; card: { customerId: string; paymentMethodId: string | null } | null; charged: boolean } | undefined> {
  const locked = await trx.selectFrom('invoices').select('id').where('id', '=', invoiceId).forUpdate().executeTakeFirst();
  if (!locked) return undefined;
  const row = await sql<{
    owed: number;
    open: number;
    failed: number;
    first_try_at: Date | null;
    provider_customer_id: string | null;
    payment_method_id: string | null;
    charged: boolean;
  }>`select ${owedSql('i')} as owed,
      (select count(*) from invoice_payments p where p.invoice_id = i.id and p.status = 'open')::int as open,
      ${failedScheduledTriesSql('i')} as failed,
      ${firstScheduledTrySql('i')} as first_try_at,
      r.provider_customer_id, r.payment_method_id, ${chargedToCardSql('r', 'i')} as charged
    from invoices i join rentals r on r.id = i.rental_id
    where i.id = ${invoiceId}`.execute(trx);
  const r = row.rows[0];
  if (!r) return undefined;
  return {
    owed: r.owed,
    open: r.open > 0,
    history: { failed: r.failed, firstTryOn: r.first_try_at ? spaceToday(new Date(r.first_try_at)) : null },
    card: r.provider_customer_id ? { customerId: r.provider_customer_id, paymentMethodId: r.payment_method_id } : null,
    charged: r.charged,
  };
}

interface OpenTry {
  paymentId: string;
  invoiceId: string;
  amountCents: number;
  card: { customerId: string; paymentMethodId: string | null };
}

/**
 * Opens the try `trigger` asks for, if it is due: the scheduled one of the day ('scheduled'), or
 * staff's Retry now. Under the invoice's row lock, so that two instances (or a retry racing
 * staff) decide one after the other, on what the other committed.
 */
async function openTry(db: Db, invoiceId: string, trigger: 'scheduled' | 'retry_now', now: Date): Promise<OpenTry | null> {
  return db.transaction().execute(async (trx) => {
    const state = await owedAndOpen(trx, invoiceId);
    // Staff's Retry now follows the round's rule too: an invoice the card does not pay is not charged without the customer.
    if (!state || state.owed <= 0 || state.open || !state.card || !state.charged) return null;
    const kind = trigger === 'retry_now' ? 'retry_now' : scheduledTryDue(state.history, spaceToday(now));
    if (kind === null) return null;
    const paymentId = randomUUID();
    await trx
      .insertInto('invoice_payments')
      .values({ id: paymentId, invoice_id: invoiceId, method: 'card', trigger: kind, status: 'open', amount_cents: state.owed, payment_method_id: state.card.paymentMethodId, created_at: now })
      .execute();
    return { paymentId, invoiceId, amountCents: state.owed, card: state.card };
  });
}

/** The provider's idempotency key of a try: its own row's id, so asking again charges nothing twice. */
const keyOf = (paymentId: string) => `invoice-payment-${paymentId}`;

/**
 * The card a try charges, named on its row before the provider is asked: a checkout or Change
 * card names only the customer, whose newest card is then the one; asked again, the try names
 * the same card (Stripe refuses a key sent again with another). Null: no card is kept.
 */
async function cardOfTry(deps: ChargeDeps, open: OpenTry): Promise<string | null> {
  if (open.card.paymentMethodId) return open.card.paymentMethodId;
  const named = await deps.db.selectFrom('invoice_payments').select('payment_method_id').where('id', '=', open.paymentId).executeTakeFirst();
  if (named?.payment_method_id) return named.payment_method_id;
  const newest = await deps.payments.newestCard(open.card.customerId);
  if (newest) await deps.db.updateTable('invoice_payments').set({ payment_method_id: newest }).where('id', '=', open.paymentId).execute();
  return newest;
}

/**
 * Asks the provider to charge an open try: its answer (a refusal of the card or its customer is
 * one), or null when none came. Throws ProviderRefusedError when the provider refuses us.
 */
async function askProvider(deps: ChargeDeps, open: OpenTry): Promise<ChargeOutcome | null> {
  try {
    const paymentMethodId = await cardOfTry(deps, open);
    if (!paymentMethodId) return { outcome: 'failed', paymentId: null, reason: 'no_saved_card' };
    return await deps.payments.chargeSavedCard({
      card: { customerId: open.card.customerId, paymentMethodId },
      amountCents: open.amountCents,
      idempotencyKey: keyOf(open.paymentId),
      description: `Invoice ${open.invoiceId}`,
      metadata: { invoice_payment_id: open.paymentId, invoice_id: open.invoiceId },
    });
  } catch (err) {
    // Listing the customer's cards found the customer gone: the try fails, as a decline does.
    if (err instanceof CardRefusedError) return { outcome: 'failed', paymentId: null, reason: err.reason };
    if (err instanceof ProviderRefusedError) throw err;
    // No answer (the provider down or slow): the try stays open, and a later round asks again with the same key.
    logError('billing.charge_unanswered', err, { payment: open.paymentId, invoice: open.invoiceId });
    return null;
  }
}

/**
 * Settles an open try with the provider's answer, once: whoever gets here second (a webhook, a
 * round asking again) finds it settled and does nothing. Writes the customer's e-mail (and staff's
 * after the last scheduled try) in the same transaction.
 */
export async function settleTry(db: Db, keyring: BankingKeyring, paymentId: string, outcome: ChargeOutcome, now: Date): Promise<'settled' | 'already'> {
  return db.transaction().execute(async (trx) => {
    const settled = await trx
      .updateTable('invoice_payments')
      .set(
        outcome.outcome === 'succeeded'
          ? { status: 'succeeded', provider_payment_id: outcome.paymentId, settled_at: now }
          : { status: 'failed', provider_payment_id: outcome.paymentId, failure_reason: outcome.reason.slice(0, 100), settled_at: now },
      )
      .where('id', '=', paymentId)
      .where('status', '=', 'open')
      .returning(['invoice_id', 'trigger', 'amount_cents'])
      .executeTakeFirst();
    if (!settled) return 'already' as const;
    if (outcome.outcome === 'succeeded') {
      // Paid twice (a Pay now that landed after staff recorded a cheque): what this payment pays beyond the invoice goes back.
      const extra = await paidBeyond(trx, settled.invoice_id, paymentId, settled.amount_cents);
      if (extra > 0) await giveBackDuplicate(trx, { invoiceId: settled.invoice_id, paymentId, cents: extra }, now);
      if (extra === settled.amount_cents) return 'settled' as const;
      // The card the provider charged is the one to charge next month (a Stripe checkout names only its customer).
      if (outcome.paymentMethodId) {
        await sql`update rentals set payment_method_id = ${outcome.paymentMethodId}
          from invoices where invoices.id = ${settled.invoice_id} and rentals.id = invoices.rental_id and rentals.payment_method_id is null`.execute(trx);
      }
      await tellInvoicePaid(trx, keyring, { invoiceId: settled.invoice_id, paymentId }, now);
      return 'settled' as const;
    }
    const state = (await owedAndOpen(trx, settled.invoice_id))!;
    const scheduled = scheduledTriggers.includes(settled.trigger);
    // A failed Retry now moves no schedule: the next scheduled try stands.
    const next = state.history.firstTryOn ? nextTryOn(state.history.firstTryOn, state.history.failed) : null;
    const overdue = scheduled && next === null;
    await tellPaymentFailed(trx, keyring, { invoiceId: settled.invoice_id, paymentId }, { number: state.history.failed, of: triesPerInvoice, reason: outcome.reason, nextTryOn: next, at: now }, overdue, now);
    if (overdue) logEvent('warn', 'billing.overdue', { invoice: settled.invoice_id });
    return 'settled' as const;
  });
}

/** What a payment just received pays beyond what its invoice still owed, under the invoice's lock. */
async function paidBeyond(trx: Db, invoiceId: string, paymentId: string, cents: number): Promise<number> {
  await trx.selectFrom('invoices').select('id').where('id', '=', invoiceId).forUpdate().execute();
  // What it owes counts this payment once it is recorded: what lies beyond is the part below zero.
  const row = await sql<{ owed: number; counted: boolean }>`select ${owedSql('i')} as owed,
      exists (select 1 from invoice_payments p where p.id = ${paymentId} and p.status = 'succeeded') as counted
    from invoices i where i.id = ${invoiceId}`.execute(trx);
  const { owed, counted } = row.rows[0]!;
  return Math.min(cents, Math.max(0, (counted ? 0 : cents) - owed));
}

/**
 * Gives back what a payment paid twice, in the transaction that records it: a refund of that
 * payment at the provider (asked by the refund round), and staff told. No credit note: the sale
 * was invoiced once and stands; only the money came twice, so the books' sales do not change.
 */
async function giveBackDuplicate(trx: Db, paid: { invoiceId: string; paymentId: string; cents: number }, now: Date): Promise<void> {
  const rental = await trx.selectFrom('invoices as i').innerJoin('rentals as r', 'r.id', 'i.rental_id').select(['r.order_id']).where('i.id', '=', paid.invoiceId).executeTakeFirstOrThrow();
  if (rental.order_id) {
    await trx
      .insertInto('refunds')
      .values({
        id: randomUUID(),
        order_id: rental.order_id,
        invoice_payment_id: paid.paymentId,
        amount_cents: paid.cents,
        reason: 'paid_twice',
        status: 'pending',
        amounts: JSON.stringify({ lines: [], subtotal: paid.cents, gst: 0, qst: 0, total: paid.cents }),
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
  }
  await tellPaidTwice(trx, { invoiceId: paid.invoiceId, paymentId: paid.paymentId, refundCents: rental.order_id ? paid.cents : 0 }, now);
  logEvent('warn', 'billing.paid_twice', { invoice: paid.invoiceId, payment: paid.paymentId, cents: paid.cents });
}

type TryResult = 'succeeded' | 'failed' | 'unanswered' | 'refused_us';

/**
 * One try at an invoice, from opening it to settling it; null when none was due. The provider
 * refusing us ('refused_us') closes the try as not attempted: nothing reached the card, so Pay
 * now and staff's Record a payment work at once, and staff hear of it once per incident.
 */
async function chargeInvoice(deps: ChargeDeps, invoiceId: string, trigger: 'scheduled' | 'retry_now'): Promise<TryResult | null> {
  const open = await openTry(deps.db, invoiceId, trigger, deps.clock());
  if (!open) return null;
  let outcome: ChargeOutcome | null;
  try {
    outcome = await askProvider(deps, open);
  } catch (err) {
    if (!(err instanceof ProviderRefusedError)) throw err;
    await deps.db
      .updateTable('invoice_payments')
      .set({ status: 'failed', failure_reason: notAttempted, settled_at: deps.clock() })
      .where('id', '=', open.paymentId)
      .where('status', '=', 'open')
      .execute();
    await providerRefusedUs(deps.db, err, deps.clock());
    return 'refused_us';
  }
  if (!outcome) return 'unanswered';
  await providerAnswered(deps.db, deps.clock());
  await settleTry(deps.db, deps.keyring, open.paymentId, outcome, deps.clock());
  return outcome.outcome;
}

/** Staff's Retry now: a try outside the schedule, made at once. The provider refusing us reads as no answer here (staff get its own e-mail). */
export async function retryNow(deps: ChargeDeps, invoiceId: string): Promise<'succeeded' | 'failed' | 'unanswered' | null> {
  const result = await chargeInvoice(deps, invoiceId, 'retry_now');
  return result === 'refused_us' ? 'unanswered' : result;
}

/**
 * The scheduled tries due today: each unpaid invoice with a card on file and no open try, whose
 * first try has not been made or whose next retry day has come. Each is decided again under its
 * row lock (openTry), so this list may be stale.
 */
export async function chargeDueInvoices(
  deps: ChargeDeps,
  limit: number,
  between: () => Promise<void>,
  stopping: () => boolean = () => false,
): Promise<{ succeeded: number; failed: number; refusedUs: boolean }> {
  const candidates = await sql<{ id: string }>`select i.id from invoices i join rentals r on r.id = i.rental_id
    where ${chargedToCardSql('r', 'i')}
      and ${owedSql('i')} > 0
      and not exists (select 1 from invoice_payments p where p.invoice_id = i.id and p.status = 'open')
      and ${failedScheduledTriesSql('i')} < ${triesPerInvoice}
    order by i.issued_at, i.id
    limit ${limit}`.execute(deps.db);
  const done = { succeeded: 0, failed: 0, refusedUs: false };
  for (const { id } of candidates.rows) {
    if (stopping()) break;
    try {
      const result = await chargeInvoice(deps, id, 'scheduled');
      if (result === 'succeeded' || result === 'failed') done[result]++;
      // The provider refuses us, whatever the card: the pass stops (every other try would be refused too); the next round asks once more.
      if (result === 'refused_us') {
        done.refusedUs = true;
        break;
      }
    } catch (err) {
      logError('billing.charge_failed', err, { invoice: id });
    }
    await between();
  }
  return done;
}

/** How long a try may wait for its answer before a round asks again (the SDK's own tries take about a minute). */
const unansweredAfterMs = 5 * 60_000;
/** Stripe keeps an idempotency key 24 hours: a try older than this is looked up, never asked again. */
const keyKeptMs = 20 * 60 * 60_000;

/**
 * Tries left open (the provider did not answer, or the instance stopped between asking and
 * settling): asked again with the same idempotency key and card, which charges nothing twice, and
 * settled with that answer. Past the key's lifetime a try is looked up at the provider by its
 * row's id instead: the charge it made settles it; none made, it failed without reaching the
 * card (no e-mail: nothing was refused), and the schedule goes on.
 */
export async function settleUnansweredTries(deps: ChargeDeps, limit: number): Promise<number> {
  const now = deps.clock();
  const open = await deps.db
    .selectFrom('invoice_payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
    .innerJoin('rentals as r', 'r.id', 'i.rental_id')
    .select(['p.id', 'p.invoice_id', 'p.amount_cents', 'p.payment_method_id', 'p.created_at', 'r.provider_customer_id'])
    .where('p.status', '=', 'open')
    .where('p.method', '=', 'card')
    .where('p.trigger', '!=', 'pay_now')
    .where('p.created_at', '<=', new Date(now.getTime() - unansweredAfterMs))
    .orderBy('p.created_at')
    .limit(limit)
    .execute();
  let settled = 0;
  for (const row of open) {
    if (!row.provider_customer_id) continue;
    let outcome: ChargeOutcome | null | undefined;
    if (now.getTime() - new Date(row.created_at).getTime() < keyKeptMs) {
      try {
        outcome = await askProvider(deps, { paymentId: row.id, invoiceId: row.invoice_id, amountCents: row.amount_cents, card: { customerId: row.provider_customer_id, paymentMethodId: row.payment_method_id } });
      } catch (err) {
        if (!(err instanceof ProviderRefusedError)) throw err;
        // Refused now, the try's first ask may still have charged: it stays open (as with no answer), and staff hear of the refusal.
        await providerRefusedUs(deps.db, err, deps.clock());
        break;
      }
    } else {
      outcome = await deps.payments.findCharge(row.id).catch((err: unknown) => {
        logError('billing.charge_lookup_failed', err, { payment: row.id });
        return undefined;
      });
      if (outcome === null) {
        await deps.db
          .updateTable('invoice_payments')
          .set({ status: 'failed', failure_reason: 'provider_no_answer', settled_at: deps.clock() })
          .where('id', '=', row.id)
          .where('status', '=', 'open')
          .execute();
        settled++;
        continue;
      }
    }
    if (outcome && (await settleTry(deps.db, deps.keyring, row.id, outcome, deps.clock())) === 'settled') settled++;
  }
  return settled;
}

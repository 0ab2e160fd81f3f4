import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import { problem, type Problem } from '../../shared/contract/problems.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { periodText } from '../../shared/domain/period-text.ts';
import { logError } from '../log.ts';
import type { ChargeOutcome, PaymentEvent, PaymentProvider, SavedCard } from '../payments/provider.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { tellCardChanged } from './billing-mail.ts';
import { settleTry } from './card-charges.ts';
import { owedSql } from './invoice-records.ts';
import { lockRental } from './rental-locks.ts';
import { tenancyDebitsOf } from './tenancy-debits.ts';

/*
 * What a customer does from a rental's manage page (docs/architecture.md §3): Pay now, a checkout
 * at the provider of one invoice's amount owed that keeps the card paid with for the months
 * after; and Change card, a setup checkout that keeps a new card. Each is a row written before
 * the provider is asked (a payment row, open; a card change), so a second tap opens the same page
 * and the provider's answer settles it once.
 */

export interface PayNowDeps {
  db: Db;
  clock: () => Date;
  payments: PaymentProvider;
  keyring: BankingKeyring;
}

/** The provider keeps a checkout open this long (Stripe's least is 30 minutes); a minute more absorbs the round trip. */
const sessionMinutes = 31;
/** An open Pay now whose page has closed, unpaid, stops holding the invoice after this: its answer would have come. */
const abandonedAfterMs = (sessionMinutes + 9) * 60_000;

/** The rental's manage link a request came through: its rental (none for a day product's order), its token, the site's origin (the way back) and this server's (a page it serves itself). */
export interface ManageLink {
  rentalId: string | null;
  manageToken: string;
  siteOrigin: string;
  pageOrigin: string;
}

export type SessionResult = { kind: 'session'; url: string } | { kind: 'refused'; problem: Problem };

interface LinkedRental {
  id: string;
  ended: boolean;
  paysBy: 'card' | 'pad';
  customerId: string | null;
  language: 'en' | 'fr';
  unitName: string;
}

/** The rental a manage link opens, if it opens one. */
async function linkedRental(db: Db, rentalId: string | null, now: Date): Promise<LinkedRental | undefined> {
  if (!rentalId) return undefined;
  const row = await db
    .selectFrom('rentals')
    .select(['id', 'provider_customer_id', 'language', 'unit_name', 'ended_at', 'pays_by', sql<string | null>`ends_on::text`.as('ends_on')])
    .where('id', '=', rentalId)
    .executeTakeFirst();
  if (!row) return undefined;
  const ended = row.ended_at !== null || (row.ends_on !== null && row.ends_on < spaceToday(now));
  return { id: row.id, ended, paysBy: row.pays_by, customerId: row.provider_customer_id, language: row.language, unitName: row.unit_name };
}

/** Where the provider sends the customer back: the rental's own page, saying how it went. */
const returnUrls = (origin: string, manageToken: string, what: 'paid' | 'card') => ({
  successUrl: `${origin}/booking/${manageToken}?returned=${what}`,
  cancelUrl: `${origin}/booking/${manageToken}?returned=cancelled`,
});

/** What Pay now asks, beside its invoice: whether the customer chose to pay the rental's other owed invoices in the same payment. */
export interface PayNowChoice {
  withOwed: boolean;
}

/** An invoice's line on a Pay now page: 'F-2026-000003 · Desk A1 · December 2026'. */
const invoiceLine = (number: string, unitName: string, period: { start: string; end: string }, language: 'en' | 'fr') => `${number} · ${unitName} · ${periodText(period.start, period.end, language)}`;

/** The payment rows a Pay now checkout pays: the row it was opened for, and the rows of the other invoices it pays too. */
const ofCheckout = (paymentId: string) => (eb: ExpressionBuilder<Database, 'invoice_payments'>) => eb.or([eb('id', '=', paymentId), eb('pay_now_group', '=', paymentId)]);

interface PayableInvoice {
  id: string;
  number: string;
  period_start: string;
  period_end: string;
  owed: number;
  open: boolean;
}

/**
 * Which of a tenancy's invoices a debit will pay (one planned, its notice given): Pay now offers
 * to pay the others with it only, as the manage page offers Pay now only for those (a debit
 * returned is one the tenant may pay now).
 */
async function debitToCome(trx: Db, rentalId: string): Promise<(invoiceId: string) => boolean> {
  const rental = await trx.selectFrom('rentals').select(sql<string | null>`pad_last_debit_on::text`.as('last')).where('id', '=', rentalId).executeTakeFirstOrThrow();
  const debits = await tenancyDebitsOf(trx, rentalId, rental.last);
  return (invoiceId) => {
    const debit = debits.get(invoiceId);
    return debit !== undefined && debit.debitOn !== null && debit.returnCode === null;
  };
}

/**
 * Pay now on an invoice of the rental: its checkout page, for what is owed; with the customer's
 * choice, for every other owed invoice too (each its own payment row and amount, one page for the
 * sum), the server deciding which from the stored invoices: those owed with no payment under way.
 * Refused plainly for an invoice already paid, or while an automatic try is under way (seconds);
 * a second tap while the first page is open gets that same page.
 */
export async function startPayNow(deps: PayNowDeps, link: ManageLink, invoiceNumber: string, choice: PayNowChoice = { withOwed: false }): Promise<SessionResult> {
  const now = deps.clock();
  const rental = await linkedRental(deps.db, link.rentalId, now);
  if (!rental) return { kind: 'refused', problem: problem('not_a_rental') };
  const opened = await deps.db.transaction().execute(async (trx) => {
    // The locks first, on their own: what is read after them includes a payment committed while
    // waiting for them. Several invoices are taken in id order (rental-locks.ts).
    const only = choice.withOwed ? sql`` : sql`and i.number = ${invoiceNumber}`;
    await sql`select i.id from invoices i where i.rental_id = ${rental.id} ${only} order by i.id for update`.execute(trx);
    const invoices = await sql<PayableInvoice>`
      select i.id, i.number, i.period_start::text as period_start, i.period_end::text as period_end, ${owedSql('i')} as owed,
        exists (select 1 from invoice_payments p where p.invoice_id = i.id and p.status = 'open') as open
      from invoices i where i.rental_id = ${rental.id} ${only}
      order by i.period_start, i.number`.execute(trx);
    const found = invoices.rows.find((i) => i.number === invoiceNumber);
    if (!found) return { kind: 'refused' as const, problem: problem('no_invoice', { number: invoiceNumber }) };
    if (found.owed <= 0) return { kind: 'refused' as const, problem: problem('invoice_already_paid', { number: invoiceNumber }) };
    const open = await trx.selectFrom('invoice_payments').select(['id', 'trigger', 'checkout_url', 'created_at']).where('invoice_id', '=', found.id).where('status', '=', 'open').executeTakeFirst();
    if (open) {
      if (open.trigger === 'pay_now' && open.checkout_url && now.getTime() - new Date(open.created_at).getTime() < sessionMinutes * 60_000) return { kind: 'session' as const, url: open.checkout_url };
      return { kind: 'refused' as const, problem: problem('invoice_payment_in_progress') };
    }
    let others = invoices.rows.filter((i) => i.id !== found.id && i.owed > 0 && !i.open);
    if (others.length > 0 && rental.paysBy === 'pad') {
      const debited = await debitToCome(trx, rental.id);
      others = others.filter((i) => !debited(i.id));
    }
    const paymentId = randomUUID();
    const row = (invoice: PayableInvoice) => ({ invoice_id: invoice.id, method: 'card' as const, trigger: 'pay_now' as const, status: 'open' as const, amount_cents: invoice.owed, created_at: now });
    await trx.insertInto('invoice_payments').values({ id: paymentId, ...row(found) }).execute();
    if (others.length > 0) await trx.insertInto('invoice_payments').values(others.map((i) => ({ id: randomUUID(), ...row(i), pay_now_group: paymentId }))).execute();
    const lines = [found, ...others].map((i) => ({ description: invoiceLine(i.number, rental.unitName, { start: i.period_start, end: i.period_end }, rental.language), amountCents: i.owed }));
    return { kind: 'opened' as const, paymentId, invoiceId: found.id, lines };
  });
  if (opened.kind !== 'opened') return opened;
  try {
    const session = await deps.payments.createInvoiceSession({
      invoicePaymentId: opened.paymentId,
      invoiceId: opened.invoiceId,
      idempotencyKey: `pay-now-${opened.paymentId}`,
      lines: opened.lines,
      customerId: rental.customerId,
      ...returnUrls(link.siteOrigin, link.manageToken, 'paid'),
      locale: rental.language,
      expiresAt: new Date(now.getTime() + sessionMinutes * 60_000),
      origin: link.pageOrigin,
    });
    // The session is the first row's; every row keeps its page, so Pay now on any of its invoices opens it again.
    await deps.db.updateTable('invoice_payments').set({ checkout_session_id: session.id }).where('id', '=', opened.paymentId).execute();
    await deps.db.updateTable('invoice_payments').set({ checkout_url: session.url }).where(ofCheckout(opened.paymentId)).execute();
    return { kind: 'session', url: session.url };
  } catch (err) {
    logError('billing.pay_now_session_failed', err, { payment: opened.paymentId });
    await deps.db.updateTable('invoice_payments').set({ status: 'failed', failure_reason: 'checkout_failed', settled_at: deps.clock() }).where(ofCheckout(opened.paymentId)).where('status', '=', 'open').execute();
    return { kind: 'refused', problem: problem('payment_page_failed') };
  }
}

/** Change card: a setup page for a new card; refused once the rental has ended. */
export async function startCardChange(deps: PayNowDeps, link: ManageLink): Promise<SessionResult> {
  const now = deps.clock();
  const rental = await linkedRental(deps.db, link.rentalId, now);
  if (!rental) return { kind: 'refused', problem: problem('not_a_rental') };
  // A tenancy pays by its PAD agreement: a card kept for it would never be charged (Pay now pays one invoice).
  if (rental.paysBy === 'pad') return { kind: 'refused', problem: problem('lease_changes_by_contract') };
  if (rental.ended) return { kind: 'refused', problem: problem('rental_has_ended') };
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + sessionMinutes * 60_000);
  await deps.db.insertInto('card_changes').values({ id, rental_id: rental.id, status: 'open', expires_at: expiresAt, created_at: now }).execute();
  try {
    const session = await deps.payments.createCardSession({
      cardChangeId: id,
      rentalId: rental.id,
      idempotencyKey: `card-change-${id}`,
      customerId: rental.customerId,
      ...returnUrls(link.siteOrigin, link.manageToken, 'card'),
      locale: rental.language,
      expiresAt,
      origin: link.pageOrigin,
    });
    await deps.db.updateTable('card_changes').set({ checkout_session_id: session.id, checkout_url: session.url }).where('id', '=', id).execute();
    return { kind: 'session', url: session.url };
  } catch (err) {
    logError('billing.card_session_failed', err, { cardChange: id });
    await deps.db.updateTable('card_changes').set({ status: 'failed', settled_at: deps.clock() }).where('id', '=', id).execute();
    return { kind: 'refused', problem: problem('payment_page_failed') };
  }
}

/**
 * A Pay now paid (the provider's event, or the test checkout's Pay): each of its payment rows (one
 * per invoice it pays) settles once, with its invoice's paid e-mail, and the card paid with
 * becomes the rental's for the months after. A payment that lands after its rows were given up as
 * abandoned is money received all the same: the rows record it.
 */
export async function payNowPaid(deps: PayNowDeps, invoicePaymentId: string, outcome: Extract<ChargeOutcome, { outcome: 'succeeded' }>, card: SavedCard | null): Promise<'settled' | 'already'> {
  const now = deps.clock();
  await deps.db
    .updateTable('invoice_payments')
    .set({ status: 'open', failure_reason: null, settled_at: null })
    .where(ofCheckout(invoicePaymentId))
    .where('status', '=', 'failed')
    .where('failure_reason', '=', 'checkout_abandoned')
    .execute();
  if (card) await keepCard(deps.db, { invoicePaymentId }, card, now);
  // Each row in a transaction of its own (its invoice, then the rental, then the order: rental-locks.ts).
  // The row the checkout was opened for last: settled, the others are too, so an instance stopped
  // between two leaves its checkout open for the provider's event sent again (or the test page's Pay) to finish.
  const others = await deps.db.selectFrom('invoice_payments').select('id').where('pay_now_group', '=', invoicePaymentId).orderBy('invoice_id').execute();
  let settled = false;
  for (const { id } of [...others, { id: invoicePaymentId }]) {
    if ((await settleTry(deps.db, deps.keyring, id, outcome, now)) === 'settled') settled = true;
  }
  return settled ? 'settled' : 'already';
}

/**
 * The card a customer saved (Pay now, Change card) is the one the rental's invoices are charged
 * to from now on. Which invoices: Change card is the customer asking their card to pay what the
 * rental owes, all of it; a card first saved by Pay now (the rental had none) was given to pay
 * one invoice, so only invoices issued from now on are charged without the customer (the older
 * ones they may be paying by cheque, or with Pay now).
 */
async function keepCard(db: Db, of: { invoicePaymentId: string } | { rentalId: string }, card: SavedCard, now: Date): Promise<void> {
  const rentalId =
    'rentalId' in of
      ? of.rentalId
      : (await db.selectFrom('invoice_payments as p').innerJoin('invoices as i', 'i.id', 'p.invoice_id').select('i.rental_id').where('p.id', '=', of.invoicePaymentId).executeTakeFirst())?.rental_id;
  if (!rentalId) return;
  // In an update, the columns read are the row's before it: "had none" is the rental before this card.
  const chargesFrom = 'rentalId' in of ? sql<Date | null>`null` : sql<Date | null>`case when provider_customer_id is null then ${now}::timestamptz else card_charges_from end`;
  await db.updateTable('rentals').set({ provider_customer_id: card.customerId, payment_method_id: card.paymentMethodId, card_charges_from: chargesFrom }).where('id', '=', rentalId).execute();
}

/**
 * A Change card completed: its card is the rental's, once, and the customer is told (a change
 * they did not make is one to hear of), all in one transaction.
 */
export async function cardChangeSaved(db: Db, keyring: BankingKeyring, cardChangeId: string, card: SavedCard, now: Date): Promise<'saved' | 'already'> {
  return db.transaction().execute(async (trx) => {
    const settled = await trx
      .updateTable('card_changes')
      .set({ status: 'saved', settled_at: now })
      .where('id', '=', cardChangeId)
      .where('status', '=', 'open')
      .returning('rental_id')
      .executeTakeFirst();
    if (!settled) return 'already' as const;
    // The rental's rows before the order's, which the e-mail's manage link takes (rental-locks.ts).
    await lockRental(trx, settled.rental_id);
    await tellCardChanged(trx, keyring, { rentalId: settled.rental_id, cardChangeId }, now);
    await keepCard(trx, { rentalId: settled.rental_id }, card, now);
    return 'saved' as const;
  });
}

/**
 * A provider's event about billing (a saved card's charge settled, a Pay now paid, a Change card
 * completed). Each settles its row at most once, so a redelivered event changes nothing: unlike an
 * order's, it needs no record of its own to be applied once.
 */
export async function applyBillingEvent(deps: PayNowDeps, event: PaymentEvent): Promise<'applied' | 'already' | 'ignored'> {
  const now = deps.clock();
  if (event.action === 'card_saved' && event.cardChange?.customerId) {
    // Stripe names the customer the card was kept for; its newest card is the one to charge.
    return (await cardChangeSaved(deps.db, deps.keyring, event.cardChange.cardChangeId, { customerId: event.cardChange.customerId, paymentMethodId: null }, now)) === 'saved' ? 'applied' : 'already';
  }
  const charge = event.charge;
  if (event.action !== 'settle_charge' || !charge) return 'ignored';
  if (charge.outcome === 'succeeded') {
    return (await payNowPaid(deps, charge.invoicePaymentId, { outcome: 'succeeded', paymentId: charge.paymentId, paymentMethodId: charge.paymentMethodId }, event.savedCard ?? null)) === 'settled' ? 'applied' : 'already';
  }
  return (await settleTry(deps.db, deps.keyring, charge.invoicePaymentId, { outcome: 'failed', paymentId: charge.paymentId, reason: charge.reason }, now)) === 'settled' ? 'applied' : 'already';
}

/** Pay now pages closed unpaid: their rows stop holding the invoice, so its scheduled tries go on. No e-mail: nothing failed. */
export async function releaseAbandonedPayNow(db: Db, now: Date): Promise<number> {
  const released = await db
    .updateTable('invoice_payments')
    .set({ status: 'failed', failure_reason: 'checkout_abandoned', settled_at: now })
    .where('status', '=', 'open')
    .where('trigger', '=', 'pay_now')
    .where('created_at', '<=', new Date(now.getTime() - abandonedAfterMs))
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}

/** Why a billing session's page no longer takes a payment: its invoice paid, or its page closed. */
export function billingSessionClosed(session: BillingSession): 'paid' | 'expired' | 'done' | null {
  if (session.kind === 'invoice') return session.status === 'succeeded' ? 'paid' : session.status === 'failed' ? 'expired' : null;
  if (session.status === 'saved') return 'done';
  return session.status !== 'open' || session.expired ? 'expired' : null;
}

/** The customer left the page without paying or saving: the invoice's automatic tries go on at once. */
export async function abandonBillingSession(db: Db, session: BillingSession, now: Date): Promise<void> {
  if (session.kind === 'invoice') {
    await db
      .updateTable('invoice_payments')
      .set({ status: 'failed', failure_reason: 'checkout_abandoned', settled_at: now })
      .where(ofCheckout(session.invoicePaymentId))
      .where('status', '=', 'open')
      .execute();
  } else {
    await db.updateTable('card_changes').set({ status: 'expired', settled_at: now }).where('id', '=', session.cardChangeId).where('status', '=', 'open').execute();
  }
}

/** What a test-checkout session is for, when it is not an order's: a Pay now or a Change card. */
export type BillingSession =
  | { kind: 'invoice'; invoicePaymentId: string; status: 'open' | 'succeeded' | 'failed' | 'returned'; amountCents: number; description: string; customerId: string | null; language: 'en' | 'fr'; orderId: string | null }
  | { kind: 'card'; cardChangeId: string; status: 'open' | 'saved' | 'expired' | 'failed'; expired: boolean; customerId: string | null; language: 'en' | 'fr'; unitName: string; orderId: string | null };

export async function billingSessionOf(db: Db, sessionId: string, now: Date): Promise<BillingSession | undefined> {
  const payment = await db
    .selectFrom('invoice_payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
    .innerJoin('rentals as r', 'r.id', 'i.rental_id')
    .select(['p.id', 'p.status', 'p.amount_cents', 'i.number', 'r.unit_name', 'r.provider_customer_id', 'r.language', 'r.order_id'])
    .select([sql<string>`i.period_start::text`.as('period_start'), sql<string>`i.period_end::text`.as('period_end')])
    .where('p.checkout_session_id', '=', sessionId)
    .executeTakeFirst();
  if (payment) {
    // The other invoices its checkout pays: one line and one amount each, after its own.
    const others = await db
      .selectFrom('invoice_payments as p')
      .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
      .select(['p.amount_cents', 'i.number', sql<string>`i.period_start::text`.as('period_start'), sql<string>`i.period_end::text`.as('period_end')])
      .where('p.pay_now_group', '=', payment.id)
      .orderBy('i.period_start')
      .orderBy('i.number')
      .execute();
    const lines = [payment, ...others].map((p) => invoiceLine(p.number, payment.unit_name, { start: p.period_start, end: p.period_end }, payment.language));
    return {
      kind: 'invoice',
      invoicePaymentId: payment.id,
      status: payment.status,
      amountCents: [payment, ...others].reduce((sum, p) => sum + p.amount_cents, 0),
      description: lines.join(' + '),
      customerId: payment.provider_customer_id,
      language: payment.language,
      orderId: payment.order_id,
    };
  }
  const change = await db
    .selectFrom('card_changes as c')
    .innerJoin('rentals as r', 'r.id', 'c.rental_id')
    .select(['c.id', 'c.status', 'c.expires_at', 'r.provider_customer_id', 'r.language', 'r.unit_name', 'r.order_id'])
    .where('c.checkout_session_id', '=', sessionId)
    .executeTakeFirst();
  if (!change) return undefined;
  return {
    kind: 'card',
    cardChangeId: change.id,
    status: change.status,
    expired: new Date(change.expires_at) <= now,
    customerId: change.provider_customer_id,
    language: change.language,
    unitName: change.unit_name,
    orderId: change.order_id,
  };
}

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as z from 'zod';
import { problem, fieldsProblem, type Problem } from '../../shared/contract/problems.ts';
import type { AuditEntry } from '../../shared/contract/staff.ts';
import type { RecordPaymentInput, RentalState, StaffInvoice, StaffInvoicePayment, StaffRental, StaffRentalDetail } from '../../shared/contract/staff-rentals.ts';
import { nextInvoice, periodFrom } from '../../shared/domain/billing.ts';
import { cancellationRule, rentalEndsOn } from '../../shared/domain/cancellation.ts';
import { productNames, type Product } from '../../shared/domain/products.ts';
import { daysBetween, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { positionText, utcInstantText } from '../db/instant-text.ts';
import { pageOf, type InstantPosition } from '../db/pages.ts';
import { invoiceLineNames } from '../documents/line-names.ts';
import { pdfOf } from '../documents/receipts.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { actorName, type StaffActor } from '../staff/actor.ts';
import { auditOf, recordAudit } from '../staff/audit.ts';
import { invoiceDocumentOf, tellInvoicePaid } from './billing-mail.ts';
import { retryNow, type ChargeDeps } from './card-charges.ts';
import { creditsOfInvoices, findInvoice, owedSql } from './invoice-records.ts';
import { invoiceFacts, invoiceStateOf, owedOf, rentalStateOf, type InvoiceFacts } from './rental-view.ts';

/*
 * The rentals as staff read them and what they do with one (issue 31): a page of the list, one
 * rental in full, Retry now, Record a payment, and the audit row of ending one under the notice
 * policy. States come from rental-view.ts, the one place that derives them.
 */

export type StaffRefusal = { kind: 'refused'; problem: Problem };
const refused = (why: Problem): StaffRefusal => ({ kind: 'refused', problem: why });

function rentalRows(db: Db) {
  return db
    .selectFrom('rentals as r')
    .innerJoin('offices as o', 'o.id', 'r.office_id')
    .select([
      'r.id',
      'r.order_id',
      'r.pays_by',
      'o.office_id',
      'r.unit_name',
      'r.product',
      'r.service_type',
      'r.customer_name',
      'r.customer_email',
      'r.language',
      'r.monthly_cents',
      'r.prepaid_last_month_cents',
      'r.minimum_term_months',
      'r.provider',
      'r.provider_customer_id',
      'r.ended_at',
      'r.end_reason',
      sql<string>`r.start_date::text`.as('start_date'),
      sql<string | null>`r.ends_on::text`.as('ends_on'),
      sql<string>`r.next_period_start::text`.as('next_period_start'),
      sql<string | null>`r.pad_last_debit_on::text`.as('pad_last_debit_on'),
      'r.pad_stop_reason',
      utcInstantText('r.created_at', 's').as('created_at'),
      positionText('r.created_at').as('position'),
    ]);
}
type RentalRow = Awaited<ReturnType<ReturnType<typeof rentalRows>['execute']>>[number];

/** Where a rental stands: its state, what it owes, its invoices' facts (oldest first) and, when overdue, what staff chase. */
interface Standing {
  state: RentalState;
  owedCents: number;
  overdue: StaffRental['overdue'];
  invoices: InvoiceFacts[];
}

/** The standing of each rental, by its id, from its invoices' facts. */
async function standingsOf(db: Db, rentals: readonly RentalRow[], now: Date): Promise<Map<string, Standing>> {
  const standings = new Map<string, Standing>();
  if (rentals.length === 0) return standings;
  const facts = await invoiceFacts(db)
    .where(
      'i.rental_id',
      'in',
      rentals.map((r) => r.id),
    )
    .orderBy('i.period_start')
    .orderBy('i.number')
    .execute();
  const today = spaceToday(now);
  const oldestOwed = new Map<string, InvoiceFacts>();
  for (const rental of rentals) {
    const invoices = facts.filter((f) => f.rental_id === rental.id);
    const state = rentalStateOf(rental, invoices.map(invoiceStateOf), now);
    const oldest = invoices.find((i) => owedOf(i) > 0);
    if (state === 'overdue' && oldest) oldestOwed.set(rental.id, oldest);
    standings.set(rental.id, { state, owedCents: invoices.reduce((n, i) => n + owedOf(i), 0), overdue: null, invoices });
  }
  const reasons = await latestFailures(db, [...oldestOwed.values()].map((i) => i.id));
  for (const [rentalId, invoice] of oldestOwed) {
    standings.get(rentalId)!.overdue = { invoice_number: invoice.number, days: daysBetween(invoice.period_start, today), failure_reason: reasons.get(invoice.id) ?? null };
  }
  return standings;
}

/** The provider's latest refusal of each invoice's card. */
async function latestFailures(db: Db, invoiceIds: readonly string[]): Promise<Map<string, string | null>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice_payments')
    .select(['invoice_id', 'failure_reason'])
    .where('invoice_id', 'in', invoiceIds)
    .where('status', '=', 'failed')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.invoice_id, r.failure_reason]));
}

function staffRentalOf(row: RentalRow, standing: Standing): StaffRental {
  return {
    id: row.id,
    office_id: row.office_id,
    unit_name: row.unit_name,
    product: row.product,
    service_type: row.service_type,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    language: row.language,
    monthly_cents: row.monthly_cents,
    start_date: row.start_date,
    ends_on: row.ends_on,
    state: standing.state,
    owed_cents: standing.owedCents,
    overdue: standing.overdue,
    created_at: row.created_at,
  };
}

/**
 * One page of rentals, newest first, and the cursor of the next. A state is derived, so a filtered
 * page reads the rentals a batch at a time until it has a page of that state (or none are left).
 */
export async function listRentals(
  db: Db,
  options: { limit: number; state?: RentalState | undefined; after?: InstantPosition | undefined },
  now: Date,
): Promise<{ rentals: StaffRental[]; next: InstantPosition | null; overdueCount: number }> {
  const batch = options.state ? Math.max(options.limit + 1, 200) : options.limit + 1;
  const found: { row: RentalRow; rental: StaffRental }[] = [];
  let after = options.after;
  for (;;) {
    let query = rentalRows(db).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(batch);
    if (after) query = query.where(sql<boolean>`(r.created_at, r.id) < (${after.at}::timestamptz, ${after.id})`);
    const rows = await query.execute();
    const standings = await standingsOf(db, rows, now);
    for (const row of rows) {
      const rental = staffRentalOf(row, standings.get(row.id)!);
      if (!options.state || rental.state === options.state) found.push({ row, rental });
    }
    const last = rows.at(-1);
    if (rows.length < batch || found.length > options.limit || !last) break;
    after = { at: last.position, id: last.id };
  }
  const page = pageOf(found, options.limit, (last) => ({ at: last.row.position, id: last.row.id }));
  return { rentals: page.rows.map((f) => f.rental), next: page.next, overdueCount: await overdueCount(db, now) };
}

/** How many rentals are overdue, whatever a list shows. */
async function overdueCount(db: Db, now: Date): Promise<number> {
  // Only a rental that still owes on an invoice can be overdue: the others need not be read.
  const owing = db.selectFrom('invoices as i').select('i.rental_id').where(owedSql('i'), '>', 0);
  const rows = await rentalRows(db).where('r.id', 'in', owing).execute();
  const standings = await standingsOf(db, rows, now);
  return [...standings.values()].filter((s) => s.state === 'overdue').length;
}

export async function rentalExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('rentals').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

function productOf(value: string): Product | null {
  return (productNames as readonly string[]).includes(value) ? (value as Product) : null;
}

/** The last day notice given today would set, under the policy giveNotice applies; null when it cannot be given here. */
function noticeEndsOn(row: RentalRow, today: IsoDate): IsoDate | null {
  const product = productOf(row.product);
  if (!row.order_id || !product || row.ends_on !== null || row.ended_at !== null) return null;
  const rule = cancellationRule(product, row.service_type);
  return rule.kind === 'notice' ? rentalEndsOn(rule, row.start_date, today) : null;
}

/** The trail of a rental, without the request keys its rows keep to recognise a request made again. */
async function rentalAudit(db: Db, id: string): Promise<AuditEntry[]> {
  return (await auditOf(db, 'rental', id)).map((entry) => {
    if (!entry.details) return entry;
    const { idempotency_key: _key, ...details } = entry.details;
    return { ...entry, details };
  });
}

/** One rental in full: its standing, next invoice, invoices newest first with every payment row, and its trail. */
export async function rentalDetail(db: Db, id: string, lang: 'en' | 'fr', now: Date): Promise<Omit<StaffRentalDetail, 'success'> | undefined> {
  const row = await rentalRows(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const standing = (await standingsOf(db, [row], now)).get(row.id)!;
  return {
    rental: {
      ...staffRentalOf(row, standing),
      order_id: row.order_id,
      provider: row.provider,
      card_on_file: row.provider_customer_id !== null,
      prepaid_last_month_cents: row.prepaid_last_month_cents,
      minimum_term_months: row.minimum_term_months,
      ended_at: row.ended_at ? new Date(row.ended_at).toISOString() : null,
      end_reason: row.end_reason,
      // A rental staff ended is billed no more (issueNextInvoice's own test); one given notice stops after its last period.
      next_invoice:
        row.ended_at !== null
          ? null
          : nextInvoice({ nextPeriodStart: row.next_period_start, endsOn: row.ends_on, monthlyCents: row.monthly_cents, prepaidLastMonthCents: row.prepaid_last_month_cents, paysBy: row.pays_by }),
      notice_ends_on: noticeEndsOn(row, spaceToday(now)),
      pays_by: row.pays_by,
      pad_stopped: row.pad_last_debit_on !== null ? { last_debit_on: row.pad_last_debit_on, reason: row.pad_stop_reason ?? '' } : null,
    },
    invoices: await invoicesOf(db, row.unit_name, [...standing.invoices].reverse(), lang),
    audit: await rentalAudit(db, id),
  };
}

function paymentRows(db: Db) {
  return db
    .selectFrom('invoice_payments')
    .select([
      'id',
      'invoice_id',
      'method',
      'trigger',
      'status',
      'amount_cents',
      'failure_reason',
      'reference',
      'recorded_by',
      utcInstantText('created_at', 's').as('created_at'),
      utcInstantText<string | null>('settled_at', 's').as('settled_at'),
      'return_code',
      utcInstantText<string | null>('returned_at', 's').as('returned_at'),
    ])
    .orderBy('created_at')
    .orderBy('id');
}

const paymentOf = ({ invoice_id: _invoice, ...payment }: Awaited<ReturnType<ReturnType<typeof paymentRows>['execute']>>[number]): StaffInvoicePayment => payment;

/** Invoices as staff see them, in the order given: their lines in `lang`, state, and payment rows oldest first. */
async function invoicesOf(db: Db, unitName: string, facts: readonly InvoiceFacts[], lang: 'en' | 'fr'): Promise<StaffInvoice[]> {
  if (facts.length === 0) return [];
  const payments = await paymentRows(db)
    .where(
      'invoice_id',
      'in',
      facts.map((f) => f.id),
    )
    .execute();
  const credits = await creditsOfInvoices(
    db,
    facts.map((f) => f.id),
  );
  return Promise.all(
    facts.map(async (f) => {
      // Its lines as issueNextInvoice wrote them, read back the one way invoices.ts reads them.
      const stored = (await findInvoice(db, f.id))!;
      const names = invoiceLineNames(stored.lines, unitName, periodFrom(stored.periodStart, stored.periodEnd), lang);
      return {
        id: f.id,
        number: f.number,
        period_start: f.period_start,
        period_end: f.period_end,
        final: f.final,
        lines: stored.lines.map((line, i) => ({ item: line.item, description: names[i]!.name, amount_cents: line.cents })),
        subtotal_cents: f.subtotal_cents,
        gst_cents: f.gst_cents,
        qst_cents: f.qst_cents,
        total_cents: f.total_cents,
        paid_cents: f.paid_cents,
        owed_cents: owedOf(f),
        state: invoiceStateOf(f),
        issued_at: new Date(f.issued_at).toISOString(),
        payments: payments.filter((p) => p.invoice_id === f.id).map(paymentOf),
        credit_notes: credits.filter((c) => c.invoiceId === f.id).map((c) => ({ number: c.number, reason: c.reason, amount_cents: c.total, created_at: c.createdAt.toISOString() })),
      };
    }),
  );
}

/** A rental's invoice by its number, as staff see it. */
export async function rentalInvoice(db: Db, rentalId: string, number: string, lang: 'en' | 'fr'): Promise<StaffInvoice | undefined> {
  const rental = await db.selectFrom('rentals').select('unit_name').where('id', '=', rentalId).executeTakeFirst();
  const facts = await invoiceFacts(db).where('i.rental_id', '=', rentalId).where('i.number', '=', number).execute();
  if (!rental || facts.length === 0) return undefined;
  return (await invoicesOf(db, rental.unit_name, facts, lang))[0];
}

export async function invoicePayment(db: Db, paymentId: string): Promise<StaffInvoicePayment | undefined> {
  const row = await paymentRows(db).where('id', '=', paymentId).executeTakeFirst();
  return row && paymentOf(row);
}

/** A rental's invoice as its PDF, paid (when, how) or still due. */
export async function invoicePdfOfRental(db: Db, rentalId: string, number: string): Promise<{ filename: string; pdf: Buffer } | undefined> {
  const invoice = await db.selectFrom('invoices').select('id').where('rental_id', '=', rentalId).where('number', '=', number).executeTakeFirst();
  return pdfOf(invoice && (await invoiceDocumentOf(db, invoice.id)));
}

/** An invoice as a card try or a payment sees it: what it still owes, whether a try is open, whether a card is kept. */
async function invoiceToPay(db: Db, rentalId: string, number: string) {
  const facts = await invoiceFacts(db).where('i.rental_id', '=', rentalId).where('i.number', '=', number).executeTakeFirst();
  if (!facts) return undefined;
  const rental = await db.selectFrom('rentals').select('provider_customer_id').where('id', '=', rentalId).executeTakeFirstOrThrow();
  return { id: facts.id, owed: owedOf(facts), open: facts.open, cardOnFile: rental.provider_customer_id !== null };
}

/** Why nothing can be tried on an invoice now, or null: retryNow's own reasons, told apart. */
function whyNoTry(invoice: { owed: number; open: boolean; cardOnFile: boolean }, number: string): Problem | null {
  if (invoice.owed <= 0) return problem('invoice_already_paid', { number });
  if (invoice.open) return problem('invoice_payment_in_progress');
  return invoice.cardOnFile ? null : problem('no_card_on_file');
}

/**
 * A request staff made before under this Idempotency-Key, from its audit row: there is no column
 * for the key, and the audit row is written with what it records (in the same transaction when
 * there is one), so finding it is finding the request done.
 */
export async function auditedRequest(db: Db, action: 'invoice_retried' | 'invoice_payment_recorded' | 'rental_ended', rentalId: string, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('staff_audit')
    .select('details')
    .where('action', '=', action)
    .where('subject_type', '=', 'rental')
    .where('subject_id', '=', rentalId)
    .where(sql<string>`details->>'idempotency_key'`, '=', key)
    .executeTakeFirst();
  return row?.details;
}

const retriedDetails = z.object({ invoice_number: z.string(), outcome: z.enum(['succeeded', 'failed', 'unanswered']) });
export type RetryResult = { kind: 'tried'; outcome: z.infer<typeof retriedDetails>['outcome'] } | StaffRefusal;

/**
 * Retry now: one card try outside the schedule (retryNow opens it, asks the provider and settles
 * it, e-mailing the customer either way), audited with its outcome. The same key again answers
 * the first outcome and charges nothing more.
 */
export async function retryInvoice(deps: ChargeDeps, actor: StaffActor, target: { rentalId: string; number: string }, key: string): Promise<RetryResult> {
  const invoice = await invoiceToPay(deps.db, target.rentalId, target.number);
  if (!invoice) return refused(problem('no_invoice', { number: target.number }));
  const earlier = await auditedRequest(deps.db, 'invoice_retried', target.rentalId, key);
  if (earlier !== undefined) {
    const done = retriedDetails.safeParse(earlier);
    return done.success && done.data.invoice_number === target.number ? { kind: 'tried', outcome: done.data.outcome } : refused(problem('staff_key_reused'));
  }
  const why = whyNoTry(invoice, target.number);
  if (why) return refused(why);
  const outcome = await retryNow(deps, invoice.id);
  if (outcome === null) {
    // Something came first (a try, a payment, a change of card): say what, as it now stands.
    const now = await invoiceToPay(deps.db, target.rentalId, target.number);
    return refused((now && whyNoTry(now, target.number)) ?? problem('invoice_payment_in_progress'));
  }
  await recordAudit(
    deps.db,
    actor,
    { action: 'invoice_retried', subjectType: 'rental', subjectId: target.rentalId, details: { invoice_number: target.number, outcome, idempotency_key: key } },
    deps.clock(),
  );
  return { kind: 'tried', outcome };
}

const recordedDetails = z.object({ invoice_number: z.string(), payment_id: z.string(), method: z.string(), reference: z.string(), amount_cents: z.number() });
export type RecordResult = { kind: 'recorded'; paymentId: string; replay: boolean } | StaffRefusal;

/**
 * Record a payment received outside the provider (a cheque, an e-Transfer), in one transaction
 * under the invoice's row lock, the lock every card try takes to open: never while a try is open
 * (the card may be charged at that moment), never beyond what is owed. Its audit row is written
 * with it, and the customer's paid e-mail when it pays the invoice in full. The same key again
 * finds that payment through its audit row.
 */
export async function recordPayment(
  db: Db,
  keyring: BankingKeyring,
  actor: StaffActor,
  target: { rentalId: string; number: string },
  input: RecordPaymentInput,
  key: string,
  now: Date,
): Promise<RecordResult> {
  return db.transaction().execute(async (trx): Promise<RecordResult> => {
    const locked = await trx.selectFrom('invoices').select('id').where('rental_id', '=', target.rentalId).where('number', '=', target.number).forUpdate().executeTakeFirst();
    if (!locked) return refused(problem('no_invoice', { number: target.number }));
    const earlier = await auditedRequest(trx, 'invoice_payment_recorded', target.rentalId, key);
    if (earlier !== undefined) {
      const done = recordedDetails.safeParse(earlier);
      const same =
        done.success &&
        done.data.invoice_number === target.number &&
        done.data.method === input.method &&
        done.data.reference === input.reference &&
        (input.amount_cents === undefined || input.amount_cents === done.data.amount_cents);
      return same ? { kind: 'recorded', paymentId: done.data.payment_id, replay: true } : refused(problem('staff_key_reused'));
    }
    // Read after the lock: what a payment or a try committed just before counts.
    const invoice = (await invoiceToPay(trx, target.rentalId, target.number))!;
    if (invoice.owed <= 0) return refused(problem('invoice_already_paid', { number: target.number }));
    if (invoice.open) return refused(problem('invoice_payment_in_progress'));
    const amount = input.amount_cents ?? invoice.owed;
    if (amount > invoice.owed) return refused(fieldsProblem('invalid_request', [{ path: 'amount_cents', code: 'at_most', params: { maximum: invoice.owed } }]));
    const paymentId = randomUUID();
    await trx
      .insertInto('invoice_payments')
      .values({
        id: paymentId,
        invoice_id: locked.id,
        method: input.method,
        trigger: 'staff',
        status: 'succeeded',
        amount_cents: amount,
        reference: input.reference,
        recorded_by: actorName(actor),
        created_at: now,
        settled_at: now,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'invoice_payment_recorded',
        subjectType: 'rental',
        subjectId: target.rentalId,
        details: { invoice_number: target.number, payment_id: paymentId, method: input.method, reference: input.reference, amount_cents: amount, idempotency_key: key },
      },
      now,
    );
    if (amount === invoice.owed) await tellInvoicePaid(trx, keyring, { invoiceId: locked.id, paymentId }, now);
    return { kind: 'recorded', paymentId, replay: false };
  });
}

/** What ending a rental needs: its order (notice is given on it), whether it is a tenancy (paid by PAD, ended under its contract), and whether it has ended already. */
export async function rentalToEnd(db: Db, id: string): Promise<{ orderId: string | null; tenancy: boolean; ended: boolean } | undefined> {
  const row = await db.selectFrom('rentals').select(['order_id', 'ended_at', 'pays_by', 'lease_offer_id']).where('id', '=', id).executeTakeFirst();
  return row && { orderId: row.order_id, tenancy: row.pays_by === 'pad' && row.lease_offer_id !== null, ended: row.ended_at !== null };
}

/** Staff ended a rental under the notice policy: its audit row. */
export async function recordRentalEnded(db: Db, actor: StaffActor, rentalId: string, endsOn: IsoDate, now: Date): Promise<void> {
  await recordAudit(db, actor, { action: 'rental_ended', subjectType: 'rental', subjectId: rentalId, details: { mode: 'notice', ends_on: endsOn } }, now);
}

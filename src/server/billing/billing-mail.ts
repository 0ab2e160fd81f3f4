import { taxableCharges } from '../../shared/domain/pricing.ts';
import { sql } from 'kysely';
import { nextInvoice, periodFrom } from '../../shared/domain/billing.ts';
import { isServiceType, productNames, serviceTypeNames, type Product } from '../../shared/domain/products.ts';
import { site } from '../../shared/site.ts';
import type { Db } from '../db/database.ts';
import { invoiceLineNames } from '../documents/line-names.ts';
import type { ReceiptDocument } from '../documents/receipt.ts';
import { creditNoteOfRefund, pdfOf } from '../documents/receipts.ts';
import { enqueueMessage, type MessageData, type MessageKind, type MessageSubject, type NewMessage } from '../outbox/outbox.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { findInvoice, findInvoiceCredit, owedSql, type StoredInvoice } from './invoice-records.ts';
import { settleManageToken, settleTenancyToken } from './manage-link.ts';
import { tenancyDebitsOf } from './tenancy-debits.ts';

/*
 * The messages of a rental's billing, gathered in the transaction that settles a payment from
 * the rows it has just written: the customer's (with the rental's manage link, sealed in their
 * row) and, after the last automatic try, staff's.
 */

type RentalFacts = MessageData['invoice_paid']['rental'];

async function rentalRow(db: Db, rentalId: string) {
  return db
    .selectFrom('rentals')
    .select(['id', 'order_id', 'product', 'service_type', 'unit_name', 'customer_name', 'customer_email', 'language', 'monthly_cents', 'prepaid_last_month_cents', 'provider', 'pays_by'])
    .select([sql<string>`next_period_start::text`.as('next_period_start'), sql<string | null>`ends_on::text`.as('ends_on'), sql<string | null>`pad_last_debit_on::text`.as('pad_last_debit_on')])
    .where('id', '=', rentalId)
    .executeTakeFirstOrThrow();
}

function productOf(value: string): Product {
  if (!(productNames as readonly string[]).includes(value)) throw new Error(`a rental of an unknown product: ${value}`);
  return value as Product;
}

function rentalFactsOf(row: Awaited<ReturnType<typeof rentalRow>>): RentalFacts {
  return {
    id: row.id,
    unitName: row.unit_name,
    serviceType: row.service_type,
    product: productOf(row.product),
    monthlyCents: row.monthly_cents,
    endsOn: row.ends_on,
    customer: { name: row.customer_name, email: row.customer_email, language: row.language },
  };
}

function invoiceFactsOf(invoice: StoredInvoice): MessageData['invoice_paid']['invoice'] {
  const { id, number, periodStart, periodEnd, final, lines, subtotal, gst, qst, total, issuedAt } = invoice;
  return { id, number, periodStart, periodEnd, final, lines, subtotal, gst, qst, total, issuedAt };
}

/** The invoice as its PDF lays it out, paid (when, how) or still due. */
export async function invoiceDocumentOf(db: Db, invoiceId: string): Promise<ReceiptDocument | undefined> {
  const invoice = await findInvoice(db, invoiceId);
  if (!invoice) return undefined;
  const rental = await rentalRow(db, invoice.rentalId);
  const paid = await db
    .selectFrom('invoice_payments')
    .select(['method', 'settled_at', 'provider_payment_id', 'reference'])
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'succeeded')
    .orderBy('settled_at')
    .limit(1)
    .executeTakeFirst();
  const period = periodFrom(invoice.periodStart, invoice.periodEnd);
  const fr = invoiceLineNames(invoice.lines, rental.unit_name, period, 'fr');
  const en = invoiceLineNames(invoice.lines, rental.unit_name, period, 'en');
  const typeName = (locale: 'en' | 'fr') => (isServiceType(rental.service_type) ? serviceTypeNames[locale][rental.service_type] : rental.service_type);
  // Not paid yet, the invoice names the way it will be paid: the tenancy's debit while one is to come, else a card (Pay now).
  const debitToCome = async () => (await tenancyDebitsOf(db, rental.id, rental.pad_last_debit_on, invoice.id)).get(invoice.id)?.debitOn != null;
  const method = paid?.method ?? (rental.pays_by === 'pad' && (await debitToCome()) ? 'pad' : 'card');
  // Nothing left to pay (the prepaid month paid it all) is paid the day it was issued.
  const paidAt = paid?.settled_at ? new Date(paid.settled_at) : invoice.total === 0 ? invoice.issuedAt : null;
  return {
    kind: 'invoice',
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    invoice: { period: { from: invoice.periodStart, to: invoice.periodEnd }, paidAt },
    buyer: { name: rental.customer_name, email: rental.customer_email },
    item: { fr: `${rental.unit_name} (${typeName('fr')})`, en: `${rental.unit_name} (${typeName('en')})` },
    lines: fr.map(({ name, cents }, i) => ({ description: { fr: name, en: en[i]?.name ?? name }, cents, taxable: taxableCharges[invoice.lines[i]!.item] })),
    dates: [],
    subtotal: invoice.subtotal,
    gst: invoice.gst,
    qst: invoice.qst,
    total: invoice.total,
    payment: { method: method === 'card' && rental.provider === 'test' ? 'test' : method, reference: paid?.reference ?? paid?.provider_payment_id ?? null },
  };
}

/**
 * A credit note against an invoice as its PDF lays it out: the invoice's buyer and unit, the days
 * it credits (or the invoice's, for the prepaid month applied), credited to that invoice.
 */
/** Credit notes against invoices, as their PDFs lay them out, in the order given. */
export async function invoiceCreditDocumentsOf(db: Db, creditIds: readonly string[]): Promise<ReceiptDocument[]> {
  const documents: ReceiptDocument[] = [];
  for (const id of creditIds) documents.push((await invoiceCreditDocumentOf(db, id))!);
  return documents;
}

export async function invoiceCreditDocumentOf(db: Db, creditId: string): Promise<ReceiptDocument | undefined> {
  const credit = await findInvoiceCredit(db, creditId);
  const invoice = credit && (await invoiceDocumentOf(db, credit.invoiceId));
  if (!credit || !invoice) return undefined;
  const unitName = (await db.selectFrom('invoices as i').innerJoin('rentals as r', 'r.id', 'i.rental_id').select('r.unit_name').where('i.id', '=', credit.invoiceId).executeTakeFirstOrThrow()).unit_name;
  const period = periodFrom(credit.periodStart, credit.periodEnd);
  const fr = invoiceLineNames(credit.lines, unitName, period, 'fr');
  const en = invoiceLineNames(credit.lines, unitName, period, 'en');
  return {
    ...invoice,
    kind: 'credit_note',
    number: credit.number,
    issuedAt: credit.createdAt,
    refersTo: invoice.number,
    refersToKind: 'invoice',
    invoice: { period: { from: credit.periodStart, to: credit.periodEnd }, paidAt: null },
    lines: fr.map(({ name, cents }, i) => ({ description: { fr: name, en: en[i]?.name ?? name }, cents, taxable: taxableCharges[credit.lines[i]!.item] })),
    subtotal: credit.subtotal,
    gst: credit.gst,
    qst: credit.qst,
    total: credit.total,
    payment: { method: 'credit', reference: null },
  };
}

/** A credit note against an invoice of the rental a manage link opens, by its number, as a PDF. */
export async function invoiceCreditPdfOfRental(db: Db, rentalId: string, number: string): Promise<{ filename: string; pdf: Buffer } | undefined> {
  const credit = await db
    .selectFrom('invoice_credits as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .select('c.id')
    .where('i.rental_id', '=', rentalId)
    .where('c.credit_note_number', '=', number)
    .executeTakeFirst();
  return pdfOf(credit && (await invoiceCreditDocumentOf(db, credit.id)));
}

/** An invoice of the rental a manage link opens, by its number, as a PDF. */
export async function invoicePdfOfRental(db: Db, rentalId: string, number: string): Promise<{ filename: string; pdf: Buffer } | undefined> {
  const invoice = await db
    .selectFrom('invoices as i')
    .select('i.id')
    .where('i.rental_id', '=', rentalId)
    .where('i.number', '=', number)
    .executeTakeFirst();
  return pdfOf(invoice && (await invoiceDocumentOf(db, invoice.id)));
}

const staff = { to: site.operations.email, language: site.operations.language };

type RentalRow = Awaited<ReturnType<typeof rentalRow>>;

/**
 * A message to the person who rents, in their language, with the rental's manage link (its
 * order's, for a rental bought at checkout; a tenancy's own) sealed in its row; nothing without an e-mail address.
 */
async function tellRenter<K extends MessageKind>(trx: Db, keyring: BankingKeyring, row: RentalRow, message: { kind: K; about: MessageSubject; data: MessageData[K] }, now: Date): Promise<void> {
  if (!row.customer_email) return;
  const token = row.order_id ? await settleManageToken(trx, keyring, row.order_id) : await settleTenancyToken(trx, keyring, row.id);
  const secret = token ? { secret: { keyring, text: token } } : {};
  // One kind at a time: the union of every kind's message is what the outbox takes.
  await enqueueMessage(trx, { ...message, to: row.customer_email, language: row.language, ...secret } as NewMessage, now);
}

/** The rental's next invoice, as its messages say it. */
const nextOf = (row: RentalRow) =>
  nextInvoice({ nextPeriodStart: row.next_period_start, endsOn: row.ends_on, monthlyCents: row.monthly_cents, prepaidLastMonthCents: row.prepaid_last_month_cents, paysBy: row.pays_by });

/** An invoice paid: the customer's e-mail with the invoice PDF marked paid, and what comes next. */
export async function tellInvoicePaid(trx: Db, keyring: BankingKeyring, ids: { invoiceId: string; paymentId: string }, now: Date): Promise<void> {
  const invoice = (await findInvoice(trx, ids.invoiceId))!;
  const row = await rentalRow(trx, invoice.rentalId);
  if (!row.customer_email) return;
  const payment = await trx
    .selectFrom('invoice_payments')
    .select(['method', 'settled_at', 'reference', 'provider_payment_id', 'amount_cents'])
    .where('id', '=', ids.paymentId)
    .executeTakeFirstOrThrow();
  const document = (await invoiceDocumentOf(trx, ids.invoiceId))!;
  await tellRenter(
    trx,
    keyring,
    row,
    {
      kind: 'invoice_paid',
      about: { rentalId: row.id, invoiceId: invoice.id, paymentId: ids.paymentId },
      data: {
        rental: rentalFactsOf(row),
        invoice: invoiceFactsOf(invoice),
        payment: { method: document.payment.method, paidAt: new Date(payment.settled_at ?? now), reference: payment.reference ?? payment.provider_payment_id, cents: payment.amount_cents },
        document,
        next: nextOf(row),
      },
    },
    now,
  );
}

/**
 * An invoice nobody charges, in the transaction that issues it: due with Pay now when the rental
 * has no card on file, or settled by the prepaid last month (with the refund of what it leaves);
 * a tenancy's, with the day it is debited (or that its debits have stopped).
 */
export async function tellInvoiceIssued(
  trx: Db,
  keyring: BankingKeyring,
  ids: { invoiceId: string; refundId: string | null; creditIds?: readonly string[] },
  payNow: boolean,
  now: Date,
  pad?: MessageData['invoice_issued']['pad'],
): Promise<void> {
  const invoice = (await findInvoice(trx, ids.invoiceId))!;
  const row = await rentalRow(trx, invoice.rentalId);
  if (!row.customer_email) return;
  const refund = ids.refundId ? await trx.selectFrom('refunds').select(['credit_note_number', 'amount_cents']).where('id', '=', ids.refundId).executeTakeFirstOrThrow() : null;
  await tellRenter(
    trx,
    keyring,
    row,
    {
      kind: 'invoice_issued',
      about: { rentalId: row.id, invoiceId: invoice.id },
      data: {
        rental: rentalFactsOf(row),
        invoice: invoiceFactsOf(invoice),
        document: (await invoiceDocumentOf(trx, ids.invoiceId))!,
        payNow,
        refund: refund?.credit_note_number ? { creditNoteNumber: refund.credit_note_number, cents: refund.amount_cents } : null,
        ...(ids.creditIds?.length ? { owedPaid: await invoiceCreditDocumentsOf(trx, ids.creditIds) } : {}),
        ...(pad ? { pad } : {}),
      },
    },
    now,
  );
}

export type FailedTry = MessageData['invoice_payment_failed']['attempt'];

/** A try failed: the customer's e-mail with Pay now; when it was the last scheduled try (`overdue`), staff's too. */
export async function tellPaymentFailed(trx: Db, keyring: BankingKeyring, ids: { invoiceId: string; paymentId: string }, attempt: FailedTry, overdue: boolean, now: Date): Promise<void> {
  const invoice = (await findInvoice(trx, ids.invoiceId))!;
  const row = await rentalRow(trx, invoice.rentalId);
  const data = { rental: rentalFactsOf(row), invoice: invoiceFactsOf(invoice), attempt };
  const about = { rentalId: row.id, invoiceId: invoice.id, paymentId: ids.paymentId };
  await tellRenter(trx, keyring, row, { kind: 'invoice_payment_failed', about, data }, now);
  if (overdue) await enqueueMessage(trx, { kind: 'staff_invoice_overdue', ...staff, about, data }, now);
}

/** An invoice paid twice: staff are told which payment went back (0: none could be, the rental has no order to refund through). */
export async function tellPaidTwice(trx: Db, ids: { invoiceId: string; paymentId: string; refundCents: number }, now: Date): Promise<void> {
  const invoice = (await findInvoice(trx, ids.invoiceId))!;
  const row = await rentalRow(trx, invoice.rentalId);
  const payment = await trx.selectFrom('invoice_payments').select(['method', 'amount_cents', 'provider_payment_id']).where('id', '=', ids.paymentId).executeTakeFirstOrThrow();
  await enqueueMessage(
    trx,
    {
      kind: 'staff_invoice_paid_twice',
      ...staff,
      about: { rentalId: row.id, invoiceId: invoice.id, paymentId: ids.paymentId },
      data: {
        rental: rentalFactsOf(row),
        invoice: invoiceFactsOf(invoice),
        payment: { method: payment.method === 'card' && row.provider === 'test' ? 'test' : payment.method, cents: payment.amount_cents, reference: payment.provider_payment_id },
        refundCents: ids.refundCents,
      },
    },
    now,
  );
}

/**
 * Staff ended a rental at once: the customer's e-mail with its last day, every credit note that
 * settles it (attached), what goes back to their card, and what is still owed, with the manage
 * link to pay it.
 */
export async function tellRentalEnded(
  trx: Db,
  keyring: BankingKeyring,
  ids: { rentalId: string; creditIds: readonly string[]; surplusRefundId: string | null },
  settled: Pick<MessageData['rental_ended'], 'lastDay' | 'refundCents' | 'toReturnCents' | 'owed' | 'mode'>,
  now: Date,
): Promise<void> {
  const row = await rentalRow(trx, ids.rentalId);
  if (!row.customer_email) return;
  const creditNotes = await invoiceCreditDocumentsOf(trx, ids.creditIds);
  if (ids.surplusRefundId) creditNotes.push((await creditNoteOfRefund(trx, ids.surplusRefundId))!);
  const data = { rental: rentalFactsOf(row), creditNotes, ...settled };
  await tellRenter(trx, keyring, row, { kind: 'rental_ended', about: { rentalId: row.id }, data }, now);
}

/** A PAD debit returned: the tenant's e-mail, with what follows and the handling fee's invoice when one was issued. */
export async function tellPadDebitReturned(
  trx: Db,
  keyring: BankingKeyring,
  ids: { invoiceId: string; paymentId: string; feeInvoiceId: string | null },
  what: Pick<MessageData['pad_debit_returned'], 'outcome' | 'redebitOn'> & { code: string },
  now: Date,
): Promise<void> {
  const invoice = (await findInvoice(trx, ids.invoiceId))!;
  const row = await rentalRow(trx, invoice.rentalId);
  const payment = await trx.selectFrom('invoice_payments').select(['amount_cents', 'returned_at']).where('id', '=', ids.paymentId).executeTakeFirstOrThrow();
  const owed = await trx.selectFrom('invoices as i').select(owedSql('i').as('owed')).where('i.id', '=', ids.invoiceId).executeTakeFirstOrThrow();
  const data: MessageData['pad_debit_returned'] = {
    rental: rentalFactsOf(row),
    invoice: invoiceFactsOf(invoice),
    returned: { code: what.code, cents: payment.amount_cents, at: new Date(payment.returned_at ?? now) },
    outcome: what.outcome,
    redebitOn: what.redebitOn,
    owedCents: Number(owed.owed),
    fee: ids.feeInvoiceId ? (await invoiceDocumentOf(trx, ids.feeInvoiceId))! : null,
  };
  await tellRenter(trx, keyring, row, { kind: 'pad_debit_returned', about: { rentalId: row.id, invoiceId: invoice.id, paymentId: ids.paymentId }, data }, now);
}

/** A lease's term ends in 60 days: the tenant's e-mail and staff's. */
export async function tellTermEnding(trx: Db, keyring: BankingKeyring, facts: { rentalId: string; termMonths: number; termEndsOn: string; noticeBy: string }, now: Date): Promise<void> {
  const row = await rentalRow(trx, facts.rentalId);
  const data = { rental: rentalFactsOf(row), termMonths: facts.termMonths, termEndsOn: facts.termEndsOn, noticeBy: facts.noticeBy };
  const about = { rentalId: row.id };
  await tellRenter(trx, keyring, row, { kind: 'lease_term_ending', about, data }, now);
  await enqueueMessage(trx, { kind: 'staff_lease_term_ending', ...staff, about, data }, now);
}

/** A Change card completed: the customer's e-mail, with the next invoice the new card pays and the manage link. */
export async function tellCardChanged(trx: Db, keyring: BankingKeyring, ids: { rentalId: string; cardChangeId: string }, now: Date): Promise<void> {
  const row = await rentalRow(trx, ids.rentalId);
  const data = { rental: rentalFactsOf(row), changedAt: now, next: nextOf(row) };
  await tellRenter(trx, keyring, row, { kind: 'card_changed', about: { rentalId: row.id, cardChangeId: ids.cardChangeId }, data }, now);
}

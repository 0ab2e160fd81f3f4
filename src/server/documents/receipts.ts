import { sql, type Selectable } from 'kysely';
import { taxableCharges } from '../../shared/domain/pricing.ts';
import { dayHoursOf, isServiceType, serviceTypeNames } from '../../shared/domain/products.ts';
import type { Db } from '../db/database.ts';
import { quoteLineNames } from './line-names.ts';
import { documentFileName, type ReceiptDocument } from './receipt.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { storedQuote, storedRefundAmounts } from './stored-amounts.ts';
import type { OrdersTable } from '../db/schema.ts';

type PaidOrder = Pick<Selectable<OrdersTable>, 'id' | 'receipt_number' | 'buyer_name' | 'buyer_email' | 'office_name' | 'service_type' | 'quote' | 'paid_at' | 'provider' | 'payment_intent_id'>;

async function paidOrder(db: Db, orderId: string): Promise<PaidOrder | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'receipt_number', 'buyer_name', 'buyer_email', 'office_name', 'service_type', 'quote', 'paid_at', 'provider', 'payment_intent_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** The receipt of a paid order (also a refunded one: it was paid), from the server's own quote. */
export function receiptDocumentOf(order: PaidOrder): ReceiptDocument | undefined {
  if (!order.receipt_number || !order.paid_at) return undefined;
  const q = storedQuote(order.quote);
  const fr = quoteLineNames(q, order.office_name, 'fr');
  const en = quoteLineNames(q, order.office_name, 'en');
  const typeName = (locale: 'en' | 'fr') => (isServiceType(order.service_type) ? serviceTypeNames[locale][order.service_type] : order.service_type);
  const dayHours = q.dates.length > 0 ? dayHoursOf(order.service_type) : null;
  const hours = dayHours ? `${dayHours.opens}:00–${dayHours.closes}:00` : undefined;
  return {
    kind: 'receipt',
    number: order.receipt_number,
    issuedAt: new Date(order.paid_at),
    buyer: { name: order.buyer_name ?? '', email: order.buyer_email ?? '' },
    item: { fr: `${order.office_name} (${typeName('fr')})`, en: `${order.office_name} (${typeName('en')})` },
    lines: fr.map(({ name, line }, i) => ({ description: { fr: name, en: en[i]?.name ?? name }, cents: line.cents, taxable: taxableCharges[line.item] })),
    dates: q.dates,
    ...(hours ? { hours } : {}),
    subtotal: q.subtotal,
    gst: q.gst,
    qst: q.qst,
    total: q.total,
    payment: { method: order.provider === 'stripe' ? 'card' : 'test', reference: order.payment_intent_id },
  };
}

/** The receipt of an order, or undefined while it has none (not paid). */
export async function receiptOfOrder(db: Db, orderId: string): Promise<ReceiptDocument | undefined> {
  const order = await paidOrder(db, orderId);
  return order && receiptDocumentOf(order);
}

/** The receipt PDF of an order, or undefined while it has no receipt (not paid). */
export async function receiptPdfForOrder(db: Db, orderId: string): Promise<{ filename: string; pdf: Buffer } | undefined> {
  return pdfOf(await receiptOfOrder(db, orderId));
}

/**
 * The credit note of a refund: the refunded lines, their taxes and the amount given back, against
 * the order's receipt (a late payment's refund gives back the whole order; a cancellation, the
 * days cancelled).
 */
export async function creditNoteOfRefund(db: Db, refundId: string): Promise<ReceiptDocument | undefined> {
  const refund = await db
    .selectFrom('refunds')
    .select(['order_id', 'credit_note_number', 'amount_cents', 'created_at', 'amounts'])
    .where('id', '=', refundId)
    .executeTakeFirst();
  if (!refund?.credit_note_number) return undefined;
  const order = await paidOrder(db, refund.order_id);
  const receipt = order && receiptDocumentOf(order);
  if (!order || !receipt) return undefined;
  const quote = storedQuote(order.quote);
  const amounts = storedRefundAmounts(refund.amounts, quote);
  if (amounts.total !== refund.amount_cents) return undefined;
  const part = { ...quote, lines: amounts.lines };
  const fr = quoteLineNames(part, order.office_name, 'fr');
  const en = quoteLineNames(part, order.office_name, 'en');
  const dates = amounts.lines.flatMap((l) => (l.item === 'day' && l.date ? [l.date] : []));
  const doc: ReceiptDocument = {
    ...receipt,
    kind: 'credit_note',
    number: refund.credit_note_number,
    issuedAt: new Date(refund.created_at),
    refersTo: receipt.number,
    lines: fr.map(({ name, line }, i) => ({ description: { fr: name, en: en[i]?.name ?? name }, cents: line.cents, taxable: taxableCharges[line.item] })),
    dates,
    subtotal: amounts.subtotal,
    gst: amounts.gst,
    qst: amounts.qst,
    total: amounts.total,
  };
  if (dates.length === 0) delete doc.hours;
  return doc;
}

/** A document as the file it is downloaded as (its bilingual name and its PDF), or undefined for none. */
export async function pdfOf(doc: ReceiptDocument | undefined): Promise<{ filename: string; pdf: Buffer } | undefined> {
  return doc && { filename: documentFileName(doc), pdf: await receiptPdf(doc) };
}

/** A credit note of an order by its number (the manage page lists them). */
export async function creditNotePdfOfOrder(db: Db, orderId: string, number: string): Promise<{ filename: string; pdf: Buffer } | undefined> {
  const refund = await db.selectFrom('refunds').select('id').where('order_id', '=', orderId).where('credit_note_number', '=', number).executeTakeFirst();
  return refund ? pdfOf(await creditNoteOfRefund(db, refund.id)) : undefined;
}

/** Orders by their checkout session, for the receipt link of the success page. */
export async function orderIdBySession(db: Db, sessionId: string): Promise<string | undefined> {
  return (await db.selectFrom('orders').select('id').where(sql<boolean>`session_id = ${sessionId}`).executeTakeFirst())?.id;
}

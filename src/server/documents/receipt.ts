import type { Cents } from '../../shared/domain/pricing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';

/** A text in both of the space's languages: a Quebec receipt may be bilingual, French first. */
export interface Bilingual {
  fr: string;
  en: string;
}

/**
 * What a receipt (a paid order) or a credit note (a refund) says, with every amount the
 * server's own; receipt-pdf.ts lays it out with the seller's facts from site.ts.
 */
export interface ReceiptDocument {
  kind: 'receipt' | 'credit_note' | 'invoice';
  /** '2026-000001' for a receipt; 'NC-2026-000001' for a credit note; 'F-2026-000001' for an invoice. */
  number: string;
  /** When it was paid (or refunded). */
  issuedAt: Date;
  /** The receipt a credit note gives money back on, or (refersToKind 'invoice') the invoice it corrects. */
  refersTo?: string;
  refersToKind?: 'invoice';
  /** An invoice: the days of the rental it bills (at the space, both included), and when it was paid (null: still due). */
  invoice?: { period: { from: IsoDate; to: IsoDate }; paidAt: Date | null };
  buyer: { name: string; email: string };
  /** The unit bought, and the product ('Conference room', 'Office, month to month'…). */
  item: Bilingual;
  lines: { description: Bilingual; cents: Cents; taxable: boolean }[];
  /** The booked days, at the space; empty for a rental or a mailbox. */
  dates: IsoDate[];
  /** The hours of a booked day, when the product has them ('7:00–22:00'). */
  hours?: string;
  subtotal: Cents;
  gst: Cents;
  qst: Cents;
  total: Cents;
  /** How it was paid (an unpaid invoice: how it is to be paid), and the payment's reference. */
  payment: { method: DocumentPaymentMethod; reference: string | null };
}

/**
 * 'test': the built-in test checkout, no card charged; 'credit': a credit note that lowers what an
 * invoice owes rather than giving money back; the others as an invoice's payment rows record them.
 */
export type DocumentPaymentMethod = 'card' | 'test' | 'pad' | 'cheque' | 'etransfer' | 'credit';

/** The file a receipt or a credit note is downloaded and attached as, named in both languages. */
export function documentFileName(doc: Pick<ReceiptDocument, 'kind' | 'number'>): string {
  const names = { receipt: 'receipt-recu', credit_note: 'credit-note-note-de-credit', invoice: 'invoice-facture' } as const;
  return `${names[doc.kind]}-${doc.number}.pdf`;
}

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
  kind: 'receipt' | 'credit_note';
  /** '2026-000001' for a receipt; 'NC-2026-000001' for a credit note. */
  number: string;
  /** When it was paid (or refunded). */
  issuedAt: Date;
  /** The receipt a credit note gives money back on. */
  refersTo?: string;
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
  payment: { method: 'card' | 'test'; reference: string | null };
}

/** The file a receipt or a credit note is downloaded and attached as, named in both languages. */
export function documentFileName(doc: Pick<ReceiptDocument, 'kind' | 'number'>): string {
  return doc.kind === 'receipt' ? `receipt-recu-${doc.number}.pdf` : `credit-note-note-de-credit-${doc.number}.pdf`;
}

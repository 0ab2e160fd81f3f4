import { once } from 'node:events';
import { Readable } from 'node:stream';
import archiver from 'archiver';
import type { BookDocument } from '../../shared/contract/books.ts';
import { invoiceCreditPdfOfRental, invoicePdfOfRental } from '../billing/billing-mail.ts';
import type { Db } from '../db/database.ts';
import { creditNotePdfOfOrder, receiptPdfForOrder } from '../documents/receipts.ts';
import { logError } from '../log.ts';

/*
 * The period's PDFs as one ZIP, streamed: each document is read (one short query, no transaction)
 * and drawn only once the one before it has gone into the archive and the client is taking what
 * was written (the stream is not paused), so neither the ZIP nor the period's PDFs are ever held
 * in memory, only the one being written; and the database is free between two documents. A client
 * that goes away stops the drawing.
 */

const folders = { receipt: 'receipts', invoice: 'invoices', credit_note: 'credit-notes' } as const;

/** The PDF of a document of the books, drawn by the code that draws it for its customer. */
function pdfOf(db: Db, d: BookDocument): Promise<{ pdf: Buffer } | undefined> {
  if (d.kind === 'receipt') return receiptPdfForOrder(db, d.order_id!);
  if (d.kind === 'invoice') return invoicePdfOfRental(db, d.rental_id!, d.number);
  return d.rental_id ? invoiceCreditPdfOfRental(db, d.rental_id, d.number) : creditNotePdfOfOrder(db, d.order_id!, d.number);
}

/** The ZIP of these documents' PDFs (folders receipts/, invoices/, credit-notes/; each file its document's number), as a stream. */
export function documentsZip(db: Db, documents: readonly BookDocument[]): ReadableStream<Uint8Array> {
  // PDFs are compressed already: stored as they are.
  const archive = archiver('zip', { store: true });
  void (async () => {
    for (const d of documents) {
      if (archive.isPaused()) await Promise.race([once(archive, 'resume'), once(archive, 'close')]);
      if (archive.destroyed) return;
      const found = await pdfOf(db, d);
      if (!found) throw new Error(`the PDF of ${d.kind} ${d.number} cannot be drawn`);
      const written = once(archive, 'entry');
      archive.append(found.pdf, { name: `${folders[d.kind]}/${d.number}.pdf`, date: new Date(`${d.date}T12:00:00Z`) });
      await written;
    }
    await archive.finalize();
  })().catch((err: unknown) => {
    if (archive.destroyed) return;
    logError('books.zip_failed', err, {});
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(archive) as ReadableStream<Uint8Array>;
}

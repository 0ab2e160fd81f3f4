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

/** The PDF of a document of the books, drawn by the code that draws it for its customer; undefined when it cannot be. */
function pdfOf(db: Db, d: BookDocument): Promise<{ pdf: Buffer } | undefined> {
  if (d.kind === 'receipt') return receiptPdfForOrder(db, d.order_id!);
  if (d.kind === 'invoice') return invoicePdfOfRental(db, d.rental_id!, d.number);
  return d.rental_id ? invoiceCreditPdfOfRental(db, d.rental_id, d.number) : creditNotePdfOfOrder(db, d.order_id!, d.number);
}

/** The ZIP of these documents' PDFs (folders receipts/, invoices/, credit-notes/; each file its document's number), as a stream. */
export function documentsZip(db: Db, documents: readonly BookDocument[]): ReadableStream<Uint8Array> {
  // PDFs are compressed already: stored as they are.
  const archive = archiver('zip', { store: true });
  const append = async (bytes: Buffer, name: string, date: Date) => {
    const written = once(archive, 'entry');
    archive.append(bytes, { name, date });
    await written;
  };
  /** The client takes what was written again, or went away. */
  const resumedOrClosed = async () => {
    const done = new AbortController();
    await Promise.race([once(archive, 'resume', { signal: done.signal }), once(archive, 'close', { signal: done.signal })]).finally(() => done.abort());
  };
  void (async () => {
    // A document whose PDF cannot be drawn does not cut the download short: it is named in a file of its own at the end.
    const missing: BookDocument[] = [];
    for (const d of documents) {
      if (archive.isPaused()) await resumedOrClosed();
      if (archive.destroyed) return;
      const found = await pdfOf(db, d).catch((err: unknown) => {
        logError('books.pdf_failed', err, { kind: d.kind, number: d.number });
        return undefined;
      });
      if (found) await append(found.pdf, `${folders[d.kind]}/${d.number}.pdf`, new Date(`${d.date}T12:00:00Z`));
      else missing.push(d);
    }
    if (missing.length > 0) {
      const lines = [
        'The PDFs of these documents could not be drawn (the server’s log says why); each is in the CSV export.',
        'Les PDF de ces pièces n’ont pu être produits (le journal du serveur dit pourquoi); chacune figure dans l’export CSV.',
        '',
        ...missing.map((d) => `${d.kind} ${d.number} ${d.date}`),
      ];
      await append(Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), 'MISSING.txt', new Date());
    }
    await archive.finalize();
  })().catch((err: unknown) => {
    if (archive.destroyed) return;
    logError('books.zip_failed', err, {});
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  // A queue of 64 KB: without a strategy, the web stream takes the archive's own high-water mark
  // (1 MiB, hundreds of PDFs drawn ahead of a client that stopped reading) before it pauses it.
  return Readable.toWeb(archive, { strategy: new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }) }) as ReadableStream<Uint8Array>;
}

import type { Context } from 'hono';

/**
 * A PDF download, never kept by a browser, proxy or service worker. A name beyond plain ASCII
 * (a company's 'Café Lumière ltée') goes as RFC 6266's filename* beside an ASCII fallback.
 */
export function pdfAnswer(c: Context, file: { filename: string; pdf: Buffer | Uint8Array }) {
  const ascii = file.filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  const disposition = ascii === file.filename ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
  return c.body(new Uint8Array(file.pdf), 200, {
    'Cache-Control': 'no-store',
    'Content-Type': 'application/pdf',
    'Content-Disposition': disposition,
    'Content-Length': String(file.pdf.length),
  });
}

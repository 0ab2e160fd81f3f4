import { Hono, type Context } from 'hono';
import { booksDocumentsFilter, booksMoneyFilter, booksRangeQuery, lastWholeMonth, booksDownloads, type BooksRange } from '../../shared/contract/books.ts';
import { fieldsProblem, type Problem } from '../../shared/contract/problems.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { documentsCsv } from '../books/documents-csv.ts';
import { documentsZip } from '../books/documents-zip.ts';
import { xeroCreditNotesCsv, xeroInvoicesCsv } from '../books/xero-csv.ts';
import { periodDeposits, periodDocuments, periodDocumentSums, periodMoney, periodReport } from '../books/period-report.ts';
import { occupancyByMonth } from '../books/occupancy.ts';
import { receivables } from '../books/receivables.ts';
import type { AppDeps } from '../deps.ts';
import { problemAnswer } from '../http/errors.ts';
import { fieldProblemsOf } from '../http/json-body.ts';
import { actorOf, managersOnly, type StaffEnv } from '../http/staff-auth.ts';
import { recordAudit } from '../staff/audit.ts';

/** The range of ?from&to, or the last whole month at the space when neither is given; else the fields' problem. */
function rangeOf(c: Context, now: Date): { ok: true; range: BooksRange } | { ok: false; problem: Problem } {
  const parsed = booksRangeQuery.safeParse({ from: c.req.query('from'), to: c.req.query('to') });
  if (!parsed.success) return { ok: false, problem: fieldsProblem('invalid_request', fieldProblemsOf(parsed.error.issues)) };
  const { from, to } = parsed.data;
  return { ok: true, range: from && to ? { from, to } : lastWholeMonth(spaceToday(now)) };
}

/**
 * The books (console: Books; `npm run admin -- books`): the period report, the documents and the
 * money each figure sums, receivables, and the accountant's export. Managers only, as deposits
 * and PAD files are; every export downloaded goes on the audit trail first.
 */
export function staffBooksRoutes(deps: AppDeps) {
  const routes = new Hono<StaffEnv>()
    .use(managersOnly)
    .get('/report', async (c) => {
      const asked = rangeOf(c, deps.clock());
      if (!asked.ok) return problemAnswer(c, asked.problem);
      return c.json(await periodReport(deps.db, asked.range));
    })
    .get('/documents', async (c) => {
      const asked = rangeOf(c, deps.clock());
      if (!asked.ok) return problemAnswer(c, asked.problem);
      const filter = booksDocumentsFilter.safeParse({ kind: c.req.query('kind'), product: c.req.query('product') });
      if (!filter.success) return problemAnswer(c, fieldsProblem('invalid_request', fieldProblemsOf(filter.error.issues)));
      // The rows and their total from one snapshot: a document issued between the two reads would make them disagree.
      const found = await deps.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => ({ documents: await periodDocuments(trx, asked.range, filter.data), total: await periodDocumentSums(trx, asked.range, filter.data) }));
      return c.json({ success: true as const, ...asked.range, ...found });
    })
    .get('/money', async (c) => {
      const asked = rangeOf(c, deps.clock());
      if (!asked.ok) return problemAnswer(c, asked.problem);
      const filter = booksMoneyFilter.safeParse({ kind: c.req.query('kind') });
      if (!filter.success) return problemAnswer(c, fieldsProblem('invalid_request', fieldProblemsOf(filter.error.issues)));
      const found = await periodMoney(deps.db, asked.range, filter.data.kind);
      return c.json({ success: true as const, ...asked.range, ...found });
    })
    .get('/deposits', async (c) => {
      const asked = rangeOf(c, deps.clock());
      if (!asked.ok) return problemAnswer(c, asked.problem);
      return c.json({ success: true as const, ...asked.range, deposits: await periodDeposits(deps.db, asked.range) });
    })
    .get('/occupancy', async (c) => {
      const now = deps.clock();
      const asked = rangeOf(c, now);
      if (!asked.ok) return problemAnswer(c, asked.problem);
      return c.json(await occupancyByMonth(deps.db, asked.range, now));
    })
    .get('/receivables', async (c) => c.json({ success: true as const, ...(await receivables(deps.db, deps.clock())) }));
  for (const download of booksDownloads) {
    routes.get(`/${download}`, async (c) => {
      const now = deps.clock();
      const asked = rangeOf(c, now);
      if (!asked.ok) return problemAnswer(c, asked.problem);
      const { from, to } = asked.range;
      await recordAudit(deps.db, actorOf(c), { action: 'books_exported', subjectType: 'books', subjectId: `${from}..${to}`, details: { export: download, from, to } }, now);
      const documents = await periodDocuments(deps.db, asked.range);
      const [name, extension] = download.split('.') as [string, 'csv' | 'zip'];
      const headers = { 'Cache-Control': 'no-store', 'Content-Disposition': `attachment; filename="${name}-${from}-${to}.${extension}"` };
      if (extension === 'zip') return c.body(documentsZip(deps.db, documents), 200, { ...headers, 'Content-Type': 'application/zip' });
      const csv = download === 'documents.csv' ? documentsCsv(documents) : download === 'xero-invoices.csv' ? xeroInvoicesCsv(documents) : xeroCreditNotesCsv(documents);
      return c.body(csv, 200, { ...headers, 'Content-Type': 'text/csv; charset=utf-8' });
    });
  }
  return routes;
}

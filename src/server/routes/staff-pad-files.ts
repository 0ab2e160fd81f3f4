import { Hono } from 'hono';
import { padFileInput, padFileVoidInput } from '../../shared/contract/pad-files.ts';
import { fieldsProblem, problem } from '../../shared/contract/problems.ts';
import { businessDayOnOrAfter, isBusinessDay } from '../../shared/domain/pad.ts';
import { isIsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { listPadFiles, makePadFile, padFileContent, voidPadFile, type PadFileSummary } from '../billing/pad-files.ts';
import { parsePadReturnFile } from '../billing/pad-return-file.ts';
import { applyPadReturnFile, countsOf } from '../billing/pad-return-upload.ts';
import type { AppDeps } from '../deps.ts';
import { problemAnswer } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { pathParam, recordUuid } from '../http/path-params.ts';
import { actorOf, managersOnly, type StaffEnv } from '../http/staff-auth.ts';
import { actorName } from '../staff/actor.ts';
import { recordAudit } from '../staff/audit.ts';

const view = (file: PadFileSummary) => ({
  id: file.id,
  number: file.number,
  payment_date: file.paymentDate,
  debits: file.debits,
  total_cents: file.totalCents,
  created_by: file.createdBy,
  created_at: file.createdAt,
  voided: file.voided,
});

/** The file's text: UTF-8 when it is, else one character a byte (Latin-1), so that a record is 1464 characters either way. */
function fileText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * PAD files (Billing → PAD files, and `npm run admin -- pad file`): made for a payment date, downloaded as made, each download audited;
 * voided, with a reason, when the bank rejected one whole or it was never sent (`npm run admin -- pad void`);
 * the bank's return file uploaded (`npm run admin -- pad returns`), each returned debit recorded as staff record one.
 */
export function staffPadFileRoutes(deps: AppDeps) {
  return new Hono<StaffEnv>()
    .use(managersOnly)
    .get('/', async (c) => c.json({ success: true as const, files: (await listPadFiles(deps.db)).map(view) }))
    .post('/', jsonBody(padFileInput), async (c) => {
      const originator = deps.config.padOriginator;
      if (!originator) return problemAnswer(c, problem('pad_not_configured'));
      const date = c.var.body.payment_date;
      if (!isIsoDate(date)) return problemAnswer(c, fieldsProblem('invalid_request', [{ path: 'payment_date', code: 'date_format' }]));
      const now = deps.clock();
      if (date < spaceToday(now)) return problemAnswer(c, problem('pad_date_past', { date }));
      if (!isBusinessDay(date)) return problemAnswer(c, problem('pad_date_not_business_day', { date, next: businessDayOnOrAfter(date) }));
      const actor = actorOf(c);
      const result = await makePadFile(deps.db, deps.config.bankingKeys, originator, date, actorName(actor), now, (trx, file) =>
        recordAudit(trx, actor, { action: 'pad_file_made', subjectType: 'pad_file', subjectId: file.id, details: { number: file.number, payment_date: date, debits: file.debits, total_cents: file.totalCents } }, now),
      );
      if (result.kind === 'nothing') return problemAnswer(c, problem('pad_nothing_ready', { reason: result.reason, until: result.until }));
      return c.json({ success: true as const, outcome: result.kind, file: view(result.file), left_out: result.leftOut }, result.kind === 'made' ? 201 : 200);
    })
    .post('/returns', async (c) => {
      const originator = deps.config.padOriginator;
      if (!originator) return problemAnswer(c, problem('pad_not_configured'));
      // The body is the file as the bank sent it, whatever it is labelled: its bytes are read, never parsed as JSON.
      const read = parsePadReturnFile(fileText(new Uint8Array(await c.req.arrayBuffer())));
      if (!read.ok) return problemAnswer(c, problem('pad_return_file_invalid', read.fault));
      if (read.file.originatorId !== originator.id) return problemAnswer(c, problem('pad_return_file_invalid', { record: 1, fault: 'originator', found: read.file.originatorId }));
      const actor = actorOf(c);
      const now = deps.clock();
      const billing = { db: deps.db, clock: deps.clock, keyring: deps.config.bankingKeys };
      const items = await applyPadReturnFile(billing, read.file, actorName(actor), (trx, item, rentalId, recorded) =>
        recordAudit(
          trx,
          actor,
          { action: 'pad_return_recorded', subjectType: 'rental', subjectId: rentalId, details: { invoice: item.crossReference, code: item.returnCode, outcome: recorded.outcome, return_file: read.file.fileNumber } },
          now,
        ),
      );
      if (items.some((i) => i.result === 'recorded')) deps.mailer?.wake();
      return c.json({ success: true as const, file: { number: read.file.fileNumber, created_on: read.file.createdOn }, items, counts: countsOf(items) });
    })
    .post('/void/:id', jsonBody(padFileVoidInput), async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('no_pad_file'));
      const actor = actorOf(c);
      const now = deps.clock();
      const { reason } = c.var.body;
      const result = await voidPadFile(deps.db, { id, reason, voidedBy: actorName(actor) }, now, (trx, file, invoices) =>
        recordAudit(trx, actor, { action: 'pad_file_voided', subjectType: 'pad_file', subjectId: file.id, details: { number: file.number, payment_date: file.paymentDate, reason, invoices } }, now),
      );
      if (result.kind === 'voided') return c.json({ success: true as const, file: view(result.file), invoices: result.invoices });
      switch (result.reason) {
        case 'no_file':
          return problemAnswer(c, problem('no_pad_file'));
        case 'voided':
          return problemAnswer(c, problem('pad_file_voided', { number: result.file.number, by: result.file.voided?.by ?? '' }));
        case 'settled':
          return problemAnswer(c, problem('pad_file_settled', { number: result.file.number, invoices: result.invoices }));
      }
    })
    .get('/:id/download', async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('no_pad_file'));
      const found = await padFileContent(deps.db, deps.config.bankingKeys, id);
      if (!found) return problemAnswer(c, problem('no_pad_file'));
      // A voided file's debits go in a later file: this one sent to the bank would debit them twice.
      if (found.file.voided) return problemAnswer(c, problem('pad_file_voided', { number: found.file.number, by: found.file.voided.by }));
      if (found.content === null) return problemAnswer(c, problem('pad_file_unreadable'));
      const now = deps.clock();
      await recordAudit(deps.db, actorOf(c), { action: 'pad_file_downloaded', subjectType: 'pad_file', subjectId: id, details: { number: found.file.number } }, now);
      const bytes = Buffer.from(found.content, 'latin1');
      return c.body(new Uint8Array(bytes), 200, {
        'Cache-Control': 'no-store',
        'Content-Type': 'text/plain; charset=us-ascii',
        'Content-Disposition': `attachment; filename="PAD-${found.file.paymentDate}-${String(found.file.number).padStart(4, '0')}.txt"`,
        'Content-Length': String(bytes.length),
      });
    });
}

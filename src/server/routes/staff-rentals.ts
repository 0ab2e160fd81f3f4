import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { fieldsProblem, problem } from '../../shared/contract/problems.ts';
import { endRentalInput, invoiceNumberPattern, padReturnInput, padRevocationInput, recordPaymentInput, rentalStates, returnDepositInput } from '../../shared/contract/staff-rentals.ts';
import { depositsOf, returnDeposit } from '../billing/deposits.ts';
import { isIsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { recordPadReturn, recordPadRevocation } from '../billing/pad-debits.ts';
import { actorName, isManager } from '../staff/actor.ts';
import { recordAudit } from '../staff/audit.ts';
import { retryInvoice, recordPayment, recordRentalEnded, rentalDetail, rentalExists, rentalInvoice, invoicePayment, invoicePdfOfRental, listRentals, rentalToEnd } from '../billing/staff-rentals.ts';
import { giveNotice } from '../bookings/cancellations.ts';
import { endRentalAtOnce } from '../bookings/end-rental.ts';
import { endTenancy } from '../lease/end-tenancy.ts';
import type { AppContext } from '../deps.ts';
import { cursorSchema, encodeCursor, instantPosition, pageLimit } from '../http/cursor.ts';
import { problemAnswer } from '../http/errors.ts';
import { requireIdempotencyKey } from '../http/idempotency-key.ts';
import { fieldProblemsOf, jsonBody } from '../http/json-body.ts';
import { pathParam, recordUuid } from '../http/path-params.ts';
import { pdfAnswer } from '../http/pdf-answer.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';

const listQuery = z.object({
  state: z.enum(rentalStates).optional(),
  limit: pageLimit,
  cursor: cursorSchema(instantPosition).optional(),
});

/** ?lang=en|fr: the language of the invoices' lines (the invoice's words in it). */
const langQuery = z.object({ lang: z.enum(['en', 'fr'], 'lang').default('en') });

const invoiceNumber = z.string().regex(invoiceNumberPattern);
/** The PDF's name in the path: the invoice's number, then .pdf. */
const invoicePdfName = z
  .string()
  .regex(/^[^/]+\.pdf$/)
  .transform((name) => name.slice(0, -'.pdf'.length))
  .pipe(invoiceNumber);

type Env = StaffEnv & { Variables: { idempotencyKey: string } };

/**
 * Staff read the rentals (by state), one rental in full with its invoices' PDFs, and act on one:
 * Retry now, Record a payment, End under the notice policy. Each action is audited.
 */
export function staffRentalRoutes(ctx: AppContext) {
  const billing = { db: ctx.db, clock: ctx.clock, payments: ctx.payments, keyring: ctx.config.bankingKeys };

  /** The rental and invoice a path names, or the answer that says why not: 400 for what does not parse, 404 for what does not exist. */
  async function invoicePath(c: Context, number: string | null): Promise<{ id: string; number: string } | Response> {
    const id = pathParam(c, recordUuid);
    if (!id) return problemAnswer(c, problem('not_a_rental_id'));
    if (!number) return problemAnswer(c, problem('not_an_invoice_number'));
    if (!(await rentalExists(ctx.db, id))) return problemAnswer(c, problem('no_rental'));
    return { id, number };
  }

  const lang = (c: Context) => langQuery.safeParse({ lang: c.req.query('lang') });

  return new Hono<Env>()
    .get('/', async (c) => {
      const query = listQuery.safeParse(c.req.query());
      if (!query.success) {
        const badCursor = query.error.issues.some((i) => i.path[0] === 'cursor');
        return problemAnswer(c, badCursor ? problem('invalid_cursor') : problem('invalid_rental_list'));
      }
      const { cursor, ...options } = query.data;
      const { rentals, next, overdueCount } = await listRentals(ctx.db, { ...options, after: cursor }, ctx.clock());
      return c.json({ success: true as const, data: { rentals, next_cursor: next ? encodeCursor(next) : null, overdue_count: overdueCount } });
    })
    .get('/:id', async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('not_a_rental_id'));
      const query = lang(c);
      if (!query.success) return problemAnswer(c, fieldsProblem('invalid_request', fieldProblemsOf(query.error.issues)));
      const detail = await rentalDetail(ctx.db, id, query.data.lang, ctx.clock());
      if (!detail) return problemAnswer(c, problem('no_rental'));
      // Deposits are money held for the tenant: managers alone see them.
      const deposits = isManager(actorOf(c)) && detail.rental.pays_by === 'pad' ? await depositsOf(ctx.db, id) : null;
      return c.json({ success: true as const, ...detail, deposits });
    })
    .get('/:id/invoices/:file', async (c) => {
      const path = await invoicePath(c, pathParam(c, invoicePdfName, 'file'));
      if (path instanceof Response) return path;
      const file = await invoicePdfOfRental(ctx.db, path.id, path.number);
      return file ? pdfAnswer(c, file) : problemAnswer(c, problem('no_invoice', { number: path.number }));
    })
    .post('/:id/invoices/:number/retry', requireIdempotencyKey, async (c) => {
      const path = await invoicePath(c, pathParam(c, invoiceNumber, 'number'));
      if (path instanceof Response) return path;
      const result = await retryInvoice(billing, actorOf(c), { rentalId: path.id, number: path.number }, c.var.idempotencyKey);
      if (result.kind === 'refused') return problemAnswer(c, result.problem);
      // The try's e-mail (paid, or failed with Pay now) is written: send it now.
      ctx.mailer?.wake();
      const invoice = (await rentalInvoice(ctx.db, path.id, path.number, lang(c).data?.lang ?? 'en'))!;
      return c.json({ success: true as const, outcome: result.outcome, invoice });
    })
    .post('/:id/invoices/:number/payments', requireIdempotencyKey, jsonBody(recordPaymentInput), async (c) => {
      const path = await invoicePath(c, pathParam(c, invoiceNumber, 'number'));
      if (path instanceof Response) return path;
      const result = await recordPayment(ctx.db, ctx.config.bankingKeys, actorOf(c), { rentalId: path.id, number: path.number }, c.var.body, c.var.idempotencyKey, ctx.clock());
      if (result.kind === 'refused') return problemAnswer(c, result.problem);
      ctx.mailer?.wake();
      const payment = (await invoicePayment(ctx.db, result.paymentId))!;
      const invoice = (await rentalInvoice(ctx.db, path.id, path.number, lang(c).data?.lang ?? 'en'))!;
      return c.json({ success: true as const, payment, invoice });
    })
    .post('/:id/invoices/:number/pad-return', jsonBody(padReturnInput), async (c) => {
      const path = await invoicePath(c, pathParam(c, invoiceNumber, 'number'));
      if (path instanceof Response) return path;
      const actor = actorOf(c);
      const now = ctx.clock();
      const result = await recordPadReturn(billing, { rentalId: path.id, invoiceNumber: path.number, code: c.var.body.code, recordedBy: actorName(actor) }, (trx, recorded) =>
        recordAudit(trx, actor, { action: 'pad_return_recorded', subjectType: 'rental', subjectId: path.id, details: { invoice: path.number, code: c.var.body.code, outcome: recorded.outcome } }, now),
      );
      if (result.kind === 'refused') {
        if (result.reason === 'no_invoice') return problemAnswer(c, problem('no_invoice', { number: path.number }));
        if (result.reason === 'no_pad_debit') return problemAnswer(c, problem('pad_no_debit', { number: path.number }));
        return problemAnswer(c, problem('pad_returned_with_another_code', { number: path.number, code: result.code ?? '' }));
      }
      if (result.kind === 'already') return c.json({ success: true as const, outcome: 'already' as const, redebit_on: null, fee_invoice_number: null });
      ctx.mailer?.wake();
      return c.json({ success: true as const, outcome: result.outcome, redebit_on: result.redebitOn, fee_invoice_number: result.feeInvoiceNumber }, 201);
    })
    .post('/:id/deposits/:deposit/return', jsonBody(returnDepositInput), async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('not_a_rental_id'));
      const actor = actorOf(c);
      if (!isManager(actor)) return problemAnswer(c, problem('managers_only'));
      const depositId = pathParam(c, recordUuid, 'deposit');
      if (!depositId) return problemAnswer(c, problem('no_deposit'));
      const { returned_cents: returnedCents, deduction_reason: reason } = c.var.body;
      const now = ctx.clock();
      const result = await returnDeposit(ctx.db, { rentalId: id, depositId, returnedCents, deductionReason: reason || null, by: actorName(actor) }, now, (trx, deposit) =>
        recordAudit(trx, actor, { action: 'deposit_returned', subjectType: 'rental', subjectId: id, details: { deposit: deposit.kind, held_cents: deposit.amountCents, returned_cents: returnedCents, ...(reason ? { reason } : {}) } }, now),
      );
      if (result.kind === 'returned') return c.json({ success: true as const, deposit: result.deposit });
      switch (result.reason) {
        case 'no_deposit':
          return problemAnswer(c, problem('no_deposit'));
        case 'already_returned':
          return problemAnswer(c, problem('deposit_already_returned'));
        case 'not_collected':
          return problemAnswer(c, problem('deposit_not_collected'));
        case 'reason_required':
          return problemAnswer(c, fieldsProblem('invalid_request', [{ path: 'deduction_reason', code: 'required_fields' }]));
        case 'more_than_held':
          return problemAnswer(c, problem('deposit_more_than_held', { cents: result.heldCents }));
      }
    })
    .post('/:id/pad-revocation', jsonBody(padRevocationInput), async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('not_a_rental_id'));
      const receivedOn = c.var.body.received_on;
      if (!isIsoDate(receivedOn)) return problemAnswer(c, fieldsProblem('invalid_request', [{ path: 'received_on', code: 'date_format' }]));
      const now = ctx.clock();
      if (receivedOn > spaceToday(now)) return problemAnswer(c, problem('revocation_in_future', { date: receivedOn }));
      const actor = actorOf(c);
      const result = await recordPadRevocation(billing, { rentalId: id, receivedOn }, (trx, lastDebitOn) =>
        recordAudit(trx, actor, { action: 'pad_revocation_recorded', subjectType: 'rental', subjectId: id, details: { received_on: receivedOn, last_debit_on: lastDebitOn } }, now),
      );
      if (result.kind === 'refused') return problemAnswer(c, result.reason === 'no_rental' ? problem('no_rental') : problem('not_a_pad_tenancy'));
      return c.json({ success: true as const, last_debit_on: result.lastDebitOn });
    })
    .post('/:id/end', requireIdempotencyKey, jsonBody(endRentalInput), async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('not_a_rental_id'));
      const rental = await rentalToEnd(ctx.db, id);
      if (!rental) return problemAnswer(c, problem('no_rental'));
      const body = c.var.body;
      const today = spaceToday(ctx.clock());
      if (body.ends_on !== undefined && !rental.tenancy) return problemAnswer(c, fieldsProblem('invalid_request', [{ path: 'ends_on', code: 'end_not_for_card' }]));
      if (rental.tenancy && body.mode === 'notice') {
        if (body.ends_on === undefined) return problemAnswer(c, fieldsProblem('invalid_request', [{ path: 'ends_on', code: 'required_fields' }]));
        if (!isIsoDate(body.ends_on)) return problemAnswer(c, fieldsProblem('invalid_request', [{ path: 'ends_on', code: 'date_format' }]));
        if (body.ends_on < today) return problemAnswer(c, fieldsProblem('invalid_request', [{ path: 'ends_on', code: 'end_not_before_today', params: { today } }]));
      }
      if (body.mode === 'now' || rental.tenancy) {
        // The schema asks for the reason with mode now; under the contract it is staff's note, if any.
        const reason = body.reason ?? '';
        const ended = rental.tenancy
          ? await endTenancy(ctx.db, ctx.config.bankingKeys, actorOf(c), id, body.mode === 'now' ? { mode: 'now', reason } : { mode: 'contract', endsOn: body.ends_on!, reason }, c.var.idempotencyKey, ctx.clock())
          : await endRentalAtOnce(ctx.db, ctx.config.bankingKeys, actorOf(c), id, reason, c.var.idempotencyKey, ctx.clock());
        if (ended.kind === 'refused') return problemAnswer(c, ended.problem);
        if (!ended.replay) {
          ctx.mailer?.wake();
          ctx.unitList.invalidate();
        }
        const settled = {
          credit_notes: ended.creditNotes.map((n) => ({ number: n.number, invoice_number: n.invoiceNumber, amount_cents: n.cents })),
          refunded_cents: ended.refundedCents,
          to_return_cents: ended.toReturnCents,
          owed_cents: ended.owedCents,
        };
        return c.json({ success: true as const, ends_on: ended.endsOn, settled });
      }
      if (rental.ended) return problemAnswer(c, problem('rental_already_ended'));
      if (!rental.orderId) return problemAnswer(c, problem('rental_has_no_order'));
      const now = ctx.clock();
      // The customer's own notice, by staff: the same policy, end date, e-mails and key.
      const result = await giveNotice(ctx.db, ctx.config.bankingKeys, rental.orderId, c.var.idempotencyKey, now);
      if (result.kind === 'refused') return problemAnswer(c, result.problem);
      if (!result.replay) {
        await recordRentalEnded(ctx.db, actorOf(c), id, result.endsOn, now);
        ctx.mailer?.wake();
        // The unit's date of availability changed: the offices list shows it at once.
        if (result.freesUnit) ctx.unitList.invalidate();
      }
      return c.json({ success: true as const, ends_on: result.endsOn });
    });
}

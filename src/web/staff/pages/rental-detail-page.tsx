import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  endRentalInput,
  padReturnInput,
  padRevocationInput,
  recordedPaymentMethods,
  recordPaymentInput,
  type EndRentalInput,
  type StaffInvoice,
  type StaffInvoicePayment,
  returnDepositInput,
  type StaffDeposit,
  type StaffRentalDetail,
} from '../../../shared/contract/staff-rentals.ts';
import { termEndDate } from '../../../shared/domain/lease-payment.ts';
import { isPadReturnCode, padReturnCodeValues, padReturnReason } from '../../../shared/domain/pad-returns.ts';
import { spaceTodayQuick } from '../../../shared/domain/time.ts';
import { site } from '../../../shared/site.ts';
import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { amountForInput, typedCents } from '../amount.ts';
import { newIdempotencyKey } from '../api.ts';
import type { StaffCatalogue, StaffLanguage } from '../i18n.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { rentalQuery, staffCalls, staffKeys } from '../queries.ts';
import { AuditTrail, ConfirmDialog, EmptyState, ErrorSummary, errorText, Fact, Field, FormActions, type Notice, NoticeArea, PageTitle, QueryState, SelectField, StackTable, useDialogFocus, useFormat, useFormErrors } from '../ui.tsx';
import { productName } from './orders-page.tsx';
import { failureText, RentalStateBadge } from './rentals-page.tsx';

type Rental = StaffRentalDetail['rental'];

/**
 * What staff are deciding, each with its own Idempotency-Key, made when the dialog opens: trying
 * again after a dropped answer repeats the same decision, never a second charge or payment.
 */
type Decision =
  | { kind: 'retry'; invoice: StaffInvoice; key: string }
  | { kind: 'record'; invoice: StaffInvoice; key: string }
  | { kind: 'end'; endsOn: string; key: string }
  | { kind: 'end_now'; key: string }
  | { kind: 'end_contract'; key: string }
  // A returned PAD debit or a revocation: recorded twice, the server changes nothing (no Idempotency-Key).
  | { kind: 'pad_return'; invoice: StaffInvoice; debit: StaffInvoicePayment }
  | { kind: 'revocation' }
  // A deposit's return is recorded once: a second is refused by the server.
  | { kind: 'deposit'; deposit: StaffDeposit };

const invoiceTone = { paid: 'green', processing: 'yellow', due: 'grey', overdue: 'alert' } as const;

/** Whether staff can act on an invoice now: something is owed and no card payment is under way. */
const actionable = (invoice: StaffInvoice) => invoice.owed_cents > 0 && invoice.state !== 'processing';

/**
 * The PAD debit a return is recorded against: the invoice's latest one that is not a failure (as
 * the server picks it), while it is filed (open) or paid (succeeded); none once it is returned.
 */
function filedDebit(invoice: StaffInvoice): StaffInvoicePayment | undefined {
  const latest = invoice.payments.findLast((p) => p.method === 'pad' && p.status !== 'failed');
  return latest && (latest.status === 'open' || latest.status === 'succeeded') ? latest : undefined;
}

/** A CPA-007 return code with its name in the console's language: '901 – NSF', '901 – Provision insuffisante'. */
export function returnCodeText(code: string, lang: StaffLanguage): string {
  return isPadReturnCode(code) ? `${code} – ${padReturnReason(code, lang)}` : code;
}

/** Why a PAD agreement's debits stopped ('return:905', 'revoked'), in words; a reason this console does not know, as it is. */
function stopReasonText(m: StaffCatalogue, lang: StaffLanguage, reason: string): string {
  if (reason === 'revoked') return m.rental.padStopRevoked;
  const code = /^return:(\d{3})$/.exec(reason)?.[1];
  return code ? m.rental.padStopReturned(returnCodeText(code, lang)) : reason;
}

export function RentalDetailPage({ id }: { id: string }) {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  const query = useQuery(rentalQuery(id, lang));
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // The list's states, owed amounts and overdue count change with the rental: read them again too.
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.rentals });

  const retry = useMutation({
    mutationFn: (d: Extract<Decision, { kind: 'retry' }>) => staffCalls.retryInvoice(id, d.invoice.number, d.key),
    // Read again before the dialog closes, so focus returns to a page that shows the outcome.
    onSuccess: async ({ outcome, invoice }) => {
      await refresh();
      setDecision(null);
      const reason = invoice.payments.findLast((p) => p.trigger === 'retry_now')?.failure_reason ?? null;
      setNotice(
        outcome === 'succeeded'
          ? { tone: 'success', text: t.retrySucceeded(invoice.number) }
          : outcome === 'failed'
            ? { tone: 'error', text: t.retryFailed(invoice.number, failureText(m, reason)) }
            : { tone: 'success', text: t.retryUnanswered(invoice.number) },
      );
    },
  });
  const end = useMutation({
    mutationFn: (d: Extract<Decision, { kind: 'end' }>) => staffCalls.endRental(id, { mode: 'notice' }, d.key),
    onSuccess: async ({ ends_on }) => {
      await refresh();
      setDecision(null);
      setNotice({ tone: 'success', text: t.endDone(f.date(ends_on)) });
    },
  });

  /** A dialog's change done: the page read again, then the dialog closed and its outcome said. */
  const closeWith = async (text: string) => {
    await refresh();
    setDecision(null);
    setNotice({ tone: 'success', text });
  };

  const open = (next: Decision) => {
    retry.reset();
    end.reset();
    setNotice(null);
    setDecision(next);
  };

  return (
    <>
      <p className="back">
        <StaffLink to="/staff/rentals" activeOptions={{ exact: true }}>
          ← {t.back}
        </StaffLink>
      </p>
      <QueryState query={query}>
        {({ rental, invoices, audit, deposits }) => (
          <>
            <PageTitle
              actions={
                <>
                  {rental.notice_ends_on ? (
                    <button type="button" className="button button--ghost" onClick={() => open({ kind: 'end', endsOn: rental.notice_ends_on!, key: newIdempotencyKey() })}>
                      {t.end}
                    </button>
                  ) : null}
                  {isTenancy(rental) && rental.state !== 'ended' && rental.ended_at === null && rental.ends_on === null ? (
                    <button type="button" className="button button--ghost" onClick={() => open({ kind: 'end_contract', key: newIdempotencyKey() })}>
                      {t.endContract}
                    </button>
                  ) : null}
                  {rental.state !== 'ended' && rental.ended_at === null && (rental.order_id || isTenancy(rental)) ? (
                    <button type="button" className="button button--ghost" onClick={() => open({ kind: 'end_now', key: newIdempotencyKey() })}>
                      {t.endNow}
                    </button>
                  ) : null}
                  {rental.pays_by === 'pad' && rental.pad_stopped === null ? (
                    <button type="button" className="button button--ghost" onClick={() => open({ kind: 'revocation' })}>
                      {t.revoke}
                    </button>
                  ) : null}
                </>
              }
            >
              {t.title} · {rental.unit_name} · {rental.customer_name}
            </PageTitle>
            <NoticeArea notice={notice} />
            <RentalSummary rental={rental} />
            <section className="card" aria-labelledby="rental-invoices">
              <h2 id="rental-invoices">{t.invoicesTitle}</h2>
              {invoices.length === 0 ? (
                <EmptyState>{t.invoicesEmpty}</EmptyState>
              ) : (
                <StackTable caption={t.invoicesCaption} columns={[t.invoiceColumns.number, t.invoiceColumns.period, t.invoiceColumns.total, t.invoiceColumns.paid, t.invoiceColumns.state, t.invoiceColumns.actions]}>
                  {invoices.map((invoice) => {
                    const debit = filedDebit(invoice);
                    return (
                      <tr key={invoice.id} className={invoice.state === 'overdue' ? 'row--refund' : undefined}>
                        <th scope="row" className="nowrap">
                          {invoice.number}
                          {invoice.final ? <span className="cell-meta">{t.final}</span> : null}
                        </th>
                        <td data-label={t.invoiceColumns.period}>{t.period(f.date(invoice.period_start), f.date(invoice.period_end))}</td>
                        <td data-label={t.invoiceColumns.total} className="nowrap">
                          {f.cents(invoice.total_cents)}
                          <span className="cell-meta">{t.taxes(f.cents(invoice.subtotal_cents), f.cents(invoice.gst_cents), f.cents(invoice.qst_cents))}</span>
                        </td>
                        <td data-label={t.invoiceColumns.paid} className={invoice.credit_notes.length > 0 ? undefined : 'nowrap'}>
                          {f.cents(invoice.paid_cents)}
                          {invoice.credit_notes.map((note) => (
                            <span key={note.number} className="cell-meta">
                              {t.creditNoteMeta(note.number, f.cents(note.amount_cents), t.creditReasons[note.reason])}
                            </span>
                          ))}
                          {invoice.owed_cents > 0 ? <span className="cell-meta cell-error">{t.owedMeta(f.cents(invoice.owed_cents))}</span> : null}
                        </td>
                        <td data-label={t.invoiceColumns.state}>
                          <span className={`badge badge--${invoiceTone[invoice.state]}`} data-state={invoice.state}>
                            {t.invoiceStates[invoice.state]}
                          </span>
                        </td>
                        <td className="cell-actions">
                          <a href={`/admin-api/rentals/${encodeURIComponent(id)}/invoices/${encodeURIComponent(invoice.number)}.pdf`} target="_blank" rel="noopener" aria-label={t.pdfOf(invoice.number)}>
                            {t.pdf}
                          </a>
                          {' '}
                          {actionable(invoice) && rental.card_on_file ? (
                            <button type="button" className="button button--secondary button--small" aria-label={t.retryFor(invoice.number)} onClick={() => open({ kind: 'retry', invoice, key: newIdempotencyKey() })}>
                              {t.retry}
                            </button>
                          ) : null}
                          {actionable(invoice) ? (
                            <button type="button" className="button button--secondary button--small" aria-label={t.recordFor(invoice.number)} onClick={() => open({ kind: 'record', invoice, key: newIdempotencyKey() })}>
                              {t.record}
                            </button>
                          ) : null}
                          {debit ? (
                            <button type="button" className="button button--secondary button--small" aria-label={t.padReturnFor(invoice.number)} onClick={() => open({ kind: 'pad_return', invoice, debit })}>
                              {t.padReturn}
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </StackTable>
              )}
            </section>
            <PaymentsSection invoices={invoices} />
            {deposits && deposits.length > 0 ? <DepositsSection deposits={deposits} onReturn={(deposit) => open({ kind: 'deposit', deposit })} /> : null}
            <AuditTrail entries={audit} />

            {decision?.kind === 'retry' ? (
              <ConfirmDialog
                title={t.retryTitle(decision.invoice.number)}
                confirmLabel={t.retryConfirm}
                busyLabel={t.retrying}
                busy={retry.isPending}
                error={retry.error ? errorText(m, retry.error) : undefined}
                onConfirm={() => retry.mutate(decision)}
                onClose={() => setDecision(null)}
              >
                <p>{t.retryText(f.cents(decision.invoice.owed_cents))}</p>
              </ConfirmDialog>
            ) : null}
            {decision?.kind === 'end' ? (
              <ConfirmDialog
                title={t.endTitle}
                confirmLabel={t.endConfirm}
                busyLabel={t.endBusy}
                danger
                busy={end.isPending}
                error={end.error ? errorText(m, end.error) : undefined}
                onConfirm={() => end.mutate(decision)}
                onClose={() => setDecision(null)}
              >
                <p>{t.endText(f.date(decision.endsOn))}</p>
              </ConfirmDialog>
            ) : null}
            {decision?.kind === 'end_now' || decision?.kind === 'end_contract' ? (
              <EndDialog rental={rental} mode={decision.kind === 'end_now' ? 'now' : 'contract'} idempotencyKey={decision.key} onClose={() => setDecision(null)} onEnded={closeWith} />
            ) : null}
            {decision?.kind === 'record' ? (
              <RecordPaymentDialog
                rentalId={id}
                invoice={decision.invoice}
                idempotencyKey={decision.key}
                onClose={() => setDecision(null)}
                onRecorded={closeWith}
              />
            ) : null}
            {decision?.kind === 'pad_return' ? (
              <PadReturnDialog rentalId={id} invoice={decision.invoice} debit={decision.debit} onClose={() => setDecision(null)} onRecorded={closeWith} />
            ) : null}
            {decision?.kind === 'revocation' ? <RevocationDialog rentalId={id} onClose={() => setDecision(null)} onRecorded={closeWith} /> : null}
            {decision?.kind === 'deposit' ? <DepositReturnDialog rentalId={id} deposit={decision.deposit} onClose={() => setDecision(null)} onReturned={closeWith} /> : null}
          </>
        )}
      </QueryState>
    </>
  );
}

function RentalSummary({ rental }: { rental: Rental }) {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  return (
    <section className="card" aria-labelledby="rental-summary">
      <h2 id="rental-summary">{t.summary}</h2>
      {rental.pad_stopped ? (
        <Alert tone="warning" title={t.padStoppedTitle}>
          {t.padStopped(f.date(rental.pad_stopped.last_debit_on), stopReasonText(m, lang, rental.pad_stopped.reason))}
        </Alert>
      ) : null}
      <dl className="facts">
        <Fact term={t.state}>
          <RentalStateBadge state={rental.state} />
        </Fact>
        <Fact term={t.customer}>
          {rental.customer_name} · <a href={`mailto:${rental.customer_email}`}>{rental.customer_email}</a>
        </Fact>
        <Fact term={t.language}>{m.rentals.languages[rental.language] ?? rental.language}</Fact>
        <Fact term={t.unit}>
          {rental.unit_name} ({rental.office_id})
        </Fact>
        <Fact term={t.product}>{productName(m, rental.product)}</Fact>
        <Fact term={t.monthly}>{f.cents(rental.monthly_cents)}</Fact>
        <Fact term={t.start}>{f.date(rental.start_date)}</Fact>
        <Fact term={t.endsOn}>{rental.ends_on ? f.date(rental.ends_on) : t.noEnd}</Fact>
        {rental.ended_at ? <Fact term={t.ended}>{f.dateTime(rental.ended_at)}</Fact> : null}
        <Fact term={t.owed}>{rental.owed_cents > 0 ? f.cents(rental.owed_cents) : m.common.none}</Fact>
        {rental.overdue ? (
          <Fact term={t.overdue}>
            {m.rentals.overdueSince(rental.overdue.invoice_number, m.rentals.days(rental.overdue.days))} · {failureText(m, rental.overdue.failure_reason)}
          </Fact>
        ) : null}
        <Fact term={t.nextInvoice}>{rental.next_invoice ? t.nextInvoiceText(f.date(rental.next_invoice.on), f.cents(rental.next_invoice.cents)) : t.noNextInvoice}</Fact>
        {rental.pays_by === 'pad' ? <Fact term={t.paysBy}>{t.paidByPad}</Fact> : null}
        <Fact term={t.card}>{rental.card_on_file ? m.common.yes : m.common.no}</Fact>
        <Fact term={t.order}>
          {rental.order_id ? (
            <StaffLink to="/staff/orders/$id" params={{ id: rental.order_id }}>
              {t.viewOrder}
            </StaffLink>
          ) : (
            m.common.none
          )}
        </Fact>
      </dl>
    </section>
  );
}

/** Every payment row of the rental's invoices, each under its invoice: oldest invoice first, then oldest row first. */
function PaymentsSection({ invoices }: { invoices: readonly StaffInvoice[] }) {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  const c = t.paymentColumns;
  const rows = [...invoices].reverse().flatMap((invoice) => invoice.payments.map((payment) => ({ invoice, payment })));
  return (
    <section className="card" aria-labelledby="rental-payments">
      <h2 id="rental-payments">{t.paymentsTitle}</h2>
      {rows.length === 0 ? (
        <EmptyState>{t.paymentsEmpty}</EmptyState>
      ) : (
        <StackTable caption={t.paymentsCaption} columns={[c.when, c.invoice, c.how, c.status, c.amount, c.detail]}>
          {rows.map(({ invoice, payment }) => (
            <tr key={payment.id}>
              <th scope="row">{f.dateTime(payment.settled_at ?? payment.created_at)}</th>
              <td data-label={c.invoice}>{invoice.number}</td>
              <td data-label={c.how}>
                {t.methods[payment.method]}
                <span className="cell-meta">
                  {t.triggers[payment.trigger]}
                  {payment.recorded_by ? ` ${t.recordedBy(payment.recorded_by === 'admin token' ? m.common.adminToken : payment.recorded_by)}` : ''}
                </span>
              </td>
              <td data-label={c.status}>
                <span className={`badge badge--${payment.status === 'succeeded' ? 'green' : payment.status === 'failed' || payment.status === 'returned' ? 'alert' : 'yellow'}`} data-status={payment.status}>
                  {t.paymentStatuses[payment.status]}
                </span>
              </td>
              <td data-label={c.amount} className="nowrap">
                {f.cents(payment.amount_cents)}
              </td>
              <td data-label={c.detail} className="cell-wrap">
                {payment.status === 'failed'
                  ? failureText(m, payment.failure_reason)
                  : payment.status === 'returned' && payment.return_code
                    ? t.returnedWith(returnCodeText(payment.return_code, lang))
                    : (payment.reference ?? m.common.none)}
              </td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}

const recordFields = ['method', 'reference', 'amount_cents'] as const;

/** A cheque or an e-Transfer received: checked with the server's own schema first, then each of the server's problems beside its field. */
function RecordPaymentDialog({
  rentalId,
  invoice,
  idempotencyKey,
  onClose,
  onRecorded,
}: {
  rentalId: string;
  invoice: StaffInvoice;
  idempotencyKey: string;
  onClose: () => void;
  onRecorded: (notice: string) => Promise<void>;
}) {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  const owed = invoice.owed_cents;
  const [method, setMethod] = useState<(typeof recordedPaymentMethods)[number]>('cheque');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(() => amountForInput((owed / 100).toFixed(2), lang));
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(recordFields);
  const focusRef = useDialogFocus();
  // At most what is owed: the server says the same, in cents; here it is said in the amount staff typed.
  const withinOwed = recordPaymentInput.check(z.refine((body) => body.amount_cents === undefined || body.amount_cents <= owed, { message: 'at_most', path: ['amount_cents'] }));

  const save = useMutation({
    mutationFn: (body: z.infer<typeof recordPaymentInput>) => staffCalls.recordPayment(rentalId, invoice.number, body, idempotencyKey),
    onSuccess: ({ payment, invoice: after }) =>
      onRecorded(after.state === 'paid' ? t.recordedPaid(f.cents(payment.amount_cents), after.number) : t.recorded(f.cents(payment.amount_cents), after.number)),
    onError: fromServer,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = typedCents(amount, lang);
    const checked = withinOwed.safeParse({ method, reference, amount_cents: cents });
    if (!checked.success) {
      fromIssues(checked.error.issues, { amount_cents: t.amountRange(f.cents(owed)) });
      return;
    }
    clear();
    save.mutate(checked.data);
  };

  return (
    <Dialog title={t.recordTitle(invoice.number)} onClose={onClose} closeLabel={m.common.close}>
      <div ref={focusRef}>
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <SelectField label={t.method} error={errors.method} required name="method" value={method} options={recordedPaymentMethods} optionLabel={(option) => t.methods[option]} onChange={(value) => setMethod(value as typeof method)} />
          <Field label={t.reference} hint={t.referenceHint} error={errors.reference} required>
            {(p) => <input {...p} data-autofocus="" name="reference" autoComplete="off" maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} />}
          </Field>
          <Field label={t.amount} hint={t.amountHint(f.cents(owed))} error={errors.amount_cents} required>
            {(p) => <input {...p} name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />}
          </Field>
          <FormActions submitLabel={t.recordSubmit} busyLabel={t.recording} busy={save.isPending} onCancel={onClose} />
        </form>
      </div>
    </Dialog>
  );
}

/** A tenancy: a signed lease paid by PAD, which staff end under its contract or at once. */
const isTenancy = (rental: Rental) => rental.pays_by === 'pad' && rental.order_id === null;

/**
 * End at once (today is the last day; the reason, required, stays in the audit trail), or a
 * tenancy under its contract (on a day staff choose, today or later; a note if they like).
 */
function EndDialog({ rental, mode, idempotencyKey, onClose, onEnded }: { rental: Rental; mode: 'now' | 'contract'; idempotencyKey: string; onClose: () => void; onEnded: (notice: string) => Promise<void> }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  const tenancy = isTenancy(rental);
  const today = spaceTodayQuick(new Date());
  const termEnd = rental.minimum_term_months ? termEndDate(rental.start_date, rental.minimum_term_months) : null;
  const [reason, setReason] = useState('');
  const [endsOn, setEndsOn] = useState(termEnd !== null && termEnd >= today ? termEnd : '');
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(['reason', 'ends_on'] as const);
  const focusRef = useDialogFocus();
  const save = useMutation({
    mutationFn: (body: EndRentalInput) => staffCalls.endRental(rental.id, body, idempotencyKey),
    onSuccess: ({ ends_on, settled }) => {
      const lines = [mode === 'now' ? t.endNowDone(f.date(ends_on)) : t.endContractDone(f.date(ends_on))];
      for (const note of settled?.credit_notes ?? []) lines.push(t.endNowCredit(note.number, note.invoice_number ? t.endNowInvoice(note.invoice_number) : t.endNowReceipt, f.cents(note.amount_cents)));
      if (settled && settled.refunded_cents > 0) lines.push(t.endNowRefund(f.cents(settled.refunded_cents)));
      if (settled && settled.to_return_cents > 0) lines.push(t.endNowReturn(f.cents(settled.to_return_cents)));
      if (settled && settled.owed_cents > 0) lines.push(t.endNowOwed(f.cents(settled.owed_cents)));
      return onEnded(lines.join(' '));
    },
    onError: fromServer,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = endRentalInput.safeParse(mode === 'now' ? { mode: 'now', reason } : { mode: 'notice', ends_on: endsOn, ...(reason.trim() ? { reason } : {}) });
    if (!checked.success) {
      fromIssues(checked.error.issues);
      return;
    }
    clear();
    save.mutate(checked.data);
  };
  return (
    <Dialog title={mode === 'now' ? t.endNowTitle : t.endContractTitle} onClose={onClose} closeLabel={m.common.close}>
      <div ref={focusRef}>
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <p>{mode === 'contract' ? t.endContractText : tenancy ? t.endNowTenancyText : t.endNowText}</p>
          {mode === 'contract' ? (
            <Field label={t.endContractDay} hint={termEnd ? t.endContractDayHint(f.date(termEnd)) : undefined} error={errors.ends_on} required>
              {(p) => <input {...p} data-autofocus="" type="date" name="ends_on" min={today} value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />}
            </Field>
          ) : null}
          <Field label={mode === 'now' ? t.endNowReason : t.endContractReason} hint={t.endNowReasonHint} error={errors.reason} required={mode === 'now'}>
            {(p) => <textarea {...p} {...(mode === 'now' ? { 'data-autofocus': '' } : {})} name="reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          <FormActions submitLabel={mode === 'now' ? t.endNowConfirm : t.endContractConfirm} busyLabel={t.endBusy} busy={save.isPending} onCancel={onClose} />
        </form>
      </div>
    </Dialog>
  );
}

/** What recording a return did, said in the page's notice: by its outcome, with the day of the debit once more and the fee's invoice. */
function padReturnNotice(t: StaffCatalogue['rental'], date: (iso: string) => string, number: string, code: string, answer: { outcome: 'redebit' | 'no_redebit' | 'stopped' | 'dispute' | 'already'; redebit_on: string | null; fee_invoice_number: string | null }): string {
  switch (answer.outcome) {
    case 'redebit':
      return answer.redebit_on ? t.padReturnRedebit(number, code, date(answer.redebit_on), answer.fee_invoice_number) : t.padReturnNoRedebit(number, code);
    case 'no_redebit':
      return t.padReturnNoRedebit(number, code);
    case 'stopped':
      return t.padReturnStopped(number, code);
    case 'dispute':
      return t.padReturnDispute(number, code);
    case 'already':
      return t.padReturnAlready(number, code);
  }
}

/**
 * The bank returned an invoice's PAD debit: its CPA-007 code, chosen from the list (what each kind
 * of code does said under the field), then what the server did in the page's notice.
 */
function PadReturnDialog({
  rentalId,
  invoice,
  debit,
  onClose,
  onRecorded,
}: {
  rentalId: string;
  invoice: StaffInvoice;
  debit: StaffInvoicePayment;
  onClose: () => void;
  onRecorded: (notice: string) => Promise<void>;
}) {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  const [code, setCode] = useState('');
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(['code'] as const);
  const focusRef = useDialogFocus();
  const save = useMutation({
    mutationFn: (body: z.infer<typeof padReturnInput>) => staffCalls.recordPadReturn(rentalId, invoice.number, body),
    onSuccess: (answer, body) => onRecorded(padReturnNotice(t, f.date, invoice.number, returnCodeText(body.code, lang), answer)),
    onError: fromServer,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = padReturnInput.safeParse({ code });
    if (!checked.success) {
      fromIssues(checked.error.issues, { code: t.padReturnCodeRequired });
      return;
    }
    clear();
    save.mutate(checked.data);
  };
  return (
    <Dialog title={t.padReturnTitle(invoice.number)} onClose={onClose} closeLabel={m.common.close}>
      <div ref={focusRef}>
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <p>{t.padReturnText(f.cents(debit.amount_cents))}</p>
          <Field label={t.padReturnCode} hint={t.padReturnHint(site.pad.noticeDays, f.cents(site.pad.returnedDebitFeeCents))} error={errors.code} required>
            {(p) => (
              <select {...p} data-autofocus="" name="code" value={code} onChange={(e) => setCode(e.target.value)}>
                <option value="">{t.padReturnChoose}</option>
                {padReturnCodeValues.map((value) => (
                  <option key={value} value={value}>
                    {returnCodeText(value, lang)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <FormActions submitLabel={t.padReturnSubmit} busyLabel={t.recording} busy={save.isPending} onCancel={onClose} />
        </form>
      </div>
    </Dialog>
  );
}

/** The tenant's written revocation of the PAD agreement: the day it was received (today at the space unless changed), then the last day a debit may be made. */
function RevocationDialog({ rentalId, onClose, onRecorded }: { rentalId: string; onClose: () => void; onRecorded: (notice: string) => Promise<void> }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  const [today] = useState(() => spaceTodayQuick(new Date()));
  const [receivedOn, setReceivedOn] = useState(today);
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(['received_on'] as const);
  const focusRef = useDialogFocus();
  const save = useMutation({
    mutationFn: (body: z.infer<typeof padRevocationInput>) => staffCalls.recordPadRevocation(rentalId, body),
    onSuccess: ({ last_debit_on }) => onRecorded(t.revokeDone(f.date(last_debit_on))),
    onError: fromServer,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = padRevocationInput.safeParse({ received_on: receivedOn });
    if (!checked.success) {
      fromIssues(checked.error.issues, { received_on: t.revokeDateRequired });
      return;
    }
    clear();
    save.mutate(checked.data);
  };
  return (
    <Dialog title={t.revokeTitle} onClose={onClose} closeLabel={m.common.close}>
      <div ref={focusRef}>
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <p>{t.revokeText(site.pad.noticeDays)}</p>
          <Field label={t.revokeReceivedOn} hint={t.revokeReceivedHint} error={errors.received_on} required>
            {(p) => <input {...p} data-autofocus="" type="date" name="received_on" max={today} value={receivedOn} onChange={(e) => setReceivedOn(e.target.value)} />}
          </Field>
          <FormActions submitLabel={t.revokeSubmit} busyLabel={t.recording} busy={save.isPending} onCancel={onClose} />
        </form>
      </div>
    </Dialog>
  );
}

/** A tenancy's deposits, for managers (the server sends them to managers only): held, collected, returned, and Return. */
function DepositsSection({ deposits, onReturn }: { deposits: readonly StaffDeposit[]; onReturn: (deposit: StaffDeposit) => void }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  const c = t.depositColumns;
  return (
    <section className="card" aria-labelledby="rental-deposits">
      <h2 id="rental-deposits">{t.depositsTitle}</h2>
      <StackTable caption={t.depositsCaption} columns={[c.kind, c.held, c.collected, c.returned, c.actions]}>
        {deposits.map((deposit) => (
          <tr key={deposit.id}>
            <th scope="row">{t.depositKinds[deposit.kind]}</th>
            <td data-label={c.held} className="nowrap">
              {f.cents(deposit.amount_cents)}
            </td>
            <td data-label={c.collected}>{deposit.collected ? t.depositCollected(deposit.invoice_number) : t.depositNotCollected(deposit.invoice_number)}</td>
            <td data-label={c.returned} className="cell-wrap">
              {deposit.returned_at && deposit.returned_cents !== null ? (
                <>
                  {t.depositReturnedMeta(f.cents(deposit.returned_cents), f.dateTime(deposit.returned_at), deposit.returned_by === 'admin token' ? m.common.adminToken : (deposit.returned_by ?? m.common.none))}
                  {deposit.deduction_reason ? <span className="cell-meta">{deposit.deduction_reason}</span> : null}
                </>
              ) : (
                t.depositNotReturned
              )}
            </td>
            <td className="cell-actions">
              {deposit.collected && !deposit.returned_at ? (
                <button type="button" className="button button--secondary button--small" aria-label={t.depositReturnFor(t.depositKinds[deposit.kind])} onClick={() => onReturn(deposit)}>
                  {t.depositReturn}
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </StackTable>
    </section>
  );
}

/** A deposit returned: what goes back (all of it by default), and the reason whenever it is less. */
function DepositReturnDialog({ rentalId, deposit, onClose, onReturned }: { rentalId: string; deposit: StaffDeposit; onClose: () => void; onReturned: (notice: string) => Promise<void> }) {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const t = m.rental;
  const held = deposit.amount_cents;
  const kind = t.depositKinds[deposit.kind];
  const [amount, setAmount] = useState(() => amountForInput((held / 100).toFixed(2), lang));
  const [reason, setReason] = useState('');
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(['returned_cents', 'deduction_reason'] as const);
  const focusRef = useDialogFocus();
  const withinHeld = returnDepositInput.check(
    z.refine((body) => body.returned_cents <= held, { message: 'at_most', path: ['returned_cents'] }),
    z.refine((body) => body.returned_cents === held || (body.deduction_reason ?? '').length > 0, { message: 'required_fields', path: ['deduction_reason'] }),
  );
  const save = useMutation({
    mutationFn: (body: z.infer<typeof returnDepositInput>) => staffCalls.returnDeposit(rentalId, deposit.id, body),
    onSuccess: ({ deposit: returned }) => onReturned(t.depositDone(kind, f.cents(returned.returned_cents ?? 0))),
    onError: fromServer,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = typedCents(amount, lang);
    const checked = withinHeld.safeParse({ returned_cents: cents, deduction_reason: reason });
    if (!checked.success) {
      fromIssues(checked.error.issues, { returned_cents: t.depositAmountRange(f.cents(held)), deduction_reason: t.depositReasonRequired });
      return;
    }
    clear();
    save.mutate(checked.data);
  };
  return (
    <Dialog title={t.depositReturnTitle(kind)} onClose={onClose} closeLabel={m.common.close}>
      <div ref={focusRef}>
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <p>{t.depositReturnText(f.cents(held))}</p>
          <Field label={t.depositAmount} hint={t.depositAmountHint(f.cents(held))} error={errors.returned_cents} required>
            {(p) => <input {...p} data-autofocus="" name="returned_cents" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />}
          </Field>
          <Field label={t.depositReason} hint={t.depositReasonHint} error={errors.deduction_reason}>
            {(p) => <textarea {...p} name="deduction_reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          <FormActions submitLabel={t.depositSubmit} busyLabel={t.recording} busy={save.isPending} onCancel={onClose} />
        </form>
      </div>
    </Dialog>
  );
}

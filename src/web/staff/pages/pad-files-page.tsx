import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { padFileVoidInput, type PadFileSummaryView, type PadFileVoidInput, type PadReturnFileUploadedView, type PadReturnItemView } from '../../../shared/contract/pad-files.ts';
import { isPadReturnCode, padReturnReason } from '../../../shared/domain/pad-returns.ts';
import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useStaffLanguage } from '../language.tsx';
import { padFilesQuery, staffCalls, staffKeys } from '../queries.ts';
import { EmptyState, ErrorSummary, errorText, Field, FormActions, type Notice, NoticeArea, PageTitle, QueryState, StackTable, useDialogFocus, useFormat, useFormErrors } from '../ui.tsx';

/**
 * Billing → PAD files (managers): make the CPA-005 file of a payment date for the bank, and
 * download any file made, byte for byte as it was made. What a file could not carry is named.
 * A file the bank rejected whole, or never sent, is voided with a reason (its debits go in the
 * next file). Below, the bank's return file is uploaded, and what became of each of its items is shown.
 */
export function PadFilesPage() {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.padFiles;
  const c = t.columns;
  const query = useQuery(padFilesQuery());
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [leftOut, setLeftOut] = useState<readonly { invoice: string; reason: 'account_number_unusable' | 'banking_unreadable' }[]>([]);
  const [voiding, setVoiding] = useState<PadFileSummaryView | null>(null);
  const who = (by: string) => (by === 'admin token' ? m.common.adminToken : by);
  const make = useMutation({
    mutationFn: (paymentDate: string) => staffCalls.makePadFile(paymentDate),
    onSuccess: async (answer) => {
      const { number, debits, total_cents: total } = answer.file;
      setNotice({ tone: 'success', text: answer.outcome === 'made' ? t.made(number, debits, f.cents(total)) : t.existing(number) });
      setLeftOut(answer.left_out);
      await queryClient.invalidateQueries({ queryKey: staffKeys.padFiles });
    },
    onError: (err) => {
      setLeftOut([]);
      setNotice({ tone: 'error', text: errorText(m, err) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date) {
      setNotice({ tone: 'error', text: t.dateRequired });
      return;
    }
    make.mutate(date);
  };

  return (
    <>
      <PageTitle>{t.title}</PageTitle>
      <p className="lead">{t.intro}</p>
      <form className="filters filters--inline" onSubmit={submit} noValidate aria-busy={make.isPending}>
        <Field label={t.paymentDate} hint={t.paymentDateHint} required>
          {(p) => <input {...p} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={make.isPending}>
            {make.isPending ? t.making : t.make}
          </button>
        </div>
      </form>
      <NoticeArea notice={notice} />
      {leftOut.length > 0 ? (
        <Alert tone="warning">
          <p>{t.leftOutTitle}</p>
          <ul>
            {leftOut.map((l) => (
              <li key={l.invoice}>{t.leftOut(l.invoice, t.reasons[l.reason])}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <QueryState query={query}>
        {(data) =>
          data.files.length === 0 ? (
            <EmptyState>{t.empty}</EmptyState>
          ) : (
            <StackTable caption={t.caption} columns={[c.number, c.paymentDate, c.debits, c.total, c.made, c.download]}>
              {data.files.map((file) => (
                <tr key={file.id}>
                  <th scope="row">{String(file.number).padStart(4, '0')}</th>
                  <td data-label={c.paymentDate}>{f.date(file.payment_date)}</td>
                  <td data-label={c.debits}>{file.debits}</td>
                  <td data-label={c.total}>{f.cents(file.total_cents)}</td>
                  <td data-label={c.made}>
                    {f.dateTime(file.created_at)} <span className="muted small">{file.created_by}</span>
                  </td>
                  {file.voided ? (
                    <td data-label={c.download}>
                      <span className="badge badge--alert">{t.voided}</span>
                      <span className="cell-meta">{t.voidedBy(f.dateTime(file.voided.at), who(file.voided.by), file.voided.reason)}</span>
                    </td>
                  ) : (
                    <td className="cell-actions">
                      <a className="button button--secondary button--small" href={`/admin-api/pad-files/${file.id}/download`} download aria-label={t.downloadFile(file.number)}>
                        {t.download}
                      </a>
                      <button type="button" className="button button--danger button--small" aria-label={t.voidFile(file.number)} onClick={() => setVoiding(file)}>
                        {t.void}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </StackTable>
          )
        }
      </QueryState>
      {voiding ? (
        <VoidDialog
          file={voiding}
          onClose={() => setVoiding(null)}
          onVoided={async (text) => {
            setVoiding(null);
            setLeftOut([]);
            setNotice({ tone: 'success', text });
            // Its invoices owe again: the list and the rentals' pages read them anew.
            await Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.padFiles }), queryClient.invalidateQueries({ queryKey: staffKeys.rentals })]);
          }}
        />
      ) : null}
      <ReturnFileUpload />
    </>
  );
}

/** Void a file, with the reason the audit trail keeps; what the server refuses (a debit settled or returned) is said inside. */
function VoidDialog({ file, onClose, onVoided }: { file: PadFileSummaryView; onClose: () => void; onVoided: (notice: string) => Promise<void> }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.padFiles;
  const [reason, setReason] = useState('');
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(['reason'] as const);
  const focusRef = useDialogFocus();
  const save = useMutation({
    mutationFn: (body: PadFileVoidInput) => staffCalls.voidPadFile(file.id, body),
    onSuccess: (answer) => onVoided(t.voidDone(answer.file.number, answer.invoices.join(', '))),
    onError: fromServer,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = padFileVoidInput.safeParse({ reason });
    if (!checked.success) {
      fromIssues(checked.error.issues, { reason: t.voidReasonRequired });
      return;
    }
    clear();
    save.mutate(checked.data);
  };
  return (
    <Dialog title={t.voidFile(file.number)} onClose={onClose} closeLabel={m.common.close}>
      <div ref={focusRef}>
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <p>{t.voidText(file.debits, f.cents(file.total_cents))}</p>
          <Field label={t.voidReason} hint={t.voidReasonHint} error={errors.reason} required>
            {(p) => <textarea {...p} data-autofocus="" name="reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          <FormActions submitLabel={t.voidConfirm} busyLabel={t.voiding} busy={save.isPending} onCancel={onClose} />
        </form>
      </div>
    </Dialog>
  );
}

/** What became of a returned item, in the console's words. */
function useItemResult() {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.padFiles.returns;
  return (item: PadReturnItemView): string => {
    switch (item.result) {
      case 'recorded':
        if (item.outcome === 'redebit') return t.outcomes.redebit(item.redebit_on ? f.date(item.redebit_on) : '', item.fee_invoice_number ?? '');
        return t.outcomes[item.outcome ?? 'dispute'];
      case 'already':
        return t.already;
      case 'refused':
        if (item.reason === 'returned_with_another_code') return t.refusals.returned_with_another_code(item.recorded_code ?? '');
        return t.refusals[item.reason ?? 'no_matching_debit'];
      case 'not_found':
        return t.notFound;
      case 'unknown_code':
        return t.unknownCode;
      case 'not_ours':
        return t.notOurs;
    }
  };
}

/** Upload the bank's return file: each returned debit is recorded on its invoice; the same file again changes nothing. */
function ReturnFileUpload() {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const t = m.padFiles.returns;
  const c = t.columns;
  const resultOf = useItemResult();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice>(null);
  const [answer, setAnswer] = useState<PadReturnFileUploadedView | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => staffCalls.uploadPadReturnFile(chosen),
    onSuccess: async (uploaded) => {
      const { recorded, already } = uploaded.counts;
      setAnswer(uploaded);
      setNotice({ tone: 'success', text: `${t.done(uploaded.file.number, uploaded.items.length)} ${t.counts(recorded, already, uploaded.items.length - recorded - already)}` });
      // Invoices and rentals changed: their pages read them again.
      await queryClient.invalidateQueries({ queryKey: staffKeys.rentals });
    },
    onError: (err) => {
      setAnswer(null);
      setNotice({ tone: 'error', text: errorText(m, err) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(t.fileRequired);
      return;
    }
    setFileError(undefined);
    upload.mutate(file);
  };
  const codeText = (code: string) => (isPadReturnCode(code) ? `${code} – ${padReturnReason(code, lang)}` : code);

  return (
    <section aria-labelledby="return-file-title">
      <h2 id="return-file-title">{t.title}</h2>
      <p>{t.intro}</p>
      <form className="filters filters--inline" onSubmit={submit} noValidate aria-busy={upload.isPending}>
        <Field label={t.file} hint={t.fileHint} error={fileError} required>
          {(p) => <input {...p} type="file" accept=".txt,.dat,.005,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={upload.isPending}>
            {upload.isPending ? t.uploading : t.upload}
          </button>
        </div>
      </form>
      <NoticeArea notice={notice} />
      {answer === null ? null : answer.items.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <StackTable caption={t.caption} columns={[c.invoice, c.tenant, c.amount, c.code, c.result]}>
          {answer.items.map((item) => (
            <tr key={`${item.record}-${item.segment}`}>
              <th scope="row">{item.invoice}</th>
              <td data-label={c.tenant}>
                {item.tenant} <span className="muted small">{item.account}</span>
              </td>
              <td data-label={c.amount}>{f.cents(item.amount_cents)}</td>
              <td data-label={c.code}>{codeText(item.code)}</td>
              <td data-label={c.result}>{resultOf(item)}</td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}

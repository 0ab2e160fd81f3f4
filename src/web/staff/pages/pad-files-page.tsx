import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { useStaffLanguage } from '../language.tsx';
import { padFilesQuery, staffCalls, staffKeys } from '../queries.ts';
import { EmptyState, errorText, Field, type Notice, NoticeArea, PageTitle, QueryState, StackTable, useFormat } from '../ui.tsx';

/**
 * Billing → PAD files (managers): make the CPA-005 file of a payment date for the bank, and
 * download any file made, byte for byte as it was made. What a file could not carry is named.
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
                  <td className="cell-actions">
                    <a className="button button--secondary button--small" href={`/admin-api/pad-files/${file.id}/download`} download aria-label={t.downloadFile(file.number)}>
                      {t.download}
                    </a>
                  </td>
                </tr>
              ))}
            </StackTable>
          )
        }
      </QueryState>
    </>
  );
}

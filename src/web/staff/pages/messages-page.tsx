import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { mailStatuses, type StaffMessage } from '../../../shared/contract/staff-mail.ts';
import { useStaffLanguage } from '../language.tsx';
import { useStaffNavigate } from '../navigation.tsx';
import { mailQuery, staffCalls, staffKeys, type MailFilter } from '../queries.ts';
import { errorText, type Notice, NoticeArea, PagedTable, PageTitle, SelectField, useFormat } from '../ui.tsx';

export function MessagesPage({ status }: { status: MailFilter }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.messages;
  const c = t.columns;
  const navigate = useStaffNavigate();
  const query = useInfiniteQuery(mailQuery(status));
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const retry = useMutation({
    mutationFn: (message: StaffMessage) => staffCalls.retryMessage(message.id),
    onSuccess: async () => {
      setNotice({ tone: 'success', text: t.retried });
      await queryClient.invalidateQueries({ queryKey: staffKeys.mail });
    },
    onError: (err) => setNotice({ tone: 'error', text: errorText(m, err) }),
  });
  const kindName = (message: StaffMessage) => t.kinds[message.kind] ?? message.kind;
  const badge = (s: StaffMessage['status']) => (s === 'sent' ? 'green' : s === 'failed' ? 'alert' : 'yellow');

  return (
    <>
      <PageTitle>{t.title}</PageTitle>
      <p className="lead">{t.intro}</p>
      <div className="filters filters--inline">
        <SelectField
          label={t.filter}
          value={status ?? ''}
          blank={t.all}
          options={mailStatuses}
          optionLabel={(s) => t.statuses[s]}
          onChange={(s) => void navigate({ to: '/staff/messages', search: { status: s || undefined } })}
        />
      </div>
      <NoticeArea notice={notice} />
      <PagedTable
        query={query}
        rowsOf={(page) => page.data.messages}
        empty={t.empty}
        caption={t.caption}
        columns={[c.created, c.kind, c.recipient, c.status, c.attempts, c.next, c.actions]}
        row={(message) => (
          <tr key={message.id} className={message.status === 'failed' ? 'row--refund' : undefined}>
            <th scope="row">{f.dateTime(message.created_at)}</th>
            <td data-label={c.kind}>
              {kindName(message)} <span className="muted small">{t.language[message.language] ?? message.language}</span>
            </td>
            <td data-label={c.recipient} className="cell-wrap">
              {message.recipient}
            </td>
            <td data-label={c.status}>
              <span className={`badge badge--${badge(message.status)}`}>{t.statuses[message.status]}</span>
              {message.last_error ? (
                <span className="cell-meta cell-error">
                  {t.lastError}: {message.last_error}
                </span>
              ) : null}
            </td>
            <td data-label={c.attempts}>{message.attempts}</td>
            <td data-label={c.next}>{f.dateTime(message.sent_at ?? message.next_attempt_at)}</td>
            <td className="cell-actions">
              {message.status !== 'sent' ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={t.retryFor(kindName(message), message.recipient)}
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(message)}
                >
                  {t.retry}
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </>
  );
}

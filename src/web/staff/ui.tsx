import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { AuditEntry } from '../../shared/contract/staff.ts';
import { formatCad } from '../../shared/domain/pricing.ts';
import { Alert } from '../ui/alert.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { LoadingText, RetryAlert } from '../ui/status.tsx';
import { formatDateTime, formatLongDate } from '../i18n/format.ts';
import { StaffApiError } from './api.ts';
import type { StaffMessages } from './i18n.ts';
import { serverText } from './i18n.ts';
import { useStaffLanguage } from './language.tsx';

/** Amounts, dates and instants in the console's language. */
export function useFormat() {
  const { lang, locale } = useStaffLanguage();
  return {
    cents: (cents: number) => formatCad(cents, lang),
    dollars: (dollars: number) => formatCad(Math.round(dollars * 100), lang),
    date: (iso: string) => formatLongDate(iso, locale),
    dateTime: (instant: string) => formatDateTime(instant, locale),
  };
}

/** What an error says to staff: the server's own words when it gave any, in French when the catalogue knows them. */
export function errorText(m: StaffMessages, error: unknown): string {
  if (error instanceof StaffApiError) {
    if (error.status === 0) return m.common.networkError;
    if (error.serverError) return serverText(m, error.serverError);
    if (error.status === 404) return m.common.notFoundYet;
    return m.common.unexpected(error.status);
  }
  return m.common.unexpected(0);
}

let firstPage = true;

/**
 * The page's heading. After a navigation inside the console, focus moves to it, so a screen
 * reader starts reading the new page and the keyboard starts from its top; not on the first
 * load, where focus starts at the top of the document anyway.
 */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!firstPage) ref.current?.focus();
    firstPage = false;
  }, []);
  return (
    <div className="page-title">
      <h1 ref={ref} tabIndex={-1}>
        {children}
      </h1>
      {actions ? <div className="page-title__actions">{actions}</div> : null}
    </div>
  );
}

/** Loading, failed (with Try again) or the content. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T> | UseInfiniteQueryResult<T>; children: (data: T) => ReactNode }) {
  const { m } = useStaffLanguage();
  if (query.isPending) return <LoadingText>{m.common.loading}</LoadingText>;
  if (query.isError)
    return (
      <RetryAlert title={m.common.loadFailed} retryLabel={m.common.retry} onRetry={() => void query.refetch()} disabled={query.isFetching}>
        <p>{errorText(m, query.error)}</p>
      </RetryAlert>
    );
  return <>{children(query.data)}</>;
}

/**
 * A list as a table: its caption read to screen readers, a header per column, and rows that
 * stack on a phone (each cell shows its column's name from data-label).
 */
export function StackTable({ caption, columns, className, children }: { caption: string; columns: readonly ReactNode[]; className?: string; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className={`data-table data-table--stack${className ? ` ${className}` : ''}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** What an action did: a success in a live region (read out when it appears), a failure as an alert. */
export type Notice = { tone: 'success' | 'error'; text: string } | null;

export function NoticeArea({ notice }: { notice: Notice }) {
  return (
    <>
      <div role="status" className="notice">
        {notice?.tone === 'success' ? <Alert tone="success">{notice.text}</Alert> : null}
      </div>
      {notice?.tone === 'error' ? <Alert tone="error">{notice.text}</Alert> : null}
    </>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}

/** A 'Load more' button for a list read a page at a time. */
export function LoadMore({ query }: { query: UseInfiniteQueryResult }) {
  const { m } = useStaffLanguage();
  if (!query.hasNextPage) return null;
  return (
    <p className="load-more">
      <button type="button" className="button button--secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? m.common.loading : m.common.loadMore}
      </button>
    </p>
  );
}

/** The ids a field's input points at: its hint and its error, when it has them. */
export function describedBy(...ids: (string | false | undefined | null)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  children: (props: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined; required: boolean | undefined }) => ReactNode;
}

/** A labelled input with its hint and its error, linked by aria-describedby and marked aria-invalid. */
export function Field({ label, hint, error, required, children }: FieldProps) {
  const { m } = useStaffLanguage();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span className="visually-hidden"> ({m.common.required})</span> : null}
      </label>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {children({ id, 'aria-describedby': describedBy(hint ? hintId : undefined, error ? errorId : undefined), 'aria-invalid': error ? true : undefined, required })}
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A yes-or-no question before an action that cannot be undone; the action's own error shows inside it. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  danger,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  danger?: boolean;
  busy: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { m } = useStaffLanguage();
  return (
    <Dialog title={title} onClose={onClose} closeLabel={m.common.close}>
      <div className="confirm">
        {children}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="form-actions">
          <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {m.common.cancel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** Moves focus to the element marked data-autofocus once a dialog has opened (showModal focuses its first button). */
export function useDialogAutofocus(): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return ref;
}

/** A link shown once, with a button that copies it. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const { m } = useStaffLanguage();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="copy-link">
      <label htmlFor={id}>{label}</label>
      <div className="copy-link__row">
        <input id={id} className="copy-link__url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {m.common.copyLink}
        </button>
      </div>
      <p className="copy-link__status" role="status">
        {state === 'copied' ? m.common.copied : state === 'failed' ? m.common.copyFailed : ''}
      </p>
    </div>
  );
}

function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

export function AuditTrail({ entries }: { entries: readonly AuditEntry[] }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 id="audit-title">{m.common.auditTitle}</h2>
      {entries.length === 0 ? (
        <EmptyState>{m.common.auditEmpty}</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{m.common.auditCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.common.auditWhen}</th>
                <th scope="col">{m.common.auditWho}</th>
                <th scope="col">{m.common.auditAction}</th>
                <th scope="col">{m.common.auditDetails}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, i) => (
                <tr key={`${entry.at}-${i}`}>
                  <td>{f.dateTime(entry.at)}</td>
                  <td>{entry.actor}</td>
                  <td>{entry.action}</td>
                  <td className="cell-wrap">{detailsText(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { auditActions, type AuditAction, type AuditEntry } from '../../shared/contract/staff.ts';
import { formatCad, rateToCents } from '../../shared/domain/pricing.ts';
import { isIsoDate } from '../../shared/domain/time.ts';
import { site } from '../../shared/site.ts';
import { Alert } from '../ui/alert.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { LoadingText, RetryAlert } from '../ui/status.tsx';
import { formatDateTime, formatLongDate } from '../i18n/format.ts';
import type * as z from 'zod/mini';
import { fieldProblemsOf } from '../i18n/field-problem-words.ts';
import type { AnswerField } from '../i18n/problem-headers.ts';
import { StaffApiError } from './api.ts';
import type { StaffCatalogue } from './i18n.ts';
import { staffFieldText, staffLabelledFieldText, staffProblemText } from './problem-words.ts';
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

/**
 * What an error says to staff: the console's words for the problem the server named, else the
 * server's own text (an older or newer server's code), else what the status says.
 */
export function errorText(m: StaffCatalogue, error: unknown): string {
  if (error instanceof StaffApiError) {
    if (error.status === 0) return m.common.networkError;
    if (error.unreadable) return m.common.unreadable;
    const worded = staffProblemText(m, error.code === undefined ? undefined : { code: error.code, params: error.params, fields: error.fields });
    if (worded) return worded;
    if (error.serverError) return error.serverError;
    if (error.status === 404) return m.common.notFound;
    return m.common.unexpected(error.status);
  }
  return m.common.unexpected(0);
}

let firstPage = true;

/** The tab's title: the page, the console, the site ('Inventory · Staff console · Espace Cowork Montréal'). */
export function useDocumentTitle(page: string | null | undefined) {
  const { m } = useStaffLanguage();
  useEffect(() => {
    document.title = [page, m.appName, site.productName].filter(Boolean).join(' · ');
  }, [page, m.appName]);
}

/**
 * The page's heading, which also names the tab. After a navigation inside the console, focus
 * moves to it, so a screen reader starts reading the new page and the keyboard starts from its
 * top; not on the first load, where focus starts at the top of the document anyway.
 */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!firstPage) ref.current?.focus();
    firstPage = false;
  }, []);
  // The heading as it reads, whatever built it (a language switch or new data changes it).
  useEffect(() => {
    const now = ref.current?.textContent?.replace(/\s+/g, ' ').trim() || null;
    if (now !== text) setText(now);
  });
  useDocumentTitle(text);
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
  // Offline, TanStack Query waits for the network: say so rather than loading for ever (it resumes by itself).
  if (query.isPending && query.fetchStatus === 'paused') return <Alert tone="warning">{m.common.networkError}</Alert>;
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
  const success = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // An action whose button went away with what it changed (a row marked contacted) leaves
    // focus nowhere: it continues from what the action said.
    if (notice?.tone === 'success' && document.activeElement === document.body) success.current?.focus();
  }, [notice]);
  return (
    <>
      {/* The live region is in the page before its message, so screen readers read the message when it appears. */}
      <div role="status" className="notice">
        {notice?.tone === 'success' ? (
          <div ref={success} tabIndex={-1} className="alert alert--success">
            <div className="alert__body">{notice.text}</div>
          </div>
        ) : null}
      </div>
      {notice?.tone === 'error' ? <Alert tone="error">{notice.text}</Alert> : null}
    </>
  );
}

/** One fact of a detail page, in a <dl>: its name, then its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
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

/**
 * A list the server sends a page at a time (the staff's lists of orders, waitlist entries and
 * messages): its rows in a StackTable with 'Load more' under them, a word when there are none,
 * and loading and failure as QueryState says them. `row` gives each row its <tr> and key.
 */
export function PagedTable<Page, Row>({
  query,
  rowsOf,
  empty,
  caption,
  columns,
  row,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  rowsOf: (page: Page) => readonly Row[];
  empty: ReactNode;
  caption: string;
  columns: readonly ReactNode[];
  row: (row: Row) => ReactNode;
}) {
  return (
    <QueryState query={query}>
      {(data) => {
        const rows = data.pages.flatMap(rowsOf);
        if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
        return (
          <>
            <StackTable caption={caption} columns={columns}>
              {rows.map((r) => row(r))}
            </StackTable>
            <LoadMore query={query} />
          </>
        );
      }}
    </QueryState>
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

/** A Field whose input is a <select> of `options` in their words; `blank` first (value '') where choosing none means something ('All', 'Choose a type'). */
export function SelectField<Option extends string>({
  label,
  error,
  required,
  name,
  value,
  options,
  optionLabel,
  blank,
  onChange,
}: {
  label: ReactNode;
  error?: string | undefined;
  required?: boolean;
  name?: string;
  value: string;
  options: readonly Option[];
  optionLabel: (option: Option) => string;
  blank?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error} required={required}>
      {(p) => (
        <select {...p} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {blank === undefined ? null : <option value="">{blank}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A form's buttons: submit (with its words while it is sent), then Cancel. */
export function FormActions({ submitLabel, busyLabel, busy, onCancel }: { submitLabel: string; busyLabel: string; busy: boolean; onCancel: () => void }) {
  const { m } = useStaffLanguage();
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {m.common.cancel}
      </button>
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
  const focusRef = useDialogFocus();
  return (
    <Dialog title={title} onClose={onClose} closeLabel={m.common.close}>
      <div className="confirm" ref={focusRef}>
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

/** The page's heading, where focus goes when there is nothing better. */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

/**
 * Focus in and out of a dialog. Once it has opened, focus moves to the element marked
 * data-autofocus inside the returned ref's element (else showModal's choice, its first button
 * stays). When the dialog goes away, however it goes (Cancel, Escape, the action done), focus
 * returns to the element that opened it, or to the page's heading when that element is gone:
 * a dialog taken out of the page without close() would leave focus on <body>.
 */
export function useDialogFocus(): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  // Read while rendering, before the dialog's showModal moves focus into it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => {
    const inside = ref.current;
    const frame = requestAnimationFrame(() => inside?.querySelector<HTMLElement>('[data-autofocus]')?.focus());
    return () => {
      cancelAnimationFrame(frame);
      // Still in the page: not a real unmount (StrictMode's rehearsal), the dialog stays open.
      if (inside?.isConnected) return;
      const target = opener && opener !== document.body && opener.isConnected && !opener.closest('dialog') && !(opener as HTMLButtonElement).disabled ? opener : pageHeading();
      target?.focus();
    };
  }, [opener]);
  return ref;
}

/**
 * After a submit that failed: focus the first field marked aria-invalid in the form, else the
 * error summary (an element with tabIndex -1). Call the returned function once the errors are set;
 * focus moves after React has shown them.
 */
export function useFocusOnErrors(): { formRef: RefObject<HTMLFormElement | null>; summaryRef: RefObject<HTMLDivElement | null>; focusErrors: () => void } {
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? summaryRef.current)?.focus();
  }, [tick]);
  const focusErrors = useCallback(() => setTick((n) => n + 1), []);
  return { formRef, summaryRef, focusErrors };
}

/** The errors of a staff form by field, and under '' what belongs to no field. */
export type FormErrors<Field extends string> = Partial<Record<Field | '', string>>;

/**
 * Problems of fields (the server's, or the shared schema's before sending) under the form's fields
 * their paths name by their first segment, the first one each field has (`worded`: the console's
 * own words for a field, whatever its problem); a problem that names no field of the form goes
 * under '', after its path. None when a code has no words here (a newer server's): the caller
 * then says the answer's own text.
 */
export function errorsByField<Field extends string>(
  m: StaffCatalogue,
  problems: readonly AnswerField[],
  fields: readonly Field[],
  worded: Partial<Record<Field, string>> = {},
): FormErrors<Field> | undefined {
  const found: FormErrors<Field> = {};
  for (const problem of problems) {
    const name = problem.path.split('.')[0] ?? '';
    const key: Field | '' = (fields as readonly string[]).includes(name) ? (name as Field) : '';
    const text = (key && worded[key]) || (key ? staffFieldText(m, problem) : staffLabelledFieldText(m, problem));
    if (text === undefined) return undefined;
    found[key] ??= text;
  }
  return found;
}

/**
 * A staff form's errors, found by the server's own schema before sending (`fromIssues`, with the
 * console's own words for some fields) or in the server's answer (`fromServer`: the fields it
 * lists, each by its path's first segment, which names the form's field); either way each field's
 * problem is said beside it, what belongs to no field in the summary, and focus then moves to the
 * first invalid field, else to the ErrorSummary.
 */
export function useFormErrors<Field extends string>(fields: readonly Field[]) {
  const { m } = useStaffLanguage();
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const { formRef, summaryRef, focusErrors } = useFocusOnErrors();
  const show = (found: FormErrors<Field>) => {
    setErrors(found);
    focusErrors();
  };
  const fromIssues = (issues: readonly z.core.$ZodIssue[], worded: Partial<Record<Field, string>> = {}) => {
    show(errorsByField(m, fieldProblemsOf(issues), fields, worded) ?? ({ '': m.common.fixFields } as FormErrors<Field>));
  };
  const fromServer = (err: unknown) => {
    const found = err instanceof StaffApiError && err.fields.length > 0 ? errorsByField(m, err.fields, fields) : undefined;
    show(found ?? ({ '': errorText(m, err) } as FormErrors<Field>));
  };
  return { errors, formRef, summaryRef, fromIssues, fromServer, clear: () => setErrors({}) };
}

/** Above a form: what went wrong for the whole form, else that some fields need fixing; where focus goes when no field is to blame. */
export function ErrorSummary({ errors, summaryRef }: { errors: FormErrors<string>; summaryRef: RefObject<HTMLDivElement | null> }) {
  const { m } = useStaffLanguage();
  const general = errors[''];
  const hasFieldErrors = Object.keys(errors).some((k) => k !== '');
  return (
    <div ref={summaryRef} tabIndex={-1} className="error-summary">
      {general ? <Alert tone="error">{general}</Alert> : hasFieldErrors ? <Alert tone="error">{m.common.fixFields}</Alert> : null}
    </div>
  );
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

const isAuditAction = (action: string): action is AuditAction => (auditActions as readonly string[]).includes(action);

/** One value of an entry's details, as staff read it: amounts, dates, yes or no, names for codes. */
function detailValue(m: StaffCatalogue, f: ReturnType<typeof useFormat>, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return m.common.none;
  if (Array.isArray(value)) return value.map((v) => detailValue(m, f, key, v)).join(', ');
  if (typeof value === 'boolean') return value ? m.common.yes : m.common.no;
  if (key.endsWith('_cents') && typeof value === 'number') return f.cents(value);
  if (key === 'mode' && typeof value === 'string') return m.common.endModes[value] ?? value;
  // A record of several facts (a credit note: its number, the invoice it corrects, its amount), each said as above.
  if (typeof value === 'object') {
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => detailValue(m, f, k, v))
      .join(' ');
  }
  if (key === 'base_monthly_rate') {
    const cents = rateToCents(typeof value === 'number' || typeof value === 'string' ? value : null);
    if (cents !== null) return f.cents(cents);
  }
  if (key === 'kind' && typeof value === 'string') return m.messages.kinds[value] ?? value;
  if (key === 'service_type' && typeof value === 'string' && value in m.serviceTypes) return m.serviceTypes[value as keyof StaffCatalogue['serviceTypes']];
  if (typeof value === 'string' && isIsoDate(value)) return f.date(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function detailsText(m: StaffCatalogue, f: ReturnType<typeof useFormat>, details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => m.labelled(m.common.auditDetailNames[key] ?? key, detailValue(m, f, key, value)))
    .join(' · ');
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
                  <td>{entry.actor === 'admin token' ? m.common.adminToken : entry.actor}</td>
                  <td>{isAuditAction(entry.action) ? m.common.auditActions[entry.action] : entry.action}</td>
                  <td className="cell-wrap">{detailsText(m, f, entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

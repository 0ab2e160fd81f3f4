import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import type { Office } from '../../../shared/contract/offices.ts';
import { waitlistEntryPayload, waitlistProblemOf } from '../../../shared/contract/waitlist.ts';
import { sortUnits } from '../../../shared/domain/availability.ts';
import { isRentable, serviceTypes, type ServiceType } from '../../../shared/domain/categories.ts';
import { spaceToday } from '../../../shared/domain/time.ts';
import { judgeSend } from '../../../shared/domain/waitlist-outbox.ts';
import {
  emptyWaitlistForm,
  formToPayload,
  isOfficeChoiceDisabled,
  isSelectionFull,
  toggleOffice,
  validateWaitlistForm,
  waitlistFieldOrder,
  waitlistFieldProblems,
  waitlistProblemEn,
  waitlistProblems,
  type OfficeId,
  type WaitlistField,
  type WaitlistForm,
} from '../../../shared/domain/waitlist-rules.ts';
import { commonMessages } from '../../i18n/common.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useMessages } from '../../i18n/i18n.tsx';
import {
  clearWaitlistDraft,
  discardEntry,
  enqueueWaitlistEntry,
  readWaitlistDraft,
  sendQueuedNow,
  sendUnqueued,
  writeWaitlistDraft,
} from '../../storage/waitlist-outbox.ts';
import { Alert } from '../../ui/alert.tsx';
import { waitlistMessages, type WaitlistMessages } from './messages.ts';
import './waitlist.css';

/** SPEC.md §4: the enquiry form lists the unavailable offices, desks, hot desks and parking spots. */
export function waitlistOffices(offices: readonly Office[]): Office[] {
  return sortUnits(
    offices
      .filter((o) => !o.is_available && (serviceTypes as readonly string[]).includes(o.service_type) && isRentable(o.service_type as ServiceType))
      .map((o) => ({ ...o, next_available_date: o.next_available_date ?? null })),
  );
}

const draftSchema = z.object({
  customer_name: z.string(),
  email: z.string(),
  phone: z.string(),
  number_of_users: z.string(),
  budget_min: z.string(),
  budget_max: z.string(),
  desired_start_date: z.string(),
  service_offering_ids: z.array(z.union([z.number(), z.string()])),
});

/** The server answers in English; a text the form knows is shown in the visitor's language. */
function localServerError(error: string, m: WaitlistMessages): string {
  const known = waitlistProblems.find((p) => waitlistProblemEn[p] === error);
  return known ? m.problems[known] : error;
}

function sameId(a: OfficeId, b: OfficeId) {
  return String(a) === String(b);
}

export interface EnquiryFormProps {
  offices: readonly Office[];
  /** The office whose Join Waitlist button opened the form. */
  preselected?: OfficeId;
  onSent: () => void;
}

/** The waitlist enquiry form (SPEC.md §2 modal 7, §3, §5 'Waitlist form'), backed by the outbox. */
export function EnquiryForm({ offices, preselected, onSent }: EnquiryFormProps) {
  const m = useMessages(waitlistMessages);
  const common = useMessages(commonMessages);
  const { locale } = useLanguage();
  const ids = useId();
  const [form, setForm] = useState<WaitlistForm>(() => emptyWaitlistForm(preselected));
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const draftLoaded = useRef(false);
  const edited = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const queuedRef = useRef<HTMLDivElement>(null);

  const choices = useMemo(() => waitlistOffices(offices), [offices]);
  const today = spaceToday(new Date());

  // What the visitor typed before a reload comes back, with the office they chose this time.
  useEffect(() => {
    let cancelled = false;
    void readWaitlistDraft().then((raw) => {
      if (cancelled) return;
      const draft = draftSchema.safeParse(raw);
      if (draft.success && !edited.current) {
        let selected = draft.data.service_offering_ids;
        if (preselected !== undefined && !selected.some((s) => sameId(s, preselected))) selected = toggleOffice(selected, preselected);
        setForm({ ...draft.data, service_offering_ids: selected });
      }
      draftLoaded.current = true;
    });
    return () => {
      cancelled = true;
    };
  }, [preselected]);

  useEffect(() => {
    if (draftLoaded.current && edited.current && !queued) void writeWaitlistDraft(form);
  }, [form, queued]);

  const update = (change: Partial<WaitlistForm>) => {
    edited.current = true;
    setForm((f) => ({ ...f, ...change }));
  };

  const fieldProblems = attempted ? waitlistFieldProblems(form, today) : {};
  const errorId = (field: WaitlistField) => `${ids}-${field}-error`;
  /** A field's problem: the attributes that tie its input to the message, and the message. */
  const problemProps = (field: WaitlistField) => ({
    'aria-invalid': fieldProblems[field] ? true : undefined,
    'aria-describedby': fieldProblems[field] ? errorId(field) : undefined,
  });
  const fieldError = (field: WaitlistField) => {
    const problem = fieldProblems[field];
    return problem ? (
      <span className="field__error" id={errorId(field)}>
        {m.problems[problem]}
      </span>
    ) : null;
  };
  const full = isSelectionFull(form.service_offering_ids);
  const noneSelected = form.service_offering_ids.length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    const problems = validateWaitlistForm(form, today);
    const parsed = waitlistEntryPayload.safeParse(formToPayload(form));
    if (problems.length > 0 || !parsed.success) {
      const first = problems[0] ?? (parsed.success ? 'bodyInvalid' : waitlistProblemOf(parsed.error));
      setError(m.problems[first]);
      const firstField = waitlistFieldOrder.find((f) => waitlistFieldProblems(form, today)[f]);
      requestAnimationFrame(() => {
        const target = firstField === 'service_offering_ids' ? formRef.current?.querySelector<HTMLInputElement>('input[type=checkbox]:not(:disabled)') : formRef.current?.querySelector<HTMLElement>(`[name="${firstField}"]`);
        (target ?? errorRef.current)?.focus();
      });
      return;
    }
    setBusy(true);
    setError(null);
    const entry = JSON.parse(JSON.stringify(parsed.data)) as Record<string, unknown>;
    const names = form.service_offering_ids.map((id) => choices.find((o) => sameId(o.id, id))?.name ?? String(id));
    const label = `${parsed.data.customer_name}: ${names.join(', ')}`;
    try {
      const queuedEntry = await enqueueWaitlistEntry(entry, label);
      if (!queuedEntry) {
        // This browser will not keep it: one direct send, and the visitor sees how it went.
        const result = await sendUnqueued(entry, label);
        const verdict = judgeSend(result);
        if (verdict === 'sent') {
          void clearWaitlistDraft();
          onSent();
        } else {
          const text = 'body' in result && result.body && typeof result.body === 'object' ? (result.body as { error?: unknown }).error : undefined;
          setError(verdict === 'rejected' && typeof text === 'string' ? localServerError(text, m) : m.submitRetry);
        }
        return;
      }
      const outcome = await sendQueuedNow(queuedEntry.key);
      if (outcome.kind === 'rejected') {
        // The visitor sees why here and can correct it; a refused entry must not linger in the outbox.
        await discardEntry(queuedEntry.key);
        setError(outcome.error ? localServerError(outcome.error, m) : m.submitFailed);
        return;
      }
      await clearWaitlistDraft();
      if (outcome.kind === 'sent') onSent();
      else setQueued(true);
    } catch {
      setError(m.submitRetry);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  useEffect(() => {
    if (queued) queuedRef.current?.focus();
  }, [queued]);

  if (queued) {
    return (
      <div className="waitlist-queued" tabIndex={-1} ref={queuedRef}>
        <Alert tone="success" title={m.queuedTitle}>
          <p>{m.queuedText}</p>
        </Alert>
      </div>
    );
  }

  const textField = (field: 'customer_name' | 'email' | 'phone', type: string, options: { required?: boolean; autoComplete: string; inputMode?: 'email' | 'tel' }) => (
    <div className="field">
      <label htmlFor={`${ids}-${field}`}>
        {m.fields[field]}
        {options.required ? (
          <>
            {' '}
            <span className="required" aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">({m.required})</span>
          </>
        ) : null}
      </label>
      <input
        id={`${ids}-${field}`}
        name={field}
        type={type}
        inputMode={options.inputMode}
        autoComplete={options.autoComplete}
        required={options.required}
        aria-required={options.required}
        value={form[field]}
        onChange={(e) => update({ [field]: e.target.value })}
        {...problemProps(field)}
      />
      {fieldError(field)}
    </div>
  );

  const numberField = (field: 'number_of_users' | 'budget_min' | 'budget_max', min: number, step: string) => (
    <div className="field">
      <label htmlFor={`${ids}-${field}`}>{m.fields[field]}</label>
      <input
        id={`${ids}-${field}`}
        name={field}
        type="number"
        inputMode={step === '1' ? 'numeric' : 'decimal'}
        min={min}
        step={step}
        value={form[field]}
        onChange={(e) => update({ [field]: e.target.value })}
        {...problemProps(field)}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <form ref={formRef} className="waitlist-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <p className="field__hint">{m.requiredNote}</p>
      <div ref={errorRef} tabIndex={-1} className="waitlist-form__error">
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      <div className="waitlist-form__grid">
        {textField('customer_name', 'text', { required: true, autoComplete: 'name' })}
        {textField('email', 'email', { required: true, autoComplete: 'email', inputMode: 'email' })}
        {textField('phone', 'tel', { autoComplete: 'tel', inputMode: 'tel' })}
        {numberField('number_of_users', 1, '1')}
        {numberField('budget_min', 0, 'any')}
        {numberField('budget_max', 0, 'any')}
        <div className="field">
          <label htmlFor={`${ids}-desired_start_date`}>{m.fields.desired_start_date}</label>
          <input
            id={`${ids}-desired_start_date`}
            name="desired_start_date"
            type="date"
            min={today}
            value={form.desired_start_date}
            onChange={(e) => update({ desired_start_date: e.target.value })}
            {...problemProps('desired_start_date')}
          />
          {fieldError('desired_start_date')}
        </div>
      </div>

      <fieldset className="field waitlist-offices" aria-describedby={`${ids}-offices-hint ${ids}-offices-note`}>
        <legend>
          {m.fields.service_offering_ids}{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
          <span className="visually-hidden">({m.required})</span>
        </legend>
        <p className="field__hint" id={`${ids}-offices-hint`}>
          {m.officesHint}
        </p>
        {choices.length === 0 ? <p>{m.noOffices}</p> : null}
        <ul className="waitlist-offices__list">
          {choices.map((office) => {
            const checked = form.service_offering_ids.some((s) => sameId(s, office.id));
            const disabled = isOfficeChoiceDisabled(form.service_offering_ids, office.id);
            const type = (serviceTypes as readonly string[]).includes(office.service_type) ? common.serviceTypes[office.service_type as ServiceType] : office.service_type;
            const when = office.next_available_date ? m.availableFrom(formatLongDate(office.next_available_date, locale)) : m.occupied;
            return (
              <li key={String(office.id)} className={`waitlist-offices__item${disabled ? ' waitlist-offices__item--disabled' : ''}`}>
                <input
                  type="checkbox"
                  id={`${ids}-office-${office.id}`}
                  name="service_offering_ids"
                  value={String(office.id)}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => update({ service_offering_ids: toggleOffice(form.service_offering_ids, office.id) })}
                />
                <label htmlFor={`${ids}-office-${office.id}`}>
                  <span className="waitlist-offices__name">{office.name}</span>
                  <span className="waitlist-offices__meta">
                    {type} · {when}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <p id={`${ids}-offices-note`} className="waitlist-offices__note" role="status">
          {full ? m.maxSelected : noneSelected && choices.length > 0 ? m.problems.officeRequired : ''}
        </p>
      </fieldset>

      <button type="submit" className="button button--primary button--block" disabled={busy || noneSelected} aria-describedby={noneSelected ? `${ids}-offices-note` : undefined}>
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {m.submitting}
          </>
        ) : (
          m.submit
        )}
      </button>
      <span className="visually-hidden" role="status">
        {busy ? m.submitting : ''}
      </span>
    </form>
  );
}

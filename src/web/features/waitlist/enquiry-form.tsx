import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import type { Office } from '../../../shared/contract/offices.ts';
import { checkWaitlistForm, waitlistFieldProblems } from '../../../shared/contract/waitlist.ts';
import { sortUnits } from '../../../shared/domain/availability.ts';
import { isRentable, isServiceType } from '../../../shared/domain/products.ts';
import { spaceTodayQuick } from '../../../shared/domain/time.ts';
import { formOfQueuedEntry, judgeSend, refusalOf, serverErrorText, type QueuedWaitlistEntry, type Refusal } from '../../../shared/domain/waitlist-outbox.ts';
import {
  emptyWaitlistForm,
  isSelectionFull,
  toggleOffice,
  waitlistFieldOrder,
  type OfficeId,
  type WaitlistField,
  type WaitlistForm,
} from '../../../shared/domain/waitlist-rules.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import {
  clearWaitlistDraft,
  discardEntry,
  enqueueWaitlistEntry,
  readOutboxEntry,
  readWaitlistDraft,
  replaceWaitlistEntry,
  sendQueuedNow,
  sendUnqueued,
  subscribeOutbox,
  writeWaitlistDraft,
} from '../../storage/waitlist-outbox.ts';
import { Alert } from '../../ui/alert.tsx';
import { refusalText, waitlistCatalogue } from './catalogue.ts';
import { OfficePicker, sameId } from './office-picker.tsx';
import './waitlist.css';

/** SPEC.md §4: the enquiry form lists the unavailable offices, desks, hot desks and parking spots. */
export function waitlistOffices(offices: readonly Office[]): Office[] {
  return sortUnits(
    offices
      .filter((o) => !o.is_available && isServiceType(o.service_type) && isRentable(o.service_type))
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

/**
 * A queued entry as the form shows it: offices no longer on the waitlist cannot be shown as boxes,
 * so they are left out, and named.
 */
function editedForm(entry: QueuedWaitlistEntry, offices: readonly Office[]): { form: WaitlistForm; leftOut: string[] } {
  const form = formOfQueuedEntry(entry);
  const choices = waitlistOffices(offices);
  const kept = form.service_offering_ids.filter((id) => choices.some((o) => sameId(o.id, id)));
  const leftOut = form.service_offering_ids.filter((id) => !kept.includes(id)).map((id) => offices.find((o) => sameId(o.id, id))?.name ?? String(id));
  return { form: { ...form, service_offering_ids: kept }, leftOut };
}

export interface EnquiryFormProps {
  offices: readonly Office[];
  /** The office whose Join Waitlist button opened the form. */
  preselected?: OfficeId;
  /**
   * An entry on this device to correct: the form opens with its fields, and the corrected entry
   * replaces it. The draft is neither read nor written then: the entry itself keeps what was typed.
   */
  editing?: QueuedWaitlistEntry;
  onSent: () => void;
}

/** The waitlist enquiry form (SPEC.md §2 modal 7, §3, §5 'Waitlist form'), backed by the outbox. */
export function EnquiryForm({ offices, preselected, editing, onSent }: EnquiryFormProps) {
  const m = useCatalogue(waitlistCatalogue);
  const { lang } = useLanguage();
  const ids = useId();
  const [edit] = useState(() => (editing ? editedForm(editing, offices) : undefined));
  const [form, setForm] = useState<WaitlistForm>(() => edit?.form ?? emptyWaitlistForm(preselected));
  /**
   * The entry on this device the next submit replaces: the edited one, then its refused correction.
   * A ref, not state: a submit moves it on at once, so that a check of the outbox still under way
   * for the entry it replaced cannot say the new one is gone.
   */
  const replaces = useRef(editing?.key);
  const [replacedGone, setReplacedGone] = useState(false);
  /** Why the edited entry was refused, until the form's own send gives a newer answer. */
  const [editRefusal, setEditRefusal] = useState<Partial<Refusal> | undefined>(editing?.state === 'failed' ? editing : undefined);
  const editNoteRef = useRef<HTMLDivElement>(null);
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
  const today = spaceTodayQuick(new Date());

  // What the visitor typed before a reload comes back, with the office they chose this time.
  useEffect(() => {
    if (editing) return;
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
  }, [preselected, editing]);

  useEffect(() => {
    if (draftLoaded.current && edited.current && !queued) void writeWaitlistDraft(form);
  }, [form, queued]);

  // The entry being corrected may be sent as it was (it was waiting) or discarded meanwhile.
  const correcting = editing !== undefined;
  useEffect(() => {
    if (!correcting) return;
    let current = true;
    const check = () => {
      const key = replaces.current;
      if (key === undefined) return;
      void readOutboxEntry(key).then((entry) => {
        if (current && key === replaces.current) setReplacedGone(entry === undefined);
      });
    };
    const stop = subscribeOutbox(check);
    check();
    return () => {
      current = false;
      stop();
    };
  }, [correcting]);

  useEffect(() => {
    if (editing) editNoteRef.current?.focus();
  }, [editing]);

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
    const checked = checkWaitlistForm(form, today);
    if (!checked.ok) {
      setError(m.problems[checked.problems[0] ?? 'bodyInvalid']);
      const firstField = waitlistFieldOrder.find((f) => checked.fields[f]);
      requestAnimationFrame(() => {
        const target = firstField === 'service_offering_ids' ? formRef.current?.querySelector<HTMLInputElement>('input[type=checkbox]:not(:disabled)') : formRef.current?.querySelector<HTMLElement>(`[name="${firstField}"]`);
        (target ?? errorRef.current)?.focus();
      });
      return;
    }
    setBusy(true);
    setError(null);
    // The acknowledgement e-mail speaks the language the visitor used here.
    const entry = { ...(JSON.parse(JSON.stringify(checked.entry)) as Record<string, unknown>), language: lang };
    const names = form.service_offering_ids.map((id) => choices.find((o) => sameId(o.id, id))?.name ?? String(id));
    const label = `${checked.entry.customer_name}: ${names.join(', ')}`;
    // A correction whose original is gone (sent or discarded meanwhile) goes as a new entry.
    const replacing = replaces.current !== undefined && !replacedGone ? replaces.current : undefined;
    try {
      const queuedEntry = replacing ? await replaceWaitlistEntry(replacing, entry, label) : await enqueueWaitlistEntry(entry, label);
      if (!queuedEntry) {
        // This browser will not keep it: one direct send, and the visitor sees how it went.
        const result = await sendUnqueued(entry, label);
        const verdict = judgeSend(result);
        if (verdict === 'sent') {
          if (replacing) await discardEntry(replacing);
          else void clearWaitlistDraft();
          onSent();
        } else {
          setError(verdict === 'rejected' && serverErrorText(result) !== undefined ? refusalText(refusalOf(result), m) : m.submitRetry);
        }
        return;
      }
      if (editing) {
        replaces.current = queuedEntry.key;
        setReplacedGone(false);
      }
      const outcome = await sendQueuedNow(queuedEntry.key);
      if (outcome.kind === 'rejected') {
        // The visitor sees why here and can correct it. A new entry's draft still holds what was
        // typed, so its refused copy goes; a correction has no draft, so it stays, for a later edit.
        if (editing) setEditRefusal(undefined);
        else await discardEntry(queuedEntry.key);
        setError(refusalText(outcome, m));
        return;
      }
      if (!editing) await clearWaitlistDraft();
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
      {editing ? (
        <div ref={editNoteRef} tabIndex={-1} className="waitlist-form__edit">
          <Alert tone={replacedGone && !busy ? 'warning' : 'info'} title={m.editTitle}>
            {replacedGone && !busy ? <p>{m.editGone}</p> : <p>{m.editText}</p>}
            {editRefusal !== undefined ? (
              <p className="field__error">
                {m.pending.failed} {refusalText(editRefusal, m)}
              </p>
            ) : null}
            {edit && edit.leftOut.length > 0 ? <p>{m.editOfficesLeftOut(edit.leftOut.join(', '))}</p> : null}
          </Alert>
        </div>
      ) : null}
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
        <OfficePicker choices={choices} selected={form.service_offering_ids} onChange={(selected) => update({ service_offering_ids: selected })} idPrefix={ids} />
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

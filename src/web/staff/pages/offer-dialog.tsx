import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { moveInFeeTypes, type MoveInFeeType } from '../../../shared/domain/lease-payment.ts';
import { rateToCents } from '../../../shared/domain/pricing.ts';
import { createOfferInput, defaultOfferValidityDays, offerLastDay } from '../../../shared/contract/staff-console.ts';
import { addDays, isIsoDate, spaceTodayQuick } from '../../../shared/domain/time.ts';
import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { amountForInput, normalizeAmount } from '../amount.ts';
import type { StaffLanguage } from '../i18n.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { staffCalls, staffKeys, unitsQuery } from '../queries.ts';
import { CopyLink, ErrorSummary, Field, FormActions, QueryState, SelectField, useDialogFocus, useFormat, useFormErrors } from '../ui.tsx';
import { OfferPreview, type OfferTerms } from './offer-preview.tsx';

const offerFields = ['email', 'company_name', 'contact_name', 'office_ids', 'start_date', 'monthly_rate', 'monthly_discount', 'signup_discount', 'lease_term_months', 'move_in_fee_type', 'move_in_fee_amount', 'language'] as const;

/** The first day of next month at the space: the usual start of a lease. */
function firstOfNextMonth(today: string): string {
  return `${addDays(`${today.slice(0, 8)}28`, 4).slice(0, 8)}01`;
}

/** A sum of list prices as staff of this language would type it ('1234.50', '1234,50'). */
function centsToText(cents: number, lang: StaffLanguage): string {
  return amountForInput(cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2), lang);
}

interface Created {
  id: number | undefined;
  url: string;
  emailed: boolean;
  email: string;
  notFree: readonly string[];
}

export function OfferDialog({ onClose }: { onClose: () => void }) {
  const { m, lang } = useStaffLanguage();
  const f = useFormat();
  const t = m.offers.form;
  const queryClient = useQueryClient();
  const units = useQuery(unitsQuery());
  const focusRef = useDialogFocus();
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(offerFields);
  const createdHeading = useRef<HTMLHeadingElement>(null);

  const [email, setEmail] = useState('');
  const [company, setCompany] = useState('');
  const [contact, setContact] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [rate, setRate] = useState('');
  const [rateTouched, setRateTouched] = useState(false);
  const [today] = useState(() => spaceTodayQuick(new Date()));
  const [terms, setTerms] = useState<Omit<OfferTerms, 'monthly_rate'>>({
    start_date: firstOfNextMonth(today),
    monthly_discount: '0',
    signup_discount: '0',
    move_in_fee_type: 'monthly_rate',
    move_in_fee_amount: '',
  });
  const [term, setTerm] = useState('12');
  const [language, setLanguage] = useState<StaffLanguage>(lang);
  const [sendEmail, setSendEmail] = useState(true);
  const [created, setCreated] = useState<Created | null>(null);

  const offices = (units.data?.units ?? []).filter((u) => u.service_type === 'dedicated_office' && !u.retired_at);

  // The monthly rate follows the picked offices' prices until staff type a rate of their own.
  useEffect(() => {
    if (rateTouched) return;
    const cents = picked.map((id) => rateToCents(offices.find((o) => o.id === id)?.base_monthly_rate));
    setRate(picked.length > 0 && cents.every((c) => c !== null) ? centsToText(cents.reduce<number>((s, c) => s + (c ?? 0), 0), lang) : '');
  }, [picked, rateTouched, units.data, lang]);

  useEffect(() => {
    if (created) createdHeading.current?.focus();
  }, [created]);

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => staffCalls.createOffer(body),
    onSuccess: async (answer) => {
      setCreated({ id: answer.id, url: answer.url, emailed: answer.emailed, email: email.trim(), notFree: answer.not_free ?? [] });
      await queryClient.invalidateQueries({ queryKey: staffKeys.offers });
    },
    onError: fromServer,
  });

  // Amounts as the server reads them: a French decimal comma ('1 200,50') becomes '1200.50'.
  const amount = (typed: string) => normalizeAmount(typed, lang);
  const amounts = {
    monthly_rate: amount(rate),
    monthly_discount: amount(terms.monthly_discount),
    signup_discount: amount(terms.signup_discount),
    move_in_fee_amount: amount(terms.move_in_fee_amount),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      email: email.trim(),
      company_name: company.trim() || null,
      contact_name: contact.trim() || null,
      office_ids: picked,
      start_date: terms.start_date,
      ...(amounts.monthly_rate ? { monthly_rate: amounts.monthly_rate } : {}),
      monthly_discount: amounts.monthly_discount || '0',
      signup_discount: amounts.signup_discount || '0',
      lease_term_months: term.trim(),
      move_in_fee_type: terms.move_in_fee_type,
      move_in_fee_amount: terms.move_in_fee_type === 'fixed_amount' ? amounts.move_in_fee_amount : null,
      language,
      send_email: sendEmail,
    };
    // The server's own schema decides what is wrong; the console words it beside each field.
    const parsed = createOfferInput.safeParse(body);
    if (!parsed.success) {
      fromIssues(parsed.error.issues, {
        email: t.emailRequired,
        office_ids: t.officeRequired,
        start_date: t.dateRequired,
        lease_term_months: t.termInvalid,
        move_in_fee_amount: t.feeRequired,
      });
      return;
    }
    clear();
    create.mutate(body);
  };

  if (created) {
    const c = m.offers.created;
    return (
      <Dialog title={m.offers.form.title} onClose={onClose} closeLabel={m.common.close} size="wide">
        <div className="created">
          <h3 ref={createdHeading} tabIndex={-1}>
            {c.title}
          </h3>
          <CopyLink url={created.url} label={c.link} />
          <Alert tone={created.emailed ? 'success' : 'warning'}>{created.emailed ? c.emailed(created.email) : c.notEmailed}</Alert>
          {created.notFree.length > 0 ? <Alert tone="warning">{c.notFree(created.notFree.join(', '))}</Alert> : null}
          <p className="muted small">{c.once}</p>
          <div className="form-actions">
            {created.id !== undefined ? (
              <StaffLink to="/staff/lease-offers/$id" params={{ id: String(created.id) }} className="button button--primary">
                {c.open}
              </StaffLink>
            ) : null}
            <button type="button" className="button button--secondary" onClick={onClose}>
              {m.common.close}
            </button>
          </div>
        </div>
      </Dialog>
    );
  }

  const officesError = errors.office_ids;
  return (
    <Dialog title={t.title} onClose={onClose} closeLabel={m.common.close} size="full">
      <div ref={focusRef}>
        <form ref={formRef} className="form offer-form" onSubmit={submit} noValidate>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <div className="offer-form__layout">
            <div>
              <fieldset className="fieldset">
                <legend>{t.tenant}</legend>
                <div className="form-grid">
                  <Field label={t.email} error={errors.email} required>
                    {(p) => <input {...p} data-autofocus="" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />}
                  </Field>
                  <Field label={t.company} error={errors.company_name}>
                    {(p) => <input {...p} autoComplete="off" value={company} onChange={(e) => setCompany(e.target.value)} />}
                  </Field>
                  <Field label={t.contact} error={errors.contact_name}>
                    {(p) => <input {...p} autoComplete="off" value={contact} onChange={(e) => setContact(e.target.value)} />}
                  </Field>
                  <Field label={t.language} error={errors.language}>
                    {(p) => (
                      <select {...p} value={language} onChange={(e) => setLanguage(e.target.value === 'fr' ? 'fr' : 'en')}>
                        <option value="en">English</option>
                        <option value="fr">Français</option>
                      </select>
                    )}
                  </Field>
                </div>
              </fieldset>
              <fieldset className="fieldset" aria-describedby={`offices-hint${officesError ? ' offices-error' : ''}`}>
                <legend>{t.offices}</legend>
                <p id="offices-hint" className="field__hint">
                  {t.officesHint}
                </p>
                <QueryState query={units}>
                  {() =>
                    offices.length === 0 ? (
                      <p className="muted">{t.noOffices}</p>
                    ) : (
                      <ul className="office-picker">
                        {offices.map((office) => {
                          const cents = rateToCents(office.base_monthly_rate);
                          return (
                            <li key={office.id}>
                              <label>
                                <input
                                  type="checkbox"
                                  name="office_ids"
                                  value={office.id}
                                  checked={picked.includes(office.id)}
                                  aria-invalid={officesError ? true : undefined}
                                  onChange={(e) => setPicked((list) => (e.target.checked ? [...list, office.id] : list.filter((id) => id !== office.id)))}
                                />
                                <span>
                                  {office.name} <span className="muted">({office.office_id})</span>
                                  <span className="cell-meta">{cents === null ? t.noListPrice : t.listPrice(f.cents(cents))}</span>
                                </span>
                              </label>
                            </li>
                          );
                        })}
                      </ul>
                    )
                  }
                </QueryState>
                {officesError ? (
                  <p id="offices-error" className="field__error">
                    {officesError}
                  </p>
                ) : null}
              </fieldset>
              <fieldset className="fieldset">
                <legend>{t.terms}</legend>
                <div className="form-grid">
                  <Field
                    label={t.startDate}
                    hint={isIsoDate(terms.start_date) && terms.start_date >= today ? t.startDateHint(f.date(offerLastDay(terms.start_date, today)), defaultOfferValidityDays) : undefined}
                    error={errors.start_date}
                    required
                  >
                    {(p) => <input {...p} type="date" min={today} value={terms.start_date} onChange={(e) => setTerms((x) => ({ ...x, start_date: e.target.value }))} />}
                  </Field>
                  <Field label={t.monthlyRate} hint={t.monthlyRateHint} error={errors.monthly_rate}>
                    {(p) => (
                      <input
                        {...p}
                        inputMode="decimal"
                        autoComplete="off"
                        value={rate}
                        onChange={(e) => {
                          setRateTouched(true);
                          setRate(e.target.value);
                        }}
                      />
                    )}
                  </Field>
                  <Field label={t.monthlyDiscount} hint={t.amountHint} error={errors.monthly_discount}>
                    {(p) => <input {...p} inputMode="decimal" autoComplete="off" value={terms.monthly_discount} onChange={(e) => setTerms((x) => ({ ...x, monthly_discount: e.target.value }))} />}
                  </Field>
                  <Field label={t.signupDiscount} hint={t.amountHint} error={errors.signup_discount}>
                    {(p) => <input {...p} inputMode="decimal" autoComplete="off" value={terms.signup_discount} onChange={(e) => setTerms((x) => ({ ...x, signup_discount: e.target.value }))} />}
                  </Field>
                  <Field label={t.term} error={errors.lease_term_months} required>
                    {(p) => <input {...p} type="number" inputMode="numeric" min={1} max={120} step={1} value={term} onChange={(e) => setTerm(e.target.value)} />}
                  </Field>
                  <SelectField
                    label={t.moveInFeeType}
                    error={errors.move_in_fee_type}
                    value={terms.move_in_fee_type}
                    options={moveInFeeTypes}
                    optionLabel={(type) => t.moveInFeeTypes[type]}
                    onChange={(type) => setTerms((x) => ({ ...x, move_in_fee_type: type as MoveInFeeType }))}
                  />
                  {terms.move_in_fee_type === 'fixed_amount' ? (
                    <Field label={t.moveInFeeAmount} hint={t.amountHint} error={errors.move_in_fee_amount} required>
                      {(p) => <input {...p} inputMode="decimal" autoComplete="off" value={terms.move_in_fee_amount} onChange={(e) => setTerms((x) => ({ ...x, move_in_fee_amount: e.target.value }))} />}
                    </Field>
                  ) : null}
                </div>
                <div className="field field--check">
                  <label>
                    <input type="checkbox" checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />
                    {t.sendEmail}
                  </label>
                </div>
              </fieldset>
            </div>
            <OfferPreview terms={{ ...terms, ...amounts }} officesPicked={picked.length > 0} />
          </div>
          <FormActions submitLabel={t.create} busyLabel={t.creating} busy={create.isPending} onCancel={onClose} />
        </form>
      </div>
    </Dialog>
  );
}

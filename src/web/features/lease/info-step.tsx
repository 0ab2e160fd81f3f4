import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { customerInfo, defaultProvince, provinces, type CustomerInfo, type LeaseOffer } from '../../../shared/contract/lease.ts';
import { sendNow } from '../../app/mutation.ts';
import { fieldProblemsOf, fieldProblemWords } from '../../i18n/field-problem-words.ts';
import { useCatalogue, useLanguage } from '../../i18n/i18n.tsx';
import { fieldProblemText } from '../../i18n/problem-words.ts';
import { Alert } from '../../ui/alert.tsx';
import { clearLeaseInfoDraft, leaseInfoDraft, readLeaseInfoDraft, saveLeaseInfoDraft, type LeaseInfoDraft } from '../../storage/lease-progress.ts';
import { leaseOfferQueryOptions } from './api/get-lease-offer.ts';
import { submitLeaseInfo } from './api/submit-info.ts';
import { leaseCatalogue } from './catalogue.ts';
import { BackAndSubmit } from './back-and-submit.tsx';

type FieldName = Exclude<keyof LeaseInfoDraft, 'province'>;
/** SPEC §5 'Lease info': these three are checked; address, city and postal code are marked required too. */
const checkedFields: readonly FieldName[] = ['company_name', 'contact_name', 'phone'];
const textFields: readonly { name: FieldName; autoComplete: string; type?: string }[] = [
  { name: 'company_name', autoComplete: 'organization' },
  { name: 'contact_name', autoComplete: 'name' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
  { name: 'address', autoComplete: 'street-address' },
  { name: 'city', autoComplete: 'address-level2' },
];

function draftFromOffer(offer: LeaseOffer): LeaseInfoDraft {
  return leaseInfoDraft.parse({
    company_name: offer.company_name ?? '',
    contact_name: offer.contact_name ?? '',
    phone: offer.phone ?? '',
    address: offer.address ?? '',
    city: offer.city ?? '',
    province: offer.province || defaultProvince,
    postal_code: offer.postal_code ?? '',
  });
}

/** The company form; what is typed is kept on the device until it is sent. */
export function InfoStep({ code, offer, onSubmitted, onBack }: { code: string; offer: LeaseOffer; onSubmitted: () => void; onBack: (() => void) | undefined }) {
  const m = useCatalogue(leaseCatalogue).info;
  const common = useCatalogue(leaseCatalogue);
  const { lang } = useLanguage();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LeaseInfoDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const edited = useRef(false);
  // Read once: a later refetch of the offer must not overwrite what is being typed.
  const offerAtOpen = useRef(offer);

  useEffect(() => {
    let live = true;
    void readLeaseInfoDraft(code).then((draft) => {
      if (live) setValues(draft ?? draftFromOffer(offerAtOpen.current));
    });
    return () => {
      live = false;
    };
  }, [code]);

  // Once the server has the details, the draft on the device goes and the offer is read again with them.
  const submitInfo = useMutation({
    ...sendNow,
    mutationFn: (info: CustomerInfo) => submitLeaseInfo(code, info),
    onSuccess: async () => {
      edited.current = false;
      await clearLeaseInfoDraft(code);
      await queryClient.invalidateQueries({ queryKey: leaseOfferQueryOptions(code).queryKey });
    },
  });
  const submitting = submitInfo.isPending;

  // Written on every change, so a reload straight after typing still finds it.
  useEffect(() => {
    if (values && edited.current) void saveLeaseInfoDraft(code, values);
  }, [code, values]);

  if (!values) return <p className="status-text">{common.loading}</p>;

  const change = (name: keyof LeaseInfoDraft, value: string) => {
    edited.current = true;
    setValues((v) => (v ? leaseInfoDraft.parse({ ...v, [name]: value }) : v));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerInfo.safeParse(values);
    if (!parsed.success) {
      const missing = checkedFields.some((f) => values[f].trim() === '');
      setShowMissing(missing);
      // The shared schema's messages are field codes: the first problem, in the visitor's language.
      const [first] = fieldProblemsOf(parsed.error.issues);
      setProblem(missing || !first ? m.required : (fieldProblemText(fieldProblemWords[lang], first) ?? m.required));
      return;
    }
    setProblem(null);
    setShowMissing(false);
    submitInfo.mutate(parsed.data, { onSuccess: onSubmitted, onError: () => setProblem(m.failed) });
  };

  const invalid = (name: FieldName) => showMissing && checkedFields.includes(name) && values[name].trim() === '';

  return (
    <>
      <h1 tabIndex={-1} className="lease__title">
        {m.title}
      </h1>
      <p className="lease__lead">{m.intro}</p>
      <form className="lease-card lease-form" noValidate onSubmit={submit} aria-busy={submitting}>
        <p className="field__hint">
          {m.requiredNote} {m.draftNote}
        </p>
        {textFields.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`lease-${f.name}`}>
              {m[f.name]} <span className="required" aria-hidden="true">*</span>
            </label>
            <input
              id={`lease-${f.name}`}
              name={f.name}
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              aria-required="true"
              aria-invalid={invalid(f.name) || undefined}
              maxLength={200}
              value={values[f.name]}
              onChange={(e) => change(f.name, e.target.value)}
            />
          </div>
        ))}
        <div className="lease-form__row">
          <div className="field">
            <label htmlFor="lease-province">{m.province}</label>
            <select id="lease-province" name="province" autoComplete="address-level1" value={values.province} onChange={(e) => change('province', e.target.value)}>
              {provinces.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="lease-postal_code">
              {m.postal_code} <span className="required" aria-hidden="true">*</span>
            </label>
            <input
              id="lease-postal_code"
              name="postal_code"
              autoComplete="postal-code"
              aria-required="true"
              maxLength={200}
              value={values.postal_code}
              onChange={(e) => change('postal_code', e.target.value)}
            />
          </div>
        </div>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <BackAndSubmit backLabel={common.back} onBack={onBack} submitting={submitting} submitLabel={m.submit} submittingLabel={m.submitting} />
      </form>
    </>
  );
}

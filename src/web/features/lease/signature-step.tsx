import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import type { AlreadySignedAnswer, LeaseLanguage, SigningPayload } from '../../../shared/contract/lease.ts';
import { bankingInput, firstSigningProblem, signingProblems, type BankingNumbers, type SigningProblem } from '../../../shared/domain/banking.ts';
import { ApiRequestError } from '../../app/api.ts';
import { problemOfHeaders } from '../../i18n/problem-headers.ts';
import { site } from '../../../shared/site.ts';
import { sendNow } from '../../app/mutation.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { AlreadySignedView } from './already-signed-view.tsx';
import { completeSigning } from './api/complete-signing.ts';
import { leaseOfferQueryOptions } from './api/get-lease-offer.ts';
import { leaseCatalogue } from './catalogue.ts';
import type { SignaturePadHandle } from './signature-pad.tsx';
import { BackAndSubmit } from './back-and-submit.tsx';
import { FrenchVersionOffer } from './french-version-offer.tsx';

const SignaturePad = lazy(() => import('./signature-pad.tsx'));

/** What a refused signing says: the server's problem in the tenant's language where it is one they must know, else try again. */
function signingFailure(error: unknown, m: { failed: string; unitTaken: string; unitRetired: string; problems: Record<SigningProblem, string> }): string {
  const named = error instanceof ApiRequestError ? problemOfHeaders(error.headers) : undefined;
  if (named?.code === 'lease_unit_taken') return m.unitTaken;
  if (named?.code === 'lease_unit_retired') return m.unitRetired;
  const refused = named?.code === 'signing_refused' ? named.params?.problem : undefined;
  if (typeof refused === 'string' && (signingProblems as readonly string[]).includes(refused)) return m.problems[refused as SigningProblem];
  return m.failed;
}

// No maxLength on the inputs: it would cut a pasted '12-345' before the separators are stripped.
const bankingFields: readonly { name: keyof BankingNumbers; hint: 'transitHint' | 'institutionHint' | 'accountHint' }[] = [
  { name: 'transit_number', hint: 'transitHint' },
  { name: 'institution_number', hint: 'institutionHint' },
  { name: 'account_number', hint: 'accountHint' },
];

/**
 * Signature, banking and terms. Banking numbers and the drawing live only in this component's
 * memory: they are sent once and never written to any storage. Before an English signature the
 * French version is offered (Charter of the French language, s. 55), one tap from the contract in
 * French (`onReadFrench`), and the signing says it was.
 */
export function SignatureStep({
  code,
  language,
  onSigned,
  onContinue,
  onBack,
  onReadFrench,
}: {
  code: string;
  language: LeaseLanguage;
  onSigned: () => void;
  onContinue: () => void;
  onBack: (() => void) | undefined;
  onReadFrench: () => void;
}) {
  const m = useCatalogue(leaseCatalogue).signature;
  const queryClient = useQueryClient();
  const pad = useRef<SignaturePadHandle>(null);
  const [banking, setBanking] = useState<BankingNumbers>({ transit_number: '', institution_number: '', account_number: '' });
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [alreadySigned, setAlreadySigned] = useState<AlreadySignedAnswer | null>(null);
  const signing = useMutation({
    ...sendNow,
    mutationFn: (payload: SigningPayload) => completeSigning(code, payload),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leaseOfferQueryOptions(code).queryKey }),
  });
  const submitting = signing.isPending;

  if (alreadySigned) return <AlreadySignedView code={code} answer={alreadySigned} language={language} onContinue={onContinue} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const signature = pad.current?.signature() ?? null;
    const found = firstSigningProblem({ signature, banking, termsAccepted: terms });
    if (found || !signature) {
      setProblem(m.problems[found ?? 'signatureMissing']);
      return;
    }
    setProblem(null);
    // The French version is offered above whenever the contract is in English.
    const offeredFrench = language === 'en';
    signing.mutate(
      { signature, banking, language, ...(offeredFrench ? { frenchVersionOffered: true } : {}) },
      {
        onSuccess: (outcome) => (outcome.kind === 'already-signed' ? setAlreadySigned(outcome.answer) : onSigned()),
        onError: (error) => setProblem(signingFailure(error, m)),
      },
    );
  };

  return (
    <>
      <h1 tabIndex={-1} className="lease__title">
        {m.title}
      </h1>
      {language === 'en' ? <FrenchVersionOffer onRead={onReadFrench} /> : null}
      <form className="lease-form" noValidate onSubmit={submit} aria-busy={submitting}>
        <fieldset className="lease-card">
          <legend className="lease-card__legend">{m.padLabel}</legend>
          <p className="field__hint" id="signature-hint">
            {m.padHint}
          </p>
          <Suspense fallback={<div className="signature-pad signature-pad--loading">{m.loadingPad}</div>}>
            <SignaturePad label={m.padCanvasLabel} handle={pad} />
          </Suspense>
          <div className="signature-pad__tools">
            <button type="button" className="button button--ghost" onClick={() => pad.current?.clear()}>
              {m.clear}
            </button>
          </div>
        </fieldset>

        <fieldset className="lease-card">
          <legend className="lease-card__legend">{m.bankingTitle}</legend>
          <p className="field__hint">{m.bankingNote}</p>
          <div className="lease-form__row lease-form__row--banking">
            {bankingFields.map((f) => (
              <div className="field" key={f.name}>
                <label htmlFor={`lease-${f.name}`}>{m[f.name]}</label>
                <input
                  id={`lease-${f.name}`}
                  name={f.name}
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={`lease-${f.name}-hint`}
                  value={banking[f.name]}
                  onChange={(e) => {
                    const value = bankingInput[f.name](e.target.value);
                    setBanking((b) => ({ ...b, [f.name]: value }));
                  }}
                />
                <span className="field__hint" id={`lease-${f.name}-hint`}>
                  {m[f.hint]}
                </span>
              </div>
            ))}
          </div>
        </fieldset>

        <div className="lease-card">
          <div className="lease-terms">
            <input id="lease-terms" type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
            <label htmlFor="lease-terms">{m.terms}</label>
          </div>
          <Alert tone="info">{m.voidCheque(site.adminEmail)}</Alert>
        </div>

        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <BackAndSubmit backLabel={m.back} onBack={onBack} submitting={submitting} submitLabel={m.submit} submittingLabel={m.submitting} />
      </form>
    </>
  );
}

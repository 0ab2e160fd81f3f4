import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { site } from '../../../shared/site.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { isExpiredOffer, leaseOfferQueryOptions } from './api/get-lease-offer.ts';
import { CompletedStep } from './completed-step.tsx';
import { ContractStep } from './contract-step.tsx';
import { InfoStep } from './info-step.tsx';
import { leaseCatalogue } from './catalogue.ts';
import { SignatureStep } from './signature-step.tsx';
import { leaseSteps, type LeaseStep } from '../../../shared/contract/lease.ts';
import { canGoBack } from './step-machine.ts';
import { SummaryStep } from './summary-step.tsx';
import { useLeaseProgress } from './use-lease-progress.ts';
import './lease.css';

/** /lease/{code}: the offer, then the step the tenant is at. */
export function LeaseOfferPage({ code }: { code: string }) {
  const m = useCatalogue(leaseCatalogue);
  const query = useQuery(leaseOfferQueryOptions(code));
  const progress = useLeaseProgress(code, query.data?.status);

  useEffect(() => {
    document.title = `${m.pageTitle} - ${site.productName}`;
  }, [m]);

  if (query.isError && !query.data) {
    const expired = isExpiredOffer(query.error);
    return <OfferProblem expired={expired} onRetry={expired ? undefined : () => void query.refetch()} />;
  }

  if (!query.data || !progress) {
    return (
      <section className="lease">
        <p className="status-text" role="status">
          {m.loading}
        </p>
      </section>
    );
  }

  const offer = query.data;
  const { step, dispatch } = progress;
  // The step machine says where Back shows (info and signature).
  const back = canGoBack(step) ? () => dispatch('back') : undefined;
  return (
    <section className="lease">
      <StepIndicator step={step} />
      <StepFocus step={step}>
        {step === 'summary' ? <SummaryStep offer={offer} onAccept={() => dispatch('accept-offer')} /> : null}
        {step === 'info' ? <InfoStep code={code} offer={offer} onSubmitted={() => dispatch('info-submitted')} onBack={back} /> : null}
        {step === 'contract' ? <ContractStep code={code} language={progress.language} onLanguage={progress.setLanguage} onProceed={() => dispatch('proceed-to-sign')} /> : null}
        {step === 'signature' ? (
          <SignatureStep
            code={code}
            language={progress.language}
            onSigned={() => dispatch('signed')}
            onContinue={() => dispatch('continue-after-signed')}
            onBack={back}
            onReadFrench={progress.readInFrench}
          />
        ) : null}
        {step === 'completed' ? <CompletedStep code={code} offer={offer} language={progress.language} /> : null}
      </StepFocus>
    </section>
  );
}

function StepIndicator({ step }: { step: LeaseStep }) {
  const m = useCatalogue(leaseCatalogue);
  const current = leaseSteps.indexOf(step);
  return (
    <nav aria-label={m.stepsLabel} className="lease-steps">
      <p className="visually-hidden">{m.stepOf(current + 1, leaseSteps.length)}</p>
      <ol>
        {leaseSteps.map((s, i) => (
          <li key={s} className={i < current ? 'lease-steps__done' : i === current ? 'lease-steps__current' : undefined} aria-current={i === current ? 'step' : undefined}>
            <span className="lease-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="lease-steps__name">{m.steps[s]}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Each new step takes the focus to its heading, so a screen reader hears where it now is. */
function StepFocus({ step, children }: { step: LeaseStep; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = ref.current?.querySelector<HTMLElement>('h1');
    heading?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);
  return (
    <div ref={ref} className="lease-step">
      {children}
    </div>
  );
}

/** SPEC §8 'Lease offer load': the expired offer, or any offer that cannot be loaded. */
export function OfferProblem({ expired, onRetry }: { expired: boolean; onRetry?: () => void }) {
  const m = useCatalogue(leaseCatalogue);
  useEffect(() => {
    document.title = `${m.pageTitle} - ${site.productName}`;
  }, [m]);
  return (
    <section className="lease" aria-labelledby="lease-problem">
      <div className={`lease-problem alert alert--${expired ? 'warning' : 'error'}`}>
        <h1 id="lease-problem" className="lease-problem__title">
          {expired ? m.expiredTitle : m.loadErrorTitle}
        </h1>
        <p>{expired ? m.expiredText : m.loadErrorText}</p>
        <p>{m.contactUs(site.email)}</p>
        {onRetry ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {m.tryAgain}
          </button>
        ) : null}
      </div>
    </section>
  );
}

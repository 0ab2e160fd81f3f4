import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { leaseLanguages, type LeaseLanguage } from '../../../shared/contract/lease.ts';
import { substituteSections } from '../../../shared/domain/contract-text.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { contractDataQueryOptions } from './api/get-contract.ts';
import { FrenchVersionOffer } from './french-version-offer.tsx';
import { leaseCatalogue } from './catalogue.ts';
import { PdfButton } from './pdf-button.tsx';

/** The contract of call 7, shown as text only, in English or French; in English, with the French version offered. */
export function ContractStep({
  code,
  language,
  onLanguage,
  onProceed,
}: {
  code: string;
  language: LeaseLanguage;
  onLanguage: (language: LeaseLanguage) => void;
  onProceed: () => void;
}) {
  const m = useCatalogue(leaseCatalogue).contract;
  const query = useQuery(contractDataQueryOptions(code, language));
  const sections = useMemo(() => (query.data ? substituteSections(query.data.contract.sections, query.data.contract.variables) : null), [query.data]);
  const offer = query.data?.offer;
  const signed = Boolean(offer && (offer.status === 'signed' || offer.tenant_signed_at));
  const languageNames: Record<LeaseLanguage, string> = { en: m.english, fr: m.french };

  return (
    <>
      <h1 tabIndex={-1} className="lease__title">
        {m.title}
      </h1>
      <div className="lease-language" role="group" aria-label={m.languageLabel}>
        {leaseLanguages.map((l) => (
          <button key={l} type="button" lang={l === 'fr' ? 'fr-CA' : 'en-CA'} className={`button ${l === language ? 'button--primary' : 'button--secondary'}`} aria-pressed={l === language} onClick={() => onLanguage(l)}>
            {languageNames[l]}
          </button>
        ))}
      </div>
      {language === 'en' && !signed ? <FrenchVersionOffer onRead={() => onLanguage('fr')} /> : null}

      {query.isError && !query.data ? (
        <Alert
          tone="error"
          title={m.error}
          action={
            <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
              {m.tryAgain}
            </button>
          }
        />
      ) : null}
      {query.isPending ? (
        <p className="status-text" role="status">
          {m.loading}
        </p>
      ) : null}

      {sections ? (
        <article className="lease-card contract" lang={language === 'fr' ? 'fr-CA' : 'en-CA'} aria-label={m.title}>
          {sections.map((section, si) => (
            <section key={si} className="contract__section">
              <h2>{section.title}</h2>
              {section.content.map((c, ci) => (
                <div key={ci} className="contract__content">
                  <h3>{c.title}</h3>
                  {c.description ? <p>{c.description}</p> : null}
                  {c.details?.map((d, di) => (
                    <div key={di} className="contract__detail">
                      <h4>{d.title}</h4>
                      {d.description ? <p>{d.description}</p> : null}
                      {d.items && d.items.length > 0 ? (
                        <ul>
                          {d.items.map((item, ii) => (
                            <li key={ii}>{item}</li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  ))}
                </div>
              ))}
            </section>
          ))}
        </article>
      ) : null}

      {signed ? <p className="lease__note">{m.signedNote}</p> : null}
      <div className="lease-actions lease-actions--sticky">
        {signed && offer ? <PdfButton code={code} company={offer.company_name} language={language} /> : null}
        <button type="button" className="button button--primary" disabled={!sections} onClick={onProceed}>
          {m.proceed}
        </button>
      </div>
    </>
  );
}

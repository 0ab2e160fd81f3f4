import type { AlreadySignedAnswer, LeaseLanguage } from '../../../shared/contract/lease.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { leaseCatalogue } from './catalogue.ts';
import { PdfButton } from './pdf-button.tsx';

/** SPEC §4: what the server recorded when the agreement was signed, shown as it answers it. */
export function AlreadySignedView({ code, answer, language, onContinue }: { code: string; answer: AlreadySignedAnswer; language: LeaseLanguage; onContinue: () => void }) {
  const all = useCatalogue(leaseCatalogue);
  const m = all.alreadySigned;
  const s = all.signature;
  const { locale } = useLanguage();
  const signedAt = answer.signed_at && !Number.isNaN(Date.parse(answer.signed_at)) ? formatDateTime(answer.signed_at, locale) : (answer.signed_at ?? '');
  // Only an image data URL is shown: anything else in the answer is not put in an <img>.
  const signature = answer.signature && /^data:image\/(png|jpeg|webp);base64,/.test(answer.signature) ? answer.signature : null;
  return (
    <>
      <h1 tabIndex={-1} className="lease__title">
        {m.title}
      </h1>
      <p className="lease__lead">{m.text}</p>
      <div className="lease-card">
        <dl className="lease-facts">
          <div>
            <dt>{m.signer}</dt>
            <dd>{answer.signer ?? ''}</dd>
          </div>
          <div>
            <dt>{m.company}</dt>
            <dd>{answer.company ?? ''}</dd>
          </div>
          <div>
            <dt>{m.date}</dt>
            <dd>{signedAt}</dd>
          </div>
          {answer.banking ? (
            <>
              <div>
                <dt>{s.transit_number}</dt>
                <dd>{answer.banking.transit_number}</dd>
              </div>
              <div>
                <dt>{s.institution_number}</dt>
                <dd>{answer.banking.institution_number}</dd>
              </div>
              <div>
                <dt>{s.account_number}</dt>
                <dd>{answer.banking.account_number}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {signature ? (
          <figure className="signed-signature">
            <img src={signature} alt={m.signatureAlt(answer.signer ?? '')} />
            <figcaption>{m.signature}</figcaption>
          </figure>
        ) : null}
      </div>
      <div className="lease-actions">
        <PdfButton code={code} company={answer.company} language={language} />
        <button type="button" className="button button--primary" onClick={onContinue}>
          {m.continue}
        </button>
      </div>
    </>
  );
}

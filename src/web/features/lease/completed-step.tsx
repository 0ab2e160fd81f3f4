import type { LeaseLanguage, LeaseOffer } from '../../../shared/contract/lease.ts';
import { site } from '../../../shared/site.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { leaseCatalogue } from './catalogue.ts';
import { PdfButton } from './pdf-button.tsx';

export function CompletedStep({ code, offer, language }: { code: string; offer: LeaseOffer; language: LeaseLanguage }) {
  const m = useCatalogue(leaseCatalogue).completed;
  return (
    <>
      <h1 tabIndex={-1} className="lease__title">
        {m.title}
      </h1>
      <Alert tone="success">{m.text}</Alert>
      <p className="lease__note">{m.voidCheque(site.adminEmail)}</p>
      <div className="lease-actions">
        <PdfButton code={code} company={offer.company_name} language={language} primary />
        {offer.manage_path ? (
          <a className="button button--secondary" href={offer.manage_path}>
            {m.manage}
          </a>
        ) : null}
      </div>
      {offer.manage_path ? <p className="lease__note">{m.manageNote}</p> : null}
    </>
  );
}

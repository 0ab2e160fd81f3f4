import { useState } from 'react';
import type { LeaseLanguage } from '../../../shared/contract/lease.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { downloadLeasePdf } from './api/download-pdf.ts';
import { leaseCatalogue } from './catalogue.ts';

/** Download PDF of the signed agreement; SPEC §8 says a failure is an alert. */
export function PdfButton({ code, company, language, primary }: { code: string; company: string | null | undefined; language: LeaseLanguage; primary?: boolean }) {
  const m = useCatalogue(leaseCatalogue);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadLeasePdf(code, company, language);
    } catch {
      window.alert(m.pdfFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={`button ${primary ? 'button--primary' : 'button--secondary'}`} disabled={busy} onClick={() => void download()}>
      {busy ? m.downloading : m.downloadPdf}
    </button>
  );
}

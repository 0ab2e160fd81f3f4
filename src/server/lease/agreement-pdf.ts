import PDFDocument from 'pdfkit';
import type { LeaseLanguage } from '../../shared/contract/lease.ts';
import type { BankingNumbers } from '../../shared/domain/banking.ts';
import { substituteSections } from '../../shared/domain/contract-text.ts';
import { formatAtSpace } from '../../shared/domain/zoned-time.ts';
import { site } from '../../shared/site.ts';
import { contractSections, providerSignatory } from './contract-templates.ts';
import { contractVariables } from './contract-variables.ts';
import type { OfferRecord } from './offer-record.ts';
import { signatureImageForPdf } from './signature-image.ts';
import { pdfSafeText } from '../documents/pdf-text.ts';

const labels = {
  en: {
    title: 'Service Agreement',
    signatures: 'Signatures',
    provider: 'For the Provider',
    tenant: 'For the Tenant',
    signedOn: 'Signed on',
    signatureUnreadable: 'The drawn signature on file cannot be reproduced here; the signing is recorded in the audit trail.',
    auditTrail: 'Audit trail',
    signedAt: 'Signed at',
    ipAddress: 'IP address',
    userAgent: 'Browser (user agent)',
    languageShown: 'Language shown when signing',
    frenchOffered: 'French version offered before signing in English',
    hash: 'SHA-256 of the contract text signed',
    generatedAt: 'Document generated at',
    languages: { en: 'English', fr: 'French' },
    page: 'Page',
  },
  fr: {
    title: 'Contrat de services',
    signatures: 'Signatures',
    provider: 'Pour le Prestataire',
    tenant: 'Pour le Locataire',
    signedOn: 'Signé le',
    signatureUnreadable: 'La signature dessinée au dossier ne peut pas être reproduite ici; la signature est consignée dans la piste de vérification.',
    auditTrail: 'Piste de vérification',
    signedAt: 'Signé à',
    ipAddress: 'Adresse IP',
    userAgent: 'Navigateur (agent utilisateur)',
    languageShown: 'Langue affichée à la signature',
    frenchOffered: 'Version française offerte avant la signature en anglais',
    hash: 'SHA-256 du texte du contrat signé',
    generatedAt: 'Document produit à',
    languages: { en: 'anglais', fr: 'français' },
    page: 'Page',
  },
} as const;

/** An instant as the clock read at the space, with its zone's abbreviation (EST, HAE…). */
function signedAtText(instant: Date, language: LeaseLanguage): string {
  return formatAtSpace(instant, language === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeStyle: 'long' });
}

/** A signed offer as its agreement shows it: the record, without the ciphertext of the banking numbers (the PDF is given them masked). */
export type AgreementOffer = Omit<OfferRecord, 'signature'> & { signature: Omit<NonNullable<OfferRecord['signature']>, 'banking_encrypted'> | null };

export interface AgreementPdfInput {
  offer: AgreementOffer;
  language: LeaseLanguage;
  /** Shown in the PAD section; callers pass the account number masked. */
  banking: BankingNumbers | null;
  generatedAt: Date;
  /** Uncompressed streams keep the text greppable; production output is compressed. */
  compress?: boolean;
}

/** The signed agreement: the contract in the asked language, the signatures and the audit trail. */
export function agreementPdf(input: AgreementPdfInput): Promise<Buffer> {
  const { offer, language, generatedAt } = input;
  const signature = offer.signature;
  if (!signature) return Promise.reject(new Error('the offer is not signed'));
  const l = labels[language];
  const variables = contractVariables(offer, language, input.banking);
  const sections = substituteSections(contractSections(language, offer.services), variables);
  const company = offer.company_name ?? signature.company_name;

  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 60, bottom: 60, left: 64, right: 64 },
    compress: input.compress ?? true,
    bufferPages: true,
    info: { Title: pdfSafeText(`${l.title} - ${company}`), Author: site.productName, Subject: l.title, CreationDate: generatedAt },
    lang: language === 'fr' ? 'fr-CA' : 'en-CA',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (value: string, options?: PDFKit.Mixins.TextOptions) => doc.text(pdfSafeText(value), options);
  // A heading never ends a page: with less room than this below it, it starts the next one.
  const keepWithNext = (room: number) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - room) doc.addPage();
  };
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(18);
  text(site.productName, { align: 'center' });
  doc.font('Helvetica').fontSize(10);
  text(`${site.address} · ${site.email} · ${site.phoneDisplay}`, { align: 'center' });
  doc.moveDown(1.5);

  // The last section (signatures) is drawn below with the images, not as plain text.
  const body = sections.filter((s) => s.title !== l.signatures);
  for (const section of body) {
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(15);
    text(section.title);
    doc.moveDown(0.4);
    for (const content of section.content) {
      keepWithNext(60);
      doc.font('Helvetica-Bold').fontSize(11.5);
      text(content.title);
      doc.moveDown(0.2);
      if (content.description) {
        doc.font('Helvetica').fontSize(10);
        text(content.description);
        doc.moveDown(0.3);
      }
      for (const detail of content.details ?? []) {
        keepWithNext(45);
        doc.font('Helvetica-Bold').fontSize(10);
        text(detail.title);
        doc.font('Helvetica').fontSize(10);
        if (detail.description) text(detail.description);
        for (const item of detail.items ?? []) text(`\u2022 ${item}`, { indent: 12 });
        doc.moveDown(0.3);
      }
      doc.moveDown(0.4);
    }
    doc.moveDown(0.6);
  }

  if (doc.y > doc.page.height - 260) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(15);
  text(l.signatures);
  doc.moveDown(0.6);
  const top = doc.y;
  const column = (width - 24) / 2;
  const left = doc.page.margins.left;
  const right = left + column + 24;

  doc.font('Helvetica-Bold').fontSize(11);
  text(l.provider, { width: column, continued: false });
  doc.font('Helvetica-Oblique').fontSize(20);
  doc.text(pdfSafeText(providerSignatory.name), left, top + 30, { width: column });
  doc.moveTo(left, top + 80).lineTo(left + column, top + 80).stroke('#333333');
  doc.font('Helvetica').fontSize(10);
  doc.text(pdfSafeText(`${providerSignatory.name}, ${providerSignatory.title[language]}`), left, top + 86, { width: column });
  doc.text(pdfSafeText(site.productName), left, doc.y, { width: column });

  doc.font('Helvetica-Bold').fontSize(11);
  doc.text(pdfSafeText(l.tenant), right, top, { width: column });
  const image = signatureImageForPdf(signature.signature_png);
  if (image) {
    doc.image(image, right, top + 18, { fit: [column, 60], valign: 'bottom' });
  } else {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor('#666666');
    doc.text(pdfSafeText(l.signatureUnreadable), right, top + 40, { width: column });
    doc.fillColor('#000000');
  }
  doc.moveTo(right, top + 80).lineTo(right + column, top + 80).stroke('#333333');
  doc.font('Helvetica').fontSize(10);
  doc.text(pdfSafeText(`${signature.signer_name}, ${company}`), right, top + 86, { width: column });
  doc.text(pdfSafeText(`${l.signedOn} ${String(variables.signed_date)}`), right, doc.y, { width: column });

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(15);
  text(l.auditTrail, { width });
  doc.moveDown(0.6);
  const instant = (at: Date) => `${at.toISOString()} (${signedAtText(at, language)})`;
  const rows: [string, string][] = [
    [l.signedAt, instant(signature.signed_at)],
    [l.ipAddress, signature.ip_address],
    [l.userAgent, signature.user_agent || '-'],
    [l.languageShown, l.languages[signature.language]],
    // Charter of the French language, s. 55: an English signature records that French came first.
    ...(signature.french_offered_at && signature.language === 'en' ? [[l.frenchOffered, instant(signature.french_offered_at)] as [string, string]] : []),
    [l.hash, signature.contract_sha256],
    [l.generatedAt, generatedAt.toISOString()],
  ];
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(10);
    text(label, { width });
    doc.font('Helvetica').fontSize(10);
    text(value, { width });
    doc.moveDown(0.5);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#666666');
    doc.text(pdfSafeText(`${l.title} - ${company} - ${l.page} ${i + 1}/${range.count}`), doc.page.margins.left, doc.page.height - 40, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
    doc.fillColor('#000000');
  }
  doc.end();
  return done;
}

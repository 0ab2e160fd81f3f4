import { Temporal } from 'temporal-polyfill';
import { maskAccountNumber } from '../../shared/domain/banking.ts';
import { initialLeasePayment, type InitialLeasePayment } from '../../shared/domain/lease-payment.ts';
import { atSpace } from '../../shared/domain/zoned-time.ts';
import { site } from '../../shared/site.ts';
import { agreementPdf } from '../lease/agreement-pdf.ts';
import { decryptBanking } from '../secrets/banking-keys.ts';
import { firstMonthBasisText, termEndDate } from '../lease/contract-variables.ts';
import type { OfferRecord } from '../lease/offer-record.ts';
import { findOfferById } from '../lease/lease-offers.ts';
import { taxLabel } from '../documents/line-names.ts';
import { openSecret } from '../outbox/outbox.ts';
import type { ClaimedMessage } from '../outbox/worker.ts';
import { assertRecipient, greeting, idOf, languageName, plainAddress, questions, signOff, staffReason, type Draft, type TemplateContext } from './draft.ts';
import { fullDate, instantAtSpace, money, oneLine, type Language } from './letter-format.ts';
import type { Block, Fact } from './layout.ts';

async function loadOffer(ctx: TemplateContext, message: ClaimedMessage): Promise<OfferRecord | undefined> {
  return findOfferById(ctx.db, Number(idOf(message, 'offerId')));
}

function paymentOf(offer: OfferRecord): InitialLeasePayment {
  return initialLeasePayment({
    monthly_rate: offer.monthly_rate_cents / 100,
    monthly_discount: offer.monthly_discount_cents / 100,
    signup_discount: offer.signup_discount_cents / 100,
    start_date: offer.start_date,
    move_in_fee_type: offer.move_in_fee_type,
    move_in_fee_amount: offer.move_in_fee_amount_cents === null ? null : offer.move_in_fee_amount_cents / 100,
  });
}

function officeNames(offer: OfferRecord): string[] {
  return offer.services.map((s) => s.name);
}

/** '12 months, to Tuesday, November 30, 2027' / '12 mois, jusqu’au mardi 30 novembre 2027'. */
function termText(offer: OfferRecord, language: Language): string {
  const end = fullDate(termEndDate(offer.start_date, offer.lease_term_months), language);
  return language === 'fr' ? `${offer.lease_term_months} mois, jusqu’au ${end}` : `${offer.lease_term_months} months, to ${end}`;
}

/** The first rent debited on its own: the 1st of the month after the start, the start month being in the initial payment. */
function firstMonthlyDebit(offer: OfferRecord): string {
  return Temporal.PlainDate.from(offer.start_date).with({ day: 1 }).add({ months: 1 }).toString();
}

function initialPaymentBlock(payment: InitialLeasePayment, language: Language): Block {
  const fr = language === 'fr';
  const { firstMonth } = payment;
  const basis = firstMonthBasisText(firstMonth, language);
  const rows: Fact[] = [
    { label: fr ? `Loyer du premier mois (${basis})` : `First month’s rent (${basis})`, value: money(firstMonth.cents, language) },
    { label: fr ? 'Dépôt de garantie (un mois de loyer)' : 'Security deposit (one month’s rent)', value: money(payment.securityDepositCents, language) },
  ];
  if (payment.moveInFee.cents > 0) rows.push({ label: fr ? 'Frais d’emménagement' : 'Move-in fee', value: money(payment.moveInFee.cents, language) });
  rows.push({ label: fr ? 'Dépôt pour porte-clés électronique' : 'Key fob deposit', value: money(payment.keyFobDepositCents, language) });
  const gross = firstMonth.cents + payment.securityDepositCents + payment.moveInFee.cents + payment.keyFobDepositCents;
  const discount = gross - payment.subtotalCents;
  if (discount > 0) rows.push({ label: fr ? 'Moins le rabais d’inscription' : 'Less signup discount', value: money(-discount, language) });
  if (payment.gstCents > 0 || payment.qstCents > 0) {
    rows.push({ label: fr ? 'Sous-total' : 'Subtotal', value: money(payment.subtotalCents, language) });
    if (payment.gstCents > 0) rows.push({ label: taxLabel('gst', language), value: money(payment.gstCents, language) });
    if (payment.qstCents > 0) rows.push({ label: taxLabel('qst', language), value: money(payment.qstCents, language) });
  }
  return { kind: 'amounts', rows, total: { label: fr ? 'Paiement initial' : 'Initial payment', value: money(payment.totalCents, language) } };
}

function monthlyPaymentBlock(payment: InitialLeasePayment, language: Language): Block {
  const fr = language === 'fr';
  const m = payment.monthlyPayment;
  const rows: Fact[] = [{ label: fr ? 'Loyer mensuel' : 'Monthly rent', value: money(m.rentCents, language) }];
  if (m.gstCents > 0) rows.push({ label: taxLabel('gst', language), value: money(m.gstCents, language) });
  if (m.qstCents > 0) rows.push({ label: taxLabel('qst', language), value: money(m.qstCents, language) });
  return { kind: 'amounts', rows, total: { label: fr ? 'Paiement mensuel' : 'Monthly payment', value: money(m.totalCents, language) } };
}

function monthlyRentText(payment: InitialLeasePayment, language: Language): string {
  const m = payment.monthlyPayment;
  if (m.totalCents === m.rentCents) return money(m.rentCents, language);
  return language === 'fr'
    ? `${money(m.rentCents, language)} plus taxes (${money(m.totalCents, language)} avec la TPS et la TVQ)`
    : `${money(m.rentCents, language)} plus taxes (${money(m.totalCents, language)} with GST and QST)`;
}

/**
 * When an offer closes, at the space: an offer given a date closes as that day ends (midnight
 * after it), which reads better as 'at the end of Wednesday, December 23, 2026' than as
 * 'Thursday, December 24, 2026 at 12:00 a.m.'.
 */
function expiryText(instant: Date, language: Language): string {
  const zoned = atSpace(instant);
  if (zoned.hour === 0 && zoned.minute === 0 && zoned.second === 0) {
    const day = fullDate(zoned.toPlainDate().subtract({ days: 1 }).toString(), language);
    return language === 'fr' ? `à la fin de la journée du ${day} (heure de Montréal)` : `at the end of ${day} (Montréal time)`;
  }
  return language === 'fr' ? `le ${instantAtSpace(instant, language)}` : `on ${instantAtSpace(instant, language)}`;
}

/** The offer's link as staff created it: kept encrypted in the row, and only ever a web address. */
function offerLink(ctx: TemplateContext, message: ClaimedMessage): string {
  if (!message.secretEncrypted) throw new Error('the offer link is not stored with the message');
  const link = openSecret(ctx.keyring, message.secretEncrypted, message.id);
  if (link === null) throw new Error('no configured key opens the offer link');
  const url = new URL(link);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('the offer link is not a web address');
  return url.toString();
}

export async function leaseOfferCreated(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const offer = await loadOffer(ctx, message);
  if (!offer) return 'gone';
  assertRecipient(message, offer.email);
  const link = offerLink(ctx, message);
  const language = message.language;
  const fr = language === 'fr';
  const payment = paymentOf(offer);
  const offices = officeNames(offer);
  const expires = expiryText(offer.expires_at, language);
  return {
    toName: offer.contact_name,
    subject: fr ? `Votre offre de bail : ${offices.join(', ')}` : `Your lease offer: ${offices.join(', ')}`,
    letter: {
      language,
      title: fr ? 'Votre offre de bail est prête' : 'Your lease offer is ready',
      preview: fr ? `Elle expire ${expires}.` : `It expires ${expires}.`,
      greeting: greeting(offer.contact_name, language),
      blocks: [
        {
          kind: 'paragraph',
          text: fr
            ? 'Nous avons préparé une offre de bail pour vous. Ouvrez-la pour en lire les conditions, entrer les coordonnées de votre entreprise et signer le contrat en ligne.'
            : 'We have prepared a lease offer for you. Open it to read its terms, enter your company’s details and sign the agreement online.',
        },
        { kind: 'section', title: fr ? 'L’offre' : 'The offer' },
        {
          kind: 'facts',
          rows: [
            { label: fr ? (offices.length > 1 ? 'Bureaux' : 'Bureau') : offices.length > 1 ? 'Offices' : 'Office', value: offices.join('\n') },
            { label: fr ? 'Date de début' : 'Start date', value: fullDate(offer.start_date, language) },
            { label: fr ? 'Durée' : 'Term', value: termText(offer, language) },
            { label: fr ? 'Loyer mensuel' : 'Monthly rent', value: monthlyRentText(payment, language) },
            { label: fr ? 'Paiement initial, à la signature' : 'Initial payment, on signing', value: `${money(payment.totalCents, language)}${fr ? ', taxes incluses' : ', taxes included'}` },
          ],
        },
        { kind: 'button', label: fr ? 'Consulter et signer l’offre' : 'Review and sign the offer', url: link },
        {
          kind: 'notice',
          text: fr
            ? `Cette offre expire ${expires}. Ce lien vous est personnel : veuillez ne pas transférer ce courriel.`
            : `This offer expires ${expires}. The link is yours alone: please do not forward this e-mail.`,
        },
        { kind: 'paragraph', text: questions(language) },
      ],
      signOff: signOff(language),
      reason: fr ? `Vous recevez ce courriel parce qu’${site.productName} a préparé une offre de bail à votre intention.` : `You are receiving this e-mail because ${site.productName} prepared a lease offer for you.`,
    },
    attachments: [],
  };
}

function agreementFilename(offer: OfferRecord, language: Language): string {
  const company =
    (offer.company_name ?? offer.signature?.company_name ?? '')
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
      .replace(/[.\s]+$/, '')
      .trim() || 'Tenant';
  return `${language === 'fr' ? 'Contrat-de-services' : 'Service-Agreement'}-${oneLine(company, 80)}.pdf`;
}

export async function leaseSigned(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const offer = await loadOffer(ctx, message);
  if (!offer?.signature) return 'gone';
  assertRecipient(message, offer.email);
  const signature = offer.signature;
  const language = message.language;
  const fr = language === 'fr';
  // As the download route does: the PDF shows the account number masked, never whole.
  const banking = decryptBanking(ctx.keyring, signature.banking_encrypted, offer.id);
  const masked = { ...banking, account_number: maskAccountNumber(banking.account_number) };
  // An agreement signed in English comes with its French version (Charter of the French language, s. 55).
  const languages: Language[] = signature.language === 'en' ? ['en', 'fr'] : ['fr'];
  const generatedAt = ctx.clock();
  const attachments = await Promise.all(
    languages.map(async (l) => ({ filename: agreementFilename(offer, l), content: await agreementPdf({ offer, language: l, banking: masked, generatedAt }), contentType: 'application/pdf' })),
  );
  const payment = paymentOf(offer);
  const offices = officeNames(offer);
  const firstMonthly = fullDate(firstMonthlyDebit(offer), language);
  const attached = {
    en: {
      en: 'The signed agreement is attached to this e-mail as a PDF, with its French version.',
      fr: 'The signed agreement, in French as you chose, is attached to this e-mail as a PDF.',
    },
    fr: {
      en: 'Le contrat signé, en anglais comme vous l’avez choisi, est joint à ce courriel en PDF, avec sa version française.',
      fr: 'Le contrat signé est joint à ce courriel en PDF.',
    },
  }[language][signature.language];
  return {
    toName: offer.contact_name ?? signature.signer_name,
    subject: fr ? `Votre contrat signé : ${offices.join(', ')}` : `Your signed agreement: ${offices.join(', ')}`,
    letter: {
      language,
      title: fr ? 'Bienvenue! Votre contrat est signé' : 'Welcome! Your agreement is signed',
      preview: fr ? 'Le contrat signé est joint. Une dernière étape : un chèque annulé.' : 'The signed agreement is attached. One more step: a void cheque.',
      greeting: greeting(offer.contact_name ?? signature.signer_name, language),
      blocks: [
        { kind: 'paragraph', text: `${fr ? 'Merci d’avoir signé.' : 'Thank you for signing.'} ${attached}` },
        {
          kind: 'notice',
          text: fr
            ? `Une dernière étape : veuillez transmettre par courriel une photo d’un chèque annulé à ${site.adminEmail}.`
            : `One more step: please e-mail a photo of a void cheque to ${site.adminEmail}.`,
        },
        { kind: 'section', title: fr ? 'Votre contrat' : 'Your agreement' },
        {
          kind: 'facts',
          rows: [
            { label: fr ? 'Entreprise' : 'Company', value: offer.company_name ?? signature.company_name },
            { label: fr ? (offices.length > 1 ? 'Bureaux' : 'Bureau') : offices.length > 1 ? 'Offices' : 'Office', value: offices.join('\n') },
            { label: fr ? 'Date de début' : 'Start date', value: fullDate(offer.start_date, language) },
            { label: fr ? 'Durée' : 'Term', value: termText(offer, language) },
            { label: fr ? 'Signé le' : 'Signed on', value: instantAtSpace(signature.signed_at, language) },
          ],
        },
        { kind: 'section', title: fr ? 'Vos paiements' : 'Your payments' },
        {
          kind: 'paragraph',
          text: fr
            ? `Les paiements sont prélevés sur le compte bancaire indiqué à la signature (débit préautorisé) : le paiement initial de ${money(payment.totalCents, language)}, une fois, à la signature ou peu après; puis le paiement mensuel de ${money(payment.monthlyPayment.totalCents, language)}, taxes incluses, le 1er de chaque mois à partir du ${firstMonthly}.`
            : `Payments are debited from the bank account you gave when signing (pre-authorized debit): the initial payment of ${money(payment.totalCents, language)}, once, on or shortly after signing; then the monthly payment of ${money(payment.monthlyPayment.totalCents, language)}, taxes included, on the 1st of each month from ${firstMonthly}.`,
        },
        initialPaymentBlock(payment, language),
        monthlyPaymentBlock(payment, language),
        { kind: 'paragraph', text: questions(language) },
      ],
      signOff: signOff(language),
      reason: fr ? `Vous recevez ce courriel parce que vous avez signé un contrat avec ${site.productName}.` : `You are receiving this e-mail because you signed an agreement with ${site.productName}.`,
    },
    attachments,
  };
}

export async function staffLeaseSigned(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const offer = await loadOffer(ctx, message);
  if (!offer?.signature) return 'gone';
  const signature = offer.signature;
  const language = message.language;
  const fr = language === 'fr';
  const payment = paymentOf(offer);
  const offices = officeNames(offer);
  const company = offer.company_name ?? signature.company_name;
  const info = offer.info;
  const address = info ? [info.address, info.city, [info.province, info.postal_code].filter(Boolean).join(' ')].filter((part) => part.trim() !== '').join(', ') : '';
  return {
    toName: null,
    subject: fr ? `Bail signé : ${company} – ${offices.join(', ')}` : `Lease signed: ${company} – ${offices.join(', ')}`,
    letter: {
      language,
      title: fr ? 'Nouveau bail signé' : 'New lease signed',
      blocks: [
        {
          kind: 'facts',
          rows: [
            { label: fr ? 'Entreprise' : 'Company', value: company },
            { label: fr ? 'Signataire' : 'Signed by', value: signature.signer_name },
            { label: fr ? 'Courriel' : 'E-mail', value: offer.email },
            { label: fr ? 'Téléphone' : 'Phone', value: info?.phone ?? '—' },
            { label: fr ? 'Adresse' : 'Address', value: address || '—' },
            { label: fr ? 'Bureaux' : 'Offices', value: offices.join('\n') },
            { label: fr ? 'Date de début' : 'Start date', value: fullDate(offer.start_date, language) },
            { label: fr ? 'Durée' : 'Term', value: termText(offer, language) },
            { label: fr ? 'Loyer mensuel' : 'Monthly rent', value: monthlyRentText(payment, language) },
            { label: fr ? 'Paiement initial (taxes incluses)' : 'Initial payment (taxes included)', value: money(payment.totalCents, language) },
            { label: fr ? 'Premier prélèvement mensuel' : 'First monthly debit', value: fullDate(firstMonthlyDebit(offer), language) },
            { label: fr ? 'Langue du contrat' : 'Contract language', value: languageName(signature.language, language) },
            { label: fr ? 'Signé le' : 'Signed on', value: instantAtSpace(signature.signed_at, language) },
            { label: fr ? 'Offre' : 'Offer', value: `#${offer.id}` },
          ],
        },
        {
          kind: 'notice',
          text: fr
            ? `Chèque annulé : le locataire a été prié d’en envoyer une photo à ${site.adminEmail}.`
            : `Void cheque: the tenant has been asked to send a photo of one to ${site.adminEmail}.`,
        },
      ],
      reason: staffReason(language),
    },
    attachments: [],
    ...(plainAddress(offer.email) ? { replyTo: plainAddress(offer.email) } : {}),
  };
}

import { Temporal } from 'temporal-polyfill';
import type { InitialLeasePayment } from '../../shared/domain/lease-payment.ts';
import { earliestNoticedDebit, padDebitDay } from '../../shared/domain/pad.ts';
import { atSpace, spaceToday } from '../../shared/domain/zoned-time.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { site } from '../../shared/site.ts';
import { agreementPdf } from '../lease/agreement-pdf.ts';
import { termEndDate } from '../../shared/domain/lease-payment.ts';
import { firstMonthBasisText, leasePaymentOf, tenantAddressOf } from '../lease/contract-variables.ts';
import { taxLabel } from '../documents/line-names.ts';
import type { MessageData } from '../outbox/outbox.ts';
import { taxRows } from './amounts.ts';
import { catalogue, type Language } from './catalogue.ts';
import { assertRecipient, staffDraft, type Draft, type Template } from './draft.ts';
import type { Block, Fact } from './layout.ts';
import { fullDate, instantAtSpace, money, oneLine } from './letter-format.ts';
import { greeting, shared } from './shared-words.ts';
import { manageLink } from './purchase.ts';

/* A lease offer made to a tenant, and the lease they signed: for the tenant, and for staff. */

type Offer = MessageData['lease_offer_created']['offer'];

const texts = catalogue({
  en: {
    offices: (n: number): string => (n > 1 ? 'Offices' : 'Office'),
    term: (months: number, end: string) => `${months} months, to ${end}`,
    firstMonth: (basis: string) => `First month’s rent (${basis})`,
    securityDeposit: 'Security deposit (one month’s rent)',
    moveInFee: 'Move-in fee',
    keyFobDeposit: 'Key fob deposit',
    lessSignupDiscount: 'Less signup discount',
    initialPayment: 'Initial payment',
    monthlyRent: 'Monthly rent',
    monthlyPayment: 'Monthly payment',
    rentPlusTaxes: (rent: string, total: string) => `${rent} plus taxes (${total} with GST and QST)`,
    /** An offer that closes as a day ends at the space reads better named by that day than as '12:00 a.m.' of the next. */
    expiresEndOf: (day: string) => `at the end of ${day} (Montréal time)`,
    expiresOn: (instant: string) => `on ${instant}`,
    offerSubject: (offices: string) => `Your lease offer: ${offices}`,
    offerTitle: 'Your lease offer is ready',
    offerPreview: (expires: string) => `It expires ${expires}.`,
    prepared: 'We have prepared a lease offer for you. Open it to read its terms, enter your company’s details and sign the agreement online.',
    theOffer: 'The offer',
    startDate: 'Start date',
    termLabel: 'Term',
    initialOnSigning: 'Initial payment, on signing',
    taxesIncluded: (amount: string) => `${amount}, taxes included`,
    reviewAndSign: 'Review and sign the offer',
    personalLink: (expires: string) => `This offer expires ${expires}. The link is yours alone: please do not forward this e-mail.`,
    offerReason: `You are receiving this e-mail because ${site.productName} prepared a lease offer for you.`,
    agreementFile: 'Service-Agreement',
    /** Which agreements are attached, by the language it was signed in. */
    attached: {
      en: 'The signed agreement is attached to this e-mail as a PDF, with its French version.',
      fr: 'The signed agreement, in French as you chose, is attached to this e-mail as a PDF.',
    } as Record<Language, string>,
    thanks: 'Thank you for signing.',
    voidCheque: `One more step: please e-mail a photo of a void cheque to ${site.adminEmail}.`,
    signedSubject: (offices: string) => `Your signed agreement: ${offices}`,
    signedTitle: 'Welcome! Your agreement is signed',
    signedPreview: 'The signed agreement is attached. One more step: a void cheque.',
    yourAgreement: 'Your agreement',
    company: 'Company',
    signedOn: 'Signed on',
    yourPayments: 'Your payments',
    manageLease: 'Your lease and its invoices',
    debits: (initial: string, on: string, monthly: string, first: string) =>
      `Payments are debited from the bank account you gave when signing (pre-authorized debit): the initial payment of ${initial}, once, on ${on}; then the monthly payment of ${monthly}, taxes included, on the 1st of each month from ${first} (the next business day when the 1st is not one).`,
    signedReason: `You are receiving this e-mail because you signed an agreement with ${site.productName}.`,
    staffSubject: (company: string, offices: string) => `Lease signed: ${company} – ${offices}`,
    staffTitle: 'New lease signed',
    signedBy: 'Signed by',
    staffOffices: 'Offices',
    email: 'E-mail',
    phone: 'Phone',
    address: 'Address',
    initialWithTaxes: 'Initial payment (taxes included)',
    firstMonthlyDebit: 'First monthly debit',
    contractLanguage: 'Contract language',
    offer: 'Offer',
    staffVoidCheque: `Void cheque: the tenant has been asked to send a photo of one to ${site.adminEmail}.`,
    refusedSubject: (company: string) => `Lease not signed, its office was taken: ${company}`,
    refusedTitle: 'A lease could not be signed',
    refusedText: (taken: string) =>
      `The tenant tried to sign, but ${taken} had been rented or offered to the waitlist in the meantime, so nothing was signed. Call them, and make them a new offer.`,
    adoptionSubject: (company: string) => `Signed lease without its office: ${company}`,
    adoptionTitle: 'A lease signed earlier cannot take its office',
    adoptionText: (taken: string) =>
      `This lease was signed before signing reserved offices, and ${taken} has been rented, offered to the waitlist or retired since. No tenancy was made and nothing will be debited. Agree on a solution with the tenant; once the office is free, the server's next start makes the tenancy.`,
  },
  fr: {
    offices: (n) => (n > 1 ? 'Bureaux' : 'Bureau'),
    term: (months, end) => `${months} mois, jusqu’au ${end}`,
    firstMonth: (basis) => `Loyer du premier mois (${basis})`,
    securityDeposit: 'Dépôt de garantie (un mois de loyer)',
    moveInFee: 'Frais d’emménagement',
    keyFobDeposit: 'Dépôt pour porte-clés électronique',
    lessSignupDiscount: 'Moins le rabais d’inscription',
    initialPayment: 'Paiement initial',
    monthlyRent: 'Loyer mensuel',
    monthlyPayment: 'Paiement mensuel',
    rentPlusTaxes: (rent, total) => `${rent} plus taxes (${total} avec la TPS et la TVQ)`,
    expiresEndOf: (day) => `à la fin de la journée du ${day} (heure de Montréal)`,
    expiresOn: (instant) => `le ${instant}`,
    offerSubject: (offices) => `Votre offre de bail : ${offices}`,
    offerTitle: 'Votre offre de bail est prête',
    offerPreview: (expires) => `Elle expire ${expires}.`,
    prepared: 'Nous avons préparé une offre de bail pour vous. Ouvrez-la pour en lire les conditions, entrer les coordonnées de votre entreprise et signer le contrat en ligne.',
    theOffer: 'L’offre',
    startDate: 'Date de début',
    termLabel: 'Durée',
    initialOnSigning: 'Paiement initial, à la signature',
    taxesIncluded: (amount) => `${amount}, taxes incluses`,
    reviewAndSign: 'Consulter et signer l’offre',
    personalLink: (expires) => `Cette offre expire ${expires}. Ce lien vous est personnel : veuillez ne pas transférer ce courriel.`,
    offerReason: `Vous recevez ce courriel parce qu’${site.productName} a préparé une offre de bail à votre intention.`,
    agreementFile: 'Contrat-de-services',
    attached: {
      en: 'Le contrat signé, en anglais comme vous l’avez choisi, est joint à ce courriel en PDF, avec sa version française.',
      fr: 'Le contrat signé est joint à ce courriel en PDF.',
    },
    thanks: 'Merci d’avoir signé.',
    voidCheque: `Une dernière étape : veuillez transmettre par courriel une photo d’un chèque annulé à ${site.adminEmail}.`,
    signedSubject: (offices) => `Votre contrat signé : ${offices}`,
    signedTitle: 'Bienvenue! Votre contrat est signé',
    signedPreview: 'Le contrat signé est joint. Une dernière étape : un chèque annulé.',
    yourAgreement: 'Votre contrat',
    company: 'Entreprise',
    signedOn: 'Signé le',
    yourPayments: 'Vos paiements',
    manageLease: 'Votre bail et ses factures',
    debits: (initial, on, monthly, first) =>
      `Les paiements sont prélevés sur le compte bancaire indiqué à la signature (débit préautorisé) : le paiement initial de ${initial}, une fois, le ${on}; puis le paiement mensuel de ${monthly}, taxes incluses, le 1er de chaque mois à partir du ${first} (le jour ouvrable suivant quand le 1er n’en est pas un).`,
    signedReason: `Vous recevez ce courriel parce que vous avez signé un contrat avec ${site.productName}.`,
    staffSubject: (company, offices) => `Bail signé : ${company} – ${offices}`,
    staffTitle: 'Nouveau bail signé',
    signedBy: 'Signataire',
    staffOffices: 'Bureaux',
    email: 'Courriel',
    phone: 'Téléphone',
    address: 'Adresse',
    initialWithTaxes: 'Paiement initial (taxes incluses)',
    firstMonthlyDebit: 'Premier prélèvement mensuel',
    contractLanguage: 'Langue du contrat',
    offer: 'Offre',
    staffVoidCheque: `Chèque annulé : le locataire a été prié d’en envoyer une photo à ${site.adminEmail}.`,
    refusedSubject: (company) => `Bail non signé, son bureau était pris : ${company}`,
    refusedTitle: 'Un bail n’a pas pu être signé',
    refusedText: (taken) =>
      `Le locataire a tenté de signer, mais ${taken} avait été loué ou offert à la liste d’attente entre-temps : rien n’a été signé. Appelez-le et faites-lui une nouvelle offre.`,
    adoptionSubject: (company) => `Bail signé sans son bureau : ${company}`,
    adoptionTitle: 'Un bail signé plus tôt ne peut pas prendre son bureau',
    adoptionText: (taken) =>
      `Ce bail a été signé avant que la signature réserve les bureaux, et ${taken} a été loué, offert à la liste d’attente ou retiré depuis. Aucune location n’a été créée et rien ne sera prélevé. Convenez d’une solution avec le locataire; une fois le bureau libre, le prochain démarrage du serveur crée la location.`,
  },
});

function unitNames(offer: Offer): string[] {
  return offer.services.map((s) => s.name);
}

/** '12 months, to Tuesday, November 30, 2027' / '12 mois, jusqu’au mardi 30 novembre 2027'. */
function termText(offer: Offer, language: Language): string {
  return texts[language].term(offer.lease_term_months, fullDate(termEndDate(offer.start_date, offer.lease_term_months), language));
}

/**
 * The first rent debited on its own: the 1st of the month after the start (the start month is in
 * the initial payment), the agreement's day; the debit itself is made as padDebitDay says for a
 * lease signed on `signedOn` (the 1st's business day, never before the initial debit), the day
 * staff are told.
 */
function firstMonthlyDebit(offer: Offer, signedOn?: IsoDate): string {
  const first = Temporal.PlainDate.from(offer.start_date).with({ day: 1 }).add({ months: 1 }).toString();
  return signedOn === undefined ? first : padDebitDay(first, true, signedOn, earliestNoticedDebit(signedOn)).on;
}

function initialPaymentBlock(payment: InitialLeasePayment, language: Language): Block {
  const t = texts[language];
  const { firstMonth } = payment;
  const rows: Fact[] = [
    { label: t.firstMonth(firstMonthBasisText(firstMonth, language)), value: money(firstMonth.cents, language) },
    { label: t.securityDeposit, value: money(payment.securityDepositCents, language) },
  ];
  if (payment.moveInFee.cents > 0) rows.push({ label: t.moveInFee, value: money(payment.moveInFee.cents, language) });
  rows.push({ label: t.keyFobDeposit, value: money(payment.keyFobDepositCents, language) });
  const gross = firstMonth.cents + payment.securityDepositCents + payment.moveInFee.cents + payment.keyFobDepositCents;
  const discount = gross - payment.subtotalCents;
  if (discount > 0) rows.push({ label: t.lessSignupDiscount, value: money(-discount, language) });
  rows.push(...taxRows({ subtotal: payment.subtotalCents, gst: payment.gstCents, qst: payment.qstCents }, language));
  return { kind: 'amounts', rows, total: { label: t.initialPayment, value: money(payment.totalCents, language) } };
}

function monthlyPaymentBlock(payment: InitialLeasePayment, language: Language): Block {
  const t = texts[language];
  const m = payment.monthlyPayment;
  const rows: Fact[] = [{ label: t.monthlyRent, value: money(m.rentCents, language) }];
  if (m.gstCents > 0) rows.push({ label: taxLabel('gst', language), value: money(m.gstCents, language) });
  if (m.qstCents > 0) rows.push({ label: taxLabel('qst', language), value: money(m.qstCents, language) });
  return { kind: 'amounts', rows, total: { label: t.monthlyPayment, value: money(m.totalCents, language) } };
}

function monthlyRentText(payment: InitialLeasePayment, language: Language): string {
  const m = payment.monthlyPayment;
  return m.totalCents === m.rentCents ? money(m.rentCents, language) : texts[language].rentPlusTaxes(money(m.rentCents, language), money(m.totalCents, language));
}

/**
 * When an offer closes, at the space: an offer given a date closes as that day ends (midnight
 * after it), which reads better as 'at the end of Wednesday, December 23, 2026' than as
 * 'Thursday, December 24, 2026 at 12:00 a.m.'.
 */
function expiryText(instant: Date, language: Language): string {
  const zoned = atSpace(instant);
  if (zoned.hour === 0 && zoned.minute === 0 && zoned.second === 0) return texts[language].expiresEndOf(fullDate(zoned.toPlainDate().subtract({ days: 1 }).toString(), language));
  return texts[language].expiresOn(instantAtSpace(instant, language));
}

/** The offer's link as staff created it, which the row carries sealed: only ever a web address. */
function offerLink(secret: string | null): string {
  if (!secret) throw new Error('the offer link is not stored with the message');
  const url = new URL(secret);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('the offer link is not a web address');
  return url.toString();
}

export const leaseOfferCreated: Template<'lease_offer_created'> = (_ctx, message): Draft => {
  const { offer } = message.data;
  assertRecipient(message, offer.email);
  const link = offerLink(message.secret);
  const language = message.language;
  const t = texts[language];
  const payment = leasePaymentOf(offer);
  const offices = unitNames(offer);
  const expires = expiryText(offer.expires_at, language);
  return {
    toName: offer.contact_name,
    subject: t.offerSubject(offices.join(', ')),
    letter: {
      language,
      title: t.offerTitle,
      preview: t.offerPreview(expires),
      greeting: greeting(offer.contact_name, language),
      blocks: [
        { kind: 'paragraph', text: t.prepared },
        { kind: 'section', title: t.theOffer },
        {
          kind: 'facts',
          rows: [
            { label: t.offices(offices.length), value: offices.join('\n') },
            { label: t.startDate, value: fullDate(offer.start_date, language) },
            { label: t.termLabel, value: termText(offer, language) },
            { label: t.monthlyRent, value: monthlyRentText(payment, language) },
            { label: t.initialOnSigning, value: t.taxesIncluded(money(payment.totalCents, language)) },
          ],
        },
        { kind: 'button', label: t.reviewAndSign, url: link },
        { kind: 'notice', text: t.personalLink(expires) },
        { kind: 'paragraph', text: shared[language].questions },
      ],
      signOff: shared[language].signOff,
      reason: t.offerReason,
    },
    attachments: [],
  };
};

/** The agreements a tenant gets, by the language they signed in: one signed in English comes with its French version (Charter of the French language, s. 55). */
const agreementLanguages: Record<Language, Language[]> = { en: ['en', 'fr'], fr: ['fr'] };

function agreementFilename(offer: Offer, language: Language): string {
  const company =
    (offer.company_name ?? offer.signature?.company_name ?? '')
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
      .replace(/[.\s]+$/, '')
      .trim() || 'Tenant';
  return `${texts[language].agreementFile}-${oneLine(company, 80)}.pdf`;
}

export const leaseSigned: Template<'lease_signed'> = async (ctx, message) => {
  const { offer, agreement } = message.data;
  assertRecipient(message, offer.email);
  const signature = offer.signature;
  const language = message.language;
  const t = texts[language];
  const languages = agreementLanguages[signature.language];
  const signed = { ...offer, signature: { ...signature, signature_png: agreement.signaturePng } };
  const generatedAt = ctx.clock();
  const attachments = await Promise.all(
    languages.map(async (l) => ({ filename: agreementFilename(offer, l), content: await agreementPdf({ offer: signed, language: l, banking: agreement.banking, generatedAt }), contentType: 'application/pdf' })),
  );
  const payment = leasePaymentOf(offer);
  const offices = unitNames(offer);
  const link = manageLink(ctx, message.secret);
  return {
    toName: offer.contact_name ?? signature.signer_name,
    subject: t.signedSubject(offices.join(', ')),
    letter: {
      language,
      title: t.signedTitle,
      preview: t.signedPreview,
      greeting: greeting(offer.contact_name ?? signature.signer_name, language),
      blocks: [
        { kind: 'paragraph', text: `${t.thanks} ${t.attached[signature.language]}` },
        { kind: 'notice', text: t.voidCheque },
        { kind: 'section', title: t.yourAgreement },
        {
          kind: 'facts',
          rows: [
            { label: t.company, value: offer.company_name ?? signature.company_name },
            { label: t.offices(offices.length), value: offices.join('\n') },
            { label: t.startDate, value: fullDate(offer.start_date, language) },
            { label: t.termLabel, value: termText(offer, language) },
            { label: t.signedOn, value: instantAtSpace(signature.signed_at, language) },
          ],
        },
        { kind: 'section', title: t.yourPayments },
        {
          kind: 'paragraph',
          // The notice of the first debit (Rule H1): its amount and its day, which is the initial invoice's due day.
          text: t.debits(
            money(payment.totalCents, language),
            fullDate(earliestNoticedDebit(spaceToday(signature.signed_at)), language),
            money(payment.monthlyPayment.totalCents, language),
            fullDate(firstMonthlyDebit(offer), language),
          ),
        },
        initialPaymentBlock(payment, language),
        monthlyPaymentBlock(payment, language),
        // The tenancy's manage link (absent from a copy kept before tenancies had one).
        ...(link ? [{ kind: 'button' as const, label: t.manageLease, url: link }] : []),
        { kind: 'paragraph', text: shared[language].questions },
      ],
      signOff: shared[language].signOff,
      reason: t.signedReason,
    },
    attachments,
  };
};

export const staffLeaseSigned: Template<'staff_lease_signed'> = (_ctx, message): Draft => {
  const { offer } = message.data;
  const signature = offer.signature;
  const language = message.language;
  const t = texts[language];
  const payment = leasePaymentOf(offer);
  const offices = unitNames(offer);
  const company = offer.company_name ?? signature.company_name;
  return staffDraft(language, offer.email, {
    subject: t.staffSubject(company, offices.join(', ')),
    title: t.staffTitle,
    blocks: [
      {
        kind: 'facts',
        rows: [
          { label: t.company, value: company },
          { label: t.signedBy, value: signature.signer_name },
          { label: t.email, value: offer.email },
          { label: t.phone, value: offer.info?.phone ?? '—' },
          { label: t.address, value: tenantAddressOf(offer.info) || '—' },
          { label: t.staffOffices, value: offices.join('\n') },
          { label: t.startDate, value: fullDate(offer.start_date, language) },
          { label: t.termLabel, value: termText(offer, language) },
          { label: t.monthlyRent, value: monthlyRentText(payment, language) },
          { label: t.initialWithTaxes, value: money(payment.totalCents, language) },
          { label: t.firstMonthlyDebit, value: fullDate(firstMonthlyDebit(offer, spaceToday(signature.signed_at)), language) },
          { label: t.contractLanguage, value: shared[language].languageNames[signature.language] },
          { label: t.signedOn, value: instantAtSpace(signature.signed_at, language) },
          { label: t.offer, value: `#${offer.id}` },
        ],
      },
      { kind: 'notice', text: t.staffVoidCheque },
    ],
  });
};

export const staffLeaseSigningRefused: Template<'staff_lease_signing_refused'> = (_ctx, message): Draft => {
  const { offer, taken, signedBefore } = message.data;
  const language = message.language;
  const t = texts[language];
  const company = offer.company_name ?? offer.email;
  return staffDraft(language, offer.email, {
    subject: signedBefore ? t.adoptionSubject(company) : t.refusedSubject(company),
    title: signedBefore ? t.adoptionTitle : t.refusedTitle,
    blocks: [
      { kind: 'notice', text: signedBefore ? t.adoptionText(taken.join(', ')) : t.refusedText(taken.join(', ')) },
      {
        kind: 'facts',
        rows: [
          { label: t.company, value: company },
          { label: t.email, value: offer.email },
          { label: t.staffOffices, value: unitNames(offer).join('\n') },
          { label: t.startDate, value: fullDate(offer.start_date, language) },
          { label: t.offer, value: `#${offer.id}` },
        ],
      },
    ],
  });
};

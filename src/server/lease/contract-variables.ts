import type { LeaseLanguage } from '../../shared/contract/lease.ts';
import type { BankingNumbers } from '../../shared/domain/banking.ts';
import { initialLeasePayment, termEndDate, type InitialLeasePayment } from '../../shared/domain/lease-payment.ts';
import { formatCad, formatTaxRate } from '../../shared/domain/pricing.ts';
import { longDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { site } from '../../shared/site.ts';
import { providerSignatory } from './contract-templates.ts';
import type { OfferRecord } from './offer-record.ts';

const locales: Record<LeaseLanguage, string> = { en: 'en-CA', fr: 'fr-CA' };


/** How the first month's rent is counted: 'prorated, 17 of 31 days' / 'au prorata, 17 jours sur 31', or a full month. */
export function firstMonthBasisText(firstMonth: InitialLeasePayment['firstMonth'], language: LeaseLanguage): string {
  const fr = language === 'fr';
  if (!firstMonth.prorated) return fr ? 'mois complet' : 'full month';
  return fr ? `au prorata, ${firstMonth.days} jours sur ${firstMonth.daysInMonth}` : `prorated, ${firstMonth.days} of ${firstMonth.daysInMonth} days`;
}

/** What an offer's amounts and dates are, which its payments are counted from. */
type OfferTerms = Pick<OfferRecord, 'monthly_rate_cents' | 'monthly_discount_cents' | 'signup_discount_cents' | 'lease_term_months' | 'start_date' | 'move_in_fee_type' | 'move_in_fee_amount_cents'>;

/** The payment on signing and the monthly payment after it (lease-payment.ts), from the offer's amounts in cents. */
export function leasePaymentOf(offer: OfferTerms): InitialLeasePayment {
  return initialLeasePayment({
    monthly_rate: offer.monthly_rate_cents / 100,
    monthly_discount: offer.monthly_discount_cents / 100,
    signup_discount: offer.signup_discount_cents / 100,
    start_date: offer.start_date,
    move_in_fee_type: offer.move_in_fee_type,
    move_in_fee_amount: offer.move_in_fee_amount_cents === null ? null : offer.move_in_fee_amount_cents / 100,
  });
}

/** The tenant's address on one line ('1 rue X, Montréal, QC H2X 1Y4'); empty before the info step. */
export function tenantAddressOf(info: OfferRecord['info']): string {
  return info ? [info.address, info.city, [info.province, info.postal_code].filter(Boolean).join(' ')].filter((part) => part.trim() !== '').join(', ') : '';
}

/**
 * The values of the contract's {{variables}}, formatted for the language. What is not known yet
 * (the tenant's phone before the info step, the signature date before signing) is null, which
 * the contract shows as a blank line. `banking` is shown as given: callers pass it masked.
 */
export function contractVariables(
  offer: OfferTerms & Pick<OfferRecord, 'email' | 'company_name' | 'contact_name' | 'info'> & { signature: Pick<NonNullable<OfferRecord['signature']>, 'signer_name' | 'signed_at'> | null },
  language: LeaseLanguage,
  banking: BankingNumbers | null,
): Record<string, string | number | null> {
  const fr = language === 'fr';
  const money = (cents: number) => formatCad(cents, language);
  // '5%' / '5 %' (French puts a no-break space before the sign).
  const rate = (tax: 'gst' | 'qst') => `${formatTaxRate(site.taxes[tax].rateThousandthsOfPercent, language)}${fr ? '\u00a0' : ''}%`;
  const date = (iso: string) => longDate(iso, locales[language]);
  const payment = leasePaymentOf(offer);
  const firstMonthBasis = firstMonthBasisText(payment.firstMonth, language);
  const moveInFeeBasis = {
    monthly_rate: fr
      ? `Des frais d'emménagement égaux à un mois de loyer, soit ${money(payment.moveInFee.cents)}, sont exigibles.`
      : `A move-in fee equal to one month's rent, ${money(payment.moveInFee.cents)}, applies.`,
    fixed_amount: fr
      ? `Des frais d'emménagement fixes de ${money(payment.moveInFee.cents)} sont exigibles.`
      : `A fixed move-in fee of ${money(payment.moveInFee.cents)} applies.`,
    none: fr ? 'Aucuns frais d\'emménagement ne sont exigés.' : 'No move-in fee applies.',
  }[payment.moveInFee.type];
  const info = offer.info;
  const tenantAddress = tenantAddressOf(info);
  const signature = offer.signature;
  return {
    provider_name: site.productName,
    provider_address: site.address,
    provider_email: site.email,
    provider_phone: site.phoneDisplay,
    provider_signatory: providerSignatory.name,
    provider_signatory_title: providerSignatory.title[language],
    admin_email: site.adminEmail,
    company_name: offer.company_name,
    contact_name: offer.contact_name,
    tenant_email: offer.email,
    tenant_phone: info?.phone ?? null,
    tenant_address: tenantAddress || null,
    start_date: date(offer.start_date),
    end_date: date(termEndDate(offer.start_date, offer.lease_term_months)),
    lease_term_months: offer.lease_term_months,
    monthly_rate: money(offer.monthly_rate_cents),
    monthly_discount: money(offer.monthly_discount_cents),
    monthly_rent: money(payment.monthlyRentCents),
    first_month_basis: firstMonthBasis,
    first_month_rent: money(payment.firstMonth.cents),
    security_deposit: money(payment.securityDepositCents),
    move_in_fee: money(payment.moveInFee.cents),
    move_in_fee_basis: moveInFeeBasis,
    key_fob_deposit: money(payment.keyFobDepositCents),
    signup_discount: money(payment.signupDiscountCents),
    /** SPEC §9's total, before tax. */
    initial_payment_subtotal: money(payment.subtotalCents),
    initial_payment_gst: money(payment.gstCents),
    initial_payment_qst: money(payment.qstCents),
    /** What is debited: the subtotal plus GST and QST (the subtotal itself when no tax is charged). */
    initial_payment_total: money(payment.totalCents),
    monthly_gst: money(payment.monthlyPayment.gstCents),
    monthly_qst: money(payment.monthlyPayment.qstCents),
    monthly_payment_total: money(payment.monthlyPayment.totalCents),
    gst_rate: rate('gst'),
    gst_registration_number: site.taxes.gst.registrationNumber,
    qst_rate: rate('qst'),
    qst_registration_number: site.taxes.qst.registrationNumber,
    transit_number: banking?.transit_number ?? null,
    institution_number: banking?.institution_number ?? null,
    account_number: banking?.account_number ?? null,
    signer_name: signature?.signer_name ?? null,
    signed_date: signature ? date(spaceToday(signature.signed_at)) : null,
  };
}

import * as z from 'zod/mini';
import { isPlainText, plainTextMessage } from '../domain/text.ts';

/**
 * The lease offer calls of SPEC §7 (calls 5 to 9) and the shapes of SPEC §3. Answers are read
 * loosely (a provider may send amounts as numbers or decimal strings, and more statuses than
 * these); requests are checked strictly.
 */

export const leaseOfferStatuses = ['new', 'contract_generated', 'signed', 'expired'] as const;
export type LeaseOfferStatus = (typeof leaseOfferStatuses)[number];

/** SPEC §4 'Lease step flow', in order; the step a tablet is on is kept on the device per code. */
export const leaseSteps = ['summary', 'info', 'contract', 'signature', 'completed'] as const;
export type LeaseStep = (typeof leaseSteps)[number];

export const leaseLanguages = ['en', 'fr'] as const;
export const leaseLanguage = z.enum(leaseLanguages);
export type LeaseLanguage = z.infer<typeof leaseLanguage>;
export const defaultLeaseLanguage: LeaseLanguage = 'en';

export const provinces = ['QC', 'ON', 'BC', 'AB', 'MB', 'SK', 'NS', 'NB', 'NL', 'PE', 'NT', 'YT', 'NU'] as const;
export type Province = (typeof provinces)[number];
export const defaultProvince: Province = 'QC';

/** A dollar amount as answers carry it: a number, or a decimal string such as '1200.00'. */
const amount = z.union([z.number(), z.string()]);

export const leaseService = z.object({
  name: z.string(),
  service_type: z.string(),
  location_code: z.nullish(z.string()),
  base_monthly_rate: z.nullish(amount),
});
export type LeaseService = z.infer<typeof leaseService>;

/** SPEC §3 'Lease offer', plus the customer info already submitted (to prefill the form). */
export const leaseOffer = z.object({
  code: z.string(),
  email: z.string(),
  status: z.string(),
  services: z.array(leaseService),
  monthly_rate: amount,
  monthly_discount: z.nullish(amount),
  signup_discount: z.nullish(amount),
  lease_term_months: z.union([z.number(), z.string()]),
  start_date: z.string(),
  move_in_fee_type: z.nullish(z.string()),
  move_in_fee_amount: z.nullish(amount),
  company_name: z.nullish(z.string()),
  contact_name: z.nullish(z.string()),
  tenant_signature_data: z.nullish(z.string()),
  tenant_signed_at: z.nullish(z.string()),
  phone: z.nullish(z.string()),
  address: z.nullish(z.string()),
  city: z.nullish(z.string()),
  province: z.nullish(z.string()),
  postal_code: z.nullish(z.string()),
  /** Once signed: the tenancy's manage page (/booking/{token}), its invoices and debits. */
  manage_path: z.nullish(z.string()),
});
export type LeaseOffer = z.infer<typeof leaseOffer>;

/** Call 5: GET /public-api/lease-offers/{code}. */
export const leaseOfferResponse = z.object({
  success: z.optional(z.boolean()),
  offer: leaseOffer,
});
export type LeaseOfferResponse = z.infer<typeof leaseOfferResponse>;

/** SPEC §5 'Lease info': the message when company, contact or phone is empty. */
export const requiredFieldsMessage = 'required_fields';

const requiredText = z
  .string(requiredFieldsMessage)
  .check(z.refine(isPlainText, plainTextMessage), z.trim(), z.minLength(1, requiredFieldsMessage), z.maxLength(200, 'at_most_chars'));
const optionalText = z._default(z.string().check(z.refine(isPlainText, plainTextMessage), z.trim(), z.maxLength(200, 'at_most_chars')), '');

/** Call 6: POST /public-api/lease-offers/{code}/submit-info. */
export const customerInfo = z.object({
  company_name: requiredText,
  contact_name: requiredText,
  phone: requiredText,
  address: optionalText,
  city: optionalText,
  province: z._default(z.enum(provinces, 'province'), defaultProvince),
  postal_code: optionalText,
});
export type CustomerInfo = z.infer<typeof customerInfo>;
export type CustomerInfoInput = z.input<typeof customerInfo>;

export const submitInfoResponse = z.object({
  success: z.boolean(),
  offer: z.optional(leaseOffer),
  error: z.optional(z.string()),
});

export const contractDetail = z.object({
  title: z.string(),
  description: z.nullish(z.string()),
  items: z.nullish(z.array(z.string())),
});
export const contractContent = z.object({
  title: z.string(),
  description: z.nullish(z.string()),
  details: z.nullish(z.array(contractDetail)),
});
export const contractSection = z.object({
  title: z.string(),
  content: z.array(contractContent),
});
export type ContractSection = z.infer<typeof contractSection>;

/** Values for the {{double-brace}} markers of the texts; a missing one shows a blank line. */
export const contractVariables = z.record(z.string(), z.nullish(z.union([z.string(), z.number()])));

export const contractData = z.object({
  sections: z.array(contractSection),
  variables: contractVariables,
});
export type ContractData = z.infer<typeof contractData>;

/** Call 7: GET /public-api/lease-offers/{code}/contract-data?language={en|fr}. */
export const contractDataResponse = z.object({
  success: z.optional(z.boolean()),
  offer: leaseOffer,
  contract: contractData,
});
export type ContractDataResponse = z.infer<typeof contractDataResponse>;

export const bankingNumbers = z.object({
  transit_number: z.string(),
  institution_number: z.string(),
  account_number: z.string(),
});

/**
 * Call 9: POST /public-api/lease-offers/{code}/complete-signing. `language`, the language the
 * contract was shown in, is optional: without it the server takes the last one it served.
 * `frenchVersionOffered`, also an addition: the signing screen offered the French version before
 * an English signature (Charter of the French language, s. 55); the server records when.
 */
export const signingPayload = z.object({
  signature: z.string(),
  banking: bankingNumbers,
  language: z.optional(leaseLanguage),
  frenchVersionOffered: z.optional(z.boolean()),
});
export type SigningPayload = z.infer<typeof signingPayload>;

/** SPEC §3 'Already-signed response'; the account number comes masked. */
export const alreadySignedAnswer = z.object({
  success: z.optional(z.boolean()),
  error: z.optional(z.string()),
  already_signed: z.literal(true),
  signer: z.nullish(z.string()),
  company: z.nullish(z.string()),
  signed_at: z.nullish(z.string()),
  signature: z.nullish(z.string()),
  banking: z.nullish(bankingNumbers),
});
export type AlreadySignedAnswer = z.infer<typeof alreadySignedAnswer>;

export const signingSuccess = z.object({
  success: z.literal(true),
  signed_at: z.string(),
  offer: z.optional(leaseOffer),
});

/** The file name SPEC call 8 saves the signed agreement under. */
export function leasePdfFilename(company: string | null | undefined, code: string): string {
  const name = (company ?? '').replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || 'Tenant';
  return `Service-Agreement-${name}-${code}.pdf`;
}

import type { LeaseLanguage, LeaseOfferStatus } from '../../shared/contract/lease.ts';
import type { MoveInFeeType } from '../../shared/domain/lease-payment.ts';
import type { ContractService } from './contract-templates.ts';

/** A lease offer as the server reads it back: what the contract, the PDF and the routes are built from. */
export interface OfferRecord {
  id: number;
  email: string;
  company_name: string | null;
  contact_name: string | null;
  status: LeaseOfferStatus;
  monthly_rate_cents: number;
  monthly_discount_cents: number;
  signup_discount_cents: number;
  lease_term_months: number;
  start_date: string;
  move_in_fee_type: MoveInFeeType;
  move_in_fee_amount_cents: number | null;
  contract_language: LeaseLanguage;
  expires_at: Date;
  created_at: Date;
  services: (ContractService & { office_id: string; base_monthly_rate: string | null })[];
  info: { phone: string; address: string; city: string; province: string; postal_code: string } | null;
  signature: {
    signer_name: string;
    company_name: string;
    signature_png: string;
    signed_at: Date;
    ip_address: string;
    user_agent: string;
    language: LeaseLanguage;
    contract_sha256: string;
    banking_encrypted: string;
    /** When the French version was offered before an English signature (Charter of the French language, s. 55). */
    french_offered_at: Date | null;
  } | null;
}

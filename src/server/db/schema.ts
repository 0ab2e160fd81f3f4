import type { ColumnType, Generated } from 'kysely';

export interface OfficesTable {
  id: Generated<number>;
  office_id: string;
  service_code: string | null;
  name: string;
  service_type: string;
  location_code: string | null;
  seating_capacity: number | null;
  /** numeric(10,2): read it back with ::text so every driver gives the same string. */
  base_monthly_rate: ColumnType<string | null, string | number | null, string | number | null>;
  is_available: boolean;
  /** date: read it back with ::text for the same reason. */
  next_available_date: ColumnType<string | null, string | null, string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** When staff added it; null for a unit of the inventory from the start (seeded, or added before this was kept). */
  created_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set: the unit left the inventory (not listed, not for sale); its orders keep it. */
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set: staff paused offering it to its waitlist; freed, it goes on sale. */
  waitlist_paused_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface WaitlistEntriesTable {
  id: Generated<number>;
  customer_name: string;
  email: string;
  phone: string | null;
  number_of_users: number;
  budget_min_cents: number | null;
  budget_max_cents: number | null;
  /** date: read it back with ::text, as offices.next_available_date. */
  desired_start_date: ColumnType<string | null, string | null, string | null>;
  idempotency_key: string | null;
  /** SHA-256 of the canonical entry, to tell a replay from another entry under the same key. */
  request_hash: string | null;
  created_at: ColumnType<Date, Date | string, Date | string>;
  /** The language the visitor used, for the acknowledgement. */
  language: ColumnType<'en' | 'fr' | null, 'en' | 'fr' | null | undefined, 'en' | 'fr' | null>;
  /** When staff marked the person contacted. */
  contacted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the person left the waitlist (their link), or claimed a unit offered to them: no more offers either way. */
  left_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** SHA-256 of the leave-the-waitlist link's token (secret-token.ts); the token itself only in the acknowledgement's sealed secret. */
  leave_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WaitlistEntryOfficesTable {
  entry_id: number;
  office_id: number;
  /** The order the visitor chose the offices in, 1 to 3. */
  position: number;
  /** Where this entry stands for this unit (waitlist-offers.ts). */
  status: ColumnType<WaitlistUnitStatus, WaitlistUnitStatus | undefined, WaitlistUnitStatus>;
}

export type WaitlistUnitStatus = 'waiting' | 'offered' | 'declined' | 'expired' | 'skipped' | 'claimed';
export type WaitlistOfferStatus = 'open' | 'claimed' | 'declined' | 'expired' | 'skipped' | 'withdrawn';

/** A freed unit offered to one waitlist entry, for its claim window (waitlist-offers.ts). */
export interface WaitlistOffersTable {
  id: Generated<string>;
  entry_id: number;
  office_id: number;
  status: WaitlistOfferStatus;
  offered_at: ColumnType<Date, Date, Date>;
  /** The end of the claim window, as the e-mail says it: no claim checkout starts after it. */
  deadline_at: ColumnType<Date, Date, Date>;
  /** When the offer's hold ends: the deadline, later while a checkout started before it can still be paid, or at once when its person claimed another unit. */
  expires_at: ColumnType<Date, Date, Date>;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** SHA-256 of the claim link's and the not-interested link's tokens. */
  claim_token_hash: string;
  decline_token_hash: string;
  /** The order that claimed it. */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'waitlist' when the server offered it by itself, else the staff member who did. */
  offered_by: string;
}

export interface LeaseOffersTable {
  id: Generated<number>;
  code_hash: string;
  email: string;
  company_name: string | null;
  contact_name: string | null;
  status: ColumnType<'new' | 'contract_generated' | 'signed' | 'expired', ('new' | 'contract_generated' | 'signed' | 'expired') | undefined, 'new' | 'contract_generated' | 'signed' | 'expired'>;
  monthly_rate_cents: number;
  monthly_discount_cents: ColumnType<number, number | undefined, number>;
  signup_discount_cents: ColumnType<number, number | undefined, number>;
  lease_term_months: number;
  /** date: read it back with ::text. */
  start_date: ColumnType<string, string, string>;
  move_in_fee_type: ColumnType<'monthly_rate' | 'fixed_amount' | 'none', ('monthly_rate' | 'fixed_amount' | 'none') | undefined, 'monthly_rate' | 'fixed_amount' | 'none'>;
  move_in_fee_amount_cents: number | null;
  contract_language: ColumnType<'en' | 'fr', ('en' | 'fr') | undefined, 'en' | 'fr'>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LeaseOfferServicesTable {
  offer_id: number;
  office_id: number;
}

export interface LeaseCustomerInfoTable {
  offer_id: number;
  phone: string;
  address: string;
  city: string;
  province: string;
  postal_code: string;
  submitted_at: ColumnType<Date, Date | string, Date | string>;
}

export interface LeaseSignaturesTable {
  offer_id: number;
  signer_name: string;
  company_name: string;
  signature_png: string;
  signed_at: ColumnType<Date, Date | string, Date | string>;
  ip_address: string;
  user_agent: string;
  language: 'en' | 'fr';
  contract_text: string;
  contract_sha256: string;
  banking_encrypted: string;
  /** When the French version was offered before an English signature (Charter of the French language, s. 55). */
  french_offered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OrdersTable {
  /** Our id (a UUID): the only id Stripe's metadata carries besides the unit's. */
  id: string;
  session_id: string | null;
  provider: 'stripe' | 'test';
  office_id: number;
  product: string;
  rental_type: string;
  office_name: string;
  service_type: string;
  total_cents: number;
  /** The server's Quote (src/shared/domain/pricing.ts) the visitor pays. */
  quote: ColumnType<unknown, string, string>;
  /** date: read it back with ::text. */
  booking_date: ColumnType<string, string, string>;
  locale: 'en' | 'fr';
  success_url: string;
  cancel_url: string;
  checkout_url: string | null;
  status: 'pending' | 'paid' | 'cancelled' | 'expired' | 'failed' | 'refund_pending' | 'refunded';
  expires_at: ColumnType<Date, Date, Date>;
  created_at: ColumnType<Date, Date, Date>;
  paid_at: ColumnType<Date | null, Date | null, Date | null>;
  /** SHA-256 of the address that placed it: the cap on unpaid holds per client counts by it. */
  client_key: string | null;
  /** The provider's payment (Stripe's payment intent), once paid: what a refund refers to. */
  payment_intent_id: string | null;
  /** Why the order was refunded (refund_pending, refunded): a late payment, or every day cancelled. */
  refund_reason: 'paid_after_taken' | 'cancelled' | null;
  /** Who paid, as the checkout collected them. */
  buyer_name: ColumnType<string | null, string | null | undefined, string | null>;
  buyer_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** Given in the payment's transaction (documents/numbers.ts). */
  receipt_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the manage link's token (manage-link.ts); the token itself only sealed, beside it. */
  manage_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  manage_token_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  /** A rental given notice: the day at the space it was given, and the rental's last day. date: read back with ::text. */
  notice_given_on: ColumnType<string | null, string | null | undefined, string | null>;
  rental_ends_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Idempotency-Key of the request that gave notice. */
  notice_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The waitlist offer whose claim link placed it. */
  waitlist_offer_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Money going back to a customer: decided in a transaction, asked of the provider after it commits. */
export interface RefundsTable {
  id: string;
  order_id: string;
  amount_cents: number;
  /** A late payment's, a cancellation's, or what a rental's prepaid last month left over once its final period was paid from it. */
  reason: 'paid_after_taken' | 'cancelled' | 'prepaid_surplus' | 'paid_twice' | 'ended_early';
  status: 'pending' | 'succeeded';
  /** paid_twice, ended_early: the payment of an invoice given back (its own payment at the provider), not the order's. */
  invoice_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  provider_refund_id: string | null;
  last_error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date, Date>;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date, Date>;
  refunded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Given in the transaction that decides the refund (documents/numbers.ts). */
  credit_note_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** What it gives back (cancellation.ts RefundAmounts); null for a late payment's, which gives back the whole order. */
  amounts: ColumnType<unknown, string | null | undefined, string | null>;
  /** The Idempotency-Key of the cancellation that asked for it: one refund per request. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** rate-limiter-flexible's counts, shared by every instance on the database. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: string | null;
}

/** A hold (while the visitor pays) or a booking of a unit, for one day or as an open-ended rental. */
export interface ReservationsTable {
  id: Generated<number>;
  /** The order it holds or books for; or, while a unit is offered to the waitlist, its offer instead. */
  order_id: string | null;
  offer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Or the signed lease whose tenancy it books (open-ended). */
  lease_offer_id: ColumnType<number | null, number | null | undefined, number | null>;
  office_id: number;
  kind: 'day' | 'rental';
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string | null, string | null, string | null>;
  /** 'cancelled': a booked day its customer cancelled; like 'released', it holds nothing. */
  status: 'held' | 'booked' | 'released' | 'cancelled';
  expires_at: ColumnType<Date | null, Date | null, Date | null>;
  created_at: ColumnType<Date, Date, Date>;
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Payment-provider events already applied, so a redelivered event changes nothing. */
export interface PaymentEventsTable {
  id: string;
  type: string;
  session_id: string | null;
  received_at: ColumnType<Date, Date, Date>;
}

/** The numbered series of documents: receipts, credit notes and invoices, each counted per year. */
export interface DocumentCountersTable {
  series: DocumentSeries;
  year: number;
  last_number: number;
}

export type DocumentSeries = 'receipt' | 'credit_note' | 'invoice';

/** What a paid rental or subscription bills every month (billing/rentals.ts). */
export interface RentalsTable {
  id: string;
  order_id: string | null;
  office_id: number;
  product: string;
  service_type: string;
  unit_name: string;
  customer_name: string;
  customer_email: string;
  language: 'en' | 'fr';
  /** Before tax, as sold (its discounts included): a later price change leaves it alone. */
  monthly_cents: number;
  /** The last month paid in advance at checkout, before tax: applied to the final period. */
  prepaid_last_month_cents: number;
  /** date: read it back with ::text. */
  start_date: ColumnType<string, string, string>;
  minimum_term_months: number | null;
  billing_day: ColumnType<number, number | undefined, number>;
  /** The first day no invoice covers yet. date. */
  next_period_start: ColumnType<string, string, string>;
  provider: 'stripe' | 'test';
  /** The customer and card the provider keeps for later payments; null when none was saved (Pay now instead). */
  provider_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  payment_method_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The rental's last day, once notice is given or staff end it. date. */
  ends_on: ColumnType<string | null, string | null | undefined, string | null>;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  end_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, Date>;
  /** A tenancy's signed lease (then order_id is null). */
  lease_offer_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** By the card on file at the provider, or by the PAD agreement signed with the lease. */
  pays_by: ColumnType<'card' | 'pad', 'card' | 'pad' | undefined, 'card' | 'pad'>;
  /** A tenancy's manage link (an order's rental uses its order's): the token's hash, and the token sealed. */
  manage_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  manage_token_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The PAD agreement's debits ended (a return that closes the account or stops the authorization,
   * or a written revocation, after its 10 days): no debit is filed for a later payment date, and
   * its invoices are paid by card or as staff record. date.
   */
  pad_last_debit_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why: 'return:CODE' or 'revoked'. */
  pad_stop_reason: ColumnType<string | null, string | null | undefined, string | null>;
  pad_stopped_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the term's end was announced to the tenant and staff (once). */
  term_end_notice_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A card first saved by Pay now on a rental that had none: invoices issued before this are not charged without the customer (null: all are). */
  card_charges_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The sales document of one period of a rental: written before any money moves, never rewritten. */
export interface InvoicesTable {
  id: string;
  number: string;
  rental_id: string;
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  final: ColumnType<boolean, boolean | undefined, boolean>;
  lines: ColumnType<unknown, string, string>;
  subtotal_cents: number;
  gst_cents: number;
  qst_cents: number;
  total_cents: number;
  issued_at: ColumnType<Date, Date, Date>;
  /** When it is collected, when later than its issue (a PAD debit date). date. */
  due_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** How much of its total is deposits held (not sales): a lease's initial invoice. */
  deposits_cents: ColumnType<number, number | undefined, number>;
  /** A period's invoice (one per rental and period), or a fee (a returned debit's handling fee). */
  kind: ColumnType<'period' | 'fee', 'period' | 'fee' | undefined, 'period' | 'fee'>;
}

/** A CPA-005 file of PAD debits for the bank, kept sealed under BANKING_KEYS (it carries account numbers). */
export interface PadFilesTable {
  id: string;
  /** 1 to 9999, then 1 again: the file creation number the bank sees. */
  file_number: number;
  payment_date: ColumnType<string, string, string>;
  debit_count: number;
  total_cents: ColumnType<number, number, number>;
  content_sealed: string;
  created_by: string;
  created_at: ColumnType<Date, Date, Date>;
  /** Voided by a manager (rejected whole by the bank, or never sent): when, by whom, why; its debits were closed as failed and filed again. */
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  voided_by: ColumnType<string | null, string | null | undefined, string | null>;
  void_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A deposit a tenancy's initial invoice collected: held, not a sale, until staff return it (less deductions, with a reason). */
export interface DepositsTable {
  id: string;
  rental_id: string;
  invoice_id: string;
  kind: 'security' | 'key_fob';
  amount_cents: number;
  created_at: ColumnType<Date, Date, Date>;
  returned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  returned_cents: ColumnType<number | null, number | null | undefined, number | null>;
  deduction_reason: ColumnType<string | null, string | null | undefined, string | null>;
  returned_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A credit note against an invoice (staff ended the rental at once): it lowers what the invoice owes, never rewriting it. */
export interface InvoiceCreditsTable {
  id: string;
  invoice_id: string;
  credit_note_number: string;
  /** The days after the rental's last day, or the prepaid last month applied to what the invoice owed. */
  reason: 'ended_early' | 'prepaid_last_month';
  /** The days credited (ended_early), or the invoice's period (prepaid_last_month). date: read back with ::text. */
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  /** The credited lines, positive, as an invoice's: monthly_rent (the days credited) or prepaid_last_month. */
  lines: ColumnType<unknown, string, string>;
  subtotal_cents: number;
  gst_cents: number;
  qst_cents: number;
  total_cents: number;
  created_at: ColumnType<Date, Date, Date>;
}

export type InvoicePaymentMethod = 'card' | 'pad' | 'cheque' | 'etransfer';
export type InvoicePaymentTrigger = 'billing_day' | 'retry' | 'retry_now' | 'pay_now' | 'staff' | 'pad_file';

/** The payment provider refusing us (our key, its rights, a request it calls invalid), until it answers again: one open at a time. */
export interface PaymentProviderIncidentsTable {
  id: string;
  refusal: 'authentication' | 'permission' | 'invalid_request';
  /** The provider's code, and its words (no secret: Stripe masks a key it names). */
  code: string;
  message: string;
  started_at: ColumnType<Date, Date, Date>;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A payment of an invoice, or a try at one: an invoice's state is derived from these. */
export interface InvoicePaymentsTable {
  id: string;
  invoice_id: string;
  method: InvoicePaymentMethod;
  trigger: InvoicePaymentTrigger;
  /** returned: a PAD debit the bank sent back (return_code), open or already treated as paid. */
  status: 'open' | 'succeeded' | 'failed' | 'returned';
  amount_cents: number;
  provider_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The saved card a try charges, named once: asked again, it names the same one. */
  payment_method_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Pay now: the provider's checkout session the customer pays on, and its address. */
  checkout_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  checkout_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's reason for a failed try ('card_declined', 'authentication_required'…). */
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** A cheque's number or an e-Transfer's reference, as staff recorded it. */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  recorded_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, Date>;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A PAD debit: the file that carries it. */
  pad_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A PAD debit returned: the CPA-007 return code, when, and who recorded it (or uploaded the bank's file). */
  return_code: ColumnType<string | null, string | null | undefined, string | null>;
  returned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  return_recorded_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Pay now for several invoices: the row whose checkout pays this one too (null: its own checkout). */
  pay_now_group: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A debit whose amount a credit note changed before it was filed: not filed before its notice's day. */
export interface PadDebitNoticesTable {
  invoice_id: string;
  debit_on: ColumnType<string, string, string>;
  created_at: ColumnType<Date, Date, Date>;
}

/** A PAD debit returned for lack of funds, made once more after its notice, with the handling fee's invoice. */
export interface PadRedebitsTable {
  invoice_id: string;
  returned_payment_id: string;
  fee_invoice_id: string | null;
  /** The re-debit's payment date, once its notice has run. date. */
  debit_on: ColumnType<string, string, string>;
  created_at: ColumnType<Date, Date, Date>;
}

/** Change card: a setup session at the provider; once completed, its card is the one the rental's invoices are charged to. */
export interface CardChangesTable {
  id: string;
  rental_id: string;
  checkout_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  checkout_url: ColumnType<string | null, string | null | undefined, string | null>;
  status: 'open' | 'saved' | 'expired' | 'failed';
  expires_at: ColumnType<Date, Date, Date>;
  created_at: ColumnType<Date, Date, Date>;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The test checkout's saved cards and the charges it made (payments/test-checkout.ts). */
export interface TestPaymentCardsTable {
  id: string;
  customer_id: string;
  last4: string;
  behaviour: 'succeeds' | 'declines' | 'needs_authentication';
  created_at: ColumnType<Date, Date, Date>;
}

export interface TestPaymentChargesTable {
  id: string;
  idempotency_key: string;
  card_id: string;
  amount_cents: number;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  metadata: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date, Date>;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** A message to send: written in the transaction of the event that causes it (outbox/outbox.ts). */
export interface OutboxTable {
  id: string;
  kind: string;
  recipient: string;
  language: 'en' | 'fr';
  subject_ids: ColumnType<unknown, string, string>;
  secret_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the message says, as its kind's schema has it (outbox/message-data.ts); null for a row of an earlier version, and once sent. */
  data: ColumnType<unknown, string | null | undefined, string | null>;
  status: OutboxStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date, Date>;
  give_up_at: ColumnType<Date, Date, Date>;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, Date>;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface StaffAccountsTable {
  id: string;
  email: string;
  name: string | null;
  /** scrypt$N$r$p$salt$hash (base64url); null until the account's set-password link is used. */
  password_hash: string | null;
  set_password_hash: string | null;
  set_password_expires_at: Date | null;
  disabled_at: Date | null;
  created_at: ColumnType<Date, Date, Date>;
  /** Managers alone make and download PAD files and see deposits. */
  role: ColumnType<'manager' | 'staff', 'manager' | 'staff' | undefined, 'manager' | 'staff'>;
}

export interface StaffSessionsTable {
  /** SHA-256 of the cookie's value: the database never holds a usable session id. */
  id_hash: string;
  staff_id: string;
  created_at: ColumnType<Date, Date, Date>;
  last_seen_at: Date;
}

export interface StaffAuditTable {
  id: Generated<string>;
  staff_id: string | null;
  /** The account's e-mail, or 'admin token' for scripts. */
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string;
  details: ColumnType<unknown, string | null, string | null>;
  at: ColumnType<Date, Date, Date>;
}

export interface Database {
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  document_counters: DocumentCountersTable;
  rentals: RentalsTable;
  invoices: InvoicesTable;
  deposits: DepositsTable;
  pad_files: PadFilesTable;
  pad_redebits: PadRedebitsTable;
  pad_debit_notices: PadDebitNoticesTable;
  invoice_credits: InvoiceCreditsTable;
  invoice_payments: InvoicePaymentsTable;
  card_changes: CardChangesTable;
  payment_provider_incidents: PaymentProviderIncidentsTable;
  test_payment_cards: TestPaymentCardsTable;
  test_payment_charges: TestPaymentChargesTable;
  outbox: OutboxTable;
  offices: OfficesTable;
  orders: OrdersTable;
  refunds: RefundsTable;
  rate_limits: RateLimitsTable;
  reservations: ReservationsTable;
  payment_events: PaymentEventsTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_entry_offices: WaitlistEntryOfficesTable;
  waitlist_offers: WaitlistOffersTable;
  lease_offers: LeaseOffersTable;
  lease_offer_services: LeaseOfferServicesTable;
  lease_customer_info: LeaseCustomerInfoTable;
  lease_signatures: LeaseSignaturesTable;
}

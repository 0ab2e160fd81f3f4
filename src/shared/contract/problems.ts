import { formatCad, type Cents, type ComparedAmount } from '../domain/pricing.ts';
import { signingProblemMessages, type SigningProblem } from '../domain/banking.ts';
import { productNames } from '../domain/products.ts';
import { waitlistProblemEn, type WaitlistProblem } from '../domain/waitlist-rules.ts';
import { site } from '../site.ts';
import { dayPassOfficeId } from './checkout.ts';
import { bookingNotFoundMessage } from './bookings.ts';
import type { PadReturnFileFault } from './pad-files.ts';

/*
 * Every problem the API answers (a 4xx, and the few 5xx it gives) has a stable code, defined once
 * here with its HTTP status and its English text: the body's `error`, which SPEC §8 has clients
 * show when they have no words of their own (a provider that sends no codes gives only that). The
 * code travels beside that body in a header (common.ts), as Retry-After does, so the body stays the one SPEC
 * and every client already read; a problem's values, and for a body that does not fit its schema
 * its fields each with a code of `fieldProblems` below, travel in a second header. The PWA and
 * the staff console keep their own words for each code, in both languages, typed so that a code
 * without words fails the type check; they import this module's types only, never its texts.
 */


/** Who shows a problem in words of its own: a visitor (the PWA), staff (the console), both, or nobody (a provider's webhook, a script). */
type Audience = 'visitor' | 'staff' | 'any' | 'machine';

type Status = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 502 | 503;

interface ProblemDef<P, A extends Audience = Audience> {
  status: Status;
  audience: A;
  /** The English text; `fields` is the fields' own texts joined, for a problem that lists fields. */
  en: (params: P, fields: string) => string;
}

const visitor = <P = undefined>(status: Status, en: ProblemDef<P>['en']): ProblemDef<P, 'visitor'> => ({ status, audience: 'visitor', en });
const staff = <P = undefined>(status: Status, en: ProblemDef<P>['en']): ProblemDef<P, 'staff'> => ({ status, audience: 'staff', en });
const any = <P = undefined>(status: Status, en: ProblemDef<P>['en']): ProblemDef<P, 'any'> => ({ status, audience: 'any', en });
const machine = <P = undefined>(status: Status, en: ProblemDef<P>['en']): ProblemDef<P, 'machine'> => ({ status, audience: 'machine', en });

const contactUs = `Please contact us at ${site.email} or ${site.phoneDisplay}.`;
const list = (items: readonly string[]) => items.join(', ');
const retryIn = (seconds: number) => `Try again in ${seconds} seconds.`;

/** What is wrong with a return file, where (pad-files.ts's faults). */
function padReturnFileFaultEn(p: { record: number; fault: PadReturnFileFault; found: string }): string {
  const at = `record ${p.record}`;
  switch (p.fault) {
    case 'empty':
      return 'the file is empty.';
    case 'length':
      return `${at} is ${p.found} characters long, not 1464.`;
    case 'header':
      return 'its first record is not a header (type A).';
    case 'trailer':
      return `${at} should be the file's last record, a trailer (type Z).`;
    case 'type':
      return `${at} is of type ${p.found}, which a return file does not carry.`;
    case 'outgoing':
      return `${at} is a ${p.found === 'C' ? 'credit' : 'debit'} sent (type ${p.found}): this is a file of payments to the bank, not the bank’s returns.`;
    case 'count':
      return `${at} is numbered ${p.found}: a record is missing or out of order.`;
    case 'field':
      return `${at} has a field the standard does not allow (${p.found}).`;
    case 'totals':
      return 'its trailer’s totals differ from its items: the file is incomplete.';
    case 'originator':
      return `it is the file of originator ${p.found}, not ours.`;
  }
}

/** The words of each amount a checkout's body carries, as the refusal of a price names them. */
const amountNames: Record<ComparedAmount, string> = {
  monthlyRate: 'monthly rate',
  proratedFirstMonth: 'prorated first month',
  lastMonth: 'last month',
  keyFee: 'key fee',
  setupFee: 'setup fee',
  totalDueToday: 'total due today',
  dailyRate: 'daily rate',
};

/** Why a date cannot be booked (booking-windows.ts's DayStatus), with the figure its rule uses. */
export type DateRefusal =
  | { why: 'past' }
  | { why: 'beyond_window'; product: 'office_daily'; days: number }
  | { why: 'beyond_window'; product: 'conference_room'; months: number }
  | { why: 'beyond_window'; product: 'day_pass'; days: number }
  | { why: 'weekend' }
  | { why: 'same_day_closed'; hour: number };

function dateRefusalText(r: DateRefusal): string {
  switch (r.why) {
    case 'past':
      return 'the date has passed';
    case 'beyond_window':
      return r.product === 'office_daily'
        ? `offices are booked by the day at most ${r.days} days ahead`
        : r.product === 'conference_room'
          ? `conference rooms are booked at most ${r.months} months ahead`
          : `day passes are sold at most ${r.days} days ahead`;
    case 'weekend':
      return 'Weekends not available';
    case 'same_day_closed':
      return `a day pass for today is sold only before ${r.hour === 12 ? 'noon' : `${r.hour}:00`}`;
  }
}

export const problems = {
  // ─── Any request ──────────────────────────────────────────────────────────
  invalid_json: any(400, () => 'The request body is not valid JSON'),
  /** A body, query or parameter that does not fit its schema: its fields say what. */
  invalid_request: any(400, (_p, fields) => fields),
  body_too_large: any<{ kilobytes: number }>(413, (p) => `The request body is too large (at most ${p.kilobytes} KB)`),
  bad_address: any(400, () => 'This address is not valid'),
  no_such_endpoint: any<{ method: string; path: string }>(404, (p) => `No such API endpoint: ${p.method} ${p.path}`),
  not_found: any(404, () => 'Not found'),
  busy: any(503, () => 'We are busy right now. Please try again in a few seconds.'),
  server_error: any(500, () => 'Something went wrong on our side. Please try again.'),
  banking_unreadable: any(500, () => 'The banking details of this agreement cannot be read right now. Please contact us; your agreement is safe.'),
  idempotency_key_required: any(400, () => 'An Idempotency-Key header is required: the same key for a retry of this request, a new one for a new request'),
  idempotency_key_invalid: any(400, () => 'Idempotency-Key must be 1 to 255 visible ASCII characters'),
  too_many_requests: any<{ limit: string; seconds: number }>(429, (p) => `Too many requests (${p.limit}). ${retryIn(p.seconds)}`),

  // ─── The checkout (SPEC call 1) ───────────────────────────────────────────
  invalid_checkout_request: visitor(400, (_p, fields) => `Invalid checkout request: ${fields}`),
  return_url_off_site: visitor<{ field: 'successUrl' | 'cancelUrl'; origins: string[] }>(
    400,
    (p) => `Invalid checkout request: ${p.field} must be an address on this site (${list(p.origins)})`,
  ),
  return_url_carries_claim: visitor(400, () => 'Invalid checkout request: successUrl and cancelUrl must not carry the claim link'),
  payments_unavailable: visitor(503, () => 'Card payments are not available right now. Please contact us to book.'),
  no_such_unit: visitor<{ id: string }>(404, (p) => `No such office or service: ${p.id}`),
  not_sold_online: visitor<{ name: string }>(422, (p) => `${p.name} cannot be booked online`),
  subscription_only: visitor<{ type: string; rentalTypes: string[]; wanted: string[] }>(
    422,
    (p) => `A ${p.type} is subscribed to ${p.rentalTypes.join(' or ')} (pricing.rentalType ${p.wanted.map((t) => `"${t}"`).join(' or ')})`,
  ),
  wrong_rental_type: visitor<{ name: string; wanted: string[] }>(422, (p) => `${p.name} is rented with pricing.rentalType ${p.wanted.map((t) => `"${t}"`).join(' or ')}`),
  one_date_required: visitor<{ type: string }>(422, (p) => `A ${p.type} is booked for exactly one date (pricing.dailyBookings)`),
  dates_required: visitor(422, () => 'Choose at least one date (pricing.dailyBookings)'),
  not_a_date: visitor<{ date: string }>(400, (p) => `Not a date: ${p.date}`),
  date_not_bookable: visitor<{ date: string; refusal: DateRefusal }>(422, (p) => `${p.date} cannot be booked: ${dateRefusalText(p.refusal)}`),
  claim_link_not_for_unit: visitor(404, () => 'This claim link is not for this space. Please use the link in your e-mail.'),
  claimed_by_renting: visitor<{ name: string }>(422, (p) => `${p.name} is claimed by renting it, month to month or with a lease, not by the day.`),
  unit_unavailable: visitor<{ name: string }>(409, (p) => `${p.name} is no longer available. Join the waitlist to hear when it is.`),
  price_unavailable: visitor<{ name: string }>(422, (p) => `Unable to proceed - pricing information unavailable for ${p.name}`),
  prices_differ: visitor<{ amounts: { amount: ComparedAmount; ours: Cents; sent: Cents }[] }>(
    409,
    (p) =>
      `The prices sent do not match our prices (${p.amounts.map((a) => `${amountNames[a.amount]} is ${formatCad(a.ours)}, not ${formatCad(a.sent)}`).join('; ')}). Please reload the page and try again.`,
  ),
  day_count_differs: visitor<{ sent: number; chosen: number }>(
    409,
    (p) => `The number of days sent (${p.sent}) does not match the dates chosen (${p.chosen}). Please reload the page and try again.`,
  ),
  too_many_unpaid_holds: visitor<{ holds: number; minutes: number }>(
    429,
    (p) => `You already have ${p.holds} bookings waiting for payment. Finish paying for one of them, or try again in ${p.minutes} ${p.minutes === 1 ? 'minute' : 'minutes'}.`,
  ),
  claim_ended: visitor<{ name: string }>(409, (p) => `This offer of ${p.name} has ended, so it can no longer be claimed. You can join the waitlist again.`),
  already_booked: visitor<{ name: string; dates: string[] }>(
    409,
    (p) => `${p.name} is already booked${p.dates.length > 0 ? ` on ${list(p.dates)}` : ''}. Please choose ${p.dates.length > 0 ? 'another date' : 'another space'}.`,
  ),
  payment_page_failed: visitor(502, () => 'The payment page could not be opened. Please try again in a moment.'),
  webhook_refused: machine<{ reason: string }>(400, (p) => `Webhook refused: ${p.reason}`),
  test_checkout_disabled: machine(404, () => 'The test checkout is not enabled on this server'),

  // ─── Availability (SPEC call 2) ───────────────────────────────────────────
  invalid_availability_query: visitor(400, (_p, fields) => `Invalid availability query: ${fields}`),
  availability_dates_invalid: visitor(400, () => 'startDate and endDate must be real dates (YYYY-MM-DD)'),
  availability_range_backwards: visitor(400, () => 'endDate must not be before startDate'),
  availability_range_too_long: visitor(400, () => 'Ask for at most two months at a time'),
  no_such_unit_or_room: visitor<{ id: string }>(404, (p) => `No such office or room: ${p.id}`),

  // ─── An order by its checkout session (the success page) ──────────────────
  not_a_session_id: visitor(400, () => 'Not a checkout session id'),
  no_order_for_session: visitor(404, () => 'No order for this checkout session'),
  receipt_not_ready: visitor(409, () => 'This order has no receipt yet: it is not paid. Reload the page in a moment.'),

  // ─── A booking's manage link, and staff cancelling days ───────────────────
  booking_not_found: visitor(404, () => bookingNotFoundMessage),
  too_many_booking_lookups: visitor<{ seconds: number }>(429, (p) => `Too many booking lookups. ${retryIn(p.seconds)}`),
  no_credit_note: visitor(404, () => 'No such credit note for this booking'),
  no_booking: any(422, () => 'No such booking'),
  cancel_key_reused: any(422, () => 'This Idempotency-Key was used to cancel other days: send a new key for a new request.'),
  order_never_paid: any(409, () => 'This order was never paid: nothing is booked.'),
  paid_after_taken: any(409, () => 'This payment arrived after the booking had gone to someone else: nothing was booked, and it is refunded in full.'),
  rental_not_cancelled: any(409, () => 'A rental is not cancelled: give notice instead, and it ends at the end of the notice period.'),
  lease_not_cancelled_online: any(409, () => `A 12-month lease cannot be cancelled online. ${contactUs}`),
  days_not_in_booking: any<{ dates: string[] }>(422, (p) => `This booking is not for ${list(p.dates)}.`),
  /** Every day asked for is cancelled already. */
  already_cancelled: any<{ dates: string[] }>(409, (p) => (p.dates.length === 1 ? `${p.dates[0]} is already cancelled.` : 'These days are already cancelled.')),
  /** Some of the days asked for are cancelled already: `dates` are those. */
  some_already_cancelled: any<{ dates: string[] }>(409, (p) => `${list(p.dates)} ${p.dates.length === 1 ? 'is' : 'are'} already cancelled.`),
  too_late_to_cancel: any<{ dates: string[]; hours: number }>(
    409,
    (p) => `${list(p.dates)} can no longer be cancelled: a day can be cancelled for a refund until ${p.hours} hours before it opens. ${contactUs}`,
  ),
  notice_already_given: any<{ givenOn: string; endsOn: string }>(409, (p) => `Notice was already given on ${p.givenOn}: the rental ends on ${p.endsOn}.`),
  not_an_active_rental: any(409, () => 'This order is not an active rental.'),
  day_not_given_notice: any(409, () => 'A booked day is cancelled, not given notice.'),
  lease_not_ended_online: any(409, () => `A 12-month lease cannot be ended online. ${contactUs}`),

  // ─── A rental's invoices: Pay now, Change card (and staff's Record a payment) ─────
  not_a_rental: any(409, () => 'This booking is not a rental: it has no invoices or card on file.'),
  no_invoice: any<{ number: string }>(404, (p) => `This rental has no invoice ${p.number}.`),
  invoice_already_paid: any<{ number: string }>(409, (p) => `Invoice ${p.number} is already paid: nothing is owed on it.`),
  invoice_payment_in_progress: any(409, () => 'A payment of this invoice is under way. Try again in a few minutes.'),
  rental_has_ended: any(409, () => `This rental has ended: its card is no longer used. ${contactUs}`),
  lease_changes_by_contract: any(409, () => `A lease is paid by its pre-authorized debits and changed or ended as its contract says, not here. ${contactUs}`),

  // ─── The waitlist and its links ───────────────────────────────────────────
  /** `problem` is the waitlist's own code (waitlist-rules.ts), which the form words by field. */
  waitlist_entry_refused: visitor<{ problem: WaitlistProblem }>(400, (p) => waitlistProblemEn[p.problem]),
  idempotency_key_conflict: visitor(422, () => 'This Idempotency-Key was already used for a different waitlist entry'),
  waitlist_link_invalid: visitor(404, () => 'This waitlist link is not valid. Please check that you copied the whole link from the e-mail.'),
  too_many_waitlist_link_lookups: visitor<{ seconds: number }>(429, (p) => `Too many waitlist link lookups. ${retryIn(p.seconds)}`),
  waitlist_offer_claimed: visitor(409, () => 'This offer was already claimed.'),
  waitlist_offer_ended: visitor(409, () => 'This offer has already ended.'),

  // ─── Lease offers (SPEC calls 5 to 9: the lease flow shows SPEC's own texts) ─
  lease_offer_not_found: any(404, () => 'Lease offer not found'),
  lease_offer_expired: machine(410, () => 'This lease offer has expired. Please contact us for assistance.'),
  too_many_lease_lookups: machine<{ seconds: number }>(429, (p) => `Too many lease offer lookups. ${retryIn(p.seconds)}`),
  too_many_offer_requests: machine<{ seconds: number }>(429, (p) => `Too many requests for this lease offer. ${retryIn(p.seconds)}`),
  lease_already_signed: machine(409, () => 'This agreement has already been signed'),
  lease_info_missing: machine(409, () => 'Submit the company information before signing'),
  lease_unit_retired: machine(409, () => 'An office in this offer is no longer offered, so it cannot be signed. Please contact us for a new offer.'),
  lease_unit_taken: machine(409, () => 'An office in this offer has been rented in the meantime, so it cannot be signed. Our team has been told and will contact you.'),
  lease_not_signed: machine(409, () => 'The agreement can be downloaded once it has been signed'),
  language_invalid: machine(400, () => 'language must be en or fr'),
  /** SPEC §5's texts of the signing checks; `problem` is banking.ts's SigningProblem. */
  signing_refused: machine<{ problem: SigningProblem }>(400, (p) => signingProblemMessages[p.problem]),
  /** SPEC §5 'Lease info': company, contact or phone left empty. */
  company_information_required: machine(400, () => 'Please fill in all required fields'),

  // ─── Staff: signing in, accounts ──────────────────────────────────────────
  admin_token_invalid: staff(401, () => 'A valid admin token is required'),
  metrics_token_invalid: machine(401, () => 'A valid metrics token is required'),
  sign_in_required: staff(401, () => 'Please sign in to continue'),
  wrong_origin: staff(403, () => 'This request must come from the staff console'),
  managers_only: staff(403, () => 'Only a manager can do this. Ask a manager of the space.'),
  /** GET /admin-api/backup on a server whose data is in PostgreSQL, which its own tools back up. */
  backup_use_pg_dump: machine(409, () => 'This server keeps its data in PostgreSQL: back it up with pg_dump -Fc (the README’s Backups section says how).'),
  pad_not_configured: staff(409, () => 'PAD files cannot be made until the PAD_* settings are given (the bank’s originator id, names, data centre and return account).'),
  pad_date_not_business_day: staff<{ date: string; next: string }>(400, (p) => `${p.date} is not a business day of the banks: choose ${p.next}.`),
  pad_date_past: staff<{ date: string }>(400, (p) => `${p.date} has passed: a debit is made on a later day.`),
  pad_nothing_ready: staff<{ reason: 'nothing_due' | 'due_later'; until: string | null }>(409, (p) =>
    p.reason === 'nothing_due' || p.until === null ? 'No PAD debit is due: no file was made.' : `No PAD debit is due by that date: the next is due on ${p.until} (its notice runs until then). No file was made.`,
  ),
  no_pad_file: staff(404, () => 'There is no such PAD file.'),
  pad_file_unreadable: staff(409, () => 'This PAD file was sealed under a key that is no longer in BANKING_KEYS, so it cannot be opened.'),
  /** A voided file is never downloaded (for the bank) nor voided again. */
  pad_file_voided: staff<{ number: number; by: string }>(409, (p) => `PAD file no. ${p.number} was voided by ${p.by}: it is not to be sent to the bank, and its debits go in the next file.`),
  /** Some debit of the file is past settlement (treated as paid) or returned: the file has done its work. */
  pad_file_settled: staff<{ number: number; invoices: string[] }>(409, (p) =>
    `PAD file no. ${p.number} cannot be voided: the debits of ${list(p.invoices)} are already treated as paid or returned. Record a return on each invoice the bank sent back instead.`,
  ),
  pad_no_debit: staff<{ number: string }>(409, (p) => `Invoice ${p.number} has no PAD debit to return: none was put in a file.`),
  pad_returned_with_another_code: staff<{ number: string; code: string }>(409, (p) => `The debit of invoice ${p.number} is already recorded as returned, with code ${p.code}.`),
  not_a_pad_tenancy: staff(409, () => 'This rental is not paid by pre-authorized debit.'),
  pad_return_file_invalid: staff<{ record: number; fault: PadReturnFileFault; found: string }>(400, (p) => `This is not a return file the server can read: ${padReturnFileFaultEn(p)}`),
  no_deposit: staff(404, () => 'This rental has no such deposit.'),
  deposit_already_returned: staff(409, () => 'This deposit was already returned.'),
  deposit_not_collected: staff(409, () => 'This deposit was never collected (its invoice is not paid), so there is nothing to return.'),
  deposit_more_than_held: staff<{ cents: Cents }>(400, (p) => `At most ${formatCad(p.cents, 'en')} can be returned: the deposit held.`),
  revocation_in_future: staff<{ date: string }>(400, (p) => `${p.date} has not come yet: record a revocation once it has been received.`),
  wrong_sign_in: staff(401, () => 'The e-mail or password is not right.'),
  /** A sign-in with no password (or one longer than any password): said as a wrong one, before any account is looked up. */
  sign_in_incomplete: staff(400, () => 'The e-mail or password is not right.'),
  too_many_sign_ins: staff<{ seconds: number }>(429, (p) => `Too many sign-in attempts. ${retryIn(p.seconds)}`),
  too_many_attempts: staff<{ seconds: number }>(429, (p) => `Too many attempts. ${retryIn(p.seconds)}`),
  set_password_link_used: staff(410, () => 'This link has expired or was already used. Ask for a new one.'),
  staff_email_taken: staff<{ email: string }>(409, (p) => `${p.email} already has an account`),
  not_a_staff_account: staff(400, () => 'Not an account id or e-mail'),
  no_staff_account: staff(404, () => 'No such staff account'),
  staff_account_disabled: staff(409, () => 'This account is disabled: it gets no set-password link'),

  // ─── Staff lists ──────────────────────────────────────────────────────────
  invalid_cursor: staff(400, () => 'cursor is not one this server gave'),
  invalid_limit: staff(400, () => 'limit must be a whole number from 1 to 1000'),
  invalid_status: staff<{ statuses: readonly string[] }>(400, (p) => `status must be one of ${list(p.statuses)}`),
  invalid_order_list: staff<{ statuses: readonly string[] }>(400, (p) => `status must be one of ${list(p.statuses)}; limit a whole number from 1 to 1000`),

  // ─── Staff: orders ────────────────────────────────────────────────────────
  not_an_order_id: staff(400, () => 'Not an order id'),
  no_order: staff<{ id: string }>(404, (p) => `No order ${p.id}`),
  // Rentals (staff-rentals.ts): the rental, its invoices, and what staff do with them.
  invalid_rental_list: staff(400, () => 'state must be one of overdue, active, ending, ended; limit a whole number from 1 to 1000'),
  not_a_rental_id: staff(400, () => 'Not a rental id'),
  no_rental: staff(404, () => 'No such rental'),
  not_an_invoice_number: staff(400, () => 'Not an invoice number (such as F-2026-000001)'),
  // no_invoice, invoice_already_paid and invoice_payment_in_progress: with the manage link's problems above (audience 'any').
  no_card_on_file: staff(409, () => 'This rental has no card on file to charge: record a payment, or ask the customer to pay from their e-mail.'),
  staff_key_reused: staff(422, () => 'This Idempotency-Key was already used for a different request'),
  rental_has_no_order: staff(409, () => 'This rental was not bought at checkout, so it cannot be ended under the notice policy here.'),
  rental_already_ended: staff(409, () => 'This rental has already ended.'),
  tenancy_not_begun: staff<{ startsOn: string }>(409, (p) => `This tenancy begins on ${p.startsOn}: its last day can be ${p.startsOn} or later.`),
  tenancy_end_set: staff<{ endsOn: string }>(409, (p) => `This tenancy already ends on ${p.endsOn}: to end it sooner, end it at once.`),
  rental_in_first_period: staff<{ paidThrough: string }>(409, (p) => `This rental is still in the days its checkout paid for (to ${p.paidThrough}): end it under the notice policy instead.`),
  order_has_no_receipt: staff(409, () => 'This order has no receipt: it is not paid.'),

  // ─── Staff: units ─────────────────────────────────────────────────────────
  not_a_unit_id: staff(400, () => 'Not a unit id'),
  no_unit: staff<{ id: number }>(404, (p) => `No unit ${p.id}`),
  nothing_to_change: staff(400, () => 'Send at least one field to change'),
  /** Another unit answers to the code: the field says which code and which unit. */
  unit_code_taken: staff(409, (_p, fields) => fields),
  unit_already_retired: staff(409, () => 'This unit is already retired'),

  // ─── Staff: the waitlist ──────────────────────────────────────────────────
  not_a_waitlist_entry_id: staff(400, () => 'Not a waitlist entry id'),
  no_waitlist_entry: staff<{ id: number }>(404, (p) => `No waitlist entry ${p.id}`),
  unit_not_offerable: staff(409, () => 'This unit cannot be offered to its waitlist'),
  unit_already_offered: staff<{ entry: number; until: string }>(409, (p) => `This unit is already offered to entry ${p.entry} until ${p.until}`),
  nobody_waiting: staff(409, () => 'Nobody is waiting for this unit'),
  entry_not_on_unit_waitlist: staff<{ entry: number }>(422, (p) => `Entry ${p.entry} is not on the waitlist for this unit`),
  entry_not_on_waitlist_of: staff<{ entry: number; unit: number }>(422, (p) => `Entry ${p.entry} is not on the waitlist for unit ${p.unit}`),
  entry_left: staff<{ entry: number }>(409, (p) => `Entry ${p.entry} left the waitlist`),
  entry_claimed: staff<{ entry: number }>(409, (p) => `Entry ${p.entry} already claimed a unit`),
  unit_taken: staff(409, () => 'A booking takes this unit: it cannot be offered'),
  entry_no_longer_waiting: staff<{ entry: number }>(409, (p) => `Entry ${p.entry} is no longer waiting`),
  entry_not_waiting: staff<{ entry: number; status: string }>(409, (p) => `Entry ${p.entry} is not waiting for this unit (${p.status})`),
  offers_already_paused: staff(409, () => 'Offers are already paused for this unit'),
  offers_not_paused: staff(409, () => 'Offers are not paused for this unit'),

  // ─── Staff: lease offers ──────────────────────────────────────────────────
  not_an_offer_number: staff(400, () => 'Not an offer number'),
  signed_offer_cannot_expire: staff(409, () => 'A signed offer cannot be expired'),
  offer_signed_nothing_to_resend: staff(409, () => 'This offer is signed: there is nothing to resend'),
  offer_expired_create_new: staff(409, () => 'This offer has expired: create a new one'),
  invitation_being_sent: staff(409, () => 'The invitation is being sent right now: try again in a few minutes'),

  // ─── Staff: the mail outbox ───────────────────────────────────────────────
  not_a_message_id: staff(400, () => 'Not a message id'),
  no_message: staff<{ id: string }>(404, (p) => `No message ${p.id}`),
  message_already_sent: staff(409, () => 'This message was already sent'),
  message_being_sent: staff(409, () => 'This message is being sent right now'),
} as const;

export type ProblemCode = keyof typeof problems;
export type ProblemParams<C extends ProblemCode> = (typeof problems)[C] extends ProblemDef<infer P> ? P : never;
type CodesFor<A extends Audience> = { [C in ProblemCode]: (typeof problems)[C]['audience'] extends A | 'any' ? C : never }[ProblemCode];
/** The codes the PWA words itself. */
export type VisitorProblemCode = CodesFor<'visitor'>;
/** The codes the staff console words itself. */
export type StaffProblemCode = CodesFor<'staff'>;

/**
 * What a field of a body, a query or a path is refused for. The shared schemas' messages are
 * these codes, never prose, so a form that checks with the same schema words the same code; a
 * check that names no code (zod's own) is reported by zod's issue code, with zod's English.
 */
export const fieldProblems = {
  control_characters: () => 'must not contain control characters',
  too_long: (p: { maximum: number }) => `must be at most ${p.maximum} characters`,
  at_most_chars: (p: { maximum: number }) => `At most ${p.maximum} characters`,
  at_least: (p: { minimum: number }) => `At least ${p.minimum}`,
  at_most: (p: { maximum: number }) => `At most ${p.maximum}`,
  date_format: () => 'Expected a date as YYYY-MM-DD',
  month_format: () => 'Expected a month as YYYY-MM',
  range_needs_both: () => 'Give both from and to, or neither (the last whole month)',
  range_backwards: () => 'must not be before from',
  range_too_long: () => 'A range covers at most three years',
  book_product: () => `Expected one of ${list(productNames)} or returned_debit_fee`,
  book_document_kind: () => 'Expected receipt, invoice or credit_note',
  money_kind: () => 'Expected card, pad, recorded, returned or refund',
  lang: () => 'Expected en or fr',
  unit_code: () => 'must be a unit code such as OFF-101',
  unit_codes: () => 'must be unit codes such as OFF-101',
  unit_code_format: () => 'Use letters, digits, dots, dashes or underscores, such as OFF-101',
  unit_code_reserved: () => `${dayPassOfficeId} and plain numbers mean something else at checkout: use a code such as OFF-101`,
  name_required: () => 'A name is required',
  type_required: () => 'Choose a type',
  whole_number: () => 'Expected a whole number',
  amount_format: () => 'Expected an amount such as 1200 or 1200.50',
  amount_negative: () => 'Amounts cannot be negative',
  amount_too_large: () => 'Amounts above 1,000,000 are refused',
  amount_decimals: () => 'Amounts have at most two decimals',
  email_invalid: () => 'A valid e-mail address is required',
  email_too_long: () => 'An e-mail address has at most 254 characters',
  password_required: () => 'A password is required',
  password_too_short: (p: { minimum: number }) => `The password needs at least ${p.minimum} characters`,
  password_too_long: (p: { maximum: number }) => `The password has at most ${p.maximum} characters`,
  sign_in_wrong: () => 'The e-mail or password is not right',
  link_incomplete: () => 'This link is not complete',
  claim_token: () => 'waitlistOffer must be the token of a claim link',
  units_required: () => 'At least one office is required',
  entry_number: () => 'Expected an entry number',
  unit_number: () => 'Expected a unit number',
  product: () => `Expected one of ${list(productNames)}`,
  days_required: () => 'Choose at least one day',
  days_to_cancel: () => 'choose at least one day to cancel',
  required_fields: () => 'Please fill in all required fields',
  province: () => 'Choose a Canadian province or territory',
  lease_term_whole: () => 'lease_term_months must be a whole number',
  move_in_fee_required: () => 'move_in_fee_amount is required when move_in_fee_type is fixed_amount',
  buyer_name: () => 'name',
  buyer_email: () => 'email',
  unknown_units: (p: { codes: readonly string[] }) => `no such office: ${list(p.codes)}`,
  retired_units: (p: { codes: readonly string[] }) => `retired, no longer offered: ${list(p.codes)}`,
  rate_required: () => 'required when an office has no list price',
  in_future: () => 'must be in the future',
  within_days: (p: { days: number }) => `must be within ${p.days} days`,
  end_not_before_today: (p: { today: string }) => `must be today (${p.today}) or later`,
  end_not_for_card: () => 'only for a tenancy: a card rental ends under its notice policy',
  not_before_today: (p: { today: string }) => `must be today (${p.today}) or later: a lease is signed by its start date`,
  code_taken: (p: { code: string }) => `${p.code} is already the code of another unit`,
  service_code_taken: (p: { code: string; unit: string }) => `${p.code} is already the service code of unit ${p.unit}`,
} as const;

/** zod's own issue codes, for a check that names none of ours: their English is zod's message. */
export const schemaIssueCodes = [
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
] as const;
export type SchemaIssueCode = (typeof schemaIssueCodes)[number];

export type NamedFieldProblemCode = keyof typeof fieldProblems;
export type FieldProblemCode = NamedFieldProblemCode | SchemaIssueCode;
type FieldParams<C extends FieldProblemCode> = C extends NamedFieldProblemCode ? Parameters<(typeof fieldProblems)[C]>[0] : { message: string };

/** One field's problem as the API lists it: its path ('office_ids', 'banking.transit_number'; '' for the whole body), its code and the code's values. */
export type FieldProblem = { [C in FieldProblemCode]: { path: string; code: C; params?: FieldParams<C> } }[FieldProblemCode];

export function isNamedFieldProblem(code: string): code is NamedFieldProblemCode {
  return Object.hasOwn(fieldProblems, code);
}

/** A field problem's English: its code's text, or zod's message for a check of zod's own. */
export function fieldProblemText(problem: FieldProblem): string {
  if (isNamedFieldProblem(problem.code)) return (fieldProblems[problem.code] as (p: unknown) => string)(problem.params);
  return (problem.params as { message?: string } | undefined)?.message ?? problem.code;
}

/** 'name: A name is required; office_ids: At least one office is required' (five at most, as one line of an answer). */
export function fieldsText(fields: readonly FieldProblem[]): string {
  return fields
    .slice(0, 5)
    .map((f) => (f.path ? `${f.path}: ${fieldProblemText(f)}` : fieldProblemText(f)))
    .join('; ');
}

/** A problem as the server answers it. */
export type Problem = { [C in ProblemCode]: { code: C; params: ProblemParams<C>; fields?: readonly FieldProblem[] } }[ProblemCode];

/** A problem of `code`, with the values its text needs (none for most). */
export function problem<C extends ProblemCode>(code: C, ...params: ProblemParams<C> extends undefined ? [] : [ProblemParams<C>]): Problem {
  return { code, params: params[0] } as Problem;
}

/** A problem that lists its fields (invalid_request and its kin). */
export function fieldsProblem(code: 'invalid_request' | 'invalid_checkout_request' | 'invalid_availability_query' | 'unit_code_taken', fields: readonly FieldProblem[]): Problem {
  return { code, params: undefined, fields };
}

export function problemStatus(p: Problem): Status {
  return problems[p.code].status;
}

/** The English `error` of a problem. */
export function problemText(p: Problem): string {
  return (problems[p.code].en as (params: unknown, fields: string) => string)(p.params, fieldsText(p.fields ?? []));
}

/** Facts about the space that the server's texts and the PWA must agree on. */
export const site = {
  productName: 'Espace Cowork Montréal',
  shortName: 'Cowork MTL',
  email: 'hello@espacecowork.ca',
  adminEmail: 'admin@espacecowork.ca',
  phone: '+1 514-555-0142',
  phoneDisplay: '(514) 555-0142',
  tourBookingUrl: 'https://calendly.com/espacecowork/visit',
  mainSiteUrl: 'https://espacecowork.ca',
  /**
   * The space's IANA time-zone id: every computation of time at the space reads it, with the
   * time-zone database, through src/shared/domain/zoned-time.ts (the inventory's first-paint fast
   * path in time.ts is pinned to that module by a unit test).
   */
  timeZone: 'America/Toronto',
  currency: 'CAD',
  /** Factor applied to the list price of an available dedicated office (the limited-time offer). */
  listDiscountFactor: 0.8,
  floorPlanPath: '/floor-plan.svg',
  accessCodes: [
    { label: { en: 'Main entrance', fr: 'Entrée principale' }, code: '4827#' },
    { label: { en: 'Floor 3 door', fr: 'Porte du 3e étage' }, code: '1593*' },
  ],
  wifi: { network: 'Cowork-Members', password: 'welcome-2026' },
  /** Who runs the space day to day; staff messages go to this address, in this language. */
  operations: { name: 'Marie-Ève Tremblay', email: 'operations@espacecowork.ca', phone: '(514) 555-0199', language: 'fr' },
  address: '1250 rue Sainte-Catherine Ouest, Montréal, QC H3G 1P1',
  /** The seller named on receipts and invoices. */
  legalName: 'Espace Cowork Montréal inc.',
  /**
   * The cancellation policy's numbers (its rules are src/shared/domain/cancellation.ts): a room, a
   * day pass or an office day is cancelled free, refunded in full, until this many hours before
   * the day's opening hour, as the clock at the space reads them.
   */
  cancellation: { freeUntilHoursBeforeOpening: 24 },
  /**
   * A freed unit is offered to the oldest waitlist entry that names it, held for that person for
   * this many hours (its claim window), then offered to the next (waitlist-offers.ts).
   */
  /**
   * A rental's monthly invoice is charged to the card on file on its billing day; a payment that
   * fails is tried again this many days after that first try, each time with an e-mail, and after
   * the last try staff are told and the rental shows as overdue (src/shared/domain/billing.ts).
   */
  billing: { retryAfterDays: [3, 7] },
  /**
   * A lease's pre-authorized debits (the contract's sections 7 to 11, Payments Canada Rule H1):
   * a debit whose amount or date differs from the agreement is announced this many calendar days
   * before it; a month's invoice is issued on this day of the month before, due on the 1st; a
   * debit counts as paid once this many business days have passed without a return; tenant and
   * staff hear of the term's end this many days before it; a debit the payer's bank refused costs
   * the contract's handling fee (section 3), not taxed.
   */
  pad: { noticeDays: 10, monthlyInvoiceDay: 20, settlementBusinessDays: 5, termEndNoticeDays: 60, returnedDebitFeeCents: 2500 },
  /**
   * The days the banks in Quebec do not process payments (Payments Canada's non-processing days
   * and Quebec's statutory holidays, each as observed when it falls on a weekend): a debit due on
   * one of them, or on a weekend, is made the next business day. Keep a year ahead.
   */
  bankHolidays: [
    '2026-01-01', '2026-04-03', '2026-05-18', '2026-06-24', '2026-07-01', '2026-09-07', '2026-09-30', '2026-10-12', '2026-11-11', '2026-12-25', '2026-12-28',
    '2027-01-01', '2027-03-26', '2027-05-24', '2027-06-24', '2027-07-01', '2027-09-06', '2027-09-30', '2027-10-11', '2027-11-11', '2027-12-27', '2027-12-28',
    '2028-01-03', '2028-04-14', '2028-05-22', '2028-06-26', '2028-07-03', '2028-09-04', '2028-10-02', '2028-10-09', '2028-11-13', '2028-12-25', '2028-12-26',
  ],
  waitlist: { claimWindowHours: { dedicated_office: 48, assigned_desk: 24, hotdesk: 24, parking_spot: 24 } },
  /**
   * Quebec's sales taxes (commercial rentals are taxable supplies). Each rate is in thousandths of
   * a percent, so that 9.975% is an integer; QST is charged on the price before GST. Which lines
   * are taxable is said in pricing.ts. `enabled: false` is for a business under the
   * small-supplier threshold: no tax is charged or shown.
   */
  taxes: {
    enabled: true,
    gst: { rateThousandthsOfPercent: 5_000, registrationNumber: '723456789 RT0001' },
    qst: { rateThousandthsOfPercent: 9_975, registrationNumber: '1223456789 TQ0001' },
  },
} as const;

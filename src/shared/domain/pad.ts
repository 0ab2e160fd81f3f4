import { site } from '../site.ts';
import { addDays, weekday, type IsoDate } from './time.ts';

/*
 * When a lease's pre-authorized debits are made (the contract's sections 7 to 11): on business
 * days of the banks in Quebec, after the notice Payments Canada's Rule H1 asks for whenever a
 * debit's amount or date is not the agreement's fixed monthly one.
 */

const holidays = new Set<string>(site.bankHolidays);

/** A day the banks process payments: not a weekend, not one of site.bankHolidays. */
export function isBusinessDay(date: IsoDate): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !holidays.has(date);
}

/** `date` when it is a business day, else the next one: a debit due on a weekend or a holiday is made then. */
export function businessDayOnOrAfter(date: IsoDate): IsoDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** `days` business days after `date` (a debit's settlement window). */
export function addBusinessDays(date: IsoDate, days: number): IsoDate {
  let day = date;
  for (let left = days; left > 0; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left--;
  }
  return day;
}

/** The earliest day a debit announced on `noticeDay` may be made: the notice's days run first (Rule H1). */
export function earliestNoticedDebit(noticeDay: IsoDate): IsoDate {
  return businessDayOnOrAfter(addDays(noticeDay, site.pad.noticeDays));
}

/** The day a month's invoice of a PAD tenancy is issued: the monthlyInvoiceDay of the month before the period's 1st. */
export function padInvoiceDay(periodStart: IsoDate): IsoDate {
  const year = Number(periodStart.slice(0, 4));
  const month = Number(periodStart.slice(5, 7));
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  return `${y}-${String(m).padStart(2, '0')}-${String(site.pad.monthlyInvoiceDay).padStart(2, '0')}`;
}

/**
 * The latest period start whose PAD invoice is due by `today`: a month's invoice is issued on the
 * monthlyInvoiceDay of the month before, so from that day on the next month's 1st is due too.
 */
export function padInvoiceHorizon(today: IsoDate): IsoDate {
  if (Number(today.slice(8, 10)) < site.pad.monthlyInvoiceDay) return today;
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [y, m] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${y}-${String(m).padStart(2, '0')}-01`;
}

/**
 * When an invoice of a PAD tenancy is debited: on its period's first business day when it bills
 * the agreement's fixed monthly amount for a whole month (the contract waives notice of those);
 * any other amount (a prorated month, a changed rate) is announced by its invoice's e-mail, and
 * made once that notice has run too. `noticed` says whether the e-mail is that notice.
 *
 * No debit of a tenancy comes before `firstDebitOn`, the day its initial debit was announced for
 * (the signed e-mail, or an adopted tenancy's first invoice): a month whose 1st falls before it
 * (a lease signed after the 20th, its next month invoiced the same day) is a debit on another date
 * than the agreement's, so its e-mail is its notice, and it is made that day (later only if the
 * invoice was issued after the signing day, as its own notice must run too). Absent for a month
 * invoiced on its 20th (billing.ts nextMonthlyDebit): the initial debit has come by then.
 */
export function padDebitDay(periodStart: IsoDate, fixedAmount: boolean, issuedOn: IsoDate, firstDebitOn?: IsoDate): { on: IsoDate; noticed: boolean } {
  const first = businessDayOnOrAfter(periodStart);
  if (fixedAmount && (firstDebitOn === undefined || first >= firstDebitOn)) return { on: first, noticed: false };
  const noticed = earliestNoticedDebit(issuedOn);
  return { on: noticed > first ? noticed : first, noticed: true };
}

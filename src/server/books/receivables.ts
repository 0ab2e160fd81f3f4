import { sql } from 'kysely';
import { ageBucketOf, ageBuckets, type Receivable } from '../../shared/contract/books.ts';
import { nextTryOn, triesPerInvoice } from '../../shared/domain/billing.ts';
import { daysBetween, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { owedSql, padDebitOnSql } from '../billing/invoice-records.ts';
import { debitLeftSql } from '../billing/pad-files.ts';
import { chargedToCardSql, failedScheduledTriesSql, firstScheduledTrySql } from '../billing/card-charges.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { spaceDayOf, spaceDaySql } from './ledger.ts';

/*
 * Who owes what today: every invoice with something still owed (owedSql: its total less its
 * payments that stand and its credit notes), aged by the days since it fell due (its PAD debit
 * date, else the day it was issued), with the last message that asked for the money and the next
 * automatic try.
 */

/** The messages that ask a customer to pay an invoice they owe. */
const reminderKinds = ['invoice_payment_failed', 'pad_debit_returned'];

interface Row {
  invoice: string;
  rental_id: string;
  customer: string;
  email: string;
  unit_name: string;
  pays_by: 'card' | 'pad';
  has_card: boolean;
  issued_on: string;
  due_on: string;
  total_cents: number;
  owed_cents: number;
  reminder_kind: string | null;
  reminder_at: string | null;
  failed_tries: number;
  first_try_on: string | null;
  /** A tenancy's next debit, by the PAD file's own rule: its day, and whether one is left and the agreement still debits then. */
  debit_on: string | null;
  debit_left: boolean;
  pad_last_debit_on: string | null;
}

export async function receivables(db: Db, now: Date): Promise<{ on: IsoDate; receivables: Receivable[]; totals: { age: (typeof ageBuckets)[number]; invoices: number; owed_cents: number }[]; owed_cents: number }> {
  const today = spaceToday(now);
  // What each invoice owes first (owedSql), so that the reminders and tries are read for the invoices that owe something only.
  const found = await sql<Row>`
    with owing as materialized (
      select i.id, i.number, i.rental_id, i.issued_at, i.due_on, i.total_cents, ${owedSql('i')} as owed_cents from invoices i
    )
    select i.number as invoice, r.id as rental_id, r.customer_name as customer, r.customer_email as email, r.unit_name, r.pays_by,
      -- Whether the round charges it: the round's own rule, read from the same fragment.
      ${chargedToCardSql('r', 'i')} as has_card,
      ${spaceDaySql('i.issued_at')} as issued_on,
      -- A debit whose amount a credit note changed falls due with its notice (pad_debit_notices).
      coalesce(greatest(i.due_on, n.debit_on)::text, ${spaceDaySql('i.issued_at')}) as due_on,
      i.total_cents, i.owed_cents,
      m.kind as reminder_kind, ${utcInstantText<string | null>('m.at', 's')} as reminder_at,
      ${failedScheduledTriesSql('i')} as failed_tries,
      ${spaceDayOf(firstScheduledTrySql('i'))} as first_try_on,
      ${padDebitOnSql} as debit_on, ${debitLeftSql} as debit_left, r.pad_last_debit_on::text as pad_last_debit_on
    from owing i
    join rentals r on r.id = i.rental_id
    left join pad_redebits rd on rd.invoice_id = i.id
    left join pad_debit_notices n on n.invoice_id = i.id
    left join lateral (
      select o.kind, coalesce(o.sent_at, o.created_at) as at from outbox o
      where o.subject_ids->>'invoiceId' = i.id and o.kind in (${sql.join(reminderKinds)})
      order by o.created_at desc limit 1
    ) m on true
    where i.owed_cents > 0
    order by due_on, invoice`.execute(db);
  const rows = found.rows.map((row): Receivable => {
    const daysPastDue = Math.max(0, daysBetween(row.due_on, today));
    return {
      invoice: row.invoice,
      rental_id: row.rental_id,
      customer: row.customer,
      email: row.email,
      unit_name: row.unit_name,
      issued_on: row.issued_on,
      due_on: row.due_on,
      days_past_due: daysPastDue,
      age: ageBucketOf(daysPastDue),
      total_cents: Number(row.total_cents),
      owed_cents: Number(row.owed_cents),
      pays_by: row.pays_by,
      last_reminder: row.reminder_kind && row.reminder_at ? { kind: row.reminder_kind, at: row.reminder_at } : null,
      next_try_on: nextTry(row, today),
    };
  });
  const totals = ageBuckets.map((age) => {
    const of = rows.filter((r) => r.age === age);
    return { age, invoices: of.length, owed_cents: of.reduce((sum, r) => sum + r.owed_cents, 0) };
  });
  return { on: today, receivables: rows, totals, owed_cents: rows.reduce((sum, r) => sum + r.owed_cents, 0) };
}

/** The next automatic try: a card's scheduled retry (billing.ts), a PAD re-debit, or a PAD debit not yet filed; null when none is planned. */
function nextTry(row: Row, today: IsoDate): IsoDate | null {
  if (row.pays_by === 'pad') {
    const planned = row.debit_left && row.debit_on !== null && row.debit_on >= today && (row.pad_last_debit_on === null || row.debit_on <= row.pad_last_debit_on);
    return planned ? row.debit_on : null;
  }
  // No saved card: the customer pays with the link of their e-mail, or staff record it.
  if (!row.has_card) return null;
  if (row.first_try_on === null) return today;
  const failed = Number(row.failed_tries);
  if (failed >= triesPerInvoice) return null;
  const next = nextTryOn(row.first_try_on, failed);
  return next !== null && next < today ? today : next;
}

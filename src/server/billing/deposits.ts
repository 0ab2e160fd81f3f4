import { sql } from 'kysely';
import type { StaffDeposit } from '../../shared/contract/staff-rentals.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { owedSql } from './invoice-records.ts';

/*
 * A tenancy's deposits (security, key fob): collected with its initial invoice, held apart from
 * the sales (the invoice's deposits_cents), and returned by a manager at the end, in full or less
 * deductions with a reason. The money goes back outside the server (a cheque, a transfer): the row
 * records what went back, when and by whom, once, and the audit trail records who did it.
 */

function depositRows(db: Db) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('invoices as i', 'i.id', 'd.invoice_id')
    .select([
      'd.id',
      'd.kind',
      'd.amount_cents',
      'i.number as invoice_number',
      sql<boolean>`${owedSql('i')} <= 0`.as('collected'),
      utcInstantText<string | null>('d.returned_at', 's').as('returned_at'),
      'd.returned_cents',
      'd.deduction_reason',
      'd.returned_by',
    ])
    .orderBy('d.kind', 'desc');
}

/** A rental's deposits, security first. */
export async function depositsOf(db: Db, rentalId: string): Promise<StaffDeposit[]> {
  return depositRows(db).where('d.rental_id', '=', rentalId).execute();
}

export type DepositReturn =
  | { kind: 'returned'; deposit: StaffDeposit }
  | { kind: 'refused'; reason: 'no_deposit' | 'already_returned' | 'not_collected' | 'reason_required' }
  /** More than the deposit: what it holds. */
  | { kind: 'refused'; reason: 'more_than_held'; heldCents: number };

/** Records a deposit's return, once, under its row's lock, with `also` (the audit row) in the same transaction. */
export async function returnDeposit(
  db: Db,
  input: { rentalId: string; depositId: string; returnedCents: number; deductionReason: string | null; by: string },
  now: Date,
  also: (trx: Db, deposit: { kind: string; amountCents: number }) => Promise<void>,
): Promise<DepositReturn> {
  return db.transaction().execute(async (trx): Promise<DepositReturn> => {
    const row = await trx.selectFrom('deposits').select(['id', 'kind', 'amount_cents', 'returned_at']).where('id', '=', input.depositId).where('rental_id', '=', input.rentalId).forUpdate().executeTakeFirst();
    if (!row) return { kind: 'refused', reason: 'no_deposit' };
    if (row.returned_at) return { kind: 'refused', reason: 'already_returned' };
    if (input.returnedCents > row.amount_cents) return { kind: 'refused', reason: 'more_than_held', heldCents: row.amount_cents };
    if (input.returnedCents < row.amount_cents && !input.deductionReason) return { kind: 'refused', reason: 'reason_required' };
    const [deposit] = await depositRows(trx).where('d.id', '=', row.id).execute();
    if (!deposit!.collected) return { kind: 'refused', reason: 'not_collected' };
    await trx
      .updateTable('deposits')
      .set({ returned_at: now, returned_cents: input.returnedCents, deduction_reason: input.returnedCents < row.amount_cents ? input.deductionReason : null, returned_by: input.by })
      .where('id', '=', row.id)
      .execute();
    await also(trx, { kind: row.kind, amountCents: row.amount_cents });
    const [returned] = await depositRows(trx).where('d.id', '=', row.id).execute();
    return { kind: 'returned', deposit: returned! };
  });
}

import type { Db } from '../db/database.ts';

/*
 * The one order in which a rental's rows are locked, by every transaction that takes more than
 * one of them, so that two never wait on each other in a circle (PostgreSQL would abort one as a
 * deadlock):
 *
 *   the unit (reservations/unit-lock.ts) → the rental's invoices → the rental → its order
 *
 * Several invoices are taken in the order of their numbers, as a PAD file and its void take them.
 * - A card try, a Pay now paid and a PAD debit lock their invoice, then write the rental, then
 *   (their e-mail's manage link, manage-link.ts) the order. The card a Pay now was paid with is
 *   written on the rental before, in a statement of its own, which holds nothing else.
 * - The round issuing an invoice takes the rental (SKIP LOCKED, so it never waits), then the
 *   order (the same e-mail, a refund's key); the invoices it credits are taken SKIP LOCKED too.
 * - Notice, End at once and Change card take the rental's rows here (lockRental), in this order,
 *   before they write anything: the order after them (its row, or the manage link of their e-mail).
 * A row taken by a foreign key (an insert that names the order) counts as taking it.
 */

/** Locks a rental's invoices, then the rental; returns the invoices held (one a card try holds this moment is left to it), or undefined when there is no such rental. */
export async function lockRental(trx: Db, rentalId: string): Promise<{ invoiceIds: string[] } | undefined> {
  const invoices = await trx.selectFrom('invoices').select('id').where('rental_id', '=', rentalId).orderBy('number').forUpdate().execute();
  const rental = await trx.selectFrom('rentals').select('id').where('id', '=', rentalId).forUpdate().executeTakeFirst();
  if (!rental) return undefined;
  // An invoice issued between the two reads waited for nothing: taken now, but without waiting, as
  // its card try (invoice, then rental) may hold it and wait for the rental held here.
  const again = await takeFreeInvoices(trx, rentalId);
  return { invoiceIds: [...new Set([...invoices.map((i) => i.id), ...again])] };
}

/** The rental of an order, locked as lockRental does, before the caller takes the order's row. */
export async function lockRentalOfOrder(trx: Db, orderId: string): Promise<{ rentalId: string; invoiceIds: string[] } | undefined> {
  const rental = await trx.selectFrom('rentals').select('id').where('order_id', '=', orderId).executeTakeFirst();
  if (!rental) return undefined;
  const held = await lockRental(trx, rental.id);
  return held && { rentalId: rental.id, ...held };
}

/**
 * The invoices of a rental the caller holds already (the round, which took the rental with SKIP
 * LOCKED) that no one else holds: taken without waiting, since waiting here, after the rental,
 * would turn the order above around. One being settled this moment is left to its try.
 */
export async function takeFreeInvoices(trx: Db, rentalId: string): Promise<string[]> {
  const rows = await trx.selectFrom('invoices').select('id').where('rental_id', '=', rentalId).orderBy('number').forUpdate().skipLocked().execute();
  return rows.map((r) => r.id);
}

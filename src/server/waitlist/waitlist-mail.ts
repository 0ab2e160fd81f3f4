import { sql } from 'kysely';
import { quote, type ProductChoice, type Quote } from '../../shared/domain/pricing.ts';
import { claimProducts, isOfferable } from '../../shared/domain/waitlist-offers.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { site } from '../../shared/site.ts';
import type { Db } from '../db/database.ts';
import { enqueueMessage, type MessageData } from '../outbox/outbox.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { unitsOfEntries } from './queue.ts';

/*
 * The waitlist's messages, and what each says, gathered in the transaction that writes them:
 * an entry's acknowledgement (with the person's place in line for each unit, as it stands when
 * they join) and staff's notice, and the e-mail offering a freed unit.
 */

/** An entry and the units it chose, in the order chosen, with where its person stands for each; undefined for no such entry. */
export async function waitlistEntryData(db: Db, entryId: number): Promise<MessageData['waitlist_received'] | undefined> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select(['id', 'customer_name', 'email', 'phone', 'number_of_users', 'budget_min_cents', 'budget_max_cents', 'created_at', 'language'])
    .select(sql<string | null>`desired_start_date::text`.as('desired_start_date'))
    .where('id', '=', entryId)
    .executeTakeFirst();
  if (!row) return undefined;
  const units = await unitsOfEntries(db, [entryId]);
  return {
    entry: {
      id: row.id,
      name: row.customer_name,
      email: row.email,
      phone: row.phone,
      people: row.number_of_users,
      budget: { minCents: row.budget_min_cents, maxCents: row.budget_max_cents },
      desiredStart: row.desired_start_date,
      language: row.language,
      receivedAt: new Date(row.created_at),
    },
    units: units.map((unit) => ({ name: unit.name, place: unit.place, offered: unit.status === 'offered' })),
  };
}

/**
 * An open offer, its person and its unit, with what renting the unit costs on the day it was
 * offered, each way it can be claimed (the server's own quotes); undefined once the offer has
 * closed, when it has nothing left to offer.
 */
export async function waitlistOfferData(db: Db, offerId: string): Promise<MessageData['waitlist_offer'] | undefined> {
  const row = await db
    .selectFrom('waitlist_offers as f')
    .innerJoin('waitlist_entries as e', 'e.id', 'f.entry_id')
    .innerJoin('offices as o', 'o.id', 'f.office_id')
    .select(['f.status', 'f.offered_at', 'f.deadline_at', 'e.customer_name', 'e.email', 'o.name', 'o.service_type', 'o.location_code', 'o.seating_capacity'])
    .select(sql<string | null>`o.base_monthly_rate::text`.as('base_monthly_rate'))
    .where('f.id', '=', offerId)
    .executeTakeFirst();
  if (!row || row.status !== 'open') return undefined;
  const today = spaceToday(new Date(row.offered_at));
  const onSale = { service_type: row.service_type, base_monthly_rate: row.base_monthly_rate, is_available: true };
  const quotes = (isOfferable(row.service_type) ? claimProducts(row.service_type) : [])
    .map((product) => quote(onSale, { product } as ProductChoice, today))
    .filter((q): q is Quote => q !== null);
  return {
    person: { name: row.customer_name, email: row.email },
    unit: { name: row.name, serviceType: row.service_type, location: row.location_code, capacity: row.seating_capacity },
    deadline: new Date(row.deadline_at),
    quotes,
  };
}

/** A new entry's acknowledgement, carrying its leave link, and staff's notice of it. */
export async function tellEntryReceived(trx: Db, keyring: BankingKeyring, entryId: number, leaveToken: string, now: Date): Promise<void> {
  const data = (await waitlistEntryData(trx, entryId))!;
  const about = { waitlistEntryId: entryId };
  await enqueueMessage(trx, { kind: 'waitlist_received', to: data.entry.email, language: data.entry.language ?? 'en', about, data, secret: { keyring, text: leaveToken } }, now);
  await enqueueMessage(trx, { kind: 'staff_waitlist_entry', to: site.operations.email, language: site.operations.language, about, data }, now);
}

/** The e-mail offering a freed unit, carrying its claim and not-interested links. */
export async function tellUnitOffered(trx: Db, keyring: BankingKeyring, offerId: string, links: { claim: string; decline: string }, language: 'en' | 'fr', now: Date): Promise<void> {
  const data = (await waitlistOfferData(trx, offerId))!;
  await enqueueMessage(trx, { kind: 'waitlist_offer', to: data.person.email, language, about: { waitlistOfferId: offerId }, data, secret: { keyring, text: JSON.stringify(links) } }, now);
}

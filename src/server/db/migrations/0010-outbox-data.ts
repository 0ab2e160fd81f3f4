import { sql, type Kysely } from 'kysely';

/**
 * A message carries what it says (issue 30): the domain that writes it stores the facts, so a
 * template renders them and reads nothing. The ids stay in subject_ids, which is what a deletion
 * on request finds a person's messages by. Rows written before have no data: they are rendered
 * from their ids, as they were (messages/earlier-rows.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column data jsonb`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * A PAD file voided (issue 46): a file the bank rejected whole, or that was never sent, is set
 * aside by a manager before its debits are treated as paid, with the reason, who and when; its
 * debits are closed as failed ('pad_file_voided') and filed again. The three columns come
 * together or not at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table pad_files
    add column voided_at timestamptz,
    add column voided_by text,
    add column void_reason text,
    add constraint pad_files_void_whole check ((voided_at is null) = (voided_by is null) and (voided_at is null) = (void_reason is null))`.execute(db);
}

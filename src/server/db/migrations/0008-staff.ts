import { sql, type Kysely } from 'kysely';

/**
 * The staff console, where staff run the space from a browser:
 * - staff accounts sign in with an e-mail and a password (scrypt, parameters kept in the hash);
 *   an account made from the command line may instead get a one-time set-password link, kept
 *   as its hash;
 * - sessions are server-side rows looked up by the hash of the cookie's value, ended at
 *   sign-out, on disabling the account, and after a while without use;
 * - every staff change is written to an audit trail: who (an account, or the admin token of
 *   scripts), what, on which subject, when;
 * - a unit can be retired: it leaves the public list, and the orders that name it keep it;
 * - a waitlist entry remembers when staff contacted the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table staff_accounts (
    id uuid primary key,
    email text not null,
    name text,
    password_hash text,
    set_password_hash text unique,
    set_password_expires_at timestamptz,
    disabled_at timestamptz,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create unique index staff_accounts_email_idx on staff_accounts (lower(email))`.execute(db);

  await sql`create table staff_sessions (
    id_hash text primary key,
    staff_id uuid not null references staff_accounts (id) on delete cascade,
    created_at timestamptz not null,
    last_seen_at timestamptz not null
  )`.execute(db);
  await sql`create index staff_sessions_staff_idx on staff_sessions (staff_id)`.execute(db);

  await sql`create table staff_audit (
    id bigserial primary key,
    staff_id uuid references staff_accounts (id),
    actor text not null,
    action text not null,
    subject_type text not null,
    subject_id text not null,
    details jsonb,
    at timestamptz not null
  )`.execute(db);
  await sql`create index staff_audit_subject_idx on staff_audit (subject_type, subject_id, at)`.execute(db);

  await sql`alter table offices add column retired_at timestamptz`.execute(db);
  await sql`alter table waitlist_entries add column contacted_at timestamptz`.execute(db);
}

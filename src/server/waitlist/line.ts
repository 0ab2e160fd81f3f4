import { sql } from 'kysely';

/**
 * Who is in a unit's line: waiting for it, not left, not served by another unit already. For `w`
 * (a waitlist_entry_offices row) and `e` (its entry); the line goes oldest first (created_at, id).
 */
export const inLine = sql<boolean>`w.status = 'waiting' and e.left_at is null and e.claimed_at is null`;

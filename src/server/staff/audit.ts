import type { AuditAction } from '../../shared/contract/staff.ts';
import type { Db } from '../db/database.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { actorName, type StaffActor } from './actor.ts';

/** One staff change, written in the same transaction as the change when there is one. */
export async function recordAudit(
  db: Db | Transaction<Database>,
  actor: StaffActor,
  entry: { action: AuditAction; subjectType: string; subjectId: string | number; details?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      staff_id: actor.kind === 'staff' ? actor.id : null,
      actor: actorName(actor),
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: String(entry.subjectId),
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      at: now,
    })
    .execute();
}

/** The trail of one subject, oldest first, as the console shows it. */
export async function auditOf(db: Db, subjectType: string, subjectId: string | number) {
  const rows = await db
    .selectFrom('staff_audit')
    .select(['actor', 'action', 'details', 'at'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', String(subjectId))
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ actor: r.actor, action: r.action, details: (r.details ?? null) as Record<string, unknown> | null, at: r.at.toISOString() }));
}

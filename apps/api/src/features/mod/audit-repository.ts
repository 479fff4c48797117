import type { StaffAction } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import type { StaffAuditRow } from '../../db/schema/staff.ts';

export interface AuditEntry {
  actor: { id: number | null; name: string };
  action: StaffAction;
  target: { type: string; id: string | number };
  note?: string | null;
  detail?: Record<string, unknown>;
  at: Date;
}

/**
 * The console's audit log (migration 0019): appended in the transaction of the action it records, so an
 * action and its entry commit together. The table refuses updates and deletes.
 */
export async function appendAudit(trx: DB, entry: AuditEntry): Promise<number> {
  const row = await trx
    .insertInto('staff_audit')
    .values({
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      action: entry.action,
      target_type: entry.target.type,
      target_id: String(entry.target.id),
      note: entry.note ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first, keyset-paged by id; optionally the entries about one target. */
export async function listAudit(
  db: DB,
  query: { before?: number; limit: number; target?: { type: string; id: string } },
): Promise<StaffAuditRow[]> {
  let select = db.selectFrom('staff_audit').selectAll().orderBy('id', 'desc').limit(query.limit);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  if (query.target) {
    select = select.where('target_type', '=', query.target.type).where('target_id', '=', query.target.id);
  }
  return select.execute();
}

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Role } from '@mirage/domain';

/** Kysely table types of the moderation console; they mirror migration 0019. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface UserRoleTable {
  user_id: number;
  role: Role;
  granted_at: CreatedAt;
}

/** Every console action, append-only (a trigger refuses UPDATE and DELETE). */
export interface StaffAuditTable {
  id: Generated<number>;
  /** The staff member; null once their account is deleted (actor_name stays). */
  actor_id: ColumnType<number | null, number | null, never>;
  actor_name: ColumnType<string, string, never>;
  /** @mirage/domain STAFF_ACTIONS. */
  action: ColumnType<string, string, never>;
  /** What was acted on: 'user', 'image', 'report', 'review', 'rule', 'serial_key_batch', 'worker'. */
  target_type: ColumnType<string, string, never>;
  target_id: ColumnType<string, string, never>;
  /** The written reason the moderator gave, where the action asks for one. */
  note: ColumnType<string | null, string | null | undefined, never>;
  /** What changed (a balance's delta, the image's outcome …), as JSON. */
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: CreatedAt;
}

export interface StaffTables {
  user_role: UserRoleTable;
  staff_audit: StaffAuditTable;
}

export type StaffAuditRow = Selectable<StaffAuditTable>;

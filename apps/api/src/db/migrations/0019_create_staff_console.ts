import { sql, type Kysely } from 'kysely';

/**
 * The moderation console (docs/product/moderation-console.md):
 * - `user_role`: the staff roles an account holds (@mirage/domain ROLES), granted by the operator CLI
 *   (`npm run user:role`); nobody holds one by default.
 * - `image_report` gains a decision: open until a moderator approves it (the image is hidden or removed,
 *   the reporter credited once through the `report.approved` event) or rejects it.
 * - `image.hidden_at`: an image hidden by a moderator stays private; its owner cannot publish it again.
 * - `app_user.banned_at`: set while an account is banned (it is also deactivated, `is_active = false`).
 * - `staff_audit`: every console action, append-only — a trigger refuses UPDATE and DELETE, so not even a
 *   bug in the service can rewrite what a moderator did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('moderator', 'admin')`))
    .addColumn('granted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .alterTable('image_report')
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'approved', 'rejected')`),
    )
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'bigint', (col) => col.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('image_report_open')
    .on('image_report')
    .columns(['state', 'created_at'])
    .execute();

  await db.schema.alterTable('image').addColumn('hidden_at', 'timestamptz').execute();
  await db.schema.alterTable('app_user').addColumn('banned_at', 'timestamptz').execute();

  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // The staff member's id while the account exists, and their name as it was (kept after a deletion).
    .addColumn('actor_id', 'bigint', (col) => col.references('app_user.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('detail', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('staff_audit_target')
    .on('staff_audit')
    .columns(['target_type', 'target_id'])
    .execute();
  // Append-only: rows are inserted, never changed. The foreign key's ON DELETE SET NULL (an actor's account
  // deleted) is the one update allowed, and only to that column.
  await sql`
    create function staff_audit_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and new.actor_id is null and old.actor_id is not null
        and (to_jsonb(new) - 'actor_id') = (to_jsonb(old) - 'actor_id') then
        return new;
      end if;
      raise exception 'staff_audit is append-only' using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`
    create trigger staff_audit_append_only before update or delete on staff_audit
    for each row execute function staff_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_audit').execute();
  await sql`drop function staff_audit_append_only()`.execute(db);
  await db.schema.alterTable('app_user').dropColumn('banned_at').execute();
  await db.schema.alterTable('image').dropColumn('hidden_at').execute();
  await db.schema.dropIndex('image_report_open').execute();
  await db.schema
    .alterTable('image_report')
    .dropColumn('state')
    .dropColumn('resolved_at')
    .dropColumn('resolved_by')
    .execute();
  await db.schema.dropTable('user_role').execute();
}

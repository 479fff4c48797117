import { sql, type Kysely } from 'kysely';

/**
 * Strike escalation (issue 9, packages/domain/src/moderation/strikes.ts):
 * - `app_user.muted_at`: set at the strike that mutes an account; generation, tweak and upscale are
 *   refused with `user_muted` while it is set. `strikes_lifted_at`: when a moderator last lifted a mute;
 *   strikes before it no longer count.
 * - `moderation_strike.prompt` / `neg_prompt`: what was refused, for the moderators who review the account
 *   (never shown to the user or anyone else).
 * - `moderation_review`: the review queue the moderation console reads; one open review per account.
 * - `moderation_action`: who muted, lifted or resolved what, and when (the audit trail of both).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('app_user')
    .addColumn('muted_at', 'timestamptz')
    .addColumn('strikes_lifted_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('moderation_strike')
    .addColumn('prompt', 'text')
    .addColumn('neg_prompt', 'text')
    .execute();
  await db.schema
    .createTable('moderation_review')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('strikes', 'integer', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'resolved')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text')
    .addColumn('resolution', 'text')
    .execute();
  await sql`create unique index moderation_review_open on moderation_review (user_id) where state = 'open'`.execute(
    db,
  );
  await db.schema
    .createIndex('moderation_review_queue')
    .on('moderation_review')
    .columns(['state', 'created_at'])
    .execute();
  await db.schema
    .createTable('moderation_action')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('moderation_action_user')
    .on('moderation_action')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_action').ifExists().execute();
  await db.schema.dropTable('moderation_review').ifExists().execute();
  await db.schema.alterTable('moderation_strike').dropColumn('prompt').dropColumn('neg_prompt').execute();
  await db.schema.alterTable('app_user').dropColumn('muted_at').dropColumn('strikes_lifted_at').execute();
}

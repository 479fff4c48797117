import { sql, type Kysely } from 'kysely';

/**
 * The player (docs/product/player.md): XP and level, streaks, the counters the profile and the leaderboards
 * show, achievements, cosmetics and the notification bell. Written by the player projector (features/player),
 * which the outbox runs once per domain event; reward tokens are a ledger currency, never a column here.
 *
 * `player`: one row per user, created on the user's first event (a user without one reads as the defaults).
 * Each leaderboard metric has a `<metric>_at`, the time its value last rose: on a tie the earlier achiever
 * ranks first. `xp_total` is every XP ever earned (the level board's order: a level and its progress in one
 * number that only grows). Equipped cosmetics are reward ids; null is the slot's default.
 *
 * `player_xp_day`: the XP a user earned per UTC day and cap group (generations, favourites received, scroll),
 * so the daily caps hold however the events arrive.
 *
 * `player_achievement`, `player_reward`: what a user has unlocked, once (the primary keys).
 *
 * `player_scroll_day`: the gallery images a user viewed, once per image and UTC day (the scroll statistic);
 * rows of past days are deleted by the hourly maintenance.
 *
 * `player_projected_event`: the events the projector has applied, by outbox id. The outbox already runs a
 * handler once (its processed marker commits with the handler's writes); this makes the projector itself
 * idempotent by event id, whoever delivers an event again (an operator's replay, a rebuilt delivery).
 *
 * `leaderboard_rank`: the five boards' ranks, recomputed from `player` in the background (a rank among a
 * million players is then one index lookup); `leaderboard_refresh` says when each board was last computed.
 *
 * `app_user.daily_quest_day` / `daily_quest_opened_at`: the daily quest, once per UTC day, paid only 60 s
 * after it was opened (recorded here, so a script cannot skip the wait). They replace the boolean
 * `daily_quest_completed`, which would need resetting at midnight: the day itself says whether it is done.
 *
 * `notification`: the bell. `reward_tokens` is what claiming it pays (level-up, achievement), paid through
 * the ledger once, when the notification is consumed. `dedupe_key` makes a notification idempotent per user
 * (one level-up notification per level, one per achievement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('app_user.id').onDelete('cascade'))
    .addColumn('level', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`level >= 1`),
    )
    .addColumn('xp_progress', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`xp_progress >= 0`),
    )
    .addColumn('xp_total', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`xp_total >= 0`),
    )
    .addColumn('daily_streak', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('daily_streak_best', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_streak_day', 'date')
    .addColumn('approved_reports', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('scroll', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_fav', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('image_generated', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('upscales', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('daily_quests', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('title_achievement_id', 'integer')
    .addColumn('equipped_animation', 'integer')
    .addColumn('equipped_style', 'integer')
    .addColumn('equipped_color', 'integer')
    .addColumn('equipped_profile_pic', 'integer')
    .addColumn('xp_total_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('scroll_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('approved_reports_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('daily_streak_best_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('image_generated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One index per board, in the board's order: its pages are index range scans.
  for (const metric of ['xp_total', 'scroll', 'approved_reports', 'daily_streak_best', 'image_generated']) {
    await sql`create index ${sql.id(`player_board_${metric}`)} on player
      (${sql.id(metric)} desc, ${sql.id(`${metric}_at`)}, user_id) where ${sql.id(metric)} > 0`.execute(db);
  }

  await db.schema
    .createTable('player_xp_day')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('cap_group', 'text', (col) => col.notNull())
    .addColumn('xp', 'integer', (col) => col.notNull().check(sql`xp >= 0`))
    .addPrimaryKeyConstraint('player_xp_day_pkey', ['user_id', 'day', 'cap_group'])
    .execute();

  await db.schema
    .createTable('player_achievement')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('achievement_id', 'integer', (col) => col.notNull())
    .addColumn('unlocked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('player_achievement_pkey', ['user_id', 'achievement_id'])
    .execute();

  await db.schema
    .createTable('player_reward')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('reward_id', 'integer', (col) => col.notNull())
    .addColumn('unlocked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('player_reward_pkey', ['user_id', 'reward_id'])
    .execute();

  await db.schema
    .createTable('player_scroll_day')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('image_id', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('player_scroll_day_pkey', ['user_id', 'day', 'image_id'])
    .execute();
  await sql`create index player_scroll_day_by_day on player_scroll_day (day)`.execute(db);

  await db.schema
    .createTable('leaderboard_rank')
    .addColumn('board', 'text', (col) => col.notNull())
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('leaderboard_rank_pkey', ['board', 'rank'])
    .execute();
  await sql`create unique index leaderboard_rank_user on leaderboard_rank (board, user_id)`.execute(db);
  await db.schema
    .createTable('leaderboard_refresh')
    .addColumn('board', 'text', (col) => col.primaryKey())
    .addColumn('refreshed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('players', 'integer', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create index player_updated on player (updated_at)`.execute(db);

  await db.schema
    .alterTable('app_user')
    .addColumn('daily_quest_day', 'date')
    .addColumn('daily_quest_opened_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('player_projected_event')
    .addColumn('event_id', 'bigint', (col) => col.primaryKey())
    .addColumn('projected_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notification')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('xp_gain', 'integer')
    .addColumn('reward_tokens', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`reward_tokens >= 0`),
    )
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addUniqueConstraint('notification_dedupe', ['user_id', 'dedupe_key'])
    .execute();
  await sql`create index notification_by_user on notification (user_id, id desc)`.execute(db);
  await sql`
    create index notification_new on notification (user_id, type) where consumed_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('app_user')
    .dropColumn('daily_quest_day')
    .dropColumn('daily_quest_opened_at')
    .execute();
  for (const table of [
    'notification',
    'player_projected_event',
    'leaderboard_refresh',
    'player_scroll_day',
    'leaderboard_rank',
    'player_reward',
    'player_achievement',
    'player_xp_day',
    'player',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

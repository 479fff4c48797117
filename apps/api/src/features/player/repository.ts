import { CURRENCY, isNotificationType, type NotificationType } from '@mirage/domain';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { PlayerTable } from '../../db/schema/player.ts';
import { post } from '../ledger/index.ts';

type PlayerRow = Selectable<PlayerTable>;

export interface NotificationRow {
  id: number;
  type: NotificationType;
  data: Record<string, unknown>;
  xpGain: number | null;
  rewardTokens: number;
  consumed: boolean;
  createdAt: Date;
  expiresAt: Date | null;
}

export interface NotificationCounts {
  /** Bell notifications not consumed yet. */
  newNotifications: number;
  /** Of those, the ones that pay reward tokens when claimed. */
  newRewards: number;
}

/** Reads of the player feature (docs/product/player.md); the projector's writes are progress-repository.ts. */
export function createPlayerRepository(db: DB) {
  return {
    /** The player row, or undefined for a user no event has touched yet (the defaults apply). */
    async findPlayer(userId: number) {
      const row: PlayerRow | undefined = await db
        .selectFrom('player')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row;
    },

    async rewardTokens(userId: number): Promise<number> {
      const row = await db
        .selectFrom('ledger_account')
        .select('balance')
        .where('user_id', '=', userId)
        .where('currency', '=', CURRENCY.rewardTokens)
        .executeTakeFirst();
      return row?.balance ?? 0;
    },

    /** Unlocked achievements: id → when. */
    async achievements(userId: number): Promise<Map<number, Date>> {
      const rows = await db
        .selectFrom('player_achievement')
        .select(['achievement_id', 'unlocked_at'])
        .where('user_id', '=', userId)
        .execute();
      return new Map(rows.map((row) => [row.achievement_id, row.unlocked_at]));
    },

    async rewards(userId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('player_reward')
        .select('reward_id')
        .where('user_id', '=', userId)
        .execute();
      return new Set(rows.map((row) => row.reward_id));
    },

    /** A page of the user's bell, newest first, of the given types. */
    async notifications(
      userId: number,
      types: readonly NotificationType[],
      page: { offset: number; limit: number },
    ): Promise<{ rows: NotificationRow[]; total: number }> {
      if (types.length === 0) return { rows: [], total: 0 };
      const base = db
        .selectFrom('notification')
        .where('user_id', '=', userId)
        .where('type', 'in', [...types]);
      const [rows, count] = await Promise.all([
        base
          .select([
            'id',
            'type',
            'data',
            'xp_gain',
            'reward_tokens',
            'consumed_at',
            'created_at',
            'expires_at',
          ])
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.n),
        rows: rows.flatMap((row) =>
          isNotificationType(row.type)
            ? [
                {
                  id: row.id,
                  type: row.type,
                  data: row.data,
                  xpGain: row.xp_gain,
                  rewardTokens: row.reward_tokens,
                  consumed: row.consumed_at !== null,
                  createdAt: row.created_at,
                  expiresAt: row.expires_at,
                },
              ]
            : [],
        ),
      };
    },

    /**
     * Consumes the user's unread notifications with this id or of this type and pays their reward tokens
     * through the ledger, once each (the posting's key is the notification's), in one transaction.
     */
    async consume(
      userId: number,
      filter: { id: number } | { type: NotificationType },
      at: Date,
    ): Promise<{ consumed: number; claimed: number }> {
      return db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('notification')
          .set({ consumed_at: at })
          .where('user_id', '=', userId)
          .where('consumed_at', 'is', null);
        update = 'id' in filter ? update.where('id', '=', filter.id) : update.where('type', '=', filter.type);
        const rows = await update.returning(['id', 'reward_tokens']).execute();
        let claimed = 0;
        for (const row of rows.filter((r) => r.reward_tokens > 0).sort((a, b) => a.id - b.id)) {
          const ref = { type: 'notification' as const, id: String(row.id) };
          const leg = {
            userId,
            currency: CURRENCY.rewardTokens,
            delta: row.reward_tokens,
            reason: 'reward_claim' as const,
            ref,
          };
          await post(trx, [leg], `notification:${row.id}`);
          claimed += row.reward_tokens;
        }
        return { consumed: rows.length, claimed };
      });
    },

    async hasNotification(userId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('notification')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async counts(userId: number, types: readonly NotificationType[]): Promise<NotificationCounts> {
      if (types.length === 0) return { newNotifications: 0, newRewards: 0 };
      const row = await db
        .selectFrom('notification')
        .select([
          sql<number>`count(*)`.as('fresh'),
          sql<number>`count(*) filter (where reward_tokens > 0)`.as('rewards'),
        ])
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .where('type', 'in', [...types])
        .executeTakeFirstOrThrow();
      return { newNotifications: Number(row.fresh), newRewards: Number(row.rewards) };
    },

    /**
     * Deletes up to `limit` notifications the retention lets go (isExpiredNotification in the domain):
     * read ones created before `readBefore`, unread ones before `anyBefore` unless they still pay reward
     * tokens. One short statement; returns how many went.
     */
    async deleteExpiredNotifications(
      cutoffs: { readBefore: Date; anyBefore: Date },
      limit: number,
    ): Promise<number> {
      const result = await db
        .deleteFrom('notification')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('notification')
            .select('id')
            .where((w) =>
              w.or([
                w.and([w('consumed_at', 'is not', null), w('created_at', '<', cutoffs.readBefore)]),
                w.and([
                  w('consumed_at', 'is', null),
                  w('reward_tokens', '=', 0),
                  w('created_at', '<', cutoffs.anyBefore),
                ]),
              ]),
            )
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type PlayerRepository = ReturnType<typeof createPlayerRepository>;

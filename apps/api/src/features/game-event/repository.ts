import {
  ANONYMOUS,
  CURRENCY,
  overlappingEvents,
  type GameEventDefinition,
  type LocalizedText,
} from '@mirage/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { visibleTo } from '../image/index.ts';
import { post } from '../ledger/index.ts';

/** An event as stored, with how many images it marks. */
export interface StoredGameEvent {
  uuid: string;
  title: LocalizedText;
  description: LocalizedText;
  starts_at: Date;
  ends_at: Date;
  reward_tokens: number;
  images_total: number;
}

/**
 * Why an operator's file was refused: nothing of it was stored. `overlaps` and `missingImages` say the same
 * as `problems` for a caller that answers with an error code (the console) rather than printing them.
 */
export class GameEventLoadError extends Error {
  constructor(
    readonly problems: string[],
    readonly overlaps: readonly [string, string][] = [],
    readonly missingImages: readonly string[] = [],
  ) {
    super(problems.join('\n'));
    this.name = 'GameEventLoadError';
  }
}

/**
 * What ending an event did: a running one `ended` now; one not started yet was `cancelled` (deleted: it
 * has no finds, and a shortened span would still be announced or block another event's dates); `over`
 * when it had already ended (its end is kept).
 */
export type EndOutcome = 'ended' | 'cancelled' | 'over' | 'not_found';

export type ClaimOutcome =
  { found: false } | { found: true; new: false } | { found: true; new: true; balance: number };

/** The game events (docs/product/player.md#events): the operator's definitions and the players' finds. */
export function createGameEventRepository(db: DB) {
  function events() {
    return db.selectFrom('game_event').select([
      'uuid',
      'title',
      'description',
      'starts_at',
      'ends_at',
      'reward_tokens',
      (eb) =>
        eb
          .selectFrom('game_event_image')
          .select((count) => count.fn.countAll<number>().as('n'))
          .whereRef('game_event_image.event_uuid', '=', 'game_event.uuid')
          .as('images_total'),
    ]);
  }
  const asStored = (row: Record<string, unknown>) =>
    ({ ...row, images_total: Number(row.images_total ?? 0) }) as StoredGameEvent;

  return {
    /** Events not ended at `now` that start before `horizon`: what may be current. */
    async upcomingOrRunning(now: Date, horizon: Date): Promise<StoredGameEvent[]> {
      const rows = await events()
        .where('ends_at', '>', now)
        .where('starts_at', '<=', horizon)
        .orderBy('starts_at')
        .execute();
      return rows.map(asStored);
    },

    async byUuid(uuid: string): Promise<StoredGameEvent | undefined> {
      const row = await events().where('uuid', '=', uuid).executeTakeFirst();
      return row ? asStored(row) : undefined;
    },

    /**
     * Every event, latest start first, with how many players found how many images (the operator's list);
     * `page` limits it to one page of the console's list (offset-paged, the uuid breaking ties).
     */
    async list(page?: {
      limit: number;
      offset: number;
    }): Promise<(StoredGameEvent & { finds: number; finders: number })[]> {
      let query = events()
        .select((eb) => [
          eb
            .selectFrom('game_event_find')
            .select((count) => count.fn.countAll<number>().as('n'))
            .whereRef('game_event_find.event_uuid', '=', 'game_event.uuid')
            .as('finds'),
          eb
            .selectFrom('game_event_find')
            .select(sql<number>`count(distinct user_id)`.as('n'))
            .whereRef('game_event_find.event_uuid', '=', 'game_event.uuid')
            .as('finders'),
        ])
        .orderBy('starts_at', 'desc')
        .orderBy('uuid', 'desc');
      if (page) query = query.limit(page.limit).offset(page.offset);
      const rows = await query.execute();
      return rows.map((row) => ({
        ...asStored(row),
        finds: Number(row.finds ?? 0),
        finders: Number(row.finders ?? 0),
      }));
    },

    /**
     * Stores an operator's events (insert or replace by uuid, marked images included), all or nothing:
     * a marked image that is not a public gallery image, or two events that overlap, refuse the whole file.
     * `inTransaction` runs last in the same transaction (the console's audit entry commits with the events).
     */
    async load(
      definitions: readonly GameEventDefinition[],
      inTransaction?: (trx: DB) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const problems: string[] = [];
        const missingImages: string[] = [];
        for (const event of definitions) {
          const values = {
            title: JSON.stringify(event.title),
            description: JSON.stringify(event.description),
            starts_at: event.starts_at,
            ends_at: event.ends_at,
            reward_tokens: event.reward_tokens,
          };
          await trx
            .insertInto('game_event')
            .values({ uuid: event.uuid, ...values })
            .onConflict((oc) => oc.column('uuid').doUpdateSet({ ...values, updated_at: sql`now()` }))
            .execute();
          const images = await trx
            .selectFrom('image')
            .select(['id', 'uuid'])
            .where('uuid', 'in', event.images)
            .where(visibleTo(ANONYMOUS))
            .execute();
          const known = new Set(images.map((image) => image.uuid));
          for (const uuid of event.images) {
            if (!known.has(uuid)) {
              problems.push(`event ${event.uuid}: image ${uuid} is not a public gallery image`);
              missingImages.push(uuid);
            }
          }
          await trx.deleteFrom('game_event_image').where('event_uuid', '=', event.uuid).execute();
          if (images.length > 0) {
            await trx
              .insertInto('game_event_image')
              .values(images.map((image) => ({ event_uuid: event.uuid, image_id: image.id })))
              .execute();
          }
        }
        const spans = await trx.selectFrom('game_event').select(['uuid', 'starts_at', 'ends_at']).execute();
        const overlaps = overlappingEvents(spans);
        for (const [a, b] of overlaps) problems.push(`events ${a} and ${b} overlap`);
        if (problems.length > 0) throw new GameEventLoadError(problems, overlaps, missingImages);
        await inTransaction?.(trx);
      });
    },

    /**
     * Ends an event now (the operator's `end`, the console's end or cancel); an event already over keeps
     * its end; one not started yet is cancelled (EndOutcome). `inTransaction` runs in the same transaction
     * when the event was ended or cancelled now.
     */
    async end(uuid: string, now: Date, inTransaction?: (trx: DB) => Promise<void>): Promise<EndOutcome> {
      return db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('game_event')
          .select(['starts_at', 'ends_at'])
          .where('uuid', '=', uuid)
          .forUpdate()
          .executeTakeFirst();
        if (!event) return 'not_found';
        if (event.ends_at <= now) return 'over';
        if (event.starts_at > now) {
          await trx.deleteFrom('game_event').where('uuid', '=', uuid).execute();
          await inTransaction?.(trx);
          return 'cancelled';
        }
        await trx
          .updateTable('game_event')
          .set({
            ends_at: sql`greatest(starts_at + interval '1 millisecond', ${now})`,
            updated_at: now,
          })
          .where('uuid', '=', uuid)
          .execute();
        await inTransaction?.(trx);
        return 'ended';
      });
    },

    /** The player's side of an event: whether they closed its announcement, and what they found. */
    async visitor(eventUuid: string, userId: number): Promise<{ consumed: boolean; found: string[] }> {
      const [visitor, finds] = await Promise.all([
        db
          .selectFrom('game_event_visitor')
          .select('consumed_at')
          .where('event_uuid', '=', eventUuid)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
        db
          .selectFrom('game_event_find')
          .innerJoin('image', 'image.id', 'game_event_find.image_id')
          .select('image.uuid')
          .where('game_event_find.event_uuid', '=', eventUuid)
          .where('game_event_find.user_id', '=', userId)
          .orderBy('game_event_find.found_at')
          .execute(),
      ]);
      return { consumed: visitor !== undefined, found: finds.map((find) => find.uuid) };
    },

    /** Records that the player closed the announcement (again: nothing changes). */
    async consume(eventUuid: string, userId: number): Promise<void> {
      await db
        .insertInto('game_event_visitor')
        .values({ event_uuid: eventUuid, user_id: userId })
        .onConflict((oc) => oc.columns(['event_uuid', 'user_id']).doNothing())
        .execute();
    },

    /**
     * A player opened `imageUuid` during the event: when the event marks it and the player may see it, the
     * find is recorded once (the primary key) and its reward tokens are paid through the ledger in the same
     * transaction, so a replay or a parallel request pays nothing more.
     */
    async claim(
      event: { uuid: string; reward_tokens: number },
      imageUuid: string,
      userId: number,
    ): Promise<ClaimOutcome> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .selectFrom('game_event_image')
          .innerJoin('image', 'image.id', 'game_event_image.image_id')
          .select('image.id')
          .where('game_event_image.event_uuid', '=', event.uuid)
          .where('image.uuid', '=', imageUuid)
          .where(visibleTo(userId))
          .executeTakeFirst();
        if (!marked) return { found: false };
        const inserted = await trx
          .insertInto('game_event_find')
          .values({
            event_uuid: event.uuid,
            user_id: userId,
            image_id: marked.id,
            reward_tokens: event.reward_tokens,
          })
          .onConflict((oc) => oc.columns(['event_uuid', 'user_id', 'image_id']).doNothing())
          .returning('image_id')
          .execute();
        if (inserted.length === 0) return { found: true, new: false };
        const posted = await post(
          trx,
          [
            {
              userId,
              currency: CURRENCY.rewardTokens,
              delta: event.reward_tokens,
              reason: 'event_reward',
              ref: { type: 'event_image', id: `${event.uuid}:${imageUuid}` },
            },
          ],
          `event_reward:${userId}:${event.uuid}:${imageUuid}`,
        );
        return { found: true, new: true, balance: posted.balances[0]?.balance ?? 0 };
      });
    },

    async foundCount(eventUuid: string, userId: number): Promise<number> {
      const row = await db
        .selectFrom('game_event_find')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_uuid', '=', eventUuid)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type GameEventRepository = ReturnType<typeof createGameEventRepository>;

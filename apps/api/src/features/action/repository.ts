import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { lockImage, visibleTo } from '../image/index.ts';
import { appendEvent } from '../outbox/index.ts';

/** Favourites and reports (docs/product/collections-and-prompts.md#favourites, /api/action). */
export function createActionRepository(db: DB) {
  return {
    /** The id of the image by uuid, if the viewer may see it (visibleTo: public, or the viewer's own). */
    async visibleImageId(uuid: string, viewerId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('image')
        .select('id')
        .where('uuid', '=', uuid)
        .where(visibleTo(viewerId))
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Adds a favourite unless the user already has `limit` of them. The user's row is locked first, so
     * parallel adds by one user are counted one after another and never pass the limit. The image row is
     * locked too (lockImage): an image deleted meanwhile is 'missing', never a foreign-key error.
     */
    async addFavorite(
      userId: number,
      imageId: number,
      limit: number,
    ): Promise<'added' | 'duplicate' | 'full' | 'missing'> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('app_user').select('id').where('id', '=', userId).forUpdate().execute();
        if (!(await lockImage(trx, imageId))) return 'missing';
        const { duplicate, total } = await trx
          .selectNoFrom((eb) => [
            eb
              .exists(
                eb
                  .selectFrom('favorite')
                  .select(sql`1`.as('one'))
                  .where('user_id', '=', userId)
                  .where('image_id', '=', imageId),
              )
              .as('duplicate'),
            eb
              .selectFrom('favorite')
              .select(eb.fn.countAll<number>().as('n'))
              .where('user_id', '=', userId)
              .as('total'),
          ])
          .executeTakeFirstOrThrow();
        if (duplicate) return 'duplicate';
        if (Number(total) >= limit) return 'full';
        await trx.insertInto('favorite').values({ user_id: userId, image_id: imageId }).execute();
        const image = await trx
          .selectFrom('image')
          .select('user_id')
          .where('id', '=', imageId)
          .executeTakeFirstOrThrow();
        // In the favourite's transaction: the event exists exactly when the favourite does.
        await appendEvent(trx, {
          type: 'image.favorited',
          payload: { imageId, userId, ownerId: image.user_id },
        });
        return 'added';
      });
    },

    async removeFavorites(userId: number, imageUuids: readonly string[]): Promise<number> {
      if (imageUuids.length === 0) return 0;
      const result = await db
        .deleteFrom('favorite')
        .where('user_id', '=', userId)
        .where('image_id', 'in', (eb) =>
          eb
            .selectFrom('image')
            .select('id')
            .where('uuid', 'in', [...imageUuids]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * One report per user and image: a second one changes nothing. Returns whether it was new, or
     * 'missing' when the image was deleted meanwhile (its row is locked first, see lockImage).
     */
    async report(userId: number, imageId: number, reason: string): Promise<boolean | 'missing'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockImage(trx, imageId))) return 'missing';
        const inserted = await trx
          .insertInto('image_report')
          .values({ user_id: userId, image_id: imageId, reason })
          .onConflict((oc) => oc.columns(['user_id', 'image_id']).doNothing())
          .returning('id')
          .execute();
        return inserted.length > 0;
      });
    },
  };
}
export type ActionRepository = ReturnType<typeof createActionRepository>;

import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { isFavoriteColumn } from './favorite-flag.ts';

/** Reads and changes of one image for its viewer and owner (spec §7 /api/image). */
export function createImageInfoRepository(db: DB) {
  return {
    /** The image with its author's name and whether the viewer has it among their favourites. */
    async withViewer(uuid: string, viewerId: number | null) {
      return db
        .selectFrom('image')
        .innerJoin('app_user', 'app_user.id', 'image.user_id')
        .selectAll('image')
        .select('app_user.username')
        .select(isFavoriteColumn(viewerId))
        .where('image.uuid', '=', uuid)
        .executeTakeFirst();
    },

    async setPrivate(imageId: number, isPrivate: boolean) {
      await db.updateTable('image').set({ is_private: isPrivate }).where('id', '=', imageId).execute();
    },

    /**
     * Deletes the image row and gives back its tags' usage (tag rows locked in (kind, name) order, like
     * image creation, so the two never deadlock). Favourites and reports go with it (foreign keys cascade);
     * tasks keep their history with image_id set to null.
     */
    async delete(imageId: number, tagIds: readonly number[]) {
      await db.transaction().execute(async (trx) => {
        if (tagIds.length > 0) {
          await sql`update tag set usage_count = greatest(tag.usage_count - 1, 0)
            from (select id from tag where id = any(${[...tagIds]}::bigint[]) order by kind, name for update) locked
            where tag.id = locked.id`.execute(trx);
        }
        await trx.deleteFrom('image').where('id', '=', imageId).execute();
      });
    },
  };
}
export type ImageInfoRepository = ReturnType<typeof createImageInfoRepository>;

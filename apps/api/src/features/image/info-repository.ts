import { isPublished, type ImageViewer } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { changeTagUsage } from '../tag/index.ts';
import { isFavoriteColumn } from './repository.ts';
import { visibleTo } from './visibility-repository.ts';

/**
 * Reads and changes of one image for its viewer and owner (docs/product/image-viewer.md#information,
 * /api/image).
 */
export function createImageInfoRepository(db: DB) {
  return {
    /**
     * The image with its author's name and whether the viewer has it among their favourites; undefined
     * when it does not exist or the viewer may not see it (visibleTo), alike.
     */
    /** The uuid of the image with this id, if the viewer may see it (a tweak's source, for its link). */
    async visibleUuid(id: number, viewerId: ImageViewer): Promise<string | undefined> {
      const row = await db
        .selectFrom('image')
        .select('image.uuid')
        .where('image.id', '=', id)
        .where(visibleTo(viewerId))
        .executeTakeFirst();
      return row?.uuid;
    },

    async withViewer(uuid: string, viewerId: ImageViewer) {
      return db
        .selectFrom('image')
        .innerJoin('app_user', 'app_user.id', 'image.user_id')
        .selectAll('image')
        .select('app_user.username')
        .select(isFavoriteColumn(viewerId))
        .where('image.uuid', '=', uuid)
        .where(visibleTo(viewerId))
        .executeTakeFirst();
    },

    /**
     * Flips the image's privacy in the database (not from a value read earlier: parallel toggles each
     * flip it once) and moves its tags' public usage with it, in one transaction: the image row first,
     * then its tag rows (tag/usage-repository.ts). Returns the new state, or undefined when the image was
     * deleted meanwhile.
     */
    async togglePrivate(imageId: number): Promise<boolean | undefined> {
      return db.transaction().execute(async (trx) => {
        const flipped = await trx
          .updateTable('image')
          .set((eb) => ({ is_private: eb.not('is_private') }))
          .where('id', '=', imageId)
          // A moderator's hide is final for the owner (migration 0019).
          .where('hidden_at', 'is', null)
          .returning(['is_private', 'tag_ids', 'safety_state'])
          .executeTakeFirst();
        if (!flipped) return undefined;
        // A pending or held image is counted by nobody either way (it counts once the check clears it).
        if (flipped.safety_state === 'clear') {
          await changeTagUsage(trx, flipped.tag_ids, flipped.is_private ? -1 : 1);
        }
        return flipped.is_private;
      });
    },

    /**
     * Deletes the image row and, when it was published, gives back its tags' usage — from the row as it was
     * deleted, so a privacy toggle that committed just before is taken into account. Image row first,
     * then tag rows in (kind, name) order, like every other change, so the two never deadlock. Favourites
     * and reports go with it (foreign keys cascade); tasks keep their history with image_id set to null.
     */
    async delete(imageId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('image')
          .where('id', '=', imageId)
          .returning(['is_private', 'tag_ids', 'safety_state'])
          .executeTakeFirst();
        if (deleted && isPublished(deleted)) await changeTagUsage(trx, deleted.tag_ids, -1);
      });
    },
  };
}
export type ImageInfoRepository = ReturnType<typeof createImageInfoRepository>;

import { isPublished } from '@mirage/domain';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ImageRow, ImageTable } from '../../db/schema/generation.ts';
import { upsertTags } from '../tag/index.ts';

/**
 * Inserts an image with its tags outside the worker path (curated samples, imports): tags are created, and
 * counted once more when the image is published (public and cleared: tag/usage-repository.ts, like image
 * completion), in the caller's transaction.
 */
export async function insertImageWithTags(
  trx: DB,
  image: Omit<Insertable<ImageTable>, 'tag_ids'>,
  tags: readonly { kind: string; name: string }[],
): Promise<ImageRow> {
  const counted = isPublished({
    is_private: image.is_private === true,
    safety_state: image.safety_state ?? 'clear',
  });
  const tagRows = tags.length === 0 ? [] : await upsertTags(trx, tags, counted).execute();
  return trx
    .insertInto('image')
    .values({ ...image, tag_ids: tagRows.map((row) => row.id).sort((a, b) => a - b) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Locks an image row against deletion until the caller's transaction ends (FOR KEY SHARE: updates of
 * its flags still go through) and tells whether it still exists. A row that points at an image must be
 * inserted after this: checking the image, then inserting, lets a delete commit in between, and the
 * foreign key then fails the insert (a 500 under parallel requests). Used by favourites, reports and
 * upscale tasks.
 */
export async function lockImage(trx: DB, imageId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('image')
    .select('id')
    .where('id', '=', imageId)
    .forKeyShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the image upscaled, in the caller's transaction (the upscale's completion, image row locked). */
export async function markUpscaled(trx: DB, imageId: number): Promise<void> {
  await trx.updateTable('image').set({ upscaled: true }).where('id', '=', imageId).execute();
}

/** Whether the viewer has the image among their favourites (a correlated EXISTS on `favorite`). */
export function favoriteExists(eb: ExpressionBuilder<Database, 'image'>, viewerId: number) {
  return eb.exists(
    eb
      .selectFrom('favorite')
      .select(sql`1`.as('one'))
      .whereRef('favorite.image_id', '=', 'image.id')
      .where('favorite.user_id', '=', viewerId),
  );
}

/**
 * The `is_favorite` column of an image query, for a viewer; always false for a guest. EXISTS is a boolean
 * in PostgreSQL and PGlite; Kysely types it as SqlBool (number | boolean) for other databases.
 */
export function isFavoriteColumn(viewerId: number | null) {
  return (eb: ExpressionBuilder<Database, 'image'>) =>
    viewerId === null
      ? sql<boolean>`false`.as('is_favorite')
      : favoriteExists(eb, viewerId).$castTo<boolean>().as('is_favorite');
}

export function createImageRepository(db: DB) {
  return {
    async insert(trx: DB, image: Insertable<ImageTable>): Promise<ImageRow> {
      return trx.insertInto('image').values(image).returningAll().executeTakeFirstOrThrow();
    },
    async findById(id: number): Promise<ImageRow | undefined> {
      return db.selectFrom('image').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findByUuid(uuid: string): Promise<ImageRow | undefined> {
      return db.selectFrom('image').selectAll().where('uuid', '=', uuid).executeTakeFirst();
    },
    /**
     * The user's existing image made with exactly these settings
     * (docs/product/decisions.md#generation-parameters: duplicate signature).
     */
    async findBySignature(userId: number, signature: string): Promise<ImageRow | undefined> {
      return db
        .selectFrom('image')
        .selectAll()
        .where('user_id', '=', userId)
        .where('signature', '=', signature)
        .executeTakeFirst();
    },
  };
}
export type ImageRepository = ReturnType<typeof createImageRepository>;

import { sql, type Insertable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { ImageRow, ImageTable } from '../../db/schema/generation.ts';

/**
 * Inserts an image with its tags outside the worker path (curated samples, imports): tags are created or
 * counted once more, in (kind, name) order like image completion, in the caller's transaction.
 */
export async function insertImageWithTags(
  trx: DB,
  image: Omit<Insertable<ImageTable>, 'tag_ids'>,
  tags: readonly { kind: string; name: string }[],
): Promise<ImageRow> {
  // Sorted by PostgreSQL itself (its collation), exactly like the completion statement.
  const tagRows =
    tags.length === 0
      ? []
      : await trx
          .insertInto('tag')
          .columns(['kind', 'name', 'usage_count'])
          .expression(
            sql`select t.kind, t.name, 1 from unnest(${tags.map((tag) => tag.kind)}::text[], ${tags.map((tag) => tag.name)}::text[]) as t(kind, name) order by t.kind, t.name`,
          )
          .onConflict((oc) =>
            oc.columns(['kind', 'name']).doUpdateSet({ usage_count: sql`tag.usage_count + 1` }),
          )
          .returning('id')
          .execute();
  return trx
    .insertInto('image')
    .values({ ...image, tag_ids: tagRows.map((row) => row.id).sort((a, b) => a - b) })
    .returningAll()
    .executeTakeFirstOrThrow();
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
    /** The user's existing image made with exactly these settings (DECISIONS.md: duplicate signature). */
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

import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { ImageRow, ImageTable } from '../../db/schema/generation.ts';

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

import { sql } from 'kysely';
import type { ImageSafetyState } from '@mirage/domain';
import type { DB } from '../../db/database.ts';

/** What the provenance check learns of an image made here: enough to say whether it may be linked. */
export interface ProvenanceImage {
  id: number;
  uuid: string;
  user_id: number;
  is_private: boolean;
  safety_state: ImageSafetyState;
  /** Its perceptual hash as stored (signed, decimal), or null until computed. */
  perceptual_hash: string | null;
}

const COLUMNS = ['id', 'uuid', 'user_id', 'is_private', 'safety_state'] as const;

/**
 * The images table as the provenance check reads it (issue 18 §2): by uuid, and the nearest perceptual
 * hash. The distance is PostgreSQL's: bit_count of the XOR of the two 64-bit values (PostgreSQL 14+).
 */
export function createProvenanceRepository(db: DB) {
  return {
    async byUuid(uuid: string): Promise<ProvenanceImage | undefined> {
      return db
        .selectFrom('image')
        .select([...COLUMNS, sql<string | null>`perceptual_hash::text`.as('perceptual_hash')])
        .where('uuid', '=', uuid)
        .executeTakeFirst();
    },

    /** The image whose hash is nearest `hash` (stored form), if one is within `maxDistance` bits. */
    async nearest(
      hash: string,
      maxDistance: number,
    ): Promise<(ProvenanceImage & { distance: number }) | undefined> {
      const distance = sql<number>`bit_count((perceptual_hash # ${hash}::bigint)::bit(64))`;
      const row = await db
        .selectFrom('image')
        .select([...COLUMNS, sql<string | null>`perceptual_hash::text`.as('perceptual_hash')])
        .select(sql<number>`${distance}::int`.as('distance'))
        .where('perceptual_hash', 'is not', null)
        .where(distance, '<=', maxDistance)
        .orderBy('distance')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? { ...row, distance: Number(row.distance) } : undefined;
    },

    /** Images still without a hash (made before migration 0025) after id `afterId`, oldest first. */
    async withoutHash(afterId: number, limit: number): Promise<{ id: number; uuid: string }[]> {
      return db
        .selectFrom('image')
        .select(['id', 'uuid'])
        .where('perceptual_hash', 'is', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async setHash(id: number, hash: string): Promise<void> {
      await db.updateTable('image').set({ perceptual_hash: hash }).where('id', '=', id).execute();
    },
  };
}
export type ProvenanceRepository = ReturnType<typeof createProvenanceRepository>;

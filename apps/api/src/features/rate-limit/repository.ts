import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export function createRateLimitRepository(db: DB) {
  return {
    /** Counts one hit in the fixed window and returns the window's total (atomic upsert, any instance). */
    async hit(key: string, windowStart: Date): Promise<number> {
      const row = await db
        .insertInto('rate_limit')
        .values({ key, window_start: windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },

    async deleteOlderThan(cutoff: Date) {
      await db.deleteFrom('rate_limit').where('window_start', '<', cutoff).execute();
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

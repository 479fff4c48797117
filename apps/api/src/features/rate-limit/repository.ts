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

    /** Takes one hit back from a window (an attempt that must not count, such as a successful login). */
    async unhit(key: string, windowStart: Date): Promise<void> {
      await db
        .updateTable('rate_limit')
        .set({ hits: sql`rate_limit.hits - 1` })
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },

    async deleteOlderThan(cutoff: Date) {
      await db.deleteFrom('rate_limit').where('window_start', '<', cutoff).execute();
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

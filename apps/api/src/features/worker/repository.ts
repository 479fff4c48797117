import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { WorkerRow } from '../../db/schema/generation.ts';

export function createWorkerRepository(db: DB) {
  return {
    /** Creates the worker, or gives an existing one a new token (the old token stops working). */
    async upsertToken(name: string, tokenHash: Buffer, trx: DB = db): Promise<WorkerRow> {
      return trx
        .insertInto('worker')
        .values({ name, token_hash: tokenHash })
        .onConflict((oc) => oc.column('name').doUpdateSet({ token_hash: tokenHash, disabled: false }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findByTokenHash(tokenHash: Buffer): Promise<WorkerRow | undefined> {
      return db.selectFrom('worker').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    async setDisabled(name: string, disabled: boolean, trx: DB = db): Promise<boolean> {
      const result = await trx
        .updateTable('worker')
        .set({ disabled })
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async touch(id: number, seen: { engine: string; capabilities: unknown; at: Date }) {
      await db
        .updateTable('worker')
        .set({ engine: seen.engine, capabilities: JSON.stringify(seen.capabilities), last_seen_at: seen.at })
        .where('id', '=', id)
        .execute();
    },

    async countJob(trx: DB, id: number, outcome: 'done' | 'failed', busyMs: number) {
      await trx
        .updateTable('worker')
        .set(
          outcome === 'done'
            ? { jobs_done: sql`jobs_done + 1`, busy_ms: sql`busy_ms + ${Math.max(0, Math.round(busyMs))}` }
            : { jobs_failed: sql`jobs_failed + 1` },
        )
        .where('id', '=', id)
        .execute();
    },

    /** How many workers asked for work since `since` (the ETA of queued tasks divides by it). */
    async countSeenSince(since: Date): Promise<number> {
      const row = await db
        .selectFrom('worker')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('last_seen_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async list() {
      return db
        .selectFrom('worker')
        .select([
          'name',
          'engine',
          'disabled',
          'jobs_done',
          'jobs_failed',
          'busy_ms',
          'last_seen_at',
          'created_at',
        ])
        .orderBy('name')
        .execute();
    },
  };
}
export type WorkerRepository = ReturnType<typeof createWorkerRepository>;

import { createHash } from 'node:crypto';
import { afterRedeem, type SerialKeyValue } from '@mirage/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { post } from '../ledger/index.ts';
import { applyPlanChange, lockPlanHolder } from '../payment/index.ts';

/** How a key is stored: SHA-256 of its canonical 16 characters (migration 0014 says why). */
export function serialKeyHash(canonicalKey: string): string {
  return createHash('sha256').update(canonicalKey).digest('hex');
}

/** Keys are written in chunks: one statement per 1,000 keys keeps a 100,000-key batch within limits. */
const INSERT_CHUNK = 1_000;

export interface BatchSummary {
  id: number;
  reseller: string;
  tickets: number;
  pro_days: number;
  key_count: number;
  redeemed: number;
  /** Unredeemed keys that no longer work: revoked one by one, or with their batch. */
  revoked: number;
  note: string | null;
  created_at: Date;
  revoked_at: Date | null;
}

export function createSerialKeyRepository(db: DB) {
  return {
    /** Stores a batch and its keys (canonical forms, hashed here) in one transaction; answers its id. */
    async mint(
      reseller: string,
      value: SerialKeyValue,
      keys: string[],
      note: string | null,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const batch = await trx
          .insertInto('serial_key_batch')
          .values({ reseller, tickets: value.tickets, pro_days: value.proDays, key_count: keys.length, note })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let start = 0; start < keys.length; start += INSERT_CHUNK) {
          const rows = keys.slice(start, start + INSERT_CHUNK).map((key) => ({
            batch_id: batch.id,
            key_hash: serialKeyHash(key),
            suffix: key.slice(-4),
          }));
          await trx.insertInto('serial_key').values(rows).execute();
        }
        return batch.id;
      });
    },

    async listBatches(): Promise<BatchSummary[]> {
      const rows = await db
        .selectFrom('serial_key_batch as b')
        .select(['b.id', 'b.reseller', 'b.tickets', 'b.pro_days', 'b.key_count', 'b.note', 'b.created_at'])
        .select('b.revoked_at')
        .select((eb) =>
          eb
            .selectFrom('serial_key as k')
            .whereRef('k.batch_id', '=', 'b.id')
            .where('k.redeemed_at', 'is not', null)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('redeemed'),
        )
        .select((eb) =>
          eb
            .selectFrom('serial_key as k')
            .whereRef('k.batch_id', '=', 'b.id')
            .where('k.redeemed_at', 'is', null)
            .where((or) => or.or([or('k.revoked_at', 'is not', null), or('b.revoked_at', 'is not', null)]))
            .select(sql<number>`count(*)::int`.as('n'))
            .as('revoked'),
        )
        .orderBy('b.id')
        .execute();
      return rows.map((row) => ({ ...row, redeemed: row.redeemed ?? 0, revoked: row.revoked ?? 0 }));
    },

    /** Resellers with a batch that is not revoked: the names the redeem card may send. */
    async activeResellers(): Promise<string[]> {
      const rows = await db
        .selectFrom('serial_key_batch')
        .select('reseller')
        .distinct()
        .where('revoked_at', 'is', null)
        .orderBy('reseller')
        .execute();
      return rows.map((row) => row.reseller);
    },

    /**
     * Stops a batch's unredeemed keys; false when there is no such batch or it was revoked already. `trx`:
     * the console's transaction, which records the revocation in its audit log.
     */
    async revokeBatch(batchId: number, now: Date, trx: DB = db): Promise<boolean> {
      const result = await trx
        .updateTable('serial_key_batch')
        .set({ revoked_at: now })
        .where('id', '=', batchId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Stops one key (a reseller reports it stolen); false when it does not exist or was redeemed. */
    async revokeKey(canonicalKey: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('serial_key')
        .set({ revoked_at: now })
        .where('key_hash', '=', serialKeyHash(canonicalKey))
        .where('redeemed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Redeems a key for a user in one transaction: the key's row is locked, so of any number of parallel
     * redeems exactly one finds it unused; its tickets go through the ledger keyed by the key (a second
     * posting is impossible even if the row lock were lost), and its Pro days change the plan
     * (@mirage/domain afterRedeem). A conflict (`already_pro`, `upgrade_from_basic`) changes nothing.
     */
    async redeem(
      userId: number,
      reseller: string,
      canonicalKey: string,
      confirmed: boolean,
      now: Date,
    ): Promise<SerialKeyValue> {
      return db.transaction().execute(async (trx) => {
        const key = await trx
          .selectFrom('serial_key as k')
          .innerJoin('serial_key_batch as b', 'b.id', 'k.batch_id')
          .select(['k.id', 'k.redeemed_at', 'k.revoked_at', 'b.reseller', 'b.tickets', 'b.pro_days'])
          .select('b.revoked_at as batch_revoked_at')
          .where('k.key_hash', '=', serialKeyHash(canonicalKey))
          .forUpdate('k')
          .executeTakeFirst();
        // A key of another reseller is "not found" here: the reseller's name is part of what was sold.
        if (!key || key.reseller !== reseller || key.revoked_at || key.batch_revoked_at) {
          throw new AppError('key_not_found');
        }
        if (key.redeemed_at) throw new AppError('key_already_consumed');
        const value = { tickets: key.tickets, proDays: key.pro_days };
        const user = await lockPlanHolder(trx, userId);
        const outcome = afterRedeem(user, value, confirmed, now);
        if ('conflict' in outcome) {
          throw new AppError(outcome.conflict, { duration: value.proDays, tickets: value.tickets });
        }
        await trx
          .updateTable('serial_key')
          .set({ redeemed_by: userId, redeemed_at: now })
          .where('id', '=', key.id)
          .execute();
        const idempotencyKey = `serial_key:${key.id}`;
        if (value.tickets > 0) {
          const ref = { type: 'serial_key' as const, id: String(key.id) };
          await post(
            trx,
            [{ userId, currency: 'tickets', delta: value.tickets, reason: 'serial_key_redeem', ref }],
            idempotencyKey,
          );
        }
        if (outcome.account !== user) await applyPlanChange(trx, user, outcome.account, idempotencyKey, now);
        return value;
      });
    },
  };
}
export type SerialKeyRepository = ReturnType<typeof createSerialKeyRepository>;

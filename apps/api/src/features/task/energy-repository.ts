import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { lockAccountForUpdate } from '../user/index.ts';

/** What a rollover changes on the account row besides its balance (the balance moves through the ledger). */
export interface EnergyRolloverChange {
  energy_reset_at: Date;
  plan: number;
  pro_expire: Date | null;
  updated_at: Date;
}

/** Stores a rollover on the account row, locked by the caller's transaction; returns the updated row. */
export async function saveEnergyRollover(
  trx: Transaction<Database>,
  userId: number,
  change: EnergyRolloverChange,
): Promise<UserRow> {
  return trx
    .updateTable('app_user')
    .set(change)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Accounts the sweep must reset: premium, or with a Pro period (possibly lapsed) on record, and not yet
 * reset since `today` (00:00 UTC). At most `limit` ids, in no particular order.
 */
export async function accountsDueForEnergyRollover(
  db: Kysely<Database>,
  today: Date,
  limit: number,
): Promise<{ id: number }[]> {
  return db
    .selectFrom('app_user')
    .select('id')
    .where((eb) => eb.or([eb('plan', '>', 0), eb('pro_expire', 'is not', null)]))
    .where((eb) => eb.or([eb('energy_reset_at', 'is', null), eb('energy_reset_at', '<', today)]))
    .limit(limit)
    .execute();
}

/** Locks one account row for the sweep's rollover; undefined when the account is gone meanwhile. */
export async function lockAccountForRollover(
  trx: Transaction<Database>,
  userId: number,
): Promise<UserRow | undefined> {
  return lockAccountForUpdate(trx, userId);
}

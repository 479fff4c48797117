import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database, UserRow } from '../../db/schema.ts';

/**
 * The account row as the features that charge it read it (task creation, the energy rollover). Changes
 * that must not interleave with another one of the same user (a balance check and its debit, a rollover)
 * lock the row first: concurrent ones then queue behind each other per user.
 */

/** The account row, read outside a transaction (validation and pricing); undefined when it is gone. */
export async function findAccount(db: DB, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** Locks the account row (FOR UPDATE) until the caller's transaction ends; undefined when it is gone. */
export async function lockAccountForUpdate(
  trx: Transaction<Database>,
  userId: number,
): Promise<UserRow | undefined> {
  return trx.selectFrom('app_user').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
}

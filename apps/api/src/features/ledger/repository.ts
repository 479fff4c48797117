import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Transaction } from 'kysely';

/** The three money-like balances of a user (DESIGN.md: they only move through the ledger). */
export type Balance = 'generation_token' | 'daily_token';

export interface Movement {
  userId: number;
  balance: Balance;
  delta: number;
  reason: string;
  idempotencyKey: string;
}

/**
 * Moves a balance and appends the ledger entry in the caller's transaction. The balance column's
 * CHECK (>= 0) refuses an overdraft; the unique idempotency key refuses a second copy of the same
 * movement, in which case nothing moves and `false` comes back.
 */
export async function applyMovement(trx: Transaction<Database>, movement: Movement): Promise<boolean> {
  const inserted = await trx
    .insertInto('ledger_entry')
    .values({
      user_id: movement.userId,
      balance: movement.balance,
      delta: movement.delta,
      balance_after: 0,
      reason: movement.reason,
      idempotency_key: movement.idempotencyKey,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const column = sql.ref(movement.balance);
  const updated = await trx
    .updateTable('app_user')
    .set({ [movement.balance]: sql`${column} + ${movement.delta}` })
    .where('id', '=', movement.userId)
    .returning(sql<number>`${column}`.as('balance_after'))
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('ledger_entry')
    .set({ balance_after: updated.balance_after })
    .where('id', '=', inserted.id)
    .execute();
  return true;
}

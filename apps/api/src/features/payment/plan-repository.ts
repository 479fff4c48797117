import { dayRef, energyResetValue, startOfUtcDay, type Plan, type Subscription } from '@mirage/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { post } from '../ledger/index.ts';

type Trx = Transaction<Database>;

/** The account's plan and balances, locked for a change of plan in the caller's transaction. */
export async function lockPlanHolder(trx: Trx, userId: number) {
  return trx
    .selectFrom('app_user')
    .select(['id', 'plan', 'pro_expire', 'daily_token', 'generation_token'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Sets a new plan and expiry (a paid month, a redeemed key) and fills today's energy up to the new plan's
 * daily amount: someone who just paid for Pro should not wait for the next UTC midnight to use it. The
 * energy goes through the ledger under `energy:{key}`, so a replay of the same grant adds nothing.
 */
export async function applyPlanChange(
  trx: Trx,
  user: { id: number; daily_token: number },
  after: Subscription,
  key: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('app_user')
    .set({ plan: after.plan, pro_expire: after.pro_expire, updated_at: now })
    .where('id', '=', user.id)
    .execute();
  const delta = energyResetValue(after.plan as Plan) - user.daily_token;
  if (delta <= 0) return;
  const ref = dayRef(startOfUtcDay(now));
  await post(
    trx,
    [{ userId: user.id, currency: 'energy', delta, reason: 'energy_reset', ref }],
    `energy:${key}`,
  );
}

import { dayRef, energyAfterRollover, startOfUtcDay } from '@mirage/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from '../../db/schema.ts';
import { post } from '../ledger/index.ts';
import {
  accountsDueForEnergyRollover,
  lockAccountForRollover,
  saveEnergyRollover,
} from './energy-repository.ts';

/**
 * Applies the UTC-midnight rollover to one locked user row, lazily (before a debit) or from the sweep:
 * energy is set TO the plan's value (never stacked) through the ledger, and a lapsed Pro period turns the
 * account Free. Idempotent per user and UTC day (ledger key). Returns the updated row.
 */
export async function applyEnergyRollover(
  trx: Transaction<Database>,
  user: UserRow,
  now: Date,
): Promise<UserRow> {
  const result = energyAfterRollover(user, now, user.energy_reset_at);
  if (!result.due) return user;
  const day = startOfUtcDay(now);
  const delta = result.daily_token - user.daily_token;
  if (delta !== 0) {
    const ref = dayRef(day);
    await post(
      trx,
      [
        {
          userId: user.id,
          currency: 'energy',
          delta,
          reason: result.lapsed ? 'energy_lapsed' : 'energy_reset',
          ref,
        },
      ],
      `energy:${user.id}:${ref.id}`,
    );
  }
  return saveEnergyRollover(trx, user.id, {
    energy_reset_at: day,
    plan: result.plan,
    pro_expire: result.pro_expire === null ? null : new Date(result.pro_expire),
    updated_at: now,
  });
}

/**
 * The scheduled half of the rollover (the lazy half runs before each debit): premium or recently premium
 * accounts not yet reset today get their reset, so balances shown at 00:00 UTC are right without a
 * generation. Bounded per run; the next run continues.
 */
export async function sweepEnergyRollover(db: Kysely<Database>, now: Date, limit = 500): Promise<number> {
  const today = startOfUtcDay(now);
  const due = await accountsDueForEnergyRollover(db, today, limit);
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      const user = await lockAccountForRollover(trx, id);
      if (user) await applyEnergyRollover(trx, user, now);
    });
  }
  return due.length;
}

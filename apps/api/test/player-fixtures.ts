import { expect, vi } from 'vitest';
import { signedIn } from './gallery-fixtures.ts';
import type { TestContext } from './harness.ts';

/**
 * A new signed-in account whose first day has reached its player: the sign-in appends
 * `user.signed_in_day` without holding up the answer, so the projection is waited for (the outbox drained
 * until the player row exists).
 */
export async function newPlayer(t: TestContext) {
  const account = await signedIn(t);
  await vi.waitFor(
    async () => {
      await t.services.outbox.drain();
      const row = await t.database.db
        .selectFrom('player')
        .select('user_id')
        .where('user_id', '=', account.id)
        .executeTakeFirst();
      expect(row).toBeDefined();
      // vi.waitFor's default is 1 s: a loaded CI machine's PostgreSQL projected the first day later than that.
    },
    { timeout: 15_000, interval: 50 },
  );
  return account;
}

import { signedIn } from './gallery-fixtures.ts';
import type { TestContext } from './harness.ts';

/**
 * Marks an account's address verified straight in the database, as if its owner had followed the mailed
 * link (tests about something else than verification: a purchase needs a verified address).
 */
export async function markEmailVerified(t: Pick<TestContext, 'database'>, userId: number): Promise<void> {
  await t.database.db
    .updateTable('app_user')
    .set({ email_verified_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** A new signed-in account whose address is verified: one that may buy. */
export async function verifiedBuyer(t: TestContext) {
  const buyer = await signedIn(t);
  await markEmailVerified(t, buyer.id);
  return buyer;
}

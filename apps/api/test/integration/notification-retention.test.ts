import { isExpiredNotification, NOTIFICATION_PRUNE_BATCH } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../gallery-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';

/**
 * The bell's retention (packages/domain/src/player/notifications.ts) run by the hourly maintenance: read
 * notifications go after 90 days, unread ones after a year unless they still pay reward tokens, in
 * statements of 1000 rows; everything younger stays.
 */
const DAY_MS = 86_400_000;

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Seed {
  key: string;
  ageDays: number;
  read: boolean;
  rewardTokens?: number;
}

/** Adds the user's notifications, `ageDays` old, read (consumed) or not; the dedupe key names each. */
async function seed(userId: number, rows: readonly Seed[]) {
  const now = Date.now();
  await t.database.db
    .insertInto('notification')
    .values(
      rows.map((row) => ({
        user_id: userId,
        type: 'level_up',
        dedupe_key: row.key,
        data: JSON.stringify({ level: 2 }),
        xp_gain: null,
        reward_tokens: row.rewardTokens ?? 0,
        created_at: new Date(now - row.ageDays * DAY_MS),
        consumed_at: row.read ? new Date(now - Math.max(row.ageDays - 1, 0) * DAY_MS) : null,
      })),
    )
    .execute();
}

async function keysOf(userId: number): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('notification')
    .select('dedupe_key')
    .where('user_id', '=', userId)
    // The seeded ones only (a new account's first day adds a `daily` one in the background).
    .where('type', '=', 'level_up')
    .execute();
  // Sorted here: the database's collation may order the dashes differently.
  return rows.map((row) => row.dedupe_key!).sort();
}

describe('notification retention in the hourly maintenance', () => {
  it('deletes old read and very old unread ones, keeps the rest and unclaimed rewards', async () => {
    const user = await signedIn(t);
    const other = await signedIn(t);
    const rows: Seed[] = [
      { key: 'read-91d', ageDays: 91, read: true },
      { key: 'read-400d', ageDays: 400, read: true },
      { key: 'read-89d', ageDays: 89, read: true },
      { key: 'read-1d', ageDays: 1, read: true },
      { key: 'unread-0d', ageDays: 0, read: false },
      { key: 'unread-366d', ageDays: 366, read: false },
      { key: 'unread-364d', ageDays: 364, read: false },
      { key: 'unread-100d', ageDays: 100, read: false },
      { key: 'unread-reward-800d', ageDays: 800, read: false, rewardTokens: 30 },
      { key: 'claimed-reward-120d', ageDays: 120, read: true, rewardTokens: 30 },
    ];
    await seed(user.id, rows);
    await seed(other.id, [{ key: 'other-read-91d', ageDays: 91, read: true }]);

    await t.services.maintenance.runOnce();

    const kept = ['read-1d', 'read-89d', 'unread-0d', 'unread-100d', 'unread-364d', 'unread-reward-800d'];
    expect(await keysOf(user.id)).toEqual([...kept].sort());
    expect(await keysOf(other.id)).toEqual([]);
    // The domain's rule says the same of every seeded row.
    const now = new Date();
    for (const row of rows) {
      const createdAt = new Date(now.getTime() - row.ageDays * DAY_MS);
      const expired = isExpiredNotification(
        { createdAt, consumedAt: row.read ? now : null, rewardTokens: row.rewardTokens ?? 0 },
        now,
      );
      expect(expired, row.key).toBe(!kept.includes(row.key));
    }
  });

  it('works off more than one statement of rows in one run', async () => {
    const user = await signedIn(t);
    const count = NOTIFICATION_PRUNE_BATCH * 2 + 17;
    await seed(
      user.id,
      Array.from({ length: count }, (_, i) => ({ key: `bulk-${i}`, ageDays: 120, read: true })),
    );
    await seed(user.id, [{ key: 'young', ageDays: 2, read: false }]);

    expect(await t.services.players.pruneNotifications()).toBe(count);

    expect(await keysOf(user.id)).toEqual(['young']);
    expect(await t.services.players.pruneNotifications()).toBe(0);
  });
});

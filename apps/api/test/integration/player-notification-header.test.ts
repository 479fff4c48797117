import { DAILY_QUEST } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newPlayer } from '../player-fixtures.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';

/**
 * docs/product/player.md#the-bell: once the projector has created a notification for a user, the next
 * answer of the API to that user carries `x-notification: 1` (the web client then refreshes the bell),
 * the answers after it do not, and other users' answers never do (features/player/notification-signal.ts).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Events are projected only when the test drains the outbox: in the background, the projector could
  // notify while an answer is on its way, and that answer would carry the signal the test expects later.
  await t.services.outbox.stop();
});
afterAll(async () => {
  await t.close();
});

type Player = Awaited<ReturnType<typeof newPlayer>>;

async function newestNotificationOf(userId: number): Promise<number | undefined> {
  const row = await t.database.db
    .selectFrom('notification')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/**
 * Waits until this instance has received the signal of the user's newest notification (the projector's
 * NOTIFY arrives after its commit, through PGlite or the LISTEN connection). Signals of one transaction
 * arrive in order, so once the newest is in, none of the user's is still on its way.
 */
async function signalled(player: Player): Promise<void> {
  await vi.waitFor(async () => {
    const newest = await newestNotificationOf(player.id);
    expect(newest).toBeDefined();
    expect(t.services.notificationSignals.pendingFor(player.id)).toBe(newest);
  });
}

async function headerOf(client: Client, path: string): Promise<string | undefined> {
  const answer = await client.get(path);
  expect(answer.status).toBe(200);
  const header = answer.response.headers['x-notification'];
  return header === undefined ? undefined : String(header);
}

describe('the x-notification header', () => {
  it("goes once on the user's next answer after the projector notified them, never to others", async () => {
    const alice = await newPlayer(t);
    const bob = await newPlayer(t);
    // Each new account's first day is a notification already: signalled on its next answer, once.
    for (const player of [alice, bob]) {
      await signalled(player);
      expect(await headerOf(player.client, '/api/user/me')).toBe('1');
      expect(await headerOf(player.client, '/api/user/me')).toBeUndefined();
    }

    const before = await newestNotificationOf(alice.id);
    // Alice completes the daily quest (its first completion unlocks an achievement: a notification).
    expect((await alice.client.post('/api/action/daily_quest/open')).status).toBe(200);
    t.clock.offsetMs = DAILY_QUEST.waitSeconds * 1000;
    const completed = await alice.client.post('/api/action/daily_quest');
    t.clock.offsetMs = 0;
    expect(completed.status).toBe(200);
    // Not projected yet (the outbox is drained below): nothing to signal.
    expect(completed.response.headers['x-notification']).toBeUndefined();
    await t.services.outbox.drain();
    await signalled(alice);
    expect(await newestNotificationOf(alice.id)).not.toBe(before);

    // Bob's answers, and a guest's, never carry Alice's signal; it waits for her.
    expect(await headerOf(bob.client, '/api/user/me')).toBeUndefined();
    expect(await headerOf(bob.client, '/api/notifications')).toBeUndefined();
    expect(await headerOf(new Client(t.app), '/api/health')).toBeUndefined();
    expect(t.services.notificationSignals.pendingFor(alice.id)).toBeDefined();

    // Alice's next answer carries it, whichever route; the following ones do not.
    expect(await headerOf(alice.client, '/api/player/me')).toBe('1');
    const bell = await alice.client.get('/api/notifications');
    expect(bell.response.headers['x-notification']).toBeUndefined();
    expect(bell.response.headers['x-total-new-notifications']).toBe('2');
    expect(await headerOf(alice.client, '/api/user/me')).toBeUndefined();
  });
});

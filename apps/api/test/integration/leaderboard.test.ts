import { LEADERBOARD_PAGE_SIZE, REWARDS } from '@mirage/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * The leaderboards (features/leaderboard): ranks recomputed from the players, ties to the earlier achiever,
 * pages of 25, the caller's own row and rank; guests see the boards.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Entry {
  rank: number;
  user_id: number;
  value: number;
  equipped: { color: { id: number } };
}

/** Sets a user's generation count and when it was reached (as the projector would have). */
async function generatedBy(userId: number, count: number, at: string) {
  await sql`insert into player (user_id, image_generated, image_generated_at) values (${userId}, ${count}, ${at})
    on conflict (user_id) do update set image_generated = ${count}, image_generated_at = ${at},
      updated_at = now()`.execute(t.database.db);
}

async function board(client: Client, name: string, query = '') {
  const answer = await client.request('POST', `/api/leaderboard/${name}${query}`, {});
  return { ...answer, items: answer.body.items as Entry[], me: answer.body.me as Entry | null };
}

describe('the generation board', () => {
  it('ranks by count, ties to the earlier achiever, pages by 25 and puts the caller’s own row in `me`', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, () => signedIn(t)));
    // Counts 30 down to 1, except that users 3 and 4 tie on 28: user 4 got there first.
    for (const [index, user] of users.entries()) {
      const count = index === 3 ? 28 : 30 - index;
      const at = index === 3 ? '2026-01-01T00:00:00Z' : '2026-02-01T00:00:00Z';
      await generatedBy(user.id, count, at);
    }
    await t.services.leaderboards.refresh({ force: true });

    const guest = await board(new Client(t.app), 'generation');
    expect(guest.status).toBe(200);
    expect(guest.items).toHaveLength(LEADERBOARD_PAGE_SIZE);
    expect(guest.body).toMatchObject({ page: 0, pages: 2, total: 30, me: null });
    expect(guest.response.headers['x-current-player-rank']).toBeUndefined();
    expect(guest.items.slice(0, 4).map((entry) => entry.user_id)).toEqual([
      users[0]!.id,
      users[1]!.id,
      users[3]!.id,
      users[2]!.id,
    ]);
    expect(guest.items.map((entry) => entry.rank)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));

    const last = users.at(-1)!;
    const second = await board(last.client, 'generation', '?page=1');
    expect(second.items.map((entry) => entry.rank)).toEqual([26, 27, 28, 29, 30]);
    expect(second.me).toMatchObject({ rank: 30, user_id: last.id, value: 1 });
    expect(second.response.headers['x-current-player-rank']).toBe('30');
  });

  it('shows a colour the moment it is equipped, and leaves out inactive players and those at 0', async () => {
    const [shown, gone, idle] = await Promise.all([signedIn(t), signedIn(t), signedIn(t)]);
    await generatedBy(shown.id, 5_000, '2026-01-01T00:00:00Z');
    await generatedBy(gone.id, 6_000, '2026-01-01T00:00:00Z');
    await t.database.db.updateTable('app_user').set({ is_active: false }).where('id', '=', gone.id).execute();
    await t.services.leaderboards.refresh({ force: true });
    const colour = REWARDS.find((reward) => reward.type === 'Color' && !reward.isDefault)!;
    await t.database.db
      .insertInto('player_reward')
      .values({ user_id: shown.id, reward_id: colour.id })
      .execute();
    expect((await shown.client.request('PUT', '/api/player/avatar', { items: [colour.id] })).status).toBe(
      200,
    );

    const top = await board(idle.client, 'generation', '?size=3');
    expect(top.items[0]).toMatchObject({
      user_id: shown.id,
      rank: 1,
      equipped: { color: { id: colour.id } },
    });
    expect(top.items.map((entry) => entry.user_id)).not.toContain(gone.id);
    expect(top.me).toBeNull();
    expect(top.response.headers['x-current-player-rank']).toBeUndefined();
  });
});

describe('refreshing', () => {
  it('recomputes a changed board once a minute has passed, and leaves an unchanged one alone', async () => {
    const user = await signedIn(t);
    await t.services.leaderboards.refresh({ force: true });
    const refreshedAt = async () =>
      (
        await t.database.db
          .selectFrom('leaderboard_refresh')
          .select('refreshed_at')
          .where('board', '=', 'generation')
          .executeTakeFirstOrThrow()
      ).refreshed_at.getTime();
    const first = await refreshedAt();
    await generatedBy(user.id, 7, '2026-03-01T00:00:00Z');
    // Within the minute: the stored ranks stand.
    await t.services.leaderboards.refresh();
    expect(await refreshedAt()).toBe(first);
    expect((await board(user.client, 'generation')).me).toBeNull();
    // A minute later, the changed board is recomputed.
    t.clock.offsetMs = 61_000;
    try {
      await t.services.leaderboards.refresh();
      expect(await refreshedAt()).toBeGreaterThan(first);
      expect((await board(user.client, 'generation')).me).toMatchObject({ value: 7 });
      // A change may still be committing when a refresh runs (its row then carries an earlier time): changes
      // from up to two minutes before the last refresh make it recompute once more, then it stops.
      t.clock.offsetMs = 10 * 60_000;
      await t.services.leaderboards.refresh();
      const settled = await refreshedAt();
      t.clock.offsetMs = 20 * 60_000;
      await t.services.leaderboards.refresh();
      expect(await refreshedAt()).toBe(settled);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('bad input', () => {
  it('refuses an unknown board, a negative page and a huge size', async () => {
    const guest = new Client(t.app);
    for (const url of [
      '/api/leaderboard/wealth',
      '/api/leaderboard/level?page=-1',
      '/api/leaderboard/level?size=5000',
    ]) {
      const answer = await guest.request('POST', url, {});
      expect([url, answer.status, codeOf(answer.body)]).toEqual([url, 400, 'validation_error']);
    }
    const beyond = await board(guest, 'level', '?page=900000');
    expect([beyond.status, beyond.items]).toEqual([200, []]);
  });
});

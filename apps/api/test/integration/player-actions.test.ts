import { randomUUID } from 'node:crypto';
import { ACHIEVEMENTS, DAILY_QUEST, REWARDS, SCROLL_MILESTONE, XP_CAPS, xpFor } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDiscrepancies, post } from '../../src/features/ledger/repository.ts';
import { addImage } from '../gallery-fixtures.ts';
import { newPlayer } from '../player-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * What a player does (features/player): buying and wearing cosmetics, titles, the daily quest, counting
 * gallery images viewed; public profiles and the image count.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ deps: { outbox: { retryDelayMs: () => 0 } } });
});
afterAll(async () => {
  await t.close();
});

type Signed = Awaited<ReturnType<typeof newPlayer>>;

/** Gives a user coins the way the product moves them: a ledger posting. */
async function giveCoins(userId: number, coins: number) {
  await t.database.db.transaction().execute((trx) =>
    post(
      trx,
      [
        {
          userId,
          currency: 'reward_tokens',
          delta: coins,
          reason: 'operator_adjustment',
          ref: { type: 'user', id: String(userId) },
        },
      ],
      `fixture:${randomUUID()}`,
    ),
  );
}

const put = (user: Signed, url: string, body: unknown = {}) => user.client.request('PUT', url, body);
const priced = REWARDS.filter((reward) => !reward.isDefault);

describe('cosmetics', () => {
  it('never overdraws coins, however many purchases race', async () => {
    const user = await newPlayer(t);
    const budget = 400;
    await giveCoins(user.id, budget);
    const wanted = priced.filter((reward) => reward.price <= budget).slice(0, 12);
    const answers = await Promise.all(
      wanted.map((reward) => put(user, `/api/reward/${reward.type}/unlock`, { id: reward.id })),
    );
    const bought = wanted.filter((_, index) => answers[index]!.status === 200);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(402);
      expect(codeOf(answer.body)).toBe('user_insufficient_funds');
    }
    const spent = bought.reduce((sum, reward) => sum + reward.price, 0);
    expect(bought.length).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(budget);
    const me = await user.client.get('/api/player/me');
    expect(me.body.reward_tokens).toBe(budget - spent);
    const items = (await user.client.get('/api/items')).body as unknown as {
      id: number;
      consumed: boolean;
    }[];
    const owned = items.filter((item) => item.consumed && !REWARDS.find((r) => r.id === item.id)!.isDefault);
    expect(owned.map((item) => item.id).sort()).toEqual(bought.map((reward) => reward.id).sort());
    expect(await ledgerDiscrepancies(t.database.db, [user.id])).toEqual([]);
  });

  it('unlocks a reward once: parallel purchases of one reward charge once', async () => {
    const user = await newPlayer(t);
    const reward = priced[0]!;
    await giveCoins(user.id, reward.price * 5);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => put(user, `/api/reward/${reward.type}/unlock`, { id: reward.id })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => codeOf(a.body) === 'reward_already_unlocked')).toHaveLength(4);
    expect((await user.client.get('/api/player/me')).body.reward_tokens).toBe(reward.price * 4);
  });

  it('refuses an unknown reward, a type that does not match and a default', async () => {
    const user = await newPlayer(t);
    const reward = priced[0]!;
    const other = priced.find((r) => r.type !== reward.type)!;
    const cases = [
      [`/api/reward/${reward.type}/unlock`, { id: 999_999 }, 404, 'reward_not_found'],
      [`/api/reward/${other.type}/unlock`, { id: reward.id }, 404, 'reward_not_found'],
      [`/api/reward/Hat/unlock`, { id: reward.id }, 400, 'validation_error'],
      [`/api/reward/${reward.type}/unlock`, { id: -1 }, 400, 'validation_error'],
    ] as const;
    for (const [url, body, status, code] of cases) {
      const answer = await put(user, url, body);
      expect([url, answer.status, codeOf(answer.body)]).toEqual([url, status, code]);
    }
    const fallback = REWARDS.find((r) => r.isDefault)!;
    const owned = await put(user, `/api/reward/${fallback.type}/unlock`, { id: fallback.id });
    expect(codeOf(owned.body)).toBe('reward_already_unlocked');
  });

  it('wears an owned colour, and refuses one not owned', async () => {
    const user = await newPlayer(t);
    const [colour, locked] = priced.filter((reward) => reward.type === 'Color');
    await giveCoins(user.id, colour!.price);
    expect((await put(user, `/api/reward/Color/unlock`, { id: colour!.id })).status).toBe(200);
    const worn = await put(user, '/api/player/avatar', { items: [colour!.id] });
    expect(worn.status).toBe(200);
    expect(worn.body.equipped).toMatchObject({ color: { id: colour!.id, data: colour!.data } });
    const refused = await put(user, '/api/player/avatar', { items: [locked!.id] });
    expect([refused.status, codeOf(refused.body)]).toEqual([403, 'reward_locked']);
    const unknown = await put(user, '/api/player/avatar', { items: [424_242] });
    expect([unknown.status, codeOf(unknown.body)]).toEqual([404, 'reward_not_found']);
    // The public profile shows the look.
    const profile = await new Client(t.app).get(`/api/public/${user.id}/profile`);
    expect(profile.body.equipped).toMatchObject({ color: { id: colour!.id } });
  });
});

describe('titles', () => {
  it('wears only an unlocked achievement, and takes it off with 0', async () => {
    const user = await newPlayer(t);
    const [first, second] = ACHIEVEMENTS;
    await t.database.db
      .insertInto('player_achievement')
      .values({ user_id: user.id, achievement_id: first!.id })
      .execute();
    const locked = await put(user, `/api/player/title/${second!.id}`);
    expect([locked.status, codeOf(locked.body)]).toEqual([403, 'achievement_locked']);
    expect(codeOf((await put(user, '/api/player/title/123456')).body)).toBe('achievement_locked');
    expect((await put(user, `/api/player/title/${first!.id}`)).body.title).toBe(first!.id);
    expect((await new Client(t.app).get(`/api/public/${user.id}/profile`)).body.title).toBe(first!.id);
    expect((await put(user, '/api/player/title/0')).body.title).toBeNull();
  });
});

describe('public profiles', () => {
  it('shows anyone the statistics and unlocked achievements; unknown users are not found', async () => {
    const user = await newPlayer(t);
    await t.database.db
      .insertInto('player_achievement')
      .values({ user_id: user.id, achievement_id: ACHIEVEMENTS[0]!.id })
      .execute();
    const guest = new Client(t.app);
    const profile = await guest.get(`/api/public/${user.id}/profile`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ user_id: user.id, level: 1, image_generated: 0 });
    expect(profile.body).not.toHaveProperty('email');
    const achievements = await guest.get(`/api/public/${user.id}/achievements`);
    expect(achievements.body).toEqual([
      expect.objectContaining({ id: ACHIEVEMENTS[0]!.id, key: ACHIEVEMENTS[0]!.key, tier_name: 'bronze' }),
    ]);
    expect((await guest.get('/api/public/987654321/profile')).status).toBe(404);
    expect((await guest.get('/api/public/abc/profile')).status).toBe(400);
    await t.database.db.updateTable('app_user').set({ is_active: false }).where('id', '=', user.id).execute();
    expect((await guest.get(`/api/public/${user.id}/profile`)).status).toBe(404);
  });
});

describe('the daily quest', () => {
  it('pays +10 tickets once per UTC day, only 60 s after it was opened', async () => {
    t.clock.offsetMs = 0;
    const user = await newPlayer(t);
    const start = Number((await user.client.get('/api/user/me')).body.generation_token);
    const complete = () => user.client.post('/api/action/daily_quest');
    expect(codeOf((await complete()).body)).toBe('daily_quest_not_opened');
    expect((await user.client.get('/api/action/daily_quest')).body).toMatchObject({ state: 'open' });

    const opened = await user.client.post('/api/action/daily_quest/open');
    expect(opened.body).toMatchObject({ state: 'waiting', seconds_left: DAILY_QUEST.waitSeconds });
    t.clock.offsetMs = 59_000;
    // Opening again does not restart the wait.
    expect((await user.client.post('/api/action/daily_quest/open')).body).toMatchObject({ seconds_left: 1 });
    const early = await complete();
    expect([early.status, codeOf(early.body), (early.body.detail as { data: unknown }).data]).toEqual([
      409,
      'daily_quest_too_early',
      { seconds_left: 1 },
    ]);

    t.clock.offsetMs = 60_000;
    const answers = await Promise.all([complete(), complete(), complete()]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => codeOf(a.body) === 'daily_quest_done')).toHaveLength(2);
    const me = (await user.client.get('/api/user/me')).body;
    expect(me).toMatchObject({ generation_token: start + DAILY_QUEST.tickets, daily_quest_completed: true });
    expect(codeOf((await user.client.post('/api/action/daily_quest/open')).body)).toBe('daily_quest_done');

    await t.services.outbox.drain();
    const player = (await user.client.get('/api/player/me')).body;
    expect(player).toMatchObject({ xp_total: xpFor('daily_streak', { streak: 1 }) + xpFor('daily_quest') });
    expect(await ledgerDiscrepancies(t.database.db, [user.id])).toEqual([]);

    // The next UTC day, the quest is open again.
    t.clock.offsetMs = 24 * 60 * 60 * 1000;
    expect((await user.client.get('/api/action/daily_quest')).body).toMatchObject({ state: 'open' });
    expect((await user.client.get('/api/user/me')).body.daily_quest_completed).toBe(false);
    t.clock.offsetMs = 0;
  });
});

describe('scroll counting', () => {
  it('counts each visible image once a day, and pays XP per milestone', async () => {
    const owner = await newPlayer(t);
    const viewer = await newPlayer(t);
    const images = await Promise.all(Array.from({ length: SCROLL_MILESTONE }, () => addImage(t, owner.id)));
    const hidden = await addImage(t, owner.id, { is_private: true });
    const uuids = images.map((image) => image.uuid);
    const first = await viewer.client.post('/api/player/scroll', {
      uuids: [...uuids.slice(0, 10), hidden.uuid, randomUUID()],
    });
    expect(first.body).toEqual({ counted: 10 });
    const again = await viewer.client.post('/api/player/scroll', { uuids });
    expect(again.body).toEqual({ counted: SCROLL_MILESTONE - 10 });
    expect((await viewer.client.post('/api/player/scroll', { uuids })).body).toEqual({ counted: 0 });
    await t.services.outbox.drain();
    const player = (await viewer.client.get('/api/player/me')).body;
    expect(player.scroll).toBe(SCROLL_MILESTONE);
    expect(player.xp_total).toBe(xpFor('daily_streak', { streak: 1 }) + xpFor('scroll', { milestones: 1 }));
    expect(xpFor('scroll', { milestones: 1 })).toBeLessThanOrEqual(XP_CAPS.scroll);
    expect((await viewer.client.post('/api/player/scroll', { uuids: [] })).status).toBe(400);
    expect((await viewer.client.post('/api/player/scroll', { uuids: ['../etc'] })).status).toBe(400);
  });
});

describe('the image count', () => {
  it('answers anyone with the number of images', async () => {
    const answer = await new Client(t.app).get('/api/count');
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(answer.body.count)).toBe(true);
  });
});

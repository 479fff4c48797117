import {
  ACHIEVEMENTS,
  levelUpRewardTokens,
  requiredXp,
  XP_CAPS,
  xpFor,
  type DomainEvent,
} from '@mirage/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvent } from '../../src/features/outbox/index.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { newPlayer } from '../player-fixtures.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * The player projector (features/player): domain events become XP, levels, streaks, counters,
 * achievements and notifications, once each; claiming a notification pays its reward tokens once.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ deps: { outbox: { retryDelayMs: () => 0 } } });
});
afterAll(async () => {
  await t.close();
});

/** Signing up counts the account's first day: its streak XP is in every new player's total. */
const FIRST_DAY = xpFor('daily_streak', { streak: 1 });

let taskCounter = 0;
/** Appends events as if they happened at `at` (their UTC day decides the daily caps and streaks). */
async function happen(events: readonly DomainEvent[], at = '2026-03-10T12:00:00Z'): Promise<number[]> {
  const ids: number[] = [];
  for (const event of events) {
    // Dated in the append's own transaction: a dispatcher running in the background (PostgreSQL) must
    // never see the event with the append's time.
    const id = await t.database.db.transaction().execute(async (trx) => {
      const appended = (await appendEvent(trx, event))!;
      await sql`update outbox set created_at = ${at}::timestamptz where id = ${appended}`.execute(trx);
      return appended;
    });
    ids.push(id);
  }
  await t.services.outbox.drain();
  return ids;
}

function generated(userId: number): DomainEvent {
  taskCounter += 1;
  return {
    type: 'task.done',
    payload: { taskId: `t-${taskCounter}`, userId, jobType: 'txt2img', imageId: taskCounter },
  };
}

async function player(client: Awaited<ReturnType<typeof newPlayer>>['client']) {
  const answer = await client.get('/api/player/me');
  expect(answer.status).toBe(200);
  return answer.body as Record<string, number> & { title: number | null };
}

describe('XP from generations', () => {
  it('starts a new account at level 1, its first day counted', async () => {
    const { client } = await newPlayer(t);
    const me = await player(client);
    expect(me).toMatchObject({
      level: 1,
      xp_progress: FIRST_DAY,
      xp_required: requiredXp(1),
      image_generated: 0,
    });
    expect(me).toMatchObject({ daily_streak: 1, daily_streak_best: 1 });
    expect(me.reward_tokens).toBe(0);
    const { equipped } = me as unknown as { equipped: Record<string, { id: number }> };
    expect(equipped.color!.id).toBeGreaterThan(0);
  });

  it('pays 10 XP per image up to the daily cap, levels up, and counts every image', async () => {
    const { client, id } = await newPlayer(t);
    const perImage = xpFor('generation');
    const images = XP_CAPS.generation / perImage + 5;
    await happen(Array.from({ length: images }, () => generated(id)));
    const me = await player(client);
    // 200 XP: level 1 needs 130, so level 2 with 70 towards its 260.
    expect(me.image_generated).toBe(images);
    expect(me.xp_total).toBe(FIRST_DAY + XP_CAPS.generation);
    expect(me.level).toBe(2);
    expect(me.xp_progress).toBe(FIRST_DAY + XP_CAPS.generation - requiredXp(1));

    // The next UTC day pays again.
    await happen([generated(id)], '2026-03-11T00:00:01Z');
    expect((await player(client)).xp_total).toBe(FIRST_DAY + XP_CAPS.generation + perImage);
  });

  it('projects an event once, even when it is delivered again', async () => {
    const { client, id } = await newPlayer(t);
    const [eventId] = await happen([generated(id)]);
    // A redelivery: the outbox marker set back to pending, as an operator's replay would.
    await sql`update outbox_delivery set state = 'pending', next_attempt_at = now()
      where event_id = ${eventId}`.execute(t.database.db);
    await t.services.outbox.drain();
    const me = await player(client);
    expect(me.image_generated).toBe(1);
    expect(me.xp_total).toBe(FIRST_DAY + xpFor('generation'));
  });
});

describe('favourites received', () => {
  it('unlocks an achievement exactly once under 50 parallel favourites, and caps their XP', async () => {
    const owner = await newPlayer(t);
    const fans = await Promise.all(Array.from({ length: 50 }, () => newPlayer(t)));
    const events: DomainEvent[] = fans.map((fan, index) => ({
      type: 'image.favorited',
      payload: { imageId: 10_000 + index, userId: fan.id, ownerId: owner.id },
    }));
    // Appended at once, then dispatched together: the dispatcher runs them in parallel where it can.
    await Promise.all(events.map((event) => appendEvent(t.database.db, event)));
    await Promise.all([t.services.outbox.drain(), t.services.outbox.drain()]);
    const me = await player(owner.client);
    expect(me.total_fav).toBe(50);
    expect(me.xp_total).toBe(FIRST_DAY + XP_CAPS.favorite);
    const unlocked = await t.database.db
      .selectFrom('player_achievement')
      .select('achievement_id')
      .where('user_id', '=', owner.id)
      .execute();
    const expected = ACHIEVEMENTS.filter((a) => a.metric === 'total_fav' && a.threshold <= 50).map(
      (a) => a.id,
    );
    expect(unlocked.map((row) => row.achievement_id).sort()).toEqual(expected.sort());
    const notes = await t.database.db
      .selectFrom('notification')
      .select('dedupe_key')
      .where('user_id', '=', owner.id)
      .where('type', '=', 'achievement')
      .execute();
    expect(notes).toHaveLength(expected.length);
  });

  it('pays nothing for favouriting your own image', async () => {
    const { client, id } = await newPlayer(t);
    await happen([{ type: 'image.favorited', payload: { imageId: 77, userId: id, ownerId: id } }]);
    expect(await player(client)).toMatchObject({ total_fav: 0, xp_total: FIRST_DAY });
  });
});

describe('daily streaks on UTC days', () => {
  const day = (userId: number, date: string): DomainEvent => ({
    type: 'user.signed_in_day',
    payload: { userId, day: date },
  });

  it('grows across UTC midnight, and a missed day restarts it with a daily_loss notification', async () => {
    const { client, id } = await newPlayer(t);
    await happen([day(id, '2026-12-31')], '2026-12-31T23:59:59Z');
    await happen([day(id, '2027-01-01')], '2027-01-01T00:00:00Z');
    expect(await player(client)).toMatchObject({ daily_streak: 2, daily_streak_best: 2 });
    expect((await player(client)).xp_total).toBe(
      FIRST_DAY + xpFor('daily_streak', { streak: 1 }) + xpFor('daily_streak', { streak: 2 }),
    );

    await happen([day(id, '2027-01-03')], '2027-01-03T08:00:00Z');
    expect(await player(client)).toMatchObject({ daily_streak: 1, daily_streak_best: 2 });
    const bell = await client.get('/api/notifications?scopes=daily_loss');
    expect(bell.body.items).toEqual([expect.objectContaining({ type: 'daily_loss', daily_streak: 2 })]);
  });
});

describe('the bell and claiming rewards', () => {
  it('counts new notifications and rewards in headers; a claim pays its tokens once', async () => {
    const { client, id } = await newPlayer(t);
    await happen(Array.from({ length: 14 }, () => generated(id)));
    // 150 XP with the first day's: level 2 (a level-up paying level × 10 coins), the achievement of the
    // first 10 images (paying its tier's coins), and the first day's notification.
    const bell = await client.get('/api/notifications');
    expect(bell.status).toBe(200);
    expect(bell.response.headers['x-total-new-notifications']).toBe('3');
    expect(bell.response.headers['x-total-new-rewards']).toBe('2');
    const items = bell.body.items as { id: number; type: string; action: string; reward_tokens: number }[];
    const levelUp = items.find((item) => item.type === 'level_up');
    const firstDay = items.find((item) => item.type === 'daily');
    expect(levelUp).toMatchObject({ action: 'claim', level: 2, reward_tokens: levelUpRewardTokens(2) });
    expect(items.find((item) => item.type === 'achievement')).toMatchObject({
      action: 'claim',
      reward_tokens: ACHIEVEMENTS.find((a) => a.key === 'images_generated_10')!.rewardTokens,
    });
    expect(firstDay).toMatchObject({ type: 'daily', daily_streak: 1, xp_gain: FIRST_DAY, action: null });

    const claims = await Promise.all(
      [1, 2, 3].map(() => client.request('PUT', `/api/notifications/${levelUp!.id}/consume`)),
    );
    expect(claims.map((claim) => claim.status)).toEqual([200, 200, 200]);
    expect(claims.map((claim) => claim.body.claimed as number).reduce((a, b) => a + b)).toBe(20);
    expect(claims.at(-1)!.response.headers['x-total-new-rewards']).toBe('1');
    expect((await player(client)).reward_tokens).toBe(levelUpRewardTokens(2));
    expect(await ledgerDiscrepancies(t.database.db, [id])).toEqual([]);
  });

  it('consumes every notification of a type at once', async () => {
    const { client, id } = await newPlayer(t);
    await happen([
      { type: 'report.approved', payload: { reportId: 900_001, reporterId: id, imageId: null } },
      { type: 'report.approved', payload: { reportId: 900_002, reporterId: id, imageId: null } },
    ]);
    expect(await player(client)).toMatchObject({ approved_reports: 2 });
    const all = await client.request('PUT', '/api/notifications/consume/all/report');
    expect(all.body).toMatchObject({ ok: true, consumed: 2, claimed: 0 });
    const bell = await client.get('/api/notifications?scopes=report');
    expect(bell.body.items).toHaveLength(2);
    expect((bell.body.items as { new: boolean }[]).every((item) => !item.new)).toBe(true);
  });

  it("refuses another user's notification, an unknown type and a bad page", async () => {
    const owner = await newPlayer(t);
    const other = await newPlayer(t);
    await happen(Array.from({ length: 14 }, () => generated(owner.id)));
    const [note] = (await owner.client.get('/api/notifications?scopes=level_up')).body.items as {
      id: number;
    }[];
    const stolen = await other.client.request('PUT', `/api/notifications/${note!.id}/consume`);
    expect(stolen.status).toBe(404);
    expect(codeOf(stolen.body)).toBe('not_found');
    expect((await owner.client.get('/api/notifications')).response.headers['x-total-new-rewards']).toBe('2');
    expect((await other.client.request('PUT', '/api/notifications/consume/all/nothing')).status).toBe(400);
    expect((await other.client.get('/api/notifications?scopes=level_up,bogus')).status).toBe(400);
    expect((await other.client.get('/api/notifications?page=-1')).status).toBe(400);
    expect(
      (await other.client.request('PUT', '/api/notifications/99999999999999999999/consume')).status,
    ).toBe(400);
  });
});

describe('catalogues', () => {
  it('lists every achievement with its unlocked state, and every cosmetic with defaults owned', async () => {
    const { client } = await newPlayer(t);
    const achievements = await client.get('/api/achievements');
    expect(achievements.status).toBe(200);
    expect(achievements.body).toHaveLength(ACHIEVEMENTS.length);
    const items = (await client.get('/api/items')).body as unknown as {
      consumed: boolean;
      data: string | null;
      price: number;
    }[];
    expect(items.filter((item) => item.consumed).every((item) => item.price === 0 && item.data)).toBe(true);
    expect(items.filter((item) => !item.consumed).every((item) => item.data === null)).toBe(true);
  });

  it('needs a session', async () => {
    const { Client } = await import('../harness.ts');
    const guest = new Client(t.app);
    for (const path of ['/api/player/me', '/api/achievements', '/api/items', '/api/notifications']) {
      expect((await guest.get(path)).status).toBe(401);
    }
  });
});

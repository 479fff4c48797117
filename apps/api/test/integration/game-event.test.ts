import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GAME_EVENT_MISS_LIMIT } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGameEventRepository,
  GameEventLoadError,
  loadGameEventFile,
} from '../../src/features/game-event/index.ts';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * Game events (docs/product/player.md#events): the operator's file, the current event for visitors and
 * players, the announcement, and the image hunt that pays reward tokens once per marked image.
 */
let t: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t);
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60_000;
const events = () => createGameEventRepository(t.database.db);

/**
 * Moves the app's clock to an instant (the service caches the current event for 30 s of its clock). The
 * hunt's events lie within the 30 days a session lasts.
 */
function setClock(at: Date) {
  t.clock.offsetMs = at.getTime() - Date.now();
}

/** An event from `startsInDays` to `endsInDays` from now (the real now: the clock may have moved). */
function eventDefinition(startsInDays: number, endsInDays: number, images: string[], tokens = 25) {
  return {
    uuid: randomUUID(),
    title: { en: 'Lantern hunt', fr: 'Chasse aux lanternes' },
    description: { en: 'Lanterns are hidden in the gallery.' },
    starts_at: new Date(Date.now() + startsInDays * DAY).toISOString(),
    ends_at: new Date(Date.now() + endsInDays * DAY).toISOString(),
    reward_tokens: tokens,
    images,
  };
}

async function loadFile(content: unknown): Promise<number> {
  const file = path.join(t.dataDir, `events-${randomUUID()}.json`);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return loadGameEventFile(events(), file);
}

async function problemsOf(content: unknown): Promise<string[]> {
  const error = await loadFile(content).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GameEventLoadError);
  return (error as GameEventLoadError).problems;
}

describe('the operator’s events file', () => {
  it('is refused whole, with every problem listed, and stores nothing', async () => {
    const image = await addImage(t, owner.id);
    const privateImage = await addImage(t, owner.id, { is_private: true });
    expect((await problemsOf('{ not json'))[0]).toMatch(/JSON/);
    expect(
      await problemsOf({ events: [{ ...eventDefinition(400, 401, [image.uuid]), reward_tokens: 0 }] }),
    ).toEqual([expect.stringMatching(/events\.0\.reward_tokens/)]);
    const missing = randomUUID();
    expect(
      await problemsOf({ events: [eventDefinition(400, 401, [image.uuid, privateImage.uuid, missing])] }),
    ).toEqual([
      expect.stringContaining(`image ${privateImage.uuid} is not a public gallery image`),
      expect.stringContaining(`image ${missing} is not a public gallery image`),
    ]);
    const first = eventDefinition(400, 402, [image.uuid]);
    const second = eventDefinition(401, 403, [image.uuid]);
    expect(await problemsOf({ events: [first, second] })).toEqual([
      `events ${first.uuid} and ${second.uuid} overlap`,
    ]);
    expect(await events().list()).toEqual([]);
  });

  it('replaces an event by uuid, marked images included, and lists its finds', async () => {
    const [a, b] = [await addImage(t, owner.id), await addImage(t, owner.id)];
    const event = eventDefinition(500, 501, [a.uuid]);
    expect(await loadFile({ events: [event] })).toBe(1);
    expect(await loadFile({ events: [{ ...event, images: [a.uuid, b.uuid], reward_tokens: 40 }] })).toBe(1);
    const stored = (await events().list()).find((row) => row.uuid === event.uuid);
    expect(stored).toMatchObject({ images_total: 2, reward_tokens: 40, finds: 0, finders: 0 });
    expect(stored!.title).toEqual(event.title);
  });
});

describe('the hunt', () => {
  let marked: { uuid: string }[];
  let event: ReturnType<typeof eventDefinition>;
  const start = () => new Date(event.starts_at);

  beforeAll(async () => {
    marked = [await addImage(t, owner.id), await addImage(t, owner.id), await addImage(t, owner.id)];
    event = eventDefinition(
      5,
      12,
      marked.map((image) => image.uuid),
    );
    await loadFile({ events: [event] });
  });

  it('shows nothing before the announcement, then the upcoming event to visitors and players', async () => {
    const player = await signedIn(t);
    setClock(new Date(start().getTime() - 4 * DAY));
    expect((await new Client(t.app).get('/api/event/visitor')).body).toEqual({ event: null });
    setClock(new Date(start().getTime() - 2 * DAY));
    const visitor = await new Client(t.app).get('/api/event/visitor');
    expect(visitor.status).toBe(200);
    expect(visitor.body.event).toEqual({
      uuid: event.uuid,
      title: event.title,
      description: event.description,
      starts_at: event.starts_at,
      ends_at: event.ends_at,
      state: 'upcoming',
      reward_tokens: 25,
      images_total: 3,
    });
    expect((await player.client.get('/api/event')).body.event).toMatchObject({
      uuid: event.uuid,
      state: 'upcoming',
      consumed: false,
      found: [],
    });
    expect((await new Client(t.app).get('/api/event')).status).toBe(401);
  });

  it('is `wait_for_event` before the start; the announcement can be closed already', async () => {
    const player = await signedIn(t);
    setClock(new Date(start().getTime() - 60_000));
    const early = await player.client.post(`/api/event/${event.uuid}/${marked[0]!.uuid}`);
    expect(early.status).toBe(409);
    expect(early.body.detail).toEqual({ code: 'wait_for_event', data: { starts_at: event.starts_at } });
    expect((await player.client.post(`/api/event/${event.uuid}`)).body).toEqual({ ok: true });
    expect((await player.client.post(`/api/event/${event.uuid}`)).body).toEqual({ ok: true });
    expect((await player.client.get('/api/event')).body.event).toMatchObject({ consumed: true });
  });

  it('pays a marked image once, however many times and in parallel it is opened', async () => {
    const player = await signedIn(t);
    setClock(new Date(start().getTime() + DAY));
    const url = `/api/event/${event.uuid}/${marked[0]!.uuid}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => player.client.post(url)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const paid = answers.filter((answer) => answer.body.new === true);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body).toEqual({
      found: true,
      new: true,
      reward_tokens: 25,
      found_count: 1,
      images_total: 3,
      balance: 25,
    });
    for (const answer of answers.filter((a) => a.body.new === false)) {
      expect(answer.body).toMatchObject({ found: true, reward_tokens: 0, balance: null });
    }
    const upper = await player.client.post(url.toUpperCase().replace('/API/EVENT/', '/api/event/'));
    expect(upper.body).toMatchObject({ found: true, new: false });
    expect((await player.client.get('/api/player/me')).body.reward_tokens).toBe(25);
    const second = await player.client.post(`/api/event/${event.uuid}/${marked[1]!.uuid}`);
    expect(second.body).toMatchObject({ new: true, found_count: 2, balance: 50 });
    expect((await player.client.get('/api/event')).body.event).toMatchObject({
      state: 'running',
      found: [marked[0]!.uuid, marked[1]!.uuid],
    });
    expect(await ledgerDiscrepancies(t.database.db, [player.id])).toEqual([]);
  });

  it('pays nothing for an image it does not mark, or one made private since', async () => {
    const player = await signedIn(t);
    setClock(new Date(start().getTime() + DAY));
    const other = await addImage(t, owner.id);
    const miss = await player.client.post(`/api/event/${event.uuid}/${other.uuid}`);
    expect(miss.body).toEqual({
      found: false,
      new: false,
      reward_tokens: 0,
      found_count: 0,
      images_total: 3,
      balance: null,
    });
    expect((await player.client.post(`/api/event/${event.uuid}/${randomUUID()}`)).body.found).toBe(false);
    await t.database.db
      .updateTable('image')
      .set({ is_private: true })
      .where('uuid', '=', marked[2]!.uuid)
      .execute();
    expect((await player.client.post(`/api/event/${event.uuid}/${marked[2]!.uuid}`)).body.found).toBe(false);
    // Its owner still sees it, and finds it.
    const own = await owner.client.post(`/api/event/${event.uuid}/${marked[2]!.uuid}`);
    expect(own.body).toMatchObject({ found: true, new: true });
    await t.database.db
      .updateTable('image')
      .set({ is_private: false })
      .where('uuid', '=', marked[2]!.uuid)
      .execute();
  });

  it('answers an unknown or malformed event as `event_not_found`, a malformed image as `image_not_found`', async () => {
    const player = await signedIn(t);
    setClock(new Date(start().getTime() + DAY));
    const unknown = await player.client.post(`/api/event/${randomUUID()}/${marked[0]!.uuid}`);
    expect([unknown.status, codeOf(unknown.body)]).toEqual([404, 'event_not_found']);
    for (const bad of ['not-a-uuid', '%00', '1'.repeat(100)]) {
      const answer = await player.client.post(`/api/event/${bad}/${marked[0]!.uuid}`);
      expect([answer.status, codeOf(answer.body)]).toEqual([404, 'event_not_found']);
      const consume = await player.client.post(`/api/event/${bad}`);
      expect([consume.status, codeOf(consume.body)]).toEqual([404, 'event_not_found']);
    }
    const badImage = await player.client.post(`/api/event/${event.uuid}/lighthouse.png`);
    expect([badImage.status, codeOf(badImage.body)]).toEqual([404, 'image_not_found']);
    expect((await new Client(t.app).post(`/api/event/${event.uuid}/${marked[0]!.uuid}`)).status).toBe(401);
  });

  it('limits images that are not marked, and finds do not count against it', async () => {
    const player = await signedIn(t);
    // At the start of a limiter window (fixed windows of GAME_EVENT_MISS_LIMIT.windowMs), so the misses
    // below all fall in one window however slowly they run.
    const window = GAME_EVENT_MISS_LIMIT.windowMs;
    setClock(new Date(Math.ceil((start().getTime() + 2 * DAY) / window) * window));
    const find = await player.client.post(`/api/event/${event.uuid}/${marked[0]!.uuid}`);
    expect(find.body.new).toBe(true);
    for (let miss = 0; miss < GAME_EVENT_MISS_LIMIT.max; miss++) {
      const answer = await player.client.post(`/api/event/${event.uuid}/${randomUUID()}`);
      expect(answer.status).toBe(200);
    }
    const over = await player.client.post(`/api/event/${event.uuid}/${randomUUID()}`);
    expect([over.status, codeOf(over.body)]).toEqual([429, 'spam_protection']);
    const other = await signedIn(t);
    expect((await other.client.post(`/api/event/${event.uuid}/${randomUUID()}`)).status).toBe(200);
  });

  it('is over at its end, or when the operator ends it: nothing is current and nothing pays', async () => {
    const player = await signedIn(t);
    setClock(new Date(event.ends_at));
    expect((await player.client.get('/api/event')).body).toEqual({ event: null });
    const late = await player.client.post(`/api/event/${event.uuid}/${marked[1]!.uuid}`);
    expect([late.status, codeOf(late.body)]).toEqual([409, 'event_ended']);
    const consume = await player.client.post(`/api/event/${event.uuid}`);
    expect([consume.status, codeOf(consume.body)]).toEqual([409, 'event_ended']);

    const next = eventDefinition(13, 15, [marked[1]!.uuid]);
    await loadFile({ events: [next] });
    setClock(new Date(new Date(next.starts_at).getTime() + DAY));
    expect((await player.client.get('/api/event')).body.event).toMatchObject({ uuid: next.uuid });
    expect(await events().end(next.uuid, new Date(Date.now() + t.clock.offsetMs))).toBe('ended');
    setClock(new Date(new Date(next.starts_at).getTime() + DAY + 31_000));
    expect((await player.client.get('/api/event')).body).toEqual({ event: null });
    const ended = await player.client.post(`/api/event/${next.uuid}/${marked[1]!.uuid}`);
    expect(codeOf(ended.body)).toBe('event_ended');
    expect(await events().end(randomUUID(), new Date())).toBe('not_found');
  });
});

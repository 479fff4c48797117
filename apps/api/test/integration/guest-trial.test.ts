import { TASK_STATE } from '@mirage/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addImage } from '../gallery-fixtures.ts';
import { openSseStream, type SseStream } from '../sse-stream.ts';
import { Client, codeOf, createTestApp, newAccount, startOfNextHour, type TestContext } from '../harness.ts';

/**
 * The guest trial (DECISIONS.md "Guests and the client"; features/guest): the 18+ confirmation, one
 * image a UTC day per browser and per address, the hourly budget, the forced terms, the privacy of the
 * guest's image, its expiry after 24 h and its hand-over at sign-up or sign-in.
 */
let t: TestContext;
let base: string;
const streams: SseStream[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { GUEST_TRIAL_HOURLY_BUDGET: '1000' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.clock.offsetMs = 0;
  for (const stream of streams.splice(0)) stream.destroy();
});

const URL = '/api/tasks/guest/txt2img';
const FREE_ANIME = 1;
const PAID_ANIME = 2;
let seed = 5000;
const body = (overrides: Record<string, unknown> = {}) => ({
  prompt: 'a lighthouse at dusk, crashing waves',
  neg_prompt: 'blurry',
  style_id: FREE_ANIME,
  quality: 'Ultra',
  format: 'Portrait',
  watermark: false,
  private: false,
  seed: seed++,
  age_confirmed: true,
  ...overrides,
});

let ipCounter = 0;
/** A fresh browser at a fresh documentation-range address (one not used by the harness's clients). */
const guest = (ip = `203.0.113.${++ipCounter}`) => new Client(t.app, ip);

async function sessionOwner(client: Client): Promise<number> {
  const row = await t.database.db
    .selectFrom('guest_session')
    .select('user_id')
    .where('address', '=', client.ip)
    .executeTakeFirstOrThrow();
  return Number(row.user_id);
}

/** The status of a file request as `client` (its body is not JSON). */
async function fileStatus(client: Client, url: string): Promise<number> {
  const cookie = client.cookieHeader();
  const response = await t.app.inject({
    method: 'GET',
    url,
    remoteAddress: client.ip,
    headers: cookie ? { cookie } : {},
  });
  return response.statusCode;
}

/** A guest's trial, finished: the task done with a private image of its owner (files stored). */
async function finishedTrial(client: Client) {
  const created = await client.post(URL, body());
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const ownerId = await sessionOwner(client);
  const image = await addImage(t, ownerId, { is_private: true, files: true });
  await t.database.db
    .updateTable('task')
    .set({ state: TASK_STATE.Done, image_id: image.id, finished_at: t.services.now() })
    .where('id', '=', created.body.task_id as string)
    .execute();
  return { taskId: created.body.task_id as string, uuid: image.uuid, ownerId };
}

describe('POST /api/tasks/guest/txt2img', () => {
  it('refuses without the 18+ confirmation, and leaves nothing behind', async () => {
    const client = guest();
    for (const confirmation of [{ age_confirmed: undefined }, { age_confirmed: false }]) {
      const refused = await client.post(URL, body(confirmation));
      expect(refused.status).toBe(403);
      expect(codeOf(refused.body)).toBe('age_confirmation_required');
    }
    expect(client.cookies.has('mirage_guest')).toBe(false);
    const sessions = await t.database.db
      .selectFrom('guest_session')
      .select('user_id')
      .where('address', '=', client.ip)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('queues a free, private, watermarked Standard task in the lowest lane, with no ledger movement', async () => {
    const client = guest();
    const created = await client.post(URL, body({ modifiers: [{ id: 201, weight: 40 }], upscale: true }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ cost: 0, paid_with_daily: false });
    const cookie = created.response.cookies.find((c) => c.name === 'mirage_guest');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(new Date(cookie!.expires!).getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60_000);

    const task = await t.database.db
      .selectFrom('task')
      .selectAll()
      .where('id', '=', created.body.task_id as string)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ lane: 'eco', cost: 0, paid_with: null });
    expect(task.settings).toMatchObject({
      quality: 'Standard',
      watermark: true,
      private: true,
      modifiers: [],
    });
    expect(task.job.watermark).toBe(true);
    expect(task.job.upscale).toBeNull();
    const owner = await t.database.db
      .selectFrom('app_user')
      .select(['id', 'is_active', 'pwd_hash'])
      .where('id', '=', task.user_id)
      .executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ is_active: false, pwd_hash: null });
    const entries = await t.database.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('user_id', '=', task.user_id)
      .execute();
    expect(entries).toEqual([]);

    const listed = await client.get('/api/tasks/guest');
    expect(listed.status).toBe(200);
    expect((listed.body.tasks as { task_id: string }[]).map((view) => view.task_id)).toEqual([task.id]);
  });

  it('allows one image a day per browser, whatever its address', async () => {
    startOfNextHour(t); // not across a UTC midnight
    const client = guest();
    const first = await client.post(URL, body());
    expect(first.status).toBe(200);
    const sameBrowserElsewhere = guest();
    for (const [name, value] of client.cookies) sameBrowserElsewhere.cookies.set(name, value);
    const again = await sameBrowserElsewhere.post(URL, body());
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ detail: { code: 'guest_limit_reached', data: { limit: 'browser' } } });
    // The next UTC day (its first image done by then), the same browser may try again.
    await t.database.db
      .updateTable('task')
      .set({ state: TASK_STATE.Done, finished_at: t.services.now() })
      .where('id', '=', first.body.task_id as string)
      .execute();
    const now = t.services.now();
    const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
    t.clock.offsetMs += nextDay - now.getTime();
    const nextDayTry = await sameBrowserElsewhere.post(URL, body());
    expect(nextDayTry.status, JSON.stringify(nextDayTry.body)).toBe(200);
  });

  it('allows one image a day per address, whatever the browser, an IPv6 /64 counting as one', async () => {
    startOfNextHour(t);
    const first = guest();
    expect((await first.post(URL, body())).status).toBe(200);
    const otherBrowser = guest(first.ip);
    const refused = await otherBrowser.post(URL, body());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ detail: { data: { limit: 'address' } } });

    expect((await guest('2001:db8:77:1::1').post(URL, body())).status).toBe(200);
    const sameLine = await guest('2001:db8:77:1:ffff::2').post(URL, body());
    expect(codeOf(sameLine.body)).toBe('guest_limit_reached');
  });

  it('refuses a paid style with the signed-in code, and counts nothing', async () => {
    const client = guest();
    const refused = await client.post(URL, body({ style_id: PAID_ANIME }));
    expect(refused.status).toBe(403);
    expect(codeOf(refused.body)).toBe('unauthorized_style');
    // The refusal used no trial: the same browser may still make its image.
    expect((await client.post(URL, body())).status).toBe(200);
  });

  it('applies child safety: a strike for the owner and for the address, and mutes the address at 8', async () => {
    const client = guest();
    const refused = await client.post(URL, body({ prompt: 'portrait of a person, 12 years old' }));
    expect(refused.status).toBe(400);
    expect(codeOf(refused.body)).toBe('forbidden_prompt');
    const ownerId = await sessionOwner(client);
    const strikes = await t.database.db
      .selectFrom('moderation_strike')
      .select('id')
      .where('user_id', '=', ownerId)
      .execute();
    expect(strikes).toHaveLength(1);
    const byAddress = () =>
      t.database.db
        .selectFrom('guest_address_strike')
        .select('id')
        .where('address', '=', client.ip)
        .execute();
    expect(await byAddress()).toHaveLength(1);
    await t.database.db
      .insertInto('guest_address_strike')
      .values(Array.from({ length: 7 }, () => ({ address: client.ip, created_at: t.services.now() })))
      .execute();
    // A new browser at the same address is muted too.
    const muted = await guest(client.ip).post(URL, body());
    expect(muted.status).toBe(403);
    expect(codeOf(muted.body)).toBe('user_muted');
  });
});

describe('the guest hourly budget', () => {
  it('refuses every guest once the hour is spent, and lets them in the next hour', async () => {
    const small = await createTestApp({ env: { GUEST_TRIAL_HOURLY_BUDGET: '2' } });
    try {
      const call = (ip: string) => new Client(small.app, ip).post(URL, body());
      expect((await call('198.51.100.1')).status).toBe(200);
      expect((await call('198.51.100.2')).status).toBe(200);
      const over = await call('198.51.100.3');
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ detail: { code: 'guest_limit_reached', data: { limit: 'budget' } } });
      await small.database.db
        .updateTable('guest_trial_use')
        .set({ created_at: new Date(Date.now() - 61 * 60_000) })
        .execute();
      expect((await call('198.51.100.3')).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('privacy of the guest image', () => {
  it('shows the image to its browser only: not to another guest, a user or a visitor', async () => {
    const owner = guest();
    const { uuid } = await finishedTrial(owner);
    const file = `/images/${uuid}.webp`;
    expect(await fileStatus(owner, file)).toBe(200);
    const listed = await owner.get('/api/tasks/guest');
    expect(JSON.stringify(listed.body)).toContain(uuid);

    const otherGuest = guest();
    await otherGuest.post(URL, body());
    const user = new Client(t.app, '198.18.200.1');
    await user.post('/api/user/create', newAccount());
    const visitor = guest();
    // A signed-in user's session is not a guest session: the guest calls show it nothing.
    expect((await user.get('/api/tasks/guest')).body).toEqual({ tasks: [] });
    for (const stranger of [otherGuest, user, visitor]) {
      expect(await fileStatus(stranger, file)).toBe(404);
      expect(await fileStatus(stranger, `/images/${uuid}.png`)).toBe(404);
      expect(await fileStatus(stranger, `/images/${uuid}-min.webp`)).toBe(404);
      expect((await stranger.get(`/api/image/${uuid}/info`)).status).toBe(404);
      expect((await stranger.get(`/api/image/${uuid}/info/gen`)).status).toBe(404);
      expect(JSON.stringify((await stranger.get('/api/tasks/guest')).body)).not.toContain(uuid);
      const search = await stranger.post('/api/gallery/search', {});
      expect(JSON.stringify(search.body)).not.toContain(uuid);
    }
  });

  it('forgets the image after 24 hours, and the cleanup erases it with its owner', async () => {
    const owner = guest();
    const { uuid, ownerId } = await finishedTrial(owner);
    t.clock.offsetMs = 24 * 60 * 60_000 + 60_000;
    expect(await fileStatus(owner, `/images/${uuid}.webp`)).toBe(404);
    expect((await owner.get('/api/tasks/guest')).body).toEqual({ tasks: [] });

    expect(await t.services.guestTrial.cleanup()).toBeGreaterThanOrEqual(1);
    const image = await t.database.db.selectFrom('image').select('id').where('uuid', '=', uuid).execute();
    expect(image).toEqual([]);
    const account = await t.database.db
      .selectFrom('app_user')
      .select(['deleted_at', 'is_active'])
      .where('id', '=', ownerId)
      .executeTakeFirstOrThrow();
    expect(account.deleted_at).not.toBeNull();
    const tasks = await t.database.db
      .selectFrom('task')
      .select('id')
      .where('user_id', '=', ownerId)
      .execute();
    expect(tasks).toEqual([]);
    const sessions = await t.database.db
      .selectFrom('guest_session')
      .select('user_id')
      .where('user_id', '=', ownerId)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('keeps a live session through the cleanup', async () => {
    const owner = guest();
    const { uuid } = await finishedTrial(owner);
    await t.services.guestTrial.cleanup();
    expect(await fileStatus(owner, `/images/${uuid}.webp`)).toBe(200);
  });
});

describe('GET /api/tasks/guest/monitor', () => {
  it("streams the guest's own task, and refuses a browser without a guest session", async () => {
    const browser = guest();
    const { taskId, uuid } = await finishedTrial(browser);
    const stream = await openSseStream(base, '/api/tasks/guest/monitor', browser.cookieHeader(), streams);
    expect(stream.status).toBe(200);
    await stream.received(uuid);
    expect(stream.text()).toContain(taskId);

    const refused = await guest().get('/api/tasks/guest/monitor');
    expect(refused.status).toBe(401);
    expect(codeOf(refused.body)).toBe('token_missing');
  });
});

describe('hand-over', () => {
  it('moves the image into the creations of an account signed up in the same browser', async () => {
    const browser = guest();
    const { uuid, taskId } = await finishedTrial(browser);
    const created = await browser.post('/api/user/create', newAccount());
    expect(created.status).toBe(201);
    const userId = (created.body.user as { id: number }).id;
    expect(browser.cookies.has('mirage_guest')).toBe(false);

    const image = await t.database.db
      .selectFrom('image')
      .select(['user_id', 'is_private'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(image).toEqual({ user_id: userId, is_private: true });
    const task = await t.database.db
      .selectFrom('task')
      .select('user_id')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(Number(task.user_id)).toBe(userId);
    const creations = await browser.post(`/api/gallery/search?author_id=${userId}`, {});
    expect(JSON.stringify(creations.body)).toContain(uuid);
    expect(await fileStatus(browser, `/images/${uuid}.webp`)).toBe(200);
    // The cleanup no longer touches it.
    t.clock.offsetMs = 25 * 60 * 60_000;
    await t.services.guestTrial.cleanup();
    const kept = await t.database.db.selectFrom('image').select('id').where('uuid', '=', uuid).execute();
    expect(kept).toHaveLength(1);
  });

  it('moves it too when an existing account signs in in the same browser', async () => {
    const account = newAccount();
    await new Client(t.app, '198.18.201.1').post('/api/user/create', account);
    const browser = guest();
    const { uuid } = await finishedTrial(browser);
    const login = await browser.post('/api/user/login', { username: account.username, pwd: account.pwd });
    expect(login.status).toBe(200);
    const userId = (login.body.user as { id: number }).id;
    const image = await t.database.db
      .selectFrom('image')
      .select('user_id')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(Number(image.user_id)).toBe(userId);
  });
});

import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDiscrepancies } from '../../src/features/ledger/repository.ts';
import { appendEvent } from '../../src/features/outbox/index.ts';
import { USERNAME_GRACE_MS } from '../../src/features/user/account-deletion.ts';
import { addImage, tagId } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, newAccount, startOfNextHour, type TestContext } from '../harness.ts';

/**
 * Deleting an account and downloading one's data (docs/product/accounts.md#your-data): what goes, what
 * stays for the accounts, the counts other users see, the files in the store, and the confirmation.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ deps: { outbox: { retryDelayMs: () => 0 } } });
});
afterAll(async () => {
  await t.close();
});

async function account() {
  const client = new Client(t.app);
  const details = newAccount();
  const created = await client.post('/api/user/create', details);
  expect(created.status).toBe(201);
  return { client, details, id: (created.body.user as { id: number }).id };
}

/** The client's cookie header (the export is read raw, as bytes, through app.inject). */
const cookieOf = (client: Client) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

const tagUsage = async (id: number) =>
  (await t.database.db.selectFrom('tag').select('usage_count').where('id', '=', id).executeTakeFirstOrThrow())
    .usage_count;

describe('deleting an account', () => {
  it('removes everything personal, keeps the ledger, frees the files and keeps the counts right', async () => {
    const owner = await account();
    const other = await account();
    const publicImage = await addImage(t, owner.id, { files: true, prompt: 'lighthouse, dusk' });
    const privateImage = await addImage(t, owner.id, { files: true, is_private: true });
    const othersImage = await addImage(t, other.id, { prompt: 'lighthouse, dusk' });
    const lighthouse = await tagId(t, 'lighthouse');
    const usageBefore = await tagUsage(lighthouse);

    // The other user's public prompt, which the owner subscribes to; the owner's own prompt; a favourite.
    const saved = await other.client.post('/api/prompt/save', { lib: 'harbour', pos_tags: [lighthouse] });
    const promptId = (saved.body as { id: number }).id;
    expect((await other.client.post(`/api/prompt/${promptId}/publish`, {})).status).toBe(200);
    expect((await owner.client.post(`/api/prompt/${promptId}/subscribe`, {})).body).toMatchObject({
      subscriber_count: 1,
    });
    expect(
      (await owner.client.post('/api/prompt/save', { lib: 'mine', pos_tags: [lighthouse] })).status,
    ).toBe(200);
    expect((await owner.client.post('/api/action/favorite', { uuid: othersImage.uuid })).status).toBe(200);
    const entriesBefore = await t.database.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(entriesBefore.length).toBeGreaterThan(0);

    expect(codeOf((await owner.client.post('/api/user/delete', {})).body)).toBe('required_pwd');
    expect(
      codeOf((await owner.client.post('/api/user/delete', { password: 'not the password 1!' })).body),
    ).toBe('incorrect_password');
    const deleted = await owner.client.post('/api/user/delete', { password: owner.details.pwd });
    expect(deleted.body).toEqual({ ok: true });
    await t.services.outbox.drain();

    expect((await owner.client.get('/api/user/me')).status).toBe(401);
    const login = await new Client(t.app).post('/api/user/login', {
      username: owner.details.email,
      pwd: owner.details.pwd,
    });
    expect(login.status).not.toBe(200);

    const { db } = t.database;
    expect(await db.selectFrom('image').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
    for (const uuid of [publicImage.uuid, privateImage.uuid]) {
      for (const key of [`images/${uuid}.png`, `images/${uuid}.webp`, `images/${uuid}-min.webp`]) {
        expect(await t.services.store.get(key)).toBeNull();
      }
    }
    for (const table of ['saved_prompt', 'prompt_subscription', 'favorite', 'session', 'player'] as const) {
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', owner.id).execute()).toEqual(
        [],
      );
    }
    const row = await db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: `deleted-${owner.id}@deleted.invalid`,
      pwd_hash: null,
      is_active: false,
    });
    expect(row.deleted_at).not.toBeNull();

    // Kept for the accounts, and still adding up.
    const entriesAfter = await db
      .selectFrom('ledger_entry')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(entriesAfter).toEqual(entriesBefore);
    expect(await ledgerDiscrepancies(db, [owner.id])).toEqual([]);
    // What other users see stays right.
    expect(await tagUsage(lighthouse)).toBe(usageBefore - 1);
    const prompt = await db
      .selectFrom('saved_prompt')
      .select('subscriber_count')
      .where('id', '=', promptId)
      .executeTakeFirstOrThrow();
    expect(prompt.subscriber_count).toBe(0);
    expect(await db.selectFrom('image').select('id').where('id', '=', othersImage.id).execute()).toHaveLength(
      1,
    );

    // An event about the account that was still on its way gives the deleted account no progress back.
    await db
      .transaction()
      .execute((trx) =>
        appendEvent(trx, { type: 'daily_quest.completed', payload: { userId: owner.id, day: '2026-11-27' } }),
      );
    await t.services.outbox.drain();
    expect(await db.selectFrom('player').select('user_id').where('user_id', '=', owner.id).execute()).toEqual(
      [],
    );
  });

  it('keeps the username taken for the grace period, then frees it', async () => {
    const gone = await account();
    await gone.client.post('/api/user/delete', { password: gone.details.pwd });
    const again = { ...newAccount(), username: gone.details.username };
    expect(codeOf((await new Client(t.app).post('/api/user/create', again)).body)).toBe('duplicate_username');
    t.clock.offsetMs = USERNAME_GRACE_MS + 60_000;
    try {
      expect(await t.services.accountDeletion.freeUsernames()).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await new Client(t.app).post('/api/user/create', again)).status).toBe(201);
  });

  it('asks an account without a password to have signed in within 10 minutes', async () => {
    const oauthOnly = await account();
    await t.database.db
      .updateTable('app_user')
      .set({ pwd_hash: null })
      .where('id', '=', oauthOnly.id)
      .execute();
    t.clock.offsetMs = 11 * 60_000;
    try {
      expect(codeOf((await oauthOnly.client.post('/api/user/delete', {})).body)).toBe(
        'reauthentication_required',
      );
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await oauthOnly.client.post('/api/user/delete', {})).body).toEqual({ ok: true });
  });

  it('refuses visitors', async () => {
    expect(codeOf((await new Client(t.app).post('/api/user/delete', {})).body)).toBe('token_missing');
    expect(codeOf((await new Client(t.app).get('/api/user/export')).body)).toBe('token_missing');
  });
});

describe('downloading one’s data', () => {
  it('is a zip of the profile, the images’ settings and their files', async () => {
    const user = await account();
    const image = await addImage(t, user.id, { files: true });
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/user/export',
      headers: { cookie: cookieOf(user.client) },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="mirage-data-${user.details.username}.zip"`,
    );
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { username: string; email: string };
    expect(profile).toMatchObject({
      username: user.details.username,
      email: user.details.email.toLowerCase(),
    });
    const images = JSON.parse(strFromU8(files['images.json']!)) as { uuid: string; prompt: string }[];
    expect(images).toEqual([expect.objectContaining({ uuid: image.uuid, prompt: 'a lighthouse at dusk' })]);
    const png = files[`images/${image.uuid}.png`];
    expect(Buffer.from(png!).equals((await t.services.store.get(`images/${image.uuid}.png`))!)).toBe(true);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'ledger.json',
        'orders.json',
        'saved-prompts.json',
        'favorites.json',
      ]),
    );
  });

  it('is limited to 3 downloads an hour per account', async () => {
    startOfNextHour(t);
    const user = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/user/export',
            headers: { cookie: cookieOf(user.client) },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

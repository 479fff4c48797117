import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm, enqueuePaidTask, pngOf } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

// GET /api/config/token: the web app's service worker's file token (features/session/file-token.ts), and
// the image file route accepting it in X-Mirage-File-Token for a private image.

let t: TestContext;
let uuid: string;
let owner: Client;
const account = newAccount();

beforeAll(async () => {
  t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await t.services.workerAuth.issueToken('sw-token-worker');
  owner = new Client(t.app);
  const created = await owner.post('/api/user/create', account);
  const task = await enqueuePaidTask(t, (created.body.user as { id: number }).id, {
    job: { width: 200, height: 280 },
  });
  const lease = { engine: 'preview', max_pixels: 10_000_000, job_types: ['txt2img'], wait_seconds: 0 };
  await fetch(`${base}/api/worker/lease`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(lease),
  });
  const response = await fetch(`${base}/api/worker/jobs/${task.id}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: completeForm(await pngOf(200, 280)),
  });
  uuid = ((await response.json()) as { image_uuid: string }).image_uuid;
  await t.database.db.updateTable('image').set({ is_private: true }).where('uuid', '=', uuid).execute();
});
afterAll(async () => {
  await t.close();
});

/** A file request as the service worker makes it: no cookie, the file token in its header. */
const fileWithToken = (file: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/images/${file}`, headers: { 'x-mirage-file-token': token } });

async function tokenOf(client: Client): Promise<string> {
  const answer = await client.get('/api/config/token');
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

describe('GET /api/config/token', () => {
  it('refuses a guest with the token error', async () => {
    const answer = await new Client(t.app).get('/api/config/token');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ detail: { code: 'token_missing' } });
  });

  it('gives a signed-in user a token valid for an hour, never cached', async () => {
    const answer = await owner.get('/api/config/token');
    expect(answer.status).toBe(200);
    expect(typeof answer.body.token).toBe('string');
    const expires = new Date(answer.body.expires_at as string).getTime();
    expect(Math.abs(expires - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    expect(answer.response.headers['cache-control']).toBe('no-store');
  });

  it("opens the owner's private file, and no other user's", async () => {
    const token = await tokenOf(owner);
    const mine = await fileWithToken(`${uuid}-min.webp`, token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // Without the token (and without a cookie) the same file is not there.
    const bare = await t.app.inject({ method: 'GET', url: `/images/${uuid}-min.webp` });
    expect(bare.statusCode).toBe(404);

    const stranger = new Client(t.app);
    await stranger.post('/api/user/create', newAccount());
    const theirs = await fileWithToken(`${uuid}-min.webp`, await tokenOf(stranger));
    expect(theirs.statusCode).toBe(404);
    expect(JSON.parse(theirs.body)).toEqual({ detail: { code: 'image_not_found' } });
  });

  it('refuses a forged or altered token as a visitor (404, never a sign-out)', async () => {
    const token = await tokenOf(owner);
    const [user, expiry, session, mac] = token.split('.') as [string, string, string, string];
    for (const forged of [
      `${user}.${Number(expiry) + 1}.${session}.${mac}`,
      `${user}.${expiry}.${session}.${mac.slice(0, -2)}AA`,
      'garbage',
      `${'x'.repeat(300)}`,
    ]) {
      const response = await fileWithToken(`${uuid}-min.webp`, forged);
      expect(response.statusCode, forged.slice(0, 40)).toBe(404);
    }
  });

  it('stops opening the file once the token expires', async () => {
    const token = await tokenOf(owner);
    t.clock.offsetMs = 61 * 60 * 1000;
    try {
      expect((await fileWithToken(`${uuid}-min.webp`, token)).statusCode).toBe(404);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await fileWithToken(`${uuid}-min.webp`, token)).statusCode).toBe(200);
  });

  it('stops opening the file once its session is signed out, and only that session', async () => {
    // The owner signs in on a second device, whose token then dies with that device's session.
    const device = new Client(t.app);
    const login = await device.post('/api/user/login', { username: account.username, pwd: account.pwd });
    expect(login.status).toBe(200);
    const deviceToken = await tokenOf(device);
    const ownerToken = await tokenOf(owner);
    expect((await fileWithToken(`${uuid}-min.webp`, deviceToken)).statusCode).toBe(200);

    expect((await device.post('/api/user/logout')).status).toBe(200);
    expect((await fileWithToken(`${uuid}-min.webp`, deviceToken)).statusCode).toBe(404);
    expect((await fileWithToken(`${uuid}-min.webp`, ownerToken)).statusCode).toBe(200);
    // Signed out, the device gets no new token.
    expect((await device.get('/api/config/token')).status).toBe(401);
  });
});

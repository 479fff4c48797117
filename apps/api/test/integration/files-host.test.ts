import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_TOKEN_PERIOD_MS } from '../../src/features/session/file-token.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * The files host (FILES_PUBLIC_URL; docs/architecture/storage.md#files-host) and its read token
 * (GET /api/config/b2_token): the answers point at the host, the host's answers let the site's pages use
 * them, and the token opens its user's own files only, for at most an hour, until its session ends.
 */
const FILES = 'https://files.mirage.test';
const SITE = 'https://mirage.test';

let t: TestContext;
let owner: { client: Client; id: number };
let mine: string;
let theirs: string;
let open: string;
beforeAll(async () => {
  t = await createTestApp({ env: { FILES_PUBLIC_URL: `${FILES}/`, PUBLIC_URL: SITE } });
  owner = await signedIn(t);
  const stranger = await signedIn(t);
  mine = (await addImage(t, owner.id, { is_private: true, files: true })).uuid;
  theirs = (await addImage(t, stranger.id, { is_private: true, files: true })).uuid;
  open = (await addImage(t, stranger.id, { files: true })).uuid;
});
afterAll(async () => {
  await t.close();
});

/** A file request as a browser makes it on the files host: no cookie, the token in the address. */
const file = (name: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/images/${name}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
  });

async function readToken(client: Client) {
  const answer = await client.get('/api/config/b2_token');
  expect(answer.status).toBe(200);
  return { token: answer.body.token as string, expiresAt: new Date(answer.body.expires_at as string) };
}

describe('the answers, with FILES_PUBLIC_URL set', () => {
  it("point the image's files at the files host", async () => {
    const info = await owner.client.get(`/api/image/${mine}/info`);
    expect(info.body).toMatchObject({
      image_src: `${FILES}/images/${mine}.webp`,
      thumbnail_src: `${FILES}/images/${mine}-min.webp`,
      png_src: `${FILES}/images/${mine}.png`,
    });
    const board = await owner.client.post(
      `/api/gallery/search?page=0&size=20&author_id=${owner.id}&favorite=false&offset=0`,
      {},
    );
    expect(board.status).toBe(200);
    const card = (board.body.items as { uuid: string; thumbnail_src: string; image_src: string }[]).find(
      (item) => item.uuid === mine,
    );
    expect(card).toMatchObject({
      thumbnail_src: `${FILES}/images/${mine}-min.webp`,
      image_src: `${FILES}/images/${mine}.webp`,
    });
  });

  it("let the site's pages load the host's images and fetch its files", async () => {
    const policy = String(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('img-src')).toContain(FILES);
    expect(directive('connect-src')).toContain(FILES);
    expect(directive('script-src')).not.toContain(FILES);
    const answer = await file(`${open}-min.webp`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.headers['access-control-allow-origin']).toBe(SITE);
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('GET /api/config/b2_token', () => {
  it('refuses a visitor with the token error', async () => {
    const answer = await new Client(t.app).get('/api/config/b2_token');
    expect([answer.status, codeOf(answer.body)]).toEqual([401, 'token_missing']);
  });

  it('gives the same token for a half hour, valid 30 to 60 minutes, never cached; a new one after', async () => {
    const first = await readToken(owner.client);
    const left = first.expiresAt.getTime() - t.services.now().getTime();
    expect(left).toBeGreaterThan(READ_TOKEN_PERIOD_MS - 60_000);
    expect(left).toBeLessThanOrEqual(2 * READ_TOKEN_PERIOD_MS);
    const answer = await owner.client.get('/api/config/b2_token');
    expect(answer.response.headers['cache-control']).toBe('no-store');
    // Asked at the start and at the end of one half hour, then just after it.
    const period =
      Math.floor(Date.now() / READ_TOKEN_PERIOD_MS) * READ_TOKEN_PERIOD_MS + READ_TOKEN_PERIOD_MS;
    const at = async (ms: number) => {
      t.clock.offsetMs = ms - Date.now();
      return readToken(owner.client);
    };
    try {
      const early = await at(period + 1000);
      const late = await at(period + READ_TOKEN_PERIOD_MS - 1000);
      expect(late.token).toBe(early.token);
      expect(early.expiresAt.getTime()).toBe(period + 2 * READ_TOKEN_PERIOD_MS);
      const next = await at(period + READ_TOKEN_PERIOD_MS + 1000);
      expect(next.token).not.toBe(late.token);
      expect(next.expiresAt.getTime()).toBe(period + 3 * READ_TOKEN_PERIOD_MS);
      // The previous one still opens the files until it expires.
      expect((await file(`${mine}-min.webp`, late.token)).statusCode).toBe(200);
      expect((await file(`${mine}-min.webp`, next.token)).statusCode).toBe(200);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('a read token on the file route', () => {
  it("opens its user's private files, never cached, and nobody else's", async () => {
    const { token } = await readToken(owner.client);
    for (const name of [`${mine}.webp`, `${mine}-min.webp`, `${mine}.png`]) {
      const answer = await file(name, token);
      expect(answer.statusCode, name).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect((await file(`${mine}-min.webp`)).statusCode).toBe(404);
    const foreign = await file(`${theirs}-min.webp`, token);
    expect(foreign.statusCode).toBe(404);
    expect(JSON.parse(foreign.body)).toEqual({ detail: { code: 'image_not_found' } });
  });

  it('is no file token and no session: each kind opens only its own way', async () => {
    const { token } = await readToken(owner.client);
    const workerToken = (await owner.client.get('/api/config/token')).body.token as string;
    expect((await file(`${mine}-min.webp`, workerToken)).statusCode).toBe(404);
    const inHeader = await t.app.inject({
      method: 'GET',
      url: `/images/${mine}-min.webp`,
      headers: { 'x-mirage-file-token': token },
    });
    expect(inHeader.statusCode).toBe(404);
    // Not a way in to anything else: the account's own calls still want the session.
    const me = await t.app.inject({ method: 'GET', url: `/api/user/me?token=${encodeURIComponent(token)}` });
    expect(me.statusCode).toBe(401);
  });

  it('reads a forged, altered or expired token as a visitor (404), and refuses hostile ones (400)', async () => {
    const { token } = await readToken(owner.client);
    const [user, expiry, session, mac] = token.split('.') as [string, string, string, string];
    for (const forged of [
      `${user}.${Number(expiry) + READ_TOKEN_PERIOD_MS}.${session}.${mac}`,
      `${theirs}.${expiry}.${session}.${mac}`,
      `${user}.${expiry}.${session}.${mac.slice(0, -2)}AA`,
      'garbage',
      '',
    ]) {
      expect((await file(`${mine}-min.webp`, forged)).statusCode, forged.slice(0, 40)).toBe(404);
    }
    for (const hostile of [`${token}\u0000`, 'x'.repeat(5000)]) {
      const answer = await file(`${mine}-min.webp`, hostile);
      expect([answer.statusCode, codeOf(JSON.parse(answer.body) as Record<string, unknown>)]).toEqual([
        400,
        'validation_error',
      ]);
    }
    t.clock.offsetMs = 2 * READ_TOKEN_PERIOD_MS + 1000;
    try {
      expect((await file(`${mine}-min.webp`, token)).statusCode).toBe(404);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('dies with its session: signing out ends it at once', async () => {
    const device = await signedIn(t);
    const own = (await addImage(t, device.id, { is_private: true, files: true })).uuid;
    const { token } = await readToken(device.client);
    expect((await file(`${own}-min.webp`, token)).statusCode).toBe(200);
    expect((await device.client.post('/api/user/logout')).status).toBe(200);
    expect((await file(`${own}-min.webp`, token)).statusCode).toBe(404);
    expect((await device.client.get('/api/config/b2_token')).status).toBe(401);
  });
});

describe('without FILES_PUBLIC_URL', () => {
  it('keeps the files on the site, without cross-origin headers', async () => {
    const plain = await createTestApp();
    try {
      const user = await signedIn(plain);
      const uuid = (await addImage(plain, user.id, { files: true })).uuid;
      const info = await user.client.get(`/api/image/${uuid}/info`);
      expect(info.body.thumbnail_src).toBe(`/images/${uuid}-min.webp`);
      const answer = await plain.app.inject({ method: 'GET', url: `/images/${uuid}-min.webp` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await plain.close();
    }
  });
});

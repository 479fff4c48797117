import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/session-cookies.ts';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Preset {
  id: number;
  lib: string;
  value: string;
  neg_prompt: string;
  favorite: boolean;
}
type Tree = Record<string, Preset[]>;

async function signedIn() {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  expect(created.status).toBe(201);
  return client;
}

async function tree(client: Client): Promise<Tree> {
  const { status, body } = await client.get('/api/preset');
  expect(status).toBe(200);
  return body.presets as Tree;
}

function favorites(presets: Tree): number[] {
  return Object.values(presets)
    .flat()
    .filter((preset) => preset.favorite)
    .map((preset) => preset.id);
}

function firstPreset(presets: Tree): Preset {
  return Object.values(presets)[0]![0]!;
}

const putFavorite = (client: Client, id: number | string, body?: unknown) =>
  client.request('PUT', `/api/preset/${id}/favorite`, body);

describe('GET /api/preset', () => {
  it('gives a guest at least 40 presets grouped by category path, none of them favourite', async () => {
    const guest = new Client(t.app);
    const { status, body, response } = await guest.get('/api/preset');
    expect(status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const presets = body.presets as Tree;
    const all = Object.values(presets).flat();
    expect(all.length).toBeGreaterThanOrEqual(40);
    const paths = Object.keys(presets);
    expect(paths.every((path) => path.length > 0 && !path.startsWith('/') && !path.endsWith('/'))).toBe(true);
    expect(paths.filter((path) => path.includes('/')).length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...paths.map((path) => path.split('/').length))).toBeGreaterThanOrEqual(3);
    for (const preset of all) {
      expect(Object.keys(preset).sort()).toEqual(['favorite', 'id', 'lib', 'neg_prompt', 'value']);
      expect(preset.value.length).toBeGreaterThan(0);
      expect(preset.favorite).toBe(false);
    }
    expect(new Set(all.map((preset) => preset.id)).size).toBe(all.length);
  });

  it('treats a bad or expired session as a guest on this public call', async () => {
    const bogus = new Client(t.app);
    bogus.cookies.set(SESSION_COOKIE, 'not-a-real-token');
    const { status, body } = await bogus.get('/api/preset');
    expect(status).toBe(200);
    expect(favorites(body.presets as Tree)).toEqual([]);

    const client = await signedIn();
    const id = firstPreset(await tree(client)).id;
    expect((await putFavorite(client, id)).body).toEqual({ favorite: true });
    t.clock.offsetMs = 31 * 24 * 60 * 60 * 1000;
    try {
      expect(favorites(await tree(client))).toEqual([]);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect(favorites(await tree(client))).toEqual([id]);
  });
});

describe('PUT /api/preset/{id}/favorite', () => {
  it('toggles a favourite for its user only', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const guest = new Client(t.app);
    const presets = Object.values(await tree(alice)).flat();
    const [one, two] = [presets[0]!.id, presets[7]!.id];

    expect(await putFavorite(alice, one)).toMatchObject({ status: 200, body: { favorite: true } });
    expect(await putFavorite(alice, two)).toMatchObject({ status: 200, body: { favorite: true } });
    expect(favorites(await tree(alice)).sort()).toEqual([one, two].sort());
    expect(favorites(await tree(bob))).toEqual([]);
    expect(favorites(await tree(guest))).toEqual([]);

    expect(await putFavorite(bob, two)).toMatchObject({ status: 200, body: { favorite: true } });
    expect(await putFavorite(alice, one)).toMatchObject({ status: 200, body: { favorite: false } });
    expect(favorites(await tree(alice))).toEqual([two]);
    expect(favorites(await tree(bob))).toEqual([two]);
  });

  it('sets an explicit state idempotently', async () => {
    const client = await signedIn();
    const id = firstPreset(await tree(client)).id;
    for (const favorite of [true, true, false, false, true]) {
      const { status, body } = await putFavorite(client, id, { favorite });
      expect(status).toBe(200);
      expect(body).toEqual({ favorite });
    }
    expect(favorites(await tree(client))).toEqual([id]);
    expect((await putFavorite(client, id, {})).body).toEqual({ favorite: false });
  });

  it('answers the token errors to a guest or a bad session', async () => {
    const id = firstPreset(await tree(new Client(t.app))).id;
    const guest = await putFavorite(new Client(t.app), id);
    expect(guest.status).toBe(401);
    expect(codeOf(guest.body)).toBe('token_missing');

    const bogus = new Client(t.app);
    bogus.cookies.set(SESSION_COOKIE, 'not-a-real-token');
    const invalid = await putFavorite(bogus, id);
    expect(invalid.status).toBe(401);
    expect(codeOf(invalid.body)).toBe('token_invalid');

    const client = await signedIn();
    t.clock.offsetMs = 31 * 24 * 60 * 60 * 1000;
    try {
      const expired = await putFavorite(client, id);
      expect(expired.status).toBe(401);
      expect(codeOf(expired.body)).toBe('token_expired');
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it.each([999_999, 99_999_999_999])('answers 404 preset_not_found for unknown id %s', async (id) => {
    const client = await signedIn();
    const { status, body } = await putFavorite(client, id);
    expect(status).toBe(404);
    expect(codeOf(body)).toBe('preset_not_found');
  });

  it.each([
    ['abc', undefined],
    ['0', undefined],
    ['1.5', undefined],
    ['1', { favorite: 'yes' }],
    ['1', { other: true }],
  ])('refuses id %s with body %j as validation_error', async (id, body) => {
    const client = await signedIn();
    const result = await putFavorite(client, id, body);
    expect(result.status).toBe(400);
    expect(codeOf(result.body)).toBe('validation_error');
  });
});

describe('GET /api/preset/random', () => {
  it('returns the prompts of one of the presets', async () => {
    const guest = new Client(t.app);
    const all = Object.values(await tree(guest)).flat();
    const byId = new Map(all.map((preset) => [preset.id, preset]));
    const seen = new Set<number>();
    for (let i = 0; i < 12; i += 1) {
      const { status, body, response } = await guest.get('/api/preset/random');
      expect(status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { id, prompt, neg_prompt } = body as { id: number; prompt: string; neg_prompt: string };
      expect(byId.get(id)).toMatchObject({ value: prompt, neg_prompt });
      seen.add(id);
    }
    // 12 draws from 40 presets all landing on the same one would be a broken random.
    expect(seen.size).toBeGreaterThan(1);
  });
});

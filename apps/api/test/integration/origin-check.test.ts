import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn, tagId } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * The cross-site request defence (http/origin.ts) on every state-changing route the app registers,
 * whatever the spelling of its path: a same-site attacker page (another port, a sibling subdomain) gets
 * the victim's SameSite=Lax cookies, so the Origin check is what stops it.
 */
const SITE = 'https://mirage.example';
const FOREIGN_ORIGINS = [
  'https://mirage.example:8443', // another port of the host
  'https://cdn.mirage.example', // a sibling subdomain
  'http://mirage.example', // http instead of https
  'null', // a sandboxed frame or a privacy-stripped form
  'https://evil.example',
  'https://mirage.example.evil.example',
  'HTTPS://MIRAGE.EXAMPLE',
  'https://mirage.example/',
];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

let t: TestContext;
let victim: Awaited<ReturnType<typeof signedIn>> & { account: ReturnType<typeof newAccount> };
let other: Awaited<ReturnType<typeof signedIn>>;
let victimImage: string;
let otherImage: string;
let victimPrompt: number;
let otherPrompt: number;
let tag: number;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: SITE } });
  const account = newAccount();
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', account);
  victim = { client, id: (created.body.user as { id: number }).id, account };
  other = await signedIn(t);
  victimImage = (await addImage(t, victim.id, { prompt: 'a lighthouse at dusk' })).uuid;
  otherImage = (await addImage(t, other.id, { prompt: 'a forest path' })).uuid;
  tag = await tagId(t, 'a lighthouse at dusk');
  victimPrompt = (await victim.client.post('/api/prompt/save', { lib: 'dusk', pos_tags: [tag] })).body
    .id as number;
  otherPrompt = (
    await other.client.post('/api/prompt/save', { lib: 'forest', pos_tags: [tag], public: true })
  ).body.id as number;
});
afterAll(async () => {
  await t.close();
});

/** Every state-changing method and URL pattern the app registered, as the app tells of them. */
function stateChangingRoutes(routes: RouteOptions[]): { method: string; url: string }[] {
  const seen = new Map<string, { method: string; url: string }>();
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      if (!SAFE_METHODS.has(method)) seen.set(`${method} ${route.url}`, { method, url: route.url });
    }
  }
  return [...seen.values()];
}

/** The route's path with its parameters filled in with the victim's things. */
function concretePath(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'uuid') return victimImage;
    if (name === 'target') return 'mine';
    if (name === 'flag') return '0';
    if (url.startsWith('/api/worker/')) return '3f1c2d4e-5a6b-4c7d-8e9f-a0b1c2d3e4f5';
    if (url.startsWith('/api/preset/')) return '1';
    return String(url.endsWith('/subscribe') ? otherPrompt : victimPrompt);
  });
}

/** The same path as the router sees it, spelled as an attacker may: decoded forms, double slashes. */
function pathVariants(path: string): string[] {
  const segments = path.split('/').slice(1);
  const encodeFirst = (index: number, upper: boolean) =>
    '/' +
    segments
      .map((segment, i) => {
        if (i !== index) return segment;
        const hex = segment.charCodeAt(0).toString(16).padStart(2, '0');
        return `%${upper ? hex.toUpperCase() : hex}${segment.slice(1)}`;
      })
      .join('/');
  const last = segments.length - 1;
  return [
    path,
    encodeFirst(0, false), // /%61pi/user/logout
    encodeFirst(1, false), // /api/%75ser/logout
    encodeFirst(last, true), // /api/user/%6Cogout
    encodeFirst(last, false), // /api/user/%6cogout
    `/${path}`, // //api/user/logout
    path.replace('/api/', '/api//'),
    `${path}/`,
  ];
}

/** A body that would change the victim's state if the request went through. */
function bodyFor(method: string, url: string): unknown {
  const bodies: Record<string, unknown> = {
    'POST /api/user/create': newAccount(),
    'POST /api/user/login': { username: victim.account.username, pwd: victim.account.pwd },
    'POST /api/user/update': { user: { lang: 'fr', keep_updated: true } },
    'POST /api/user/send_reset_pwd': { email: victim.account.email },
    'POST /api/tasks/txt2img': { prompt: 'a lighthouse at dusk', style_id: 1 },
    'POST /api/prompt/save': { lib: 'stolen', pos_tags: [tag] },
    'POST /api/prompt/:id/publish': { public: true },
    'POST /api/prompt/:id/subscribe': { subscribe: true },
    'PUT /api/settings/tags/ban': { tags: [tag] },
    'PUT /api/preset/:id/favorite': { favorite: true },
    'POST /api/action/favorite': { uuid: otherImage },
    'DELETE /api/action/favorite': { uuid: otherImage },
    'DELETE /api/action/favorites': { images: [{ uuid: otherImage }] },
    'PUT /api/action/report/:flag': { uuid: otherImage },
  };
  return bodies[`${method} ${url}`];
}

/** Everything of the victim's that a state-changing call could touch. */
async function victimState() {
  const db = t.database.db;
  return {
    user: await db.selectFrom('app_user').selectAll().where('id', '=', victim.id).execute(),
    users: (await db.selectFrom('app_user').select('id').execute()).length,
    sessions: await db
      .selectFrom('session')
      .select(['expires_at', 'revoked_at'])
      .where('user_id', '=', victim.id)
      .execute(),
    resets: await db.selectFrom('password_reset').select('created_at').execute(),
    tasks: await db.selectFrom('task').select('id').execute(),
    images: await db.selectFrom('image').select(['uuid', 'is_private']).orderBy('uuid').execute(),
    ledger: await db.selectFrom('ledger_entry').select('id').where('user_id', '=', victim.id).execute(),
    presets: await db.selectFrom('preset_favorite').selectAll().execute(),
    subscriptions: await db.selectFrom('prompt_subscription').selectAll().execute(),
    limits: await db.selectFrom('rate_limit').selectAll().orderBy('key').execute(),
    favorites: await db.selectFrom('favorite').selectAll().execute(),
    reports: await db.selectFrom('image_report').selectAll().execute(),
    bans: await db.selectFrom('user_tag_ban').selectAll().execute(),
    prompts: await db.selectFrom('saved_prompt').selectAll().orderBy('id').execute(),
  };
}

async function send(
  method: string,
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; code: string | undefined }> {
  const body = bodyFor(method, url);
  const response = await t.app.inject({
    method: method as 'POST',
    url: path,
    remoteAddress: '198.51.100.7',
    headers: {
      ...headers,
      'content-type': body === undefined ? 'text/plain' : 'application/json',
    },
    payload: body === undefined ? '' : JSON.stringify(body),
  });
  const parsed = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {};
  return { status: response.statusCode, code: codeOf(parsed) };
}

describe('state-changing routes refuse foreign origins', () => {
  it('finds every state-changing route of the app', () => {
    const routes = stateChangingRoutes(t.routes).map((route) => `${route.method} ${route.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/user/logout',
        'POST /api/user/login',
        'POST /api/tasks/:uuid/upscale',
        'PUT /api/settings/tags/ban',
        'DELETE /api/image/:uuid',
        'POST /api/worker/lease',
      ]),
    );
  });

  it('refuses every route × path spelling × foreign origin (or none, or a foreign Referer, with cookies), and nothing changes', async () => {
    const before = await victimState();
    const cookie = victim.client.cookieHeader();
    const provenances: Record<string, string>[] = [
      ...FOREIGN_ORIGINS.map((origin) => ({ origin, cookie })),
      // Sent without cookies too: a foreign page must not sign a victim in to its own account.
      ...FOREIGN_ORIGINS.map((origin) => ({ origin, cookie: '' })),
      { cookie, referer: 'https://cdn.mirage.example/attack.html' },
      { cookie },
    ];
    const through: string[] = [];
    let requests = 0;
    for (const { method, url } of stateChangingRoutes(t.routes)) {
      for (const path of pathVariants(concretePath(url))) {
        for (const headers of provenances) {
          requests += 1;
          const answer = await send(method, url, path, headers);
          if (answer.status !== 403 || answer.code !== 'forbidden_origin') {
            through.push(`${method} ${path} ${JSON.stringify(headers)} -> ${answer.status} ${answer.code}`);
          }
        }
      }
    }
    expect(through).toEqual([]);
    expect(requests).toBeGreaterThan(27 * 8 * FOREIGN_ORIGINS.length);
    expect(await victimState()).toEqual(before);
    expect((await victim.client.get('/api/user/me')).status).toBe(200);
  });

  it('does not take a spoofed Host for the site', async () => {
    const cookie = victim.client.cookieHeader();
    for (const path of ['/api/user/logout', '/%61pi/user/logout']) {
      const response = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { host: 'evil.example', origin: 'https://evil.example', cookie },
      });
      expect(response.statusCode).toBe(403);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { host: 'evil.example', origin: 'http://evil.example' },
      payload: { username: victim.account.username, pwd: victim.account.pwd },
    });
    expect(login.statusCode).toBe(403);
    expect((await victim.client.get('/api/user/me')).status).toBe(200);
  });
});

describe('the site itself and non-browser clients pass', () => {
  it('accepts every state-changing route from the site’s origin, however the path is spelled', async () => {
    const { client } = await signedIn(t);
    const refused: string[] = [];
    for (const { method, url } of stateChangingRoutes(t.routes)) {
      for (const path of pathVariants(concretePath(url)).slice(0, 2)) {
        const answer = await send(method, url, path, { origin: SITE, cookie: client.cookieHeader() });
        if (answer.code === 'forbidden_origin' || answer.status >= 500) {
          refused.push(`${method} ${path} -> ${answer.status} ${answer.code}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('logs out through an encoded path from the site', async () => {
    const { client } = await signedIn(t);
    expect((await client.post('/%61pi/user/logout')).status).toBe(200);
    expect((await client.get('/api/user/me')).status).toBe(401);
  });

  it('accepts a same-site Referer when Origin is missing', async () => {
    const { client } = await signedIn(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { cookie: client.cookieHeader(), referer: `${SITE}/settings` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets requests without cookies, Origin or Referer through: the worker agent, scripts', async () => {
    const token = await t.services.workerAuth.issueToken('origin-check-worker');
    const lease = await t.app.inject({
      method: 'POST',
      url: '/api/worker/lease',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        engine: 'preview',
        max_pixels: 1_000_000,
        job_types: ['txt2img'],
        wait_seconds: 0,
      },
    });
    expect(lease.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: victim.account.username, pwd: victim.account.pwd },
    });
    expect(login.statusCode).toBe(200);
  });
});

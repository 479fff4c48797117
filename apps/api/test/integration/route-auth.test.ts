import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRouteAuth, type RouteAuth } from '../../src/http/route-auth.ts';
import { signedIn } from '../gallery-fixtures.ts';
import { Client, codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * Every route the app registers declares who may call it (http/route-auth.ts), and the declaration is
 * what the app enforces: each signed-in route refuses a visitor and a stale session with the token
 * codes, each worker and operator route refuses a user's session. Routes open to visitors are listed
 * here by name, so that declaring a new one public is a reviewed change of this file.
 */
const OPERATOR_TOKEN = 'route-auth-operator-token-0123456789';
const STALE_COOKIE = 'no-such-session-token';

/**
 * Routes anybody may call ('none'), or where a visitor gets a guest's answer ('optional…'). With the web
 * app served (not in these tests), its files and /images/{uuid}-social.jpg are 'none' too.
 */
const OPEN_TO_VISITORS = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/user/create',
  'POST /api/user/login',
  'POST /api/user/logout',
  'POST /api/user/send_reset_pwd',
  'POST /api/user/reset_pwd',
  'POST /api/user/verify-email',
  'GET /api/user/oauth/providers',
  'GET /api/user/login/oauth/:provider/start',
  'POST /api/user/login/oauth',
  'GET /api/config/styles',
  'GET /api/settings/modifiers',
  'GET /api/config/banned_words',
  'GET /api/config/moderation_rules',
  // The guest trial (features/guest): its own cookie, not an account's session.
  'POST /api/tasks/guest/txt2img',
  'GET /api/tasks/guest',
  'GET /api/tasks/guest/monitor',
  // The provenance check (issue 18 §2): anybody may ask whether an image was made here.
  'POST /api/provenance/check',
  'GET /api/preset',
  'GET /api/preset/random',
  'GET /api/catalogue/preview/style/:file',
  'GET /api/catalogue/preview/booster/:file',
  'GET /image/modifiers/:file',
  'GET /images/:file',
  'POST /api/gallery/search',
  'GET /api/gallery/search/tags',
  'GET /api/settings/tags/system',
  'GET /api/image/:uuid/info',
  'GET /api/image/:uuid/info/gen',
  'GET /api/image/:uuid/tags',
  'GET /api/public/:userId/profile',
  'GET /api/public/:userId/achievements',
  'GET /api/count',
  'POST /api/leaderboard/:board',
  'GET /api/event/visitor',
  'GET /api/config/community',
  'GET /api/config/site',
  'GET /api/shop',
  'GET /api/resellers',
  'POST /api/payment/:provider/webhook',
  'GET /legal/:doc.pdf',
]);

let t: TestContext;
let user: Awaited<ReturnType<typeof signedIn>>;
let userToken: string;
let workerToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_TOKEN, METRICS_TOKEN: OPERATOR_TOKEN } });
  user = await signedIn(t);
  userToken = user.client.cookies.get('mirage_session')!;
  workerToken = await t.services.workerAuth.issueToken('route-auth-worker');
});
afterAll(async () => {
  await t.close();
});

interface RouteCase {
  method: string;
  url: string;
  auth: RouteAuth;
}

/** Each method of each registered route with its declaration (HEAD routes Fastify adds included). */
function routeCases(routes: RouteOptions[]): RouteCase[] {
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .map((method) => ({ method, url: route.url, auth: route.config?.auth as RouteAuth })),
  );
}
const named = (route: RouteCase) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;

/** The route's path with well-formed parameters (what they name need not exist: auth comes first). */
function concretePath(url: string): string {
  return url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => {
    if (name === 'uuid' || name === 'id') return '3f1c2d4e-5a6b-4c7d-8e9f-a0b1c2d3e4f5';
    if (name === 'target') return 'mine';
    if (name === 'provider') return 'google';
    if (name === 'file') return 'file.webp';
    return '1';
  });
}

async function send(route: RouteCase, headers: Record<string, string>, cookie?: string) {
  const client = new Client(t.app);
  if (cookie) client.cookies.set('mirage_session', cookie);
  const body = ['GET', 'HEAD'].includes(route.method) ? undefined : {};
  const answer = await client.request(route.method as 'GET', concretePath(route.url), body, headers);
  return { status: answer.status, code: route.method === 'HEAD' ? undefined : codeOf(answer.body) };
}

const byAuth = (predicate: (auth: RouteAuth) => boolean) =>
  routeCases(t.routes).filter((route) => predicate(route.auth));
const signedInRoutes = () => byAuth((auth) => auth === 'user' || Array.isArray(auth));

describe('route auth on every registered route', () => {
  it('finds the routes of every kind', () => {
    expect(routeCases(t.routes).length).toBeGreaterThan(60);
    expect(signedInRoutes().length).toBeGreaterThan(20);
    expect(byAuth((auth) => auth === 'worker').length).toBeGreaterThanOrEqual(5);
    // The worker status page (the moderation calls moved to the console's roles).
    expect(byAuth((auth) => auth === 'operator').length).toBeGreaterThanOrEqual(1);
    expect(byAuth((auth) => Array.isArray(auth)).length).toBeGreaterThanOrEqual(15);
  });

  it('declares a valid auth on each', () => {
    const invalid = routeCases(t.routes).filter((route) => !isRouteAuth(route.auth));
    expect(invalid.map(named)).toEqual([]);
  });

  it('opens to visitors only the routes listed as open', () => {
    const open = byAuth(
      (auth) => auth === 'none' || auth === 'optional' || auth === 'optional-stale-as-guest',
    );
    const unlisted = [...new Set(open.map(named))].filter((name) => !OPEN_TO_VISITORS.has(name));
    expect(unlisted).toEqual([]);
    // And the list names no route that has since become signed-in or gone.
    const openNames = new Set(open.map(named));
    expect([...OPEN_TO_VISITORS].filter((name) => !openNames.has(name))).toEqual([]);
  });

  it('refuses a visitor on every signed-in route with token_missing, a stale session with token_invalid', async () => {
    const wrong: string[] = [];
    for (const route of signedInRoutes()) {
      const visitor = await send(route, {});
      if (visitor.status !== 401 || (visitor.code ?? 'token_missing') !== 'token_missing')
        wrong.push(`${route.method} ${route.url} as a visitor: ${visitor.status} ${visitor.code}`);
      const stale = await send(route, {}, STALE_COOKIE);
      if (stale.status !== 401 || (stale.code ?? 'token_invalid') !== 'token_invalid')
        wrong.push(`${route.method} ${route.url} with a stale session: ${stale.status} ${stale.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers a stale session on 'optional' routes with token_invalid, so the client signs out", async () => {
    const wrong: string[] = [];
    for (const route of byAuth((auth) => auth === 'optional')) {
      const stale = await send(route, {}, STALE_COOKIE);
      if (stale.status !== 401) wrong.push(`${route.method} ${route.url}: ${stale.status} ${stale.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a user session, and the user token as a bearer, on every worker route', async () => {
    const wrong: string[] = [];
    for (const route of byAuth((auth) => auth === 'worker')) {
      const asUser = await send(route, {}, userToken);
      if (asUser.status !== 401 || (asUser.code ?? 'token_missing') !== 'token_missing')
        wrong.push(`${route.method} ${route.url} with a session: ${asUser.status} ${asUser.code}`);
      const bearer = await send(route, { authorization: `Bearer ${userToken}` });
      if (bearer.status !== 401 || (bearer.code ?? 'token_invalid') !== 'token_invalid')
        wrong.push(
          `${route.method} ${route.url} with the session as bearer: ${bearer.status} ${bearer.code}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a user session, and a worker token, on every operator route', async () => {
    const wrong: string[] = [];
    for (const route of byAuth((auth) => auth === 'operator')) {
      for (const [who, headers, cookie] of [
        ['a user session', {}, userToken],
        ['a worker token', { authorization: `Bearer ${workerToken}` }, undefined],
      ] as const) {
        const answer = await send(route, headers, cookie);
        if (answer.status !== 403 || (answer.code ?? 'unauthorized_resource') !== 'unauthorized_resource')
          wrong.push(`${route.method} ${route.url} with ${who}: ${answer.status} ${answer.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets the operator through on operator routes, and a worker through on worker routes', async () => {
    const status = await send(
      { method: 'GET', url: '/api/worker/status', auth: 'operator' },
      { authorization: `Bearer ${OPERATOR_TOKEN}` },
    );
    expect(status.status).toBe(200);
    const lease = await new Client(t.app).request(
      'POST',
      '/api/worker/lease',
      { engine: 'preview', max_pixels: 1_000_000, job_types: ['txt2img'], wait_seconds: 0 },
      { authorization: `Bearer ${workerToken}` },
    );
    expect(lease.status).toBe(200);
  });

  it('refuses a user session on the routes with their own verifier (metrics, documentation)', async () => {
    const verified = byAuth((auth) => typeof auth === 'object' && !Array.isArray(auth));
    expect(verified.map(named)).toEqual(expect.arrayContaining(['GET /metrics', 'GET /api/docs/json']));
    const wrong: string[] = [];
    for (const route of verified) {
      const answer = await send(route, {}, userToken);
      if (answer.status !== 401 && answer.status !== 403)
        wrong.push(`${route.method} ${route.url}: ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives a signed-in route the session’s user', async () => {
    const me = await user.client.get('/api/user/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });
});

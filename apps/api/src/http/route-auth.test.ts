import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { Role } from '@mirage/domain';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkerRow } from '../db/schema/generation.ts';
import { AppError } from '../errors.ts';
import { registerErrorHandling, registerApiNotFound } from './errors.ts';
import {
  filesOf,
  isRouteAuth,
  requireRouteAuth,
  routesUnder,
  userIdOf,
  viewerIdWhenAsked,
  type RequestVerifier,
  type RouteAuth,
} from './route-auth.ts';

/** Sessions of the fake: token → user id; 'expired' answers token_expired, anything else token_invalid. */
const SESSIONS = new Map([
  ['alice-token', 1],
  ['bob-token', 2],
]);
const ROLES_OF = new Map<number, Role[]>([[2, ['moderator']]]);
const WORKER = { id: 7, name: 'gpu-1' } as unknown as WorkerRow;
const OPERATOR_TOKEN = 'operator-secret-token';

const apps: FastifyInstance[] = [];
let sessionLookups = 0;
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWith(routes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  registerErrorHandling(app);
  await app.register(fastifyCookie);
  const auth = requireRouteAuth(app);
  auth.resolveWith({
    sessions: {
      resolve: (token) => {
        sessionLookups += 1;
        if (!token) return Promise.reject(new AppError('token_missing'));
        if (token === 'expired') return Promise.reject(new AppError('token_expired'));
        const id = SESSIONS.get(token);
        return id === undefined ? Promise.reject(new AppError('token_invalid')) : Promise.resolve(id);
      },
    },
    authenticateWorker: (authorization) => {
      if (!authorization) return Promise.reject(new AppError('token_missing'));
      if (authorization !== 'Bearer mw_worker') return Promise.reject(new AppError('token_invalid'));
      return Promise.resolve(WORKER);
    },
    operatorToken: OPERATOR_TOKEN,
    rolesOf: (id) => Promise.resolve(ROLES_OF.get(id) ?? []),
  });
  routes(app);
  registerApiNotFound(app);
  await app.ready();
  return app;
}

const whoami = async (request: FastifyRequest) => ({
  viewer: request.viewerWhenAsked ? await request.viewerWhenAsked() : request.viewer,
  worker: request.worker?.id ?? null,
});

async function call(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}
const session = (token: string) => ({ cookie: `mirage_session=${token}` });

describe('route auth: the modes', () => {
  const modes: [string, RouteAuth][] = [
    ['/none', 'none'],
    ['/optional', 'optional'],
    ['/lenient', 'optional-stale-as-guest'],
    ['/user', 'user'],
    ['/moderator', ['moderator']],
    ['/admin', ['admin']],
    ['/worker', 'worker'],
    ['/operator', 'operator'],
  ];
  const build = () =>
    appWith((app) => {
      for (const [url, auth] of modes) app.get(url, { config: { auth } }, whoami);
    });

  it.each([
    // [route, credentials, status, code or viewer id]
    ['/none', {}, 200, null],
    ['/none', session('nonsense'), 200, null],
    ['/optional', {}, 200, null],
    ['/optional', session('alice-token'), 200, 1],
    ['/optional', session('nonsense'), 401, 'token_invalid'],
    ['/optional', session('expired'), 401, 'token_expired'],
    ['/lenient', session('expired'), 200, null],
    ['/lenient', session('nonsense'), 200, null],
    ['/lenient', session('alice-token'), 200, 1],
    ['/user', {}, 401, 'token_missing'],
    ['/user', session('nonsense'), 401, 'token_invalid'],
    ['/user', session('alice-token'), 200, 1],
    ['/moderator', {}, 401, 'token_missing'],
    ['/moderator', session('alice-token'), 403, 'unauthorized_resource'],
    ['/moderator', session('bob-token'), 200, 2],
    ['/admin', session('bob-token'), 403, 'unauthorized_resource'],
    ['/worker', session('alice-token'), 401, 'token_missing'],
    ['/worker', { authorization: 'Bearer mw_other' }, 401, 'token_invalid'],
    ['/operator', session('alice-token'), 403, 'unauthorized_resource'],
    ['/operator', { authorization: 'Bearer mw_worker' }, 403, 'unauthorized_resource'],
    ['/operator', { authorization: `Bearer ${OPERATOR_TOKEN}` }, 200, null],
  ] as const)('%s with %o answers %i (%s)', async (url, headers, status, expected) => {
    const app = await build();
    const { status: got, body } = await call(app, url, headers);
    expect(got).toBe(status);
    if (status === 200) expect((body.viewer as { id: number } | null)?.id ?? null).toBe(expected);
    else expect(body).toEqual({ detail: { code: expected } });
  });

  it('gives a worker route the worker of the token, and no viewer', async () => {
    const app = await build();
    const { status, body } = await call(app, '/worker', { authorization: 'Bearer mw_worker' });
    expect(status).toBe(200);
    expect(body).toEqual({ viewer: null, worker: 7 });
  });

  it('refuses before the body is read: an anonymous malformed body gets the token error', async () => {
    const app = await appWith((app) => app.post('/user', { config: { auth: 'user' } }, whoami));
    const response = await app.inject({
      method: 'POST',
      url: '/user',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: { code: 'token_missing' } });
  });

  it('lets unknown paths answer their 404', async () => {
    const app = await build();
    const { status, body } = await call(app, '/api/nowhere', session('nonsense'));
    expect(status).toBe(404);
    expect((body.detail as { code: string }).code).toBe('not_found');
  });

  it('userIdOf refuses a request the hook let through without a user', async () => {
    const app = await appWith((app) =>
      app.get('/careless', { config: { auth: 'optional' } }, (request) => ({ id: userIdOf(request) })),
    );
    expect((await call(app, '/careless')).body).toEqual({ detail: { code: 'token_missing' } });
    expect((await call(app, '/careless', session('alice-token'))).body).toEqual({ id: 1 });
  });

  it("reads a lenient route's session only when the handler asks, once", async () => {
    sessionLookups = 0;
    const app = await appWith((app) =>
      app.get('/file/:kind', { config: { auth: 'optional-stale-as-guest' } }, async (request) => {
        const { kind } = request.params as { kind: string };
        if (kind === 'public') return { viewer: 'not asked' };
        const first = await viewerIdWhenAsked(request);
        return { viewer: first, again: await viewerIdWhenAsked(request) };
      }),
    );
    expect((await call(app, '/file/public', session('nonsense'))).body).toEqual({ viewer: 'not asked' });
    expect((await call(app, '/file/private', session('alice-token'))).body).toEqual({ viewer: 1, again: 1 });
    expect((await call(app, '/file/private', session('expired'))).body).toEqual({
      viewer: null,
      again: null,
    });
    expect(sessionLookups).toBe(2);
  });
});

describe('route auth: the startup check', () => {
  it.each([undefined, 'users', 'public', [], ['moderator', 'owner'], { verify: 'yes' }, null])(
    'refuses to register a route declaring %j',
    async (auth) => {
      await expect(
        appWith((app) =>
          app.get('/forgotten', { config: auth === undefined ? {} : { auth: auth as RouteAuth } }, whoami),
        ),
      ).rejects.toThrow(/GET \/forgotten declares no valid auth/);
    },
  );

  it('refuses a route registered with no options at all', async () => {
    await expect(appWith((app) => app.get('/forgotten', whoami))).rejects.toThrow(/declares no valid auth/);
  });

  it('accepts every mode and a verifier', () => {
    for (const auth of ['none', 'optional', 'optional-stale-as-guest', 'user', 'worker', 'operator'])
      expect(isRouteAuth(auth)).toBe(true);
    expect(isRouteAuth(['moderator', 'admin'])).toBe(true);
    expect(isRouteAuth({ verify: () => undefined })).toBe(true);
  });

  it("gives a plugin's routes the auth declared for them, and only to those", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'route-auth-'));
    try {
      mkdirSync(path.join(folder, 'assets'));
      writeFileSync(path.join(folder, 'assets', 'app.js'), 'ok');
      const build = (extra: (app: FastifyInstance) => void) => {
        const app = Fastify();
        apps.push(app);
        void app.register((scope, _options, done) => {
          try {
            declareAndRegister(scope, extra);
            done();
          } catch (error) {
            done(error as Error);
          }
        });
        return app;
      };
      const declareAndRegister = (scope: FastifyInstance, extra: (app: FastifyInstance) => void) => {
        const auth = requireRouteAuth(scope);
        auth.declarePluginRoutes('the files', filesOf(folder), 'none');
        auth.declarePluginRoutes('the docs', routesUnder('/docs'), 'operator');
        auth.resolveWith({
          sessions: { resolve: () => Promise.reject(new AppError('token_invalid')) },
          authenticateWorker: () => Promise.reject(new AppError('token_invalid')),
          operatorToken: OPERATOR_TOKEN,
        });
        registerErrorHandling(scope);
        extra(scope);
      };
      const declared: unknown[] = [];
      const app = build((app) => {
        app.addHook('onRoute', (route) => {
          declared.push(route.config?.auth);
        });
        app.get('/assets/app.js', () => 'file');
        app.get('/docs', () => 'docs');
        app.get('/docs/json', () => 'docs');
      });
      await app.ready();
      // GET and the HEAD Fastify adds, for each of the three.
      expect(declared).toEqual(['none', 'none', 'operator', 'operator', 'operator', 'operator']);
      // What the router checks at request time is the declared auth.
      expect((await app.inject('/assets/app.js')).statusCode).toBe(200);
      const docs = await app.inject('/docs/json');
      expect([docs.statusCode, docs.json()]).toEqual([403, { detail: { code: 'unauthorized_resource' } }]);
      const withToken = await app.inject({
        url: '/docs',
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(withToken.statusCode).toBe(200);
      for (const [url, undeclared] of [
        ['/assets/missing.js', 'a path that is no file of the folder'],
        ['/assets/../../etc/passwd', 'a path out of the folder'],
        ['/docsx', 'a sibling of the prefix'],
      ]) {
        const failing = build((app) => app.get(url!, () => 'x'));
        await expect(failing.ready(), undeclared).rejects.toThrow(/declares no valid auth/);
      }
      const posted = build((app) => app.post('/assets/app.js', () => 'x'));
      await expect(posted.ready()).rejects.toThrow(/POST \/assets\/app.js declares no valid auth/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('route auth: a webhook declares its own verifier', () => {
  const SECRET = 'whsec_test_secret';
  const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');
  /** The shape a payment provider's webhook takes: an HMAC of the exact body in a header. */
  const signedBody: RequestVerifier = {
    verify: (request) => {
      const sent = Buffer.from(String(request.headers['x-signature'] ?? ''), 'hex');
      const expected = Buffer.from(sign((request as FastifyRequest & { rawBody: string }).rawBody), 'hex');
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
        throw new AppError('unauthorized_resource');
    },
  };
  const build = () =>
    appWith((app) => {
      // The route keeps the exact bytes it is signed over.
      app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        (request as FastifyRequest & { rawBody: string }).rawBody = String(body);
        done(null, JSON.parse(String(body)));
      });
      app.post('/webhook', { config: { auth: signedBody } }, (request) => ({
        received: request.body,
        viewer: request.viewer,
      }));
    });
  const post = (app: FastifyInstance, payload: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/webhook',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('accepts a body signed with the secret, whatever the cookies', async () => {
    const app = await build();
    const payload = '{"order":"o-1","amount":500}';
    const response = await post(app, payload, { 'x-signature': sign(payload), ...session('nonsense') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { order: 'o-1', amount: 500 }, viewer: null });
  });

  it.each([
    ['no signature', {}],
    ['a signature of another body', { 'x-signature': sign('{"order":"o-1","amount":5}') }],
    [
      'a signature with another secret',
      { 'x-signature': createHmac('sha256', 'x').update('{}').digest('hex') },
    ],
    ["a user's session instead", session('alice-token')],
  ])('refuses %s, and the handler never runs', async (_, headers) => {
    const app = await build();
    const response = await post(app, '{"order":"o-1","amount":500}', headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: { code: 'unauthorized_resource' } });
  });

  it('may answer itself (a browser login challenge)', async () => {
    const app = await appWith((app) =>
      app.get(
        '/page',
        {
          config: {
            auth: {
              verify: (request, reply) =>
                request.headers.authorization ? undefined : reply.status(401).send({ challenge: true }),
            },
          },
        },
        () => ({ page: true }),
      ),
    );
    expect(await call(app, '/page')).toEqual({ status: 401, body: { challenge: true } });
    expect(await call(app, '/page', { authorization: 'Basic eDp5' })).toEqual({
      status: 200,
      body: { page: true },
    });
  });
});

import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { hashToken, newToken } from '../../src/features/session/service.ts';
import {
  FIELD_VALUES,
  GENERIC_BODIES,
  HEADER_VARIANTS,
  MISSING,
  PATH_VALUES,
  QUERY_VALUES,
  leafPaths,
  jsonBody,
  objectShape,
  paramNames,
  problemOf,
  queryStrings,
  streamAnswer,
  withValueAt,
  type RawBody,
} from '../fuzz-inputs.ts';
import { addImage, signedIn, tagId } from '../gallery-fixtures.ts';
import { enqueuePaidTask } from '../generation-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';

/**
 * Every route the app registers (collected as Fastify registers them, hidden ones included), fed
 * malformed bodies, query strings, path parameters and headers as a guest, a signed-in user and, where
 * relevant, a worker or the operator: no answer is a 5xx, and every error is `{"detail":{"code"}}` with
 * a catalogue code. A fixed seed and bounded runs keep it deterministic and quick.
 */
// Each case sends thousands of requests one after another; on PGlite (one connection) a busy CI machine
// can take well over the default 30 s. The limit only stops a hang: no timing is asserted.
vi.setConfig({ testTimeout: 180_000 });

const SITE = 'http://localhost:8080';
const OPERATOR_TOKEN = 'fuzz-operator-token-0123456789';
const MONITOR = '/api/tasks/monitor';
/** Live streams never end: read over a real connection (fuzz-inputs.ts streamAnswer). */
const STREAMS = new Set([MONITOR, '/api/events']);

type Identity = 'guest' | 'user' | 'worker' | 'operator';
interface RouteCase {
  method: string;
  url: string;
  route: RouteOptions;
}
interface FuzzRequest {
  route: RouteCase;
  identity: Identity;
  method?: string;
  body?: RawBody;
  params?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
}

let t: TestContext;
let address: string;
const fixtures = {
  userId: 0,
  username: '',
  cookie: '',
  workerToken: '',
  image: '',
  prompt: 0,
  task: '',
  tag: 0,
};

async function freshSession(): Promise<string> {
  const token = newToken();
  await t.database.db
    .insertInto('session')
    .values({
      token_hash: hashToken(token),
      user_id: fixtures.userId,
      expires_at: new Date(Date.now() + 86_400_000),
      user_agent: 'fuzz',
      ip: '198.51.100.99',
    })
    .execute();
  return `mirage_session=${token}`;
}

beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_TOKEN, METRICS_TOKEN: OPERATOR_TOKEN } });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await signedIn(t);
  fixtures.userId = user.id;
  fixtures.username = (await user.client.get('/api/user/me')).body.username as string;
  fixtures.cookie = await freshSession();
  fixtures.image = (await addImage(t, user.id, { prompt: 'a lighthouse at dusk', files: true })).uuid;
  fixtures.tag = await tagId(t, 'a lighthouse at dusk');
  fixtures.prompt = (await user.client.post('/api/prompt/save', { lib: 'dusk', pos_tags: [fixtures.tag] }))
    .body.id as number;
  fixtures.workerToken = await t.services.workerAuth.issueToken('fuzz-worker');
  fixtures.task = (await enqueuePaidTask(t, user.id)).id;
});
afterAll(async () => {
  await t.close();
});

/** Each method of each registered route, HEAD routes included. */
function routeCases(): RouteCase[] {
  const cases = new Map<string, RouteCase>();
  for (const route of t.routes) {
    for (const method of [route.method].flat())
      cases.set(`${method} ${route.url}`, { method, url: route.url, route });
  }
  return [...cases.values()];
}

/** A valid body of each route that takes one: the base that field values are put into. */
function seedBody(route: RouteCase): unknown {
  const uuid = fixtures.image;
  const seeds: Record<string, unknown> = {
    'POST /api/user/create': {
      username: 'fuzzer01',
      email: 'fuzzer01@example.com',
      pwd: 'correct-horse-1',
      referral_code: 'AB12CD34',
    },
    'POST /api/user/login': { username: fixtures.username, pwd: 'wrong-password-1' },
    'POST /api/user/update': {
      user: { username: 'fuzzrename', keep_updated: true, lang: 'fr' },
      pwd: 'another-horse-2',
      current_pwd: 'wrong-current-1',
    },
    'POST /api/user/send_reset_pwd': { email: 'nobody@example.com' },
    'POST /api/user/reset_pwd': { token: 'a'.repeat(43), pwd: 'another-horse-2' },
    'POST /api/user/login/oauth': {
      auth_code: 'code',
      redirect_uri: `${SITE}/oauth`,
      provider: 'google',
      state: 'abc',
    },
    'POST /api/tasks/txt2img': {
      prompt: 'a lighthouse at dusk',
      neg_prompt: 'blurry',
      style_id: 1,
      seed: 42,
      quality: 'Standard',
      format: 'Portrait',
      creativity: 'Balanced',
      modifiers: [{ id: 3, weight: 40 }],
      watermark: true,
      private: false,
    },
    'POST /api/worker/lease': {
      engine: 'preview',
      models: { checkpoints: ['mirage-anime.safetensors'], loras: [], upscalers: [] },
      max_pixels: 1_000_000,
      job_types: ['txt2img'],
      wait_seconds: 0,
    },
    'POST /api/worker/jobs/:id/progress': { step: 1, max: 4, preview_jpeg: 'AAAA' },
    'POST /api/worker/jobs/:id/fail': { retryable: true, message: 'out of memory' },
    'PUT /api/settings/tags/ban': { tags: [fixtures.tag] },
    'PUT /api/preset/:id/favorite': { favorite: true },
    'POST /api/prompt/save': {
      lib: 'dusk',
      pos_tags: [fixtures.tag],
      opt_tags: [],
      neg_tags: [],
      styles: [1],
      public: false,
    },
    'POST /api/prompt/:target': {
      search: 'dusk',
      target: 'mine',
      sort: 'created_at',
      sort_desc: true,
      and_subscribed: false,
    },
    'POST /api/prompt/:id/publish': { public: true },
    'POST /api/prompt/:id/subscribe': { subscribe: true },
    'POST /api/gallery/search': {
      pos_search: [fixtures.tag],
      opt_search: [],
      neg_search: [],
      shuffle: 0.5,
      styles: [1],
      formats: ['Portrait'],
      renders: ['hentai'],
      gen_types: ['txt2img'],
    },
    'POST /api/action/favorite': { uuid },
    'DELETE /api/action/favorite': { uuid },
    'DELETE /api/action/favorites': { images: [{ uuid }] },
    'PUT /api/action/report/:flag': { uuid },
  };
  return seeds[`${route.method} ${route.url}`];
}

/** A valid value of each path parameter, from the fixtures (`target`: a list to POST, a prompt to DELETE). */
function validParam(url: string, name: string, method: string): string {
  if (name === 'uuid') return fixtures.image;
  if (name === 'target') return method === 'DELETE' ? String(fixtures.prompt) : 'mine';
  if (name === 'flag') return '0';
  if (name === 'provider') return 'google';
  if (name === '*') return 'index.html';
  if (name === 'file') return url.startsWith('/images/') ? `${fixtures.image}.webp` : 'anime_modern.webp';
  if (url.startsWith('/api/worker/')) return fixtures.task;
  if (url.startsWith('/api/preset/')) return '1';
  return String(fixtures.prompt);
}

function identitiesFor(route: RouteCase): Identity[] {
  if (route.url === '/api/worker/status' || route.url === '/metrics' || route.url.startsWith('/api/docs')) {
    return ['guest', 'user', 'operator'];
  }
  return route.url.startsWith('/api/worker/') ? ['guest', 'user', 'worker'] : ['guest', 'user'];
}

function identityHeaders(identity: Identity): Record<string, string> {
  if (identity === 'worker') return { authorization: `Bearer ${fixtures.workerToken}` };
  if (identity === 'operator') return { authorization: `Bearer ${OPERATOR_TOKEN}` };
  // A browser on the site: its Origin, and the session cookie when signed in.
  return identity === 'user' ? { origin: SITE, cookie: fixtures.cookie } : { origin: SITE };
}

/** A lease that would wait for work (seconds, or the default when left out) is not malformed input. */
function waits(route: RouteCase, path: string[], value: unknown): boolean {
  return (
    route.url === '/api/worker/lease' &&
    path[0] === 'wait_seconds' &&
    (value === MISSING || (typeof value === 'number' && value > 0 && value <= 30))
  );
}

const problems: string[] = [];

/** Sends one request; what is wrong with its answer (also kept in `problems`), or undefined. */
async function send(request: FuzzRequest): Promise<string | undefined> {
  const { route } = request;
  const method = request.method ?? route.method;
  const param = (name: string) => request.params?.[name] ?? validParam(route.url, name, method);
  const path = paramNames(route.url).reduce(
    (url, name) => url.replace(name === '*' ? '*' : `:${name}`, param(name)),
    route.url,
  );
  const url = request.query === undefined ? path : `${path}?${request.query}`;
  const body = request.body ?? jsonBody(seedBody(route));
  const headers = {
    ...identityHeaders(request.identity),
    ...request.headers,
    ...(body.contentType ? { 'content-type': body.contentType } : {}),
  };
  const label = `${method} ${url.slice(0, 120)} as ${request.identity} body=${body.name} headers=${JSON.stringify(request.headers ?? {}).slice(0, 80)}`;
  let status: number;
  let text: string;
  if (STREAMS.has(route.url)) {
    const answer = await streamAnswer(address, url, headers, method);
    if (answer.status === 200 && method === 'GET' && !answer.type.startsWith('text/event-stream')) {
      problems.push(`${label}: 200 as ${answer.type}`);
    }
    ({ status, body: text } = answer);
  } else {
    const response = await t.app.inject({
      method: method as InjectOptions['method'],
      url,
      remoteAddress: '198.51.100.42',
      headers,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    });
    ({ statusCode: status, body: text } = response);
  }
  const problem = problemOf(method, status, text);
  if (problem) problems.push(`${label}: ${problem}`);
  // Keep the signed-in user signed in (logout, a password change or a reset end the session).
  if (request.identity === 'user' && route.url.startsWith('/api/user/') && method === 'POST') {
    fixtures.cookie = await freshSession();
  }
  // Keep an image to point at once one was deleted.
  if (method === 'DELETE' && route.url === '/api/image/:uuid' && status === 200) {
    fixtures.image = (
      await addImage(t, fixtures.userId, { prompt: 'a lighthouse at dusk', files: true })
    ).uuid;
  }
  return problem && `${label}: ${problem}`;
}

function expectNoProblems() {
  const found = problems.splice(0);
  expect(found.slice(0, 25), `${found.length} problems`).toEqual([]);
}

describe('every registered route, fed malformed input', () => {
  it('is collected from the app, hidden routes included', () => {
    const urls = new Set(routeCases().map((route) => route.url));
    for (const url of [
      '/api/worker/jobs/:id/source',
      '/api/worker/status',
      '/images/:file',
      '/metrics',
      MONITOR,
      '/api/events',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('starts field mutations from bodies that are valid for their routes', () => {
    // A route without a seed body has its schema's fields fuzzed on an empty body instead.
    const invalid = routeCases().filter((route) => {
      const schema = route.route.schema?.body as z.ZodType | undefined;
      const seed = seedBody(route);
      return schema !== undefined && seed !== undefined && !schema.safeParse(seed).success;
    });
    expect(invalid.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('answers every generic body as a guest, a user, a worker or the operator without a 5xx', async () => {
    for (const route of routeCases()) {
      for (const identity of identitiesFor(route)) {
        for (const body of GENERIC_BODIES) await send({ route, identity, body });
      }
    }
    expectNoProblems();
  });

  it('answers every header variant, other methods and HEAD without a 5xx', async () => {
    for (const route of routeCases()) {
      for (const identity of identitiesFor(route)) {
        for (const headers of HEADER_VARIANTS) await send({ route, identity, headers });
      }
      for (const method of ['PATCH', 'OPTIONS', ...(route.method === 'GET' ? ['HEAD'] : [])]) {
        await send({ route, identity: 'user', method });
      }
    }
    expectNoProblems();
  });

  it('answers every malformed path parameter and query string without a 5xx', async () => {
    for (const route of routeCases()) {
      const identity = identitiesFor(route).at(-1)!;
      for (const name of paramNames(route.url)) {
        for (const value of PATH_VALUES) await send({ route, identity, params: { [name]: value } });
      }
      const keys = Object.keys(objectShape(route.route.schema?.querystring) ?? { page: null });
      for (const key of keys) {
        for (const value of QUERY_VALUES) await send({ route, identity, query: `${key}=${value}` });
        for (const query of queryStrings(key)) await send({ route, identity, query });
      }
    }
    expectNoProblems();
  });

  it('answers random mixes of malformed fields, parameters, queries and headers without a 5xx', async () => {
    const cases = routeCases();
    const mixed = fc.constantFrom(...cases).chain((route) => {
      const seed = seedBody(route);
      const shape = objectShape(route.route.schema?.body);
      const paths = [
        ...(seed === undefined ? [] : leafPaths(seed)),
        ...Object.keys(shape ?? {}).map((key) => [key]),
      ];
      const field =
        paths.length === 0
          ? fc.constant(undefined)
          : fc
              .record({ path: fc.constantFrom(...paths), value: fc.constantFrom(...FIELD_VALUES) })
              .filter(({ path, value }) => !waits(route, path, value))
              .map(({ path, value }) => jsonBody(withValueAt(seed ?? {}, path, value)));
      const names = paramNames(route.url);
      const queryKeys = Object.keys(objectShape(route.route.schema?.querystring) ?? { page: null });
      return fc.record({
        route: fc.constant(route),
        identity: fc.constantFrom(...identitiesFor(route)),
        body: fc.oneof(field, fc.constantFrom(...GENERIC_BODIES)),
        params:
          names.length === 0
            ? fc.constant(undefined)
            : fc.option(fc.dictionary(fc.constantFrom(...names), fc.constantFrom(...PATH_VALUES)), {
                nil: undefined,
              }),
        query: fc.option(
          fc.oneof(
            fc
              .record({ key: fc.constantFrom(...queryKeys), value: fc.constantFrom(...QUERY_VALUES) })
              .map(({ key, value }) => `${key}=${value}`),
            fc.constantFrom(...queryKeys).chain((key) => fc.constantFrom(...queryStrings(key))),
          ),
          { nil: undefined },
        ),
        headers: fc.option(fc.constantFrom(...HEADER_VARIANTS), { nil: undefined }),
      });
    });
    // fast-check shrinks a failing mix to the smallest one and reports it with the seed to replay it.
    await fc.assert(
      fc.asyncProperty(mixed, async (request) => {
        expect(await send(request)).toBeUndefined();
      }),
      { seed: 20261125, numRuns: 1500 },
    );
    problems.length = 0;
  });
});

import { readFileSync } from 'node:fs';
import { getHealth, OPERATIONS, undefinedOperations } from '@mirage/contract';
import { ERROR_STATUS, isErrorCode } from '@mirage/domain';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerContract, schemaOf } from '../../src/http/contract.ts';
import { addImage, signedIn } from '../gallery-fixtures.ts';
import { createTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  info: {
    title: string;
    description: string;
    version: string;
    contact: object;
    license: { name: string };
    termsOfService: string;
  };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; in?: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

async function documentOf(context: TestContext): Promise<Document> {
  const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.body) as Document;
}

function operations(document: Document): (Operation & { method: string; path: string })[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
}

const byId = (document: Document, id: string) => {
  const found = operations(document).find((op) => op.operationId === id);
  if (!found) throw new Error(`${id} is not in the document`);
  return found;
};

const codesOf = (op: Operation, status: number) =>
  JSON.stringify(op.responses[String(status)]?.content?.['application/json']?.schema ?? null);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the info, servers and security schemes an integrator needs', async () => {
    const document = await documentOf(t);
    expect(document.openapi).toBe('3.1.0');
    const version = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    ).version;
    expect(document.info).toMatchObject({ title: 'Mirage API', version });
    expect(document.info.description).toContain('{"detail":{"code","data"?}}');
    expect(document.info.contact).toMatchObject({
      name: 'Mirage support',
      url: 'http://localhost:8080/about',
    });
    expect(document.info.license.name).toBe('Proprietary');
    expect(document.info.termsOfService).toBe('http://localhost:8080/legal/terms');
    expect(document.servers).toEqual([{ url: 'http://localhost:8080' }]);
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie' },
      workerToken: { type: 'http', scheme: 'bearer' },
      operatorToken: { type: 'http', scheme: 'bearer' },
      metricsToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('takes contact and licence from the configuration', async () => {
    const configured = await createTestApp({
      env: {
        API_CONTACT_NAME: 'Integrations desk',
        API_CONTACT_EMAIL: 'api@mirage.example',
        API_LICENSE_NAME: 'Mirage API terms',
        API_LICENSE_URL: 'https://mirage.example/api-terms',
      },
    });
    try {
      const { info } = await documentOf(configured);
      expect(info.contact).toMatchObject({ name: 'Integrations desk', email: 'api@mirage.example' });
      expect(info.license).toEqual({ name: 'Mirage API terms', url: 'https://mirage.example/api-terms' });
    } finally {
      await configured.close();
    }
  });

  it('has every operation of the contract, under its path and method, and nothing undocumented', async () => {
    const document = await documentOf(t);
    expect(undefinedOperations()).toEqual([]);
    const documented = operations(document).map((op) => `${op.operationId} ${op.method} ${op.path}`);
    const expected = Object.entries(OPERATIONS).map(
      ([id, { method, path }]) => `${id} ${method} ${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`,
    );
    expect(documented.sort()).toEqual(expected.sort());
  });

  it('documents every route the app registers (only the reference pages themselves are left out)', () => {
    const undocumented = t.routes
      .flatMap((route) => [route.method].flat().map((method) => ({ method, route })))
      .filter(({ method }) => method !== 'HEAD')
      .filter(({ route }) => !route.url.startsWith('/api/docs'))
      .filter(
        ({ route }) =>
          typeof (route.schema as { operationId?: unknown } | undefined)?.operationId !== 'string',
      )
      .map(({ method, route }) => `${method} ${route.url}`);
    expect(undocumented).toEqual([]);
  });

  it('gives every operation a summary, a description, one tag, a unique operationId and a described success answer', async () => {
    const document = await documentOf(t);
    const ids = new Set<string>();
    for (const op of operations(document)) {
      const where = `${op.method} ${op.path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId!), `${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toBeTruthy();
      expect(op.tags, where).toHaveLength(1);
      const success = Object.entries(op.responses).filter(([status]) => /^[23]/.test(status));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [status, answer] of success) {
        expect(answer.description, `${where} ${status}`).not.toBe('Default Response');
        if (status !== '204' && status.startsWith('2')) {
          expect(
            Object.values(answer.content ?? {}).every((media) => media.schema),
            `${where} ${status}`,
          ).toBe(true);
        }
      }
    }
  });

  it('lists, per status, the catalogue codes an operation may answer, in the one error shape', async () => {
    const document = await documentOf(t);
    const txt2img = byId(document, 'createTxt2img');
    expect(codesOf(txt2img, 402)).toContain('"user_insufficient_funds"');
    expect(codesOf(txt2img, 401)).toContain('"token_missing"');
    expect(codesOf(txt2img, 403)).toContain('"forbidden_origin"');
    expect(codesOf(txt2img, 400)).toContain('"validation_error"');
    expect(codesOf(txt2img, 429)).toContain('"max_running_tasks"');
    expect(codesOf(txt2img, 400)).not.toContain('"user_insufficient_funds"');
    // A call nobody signs in for cannot answer a token error.
    expect(byId(document, 'getHealth').responses['401']).toBeUndefined();
    for (const op of operations(document)) {
      for (const [status, answer] of Object.entries(op.responses).filter(([code]) => /^[45]/.test(code))) {
        const schema = answer.content?.['application/json']?.schema as {
          properties?: { detail?: { properties?: { code?: { enum?: string[] } } } };
        };
        const codes = schema.properties?.detail?.properties?.code?.enum ?? [];
        expect(codes.length, `${op.operationId} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(isErrorCode(code), code).toBe(true);
          if (Number(status) < 413 || Number(status) > 415) {
            expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], `${op.operationId} ${code}`).toBe(
              Number(status),
            );
          }
        }
      }
    }
  });

  it('applies the security scheme of each route’s auth', async () => {
    const document = await documentOf(t);
    expect(byId(document, 'getHealth').security).toEqual([]);
    expect(byId(document, 'createTxt2img').security).toEqual([{ sessionCookie: [] }]);
    expect(byId(document, 'getMetrics').security).toEqual([{ metricsToken: [] }]);
    expect(byId(document, 'leaseJob').security).toEqual([{ workerToken: [] }]);
    expect(byId(document, 'getWorkerStatus').security).toEqual([{ operatorToken: [] }]);
    expect(byId(document, 'searchGallery').security).toContainEqual({});
    for (const op of operations(document)) expect(op.security, op.operationId).toBeDefined();
  });

  it('documents the live streams as text/event-stream with each event and its data', async () => {
    const document = await documentOf(t);
    const stream = byId(document, 'streamEvents').responses['200']!;
    const schema = JSON.stringify(stream.content?.['text/event-stream']?.schema);
    for (const event of ['tasks', 'balance', 'notification', 'unauthorized'])
      expect(schema).toContain(`"${event}"`);
    expect(stream.description).toContain('text/event-stream');
  });

  it('has no two equivalent path templates (Spectral: path-params / equivalent paths)', async () => {
    const document = await documentOf(t);
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.length).toBe(new Set(shapes).size);
  });

  it('has every call of the product specification the product serves, under the spec’s path', async () => {
    const document = await documentOf(t);
    // docs/product/api.md (the product specification's list of calls), as far as the product serves them.
    const specCalls = [
      'GET /api/user/me',
      'POST /api/user/update',
      'POST /api/user/login',
      'POST /api/user/login/oauth',
      'POST /api/user/logout',
      'POST /api/user/send_reset_pwd',
      'POST /api/user/create',
      'POST /api/action/favorite',
      'DELETE /api/action/favorite',
      'DELETE /api/action/favorites',
      'PUT /api/action/report/{flag}',
      'GET /api/config/styles',
      'GET /api/config/banned_words',
      'GET /api/image/{uuid}/info',
      'GET /api/image/{uuid}/info/gen',
      'PUT /api/image/{uuid}/private',
      'DELETE /api/image/{uuid}',
      'GET /api/image/{uuid}/tags',
      'POST /api/gallery/search',
      'GET /api/gallery/search/tags',
      'POST /api/prompt/save',
      'POST /api/prompt/{target}',
      'DELETE /api/prompt/{id}',
      'POST /api/prompt/{id}/publish',
      'POST /api/prompt/{id}/subscribe',
      'POST /api/tasks/{uuid}/upscale',
      'POST /api/tasks/txt2img',
      'GET /api/tasks/monitor',
      'GET /api/preset',
      'PUT /api/preset/{id}/favorite',
      'GET /api/preset/random',
      'PUT /api/settings/tags/ban',
      'GET /api/settings/tags/ban',
      'GET /api/settings/tags/system',
      'GET /api/settings/modifiers',
    ];
    // A parameter's name is not part of the URL a client calls: `/api/prompt/{id}` is `/api/prompt/{target}`.
    const shape = (call: string) => call.replace(/\{[^}]+\}/g, '{}');
    const served = new Set(operations(document).map((op) => shape(`${op.method} ${op.path}`)));
    expect(specCalls.filter((call) => !served.has(shape(call)))).toEqual([]);
    const parameters = (id: string) =>
      (byId(document, id) as { parameters?: { name: string }[] }).parameters?.map(
        (parameter) => parameter.name,
      );
    expect(parameters('searchGallery')).toEqual(
      expect.arrayContaining(['page', 'size', 'author_id', 'favorite', 'offset']),
    );
    expect(parameters('listPrompts')).toEqual(expect.arrayContaining(['target', 'page', 'size']));
    expect(parameters('createTxt2img')).toEqual(['fastlane']);
  });

  it('serves the documentation page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('answers go out through their schema', () => {
  it('drops a field the answer schema does not declare', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await registerContract(app, t.config);
    app.get(getHealth.path, { schema: schemaOf(getHealth), config: { auth: 'none' } }, () => ({
      ok: true as const,
      password_hash: 'never sent',
    }));
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ ok: true });
    await app.close();
  });

  it('refuses at start a route whose method or path is not its operation’s', async () => {
    const app = Fastify();
    await registerContract(app, t.config);
    expect(() =>
      app.get('/api/healthz', { schema: schemaOf(getHealth), config: { auth: 'none' } }, () => ({
        ok: true as const,
      })),
    ).toThrow(/getHealth, which is GET \/api\/health/);
    await app.close();
  });

  it('checks a compressed answer against the document once decoded', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/config/styles',
      headers: { 'accept-encoding': 'br' },
    });
    // The harness decoded and validated it (an undecodable or non-matching body would have thrown).
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('never sends a column added to a table unless the answer declares it', async () => {
    const db = t.database.db;
    await sql`alter table app_user add column leak_canary text not null default 'leak-canary-7f3a'`.execute(
      db,
    );
    await sql`alter table image add column leak_canary text not null default 'leak-canary-7f3a'`.execute(db);
    try {
      const { client, id } = await signedIn(t);
      await addImage(t, id, { prompt: 'a lighthouse at dusk' });
      const me = await client.get('/api/user/me');
      expect(me.status).toBe(200);
      expect(me.response.body).not.toContain('leak-canary');
      const search = await client.post('/api/gallery/search', {});
      expect(search.status).toBe(200);
      expect((search.body.items as unknown[]).length).toBeGreaterThan(0);
      expect(search.response.body).not.toContain('leak-canary');
    } finally {
      await sql`alter table app_user drop column leak_canary`.execute(db);
      await sql`alter table image drop column leak_canary`.execute(db);
    }
  });
});

describe('metrics', () => {
  it('exposes request durations by route pattern in Prometheus text', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/user/me' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/user\/me",status="401"\} \d+/,
    );
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
      const ok = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage, signedIn, tagId } from '../gallery-fixtures.ts';
import { enqueuePaidTask, previewLease } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';

/**
 * The inputs that answered 500 (abuse findings M4, L3, L4, L5): unstorable text, ids beyond their
 * column, the router's and the HTTP parser's own errors, malformed multipart. Each answers a 4xx in
 * the catalogue's shape and changes nothing.
 */
let t: TestContext;
let user: Awaited<ReturnType<typeof signedIn>>;
let workerToken: string;
let tag: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedIn(t);
  await addImage(t, user.id, { prompt: 'a lighthouse at dusk' });
  tag = await tagId(t, 'a lighthouse at dusk');
  workerToken = await t.services.workerAuth.issueToken('malformed-input-worker');
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

function worker(method: 'POST' | 'GET', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${workerToken}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const balance = async () =>
  (
    await t.database.db
      .selectFrom('app_user')
      .select('generation_token')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
  ).generation_token;

describe('NUL bytes and lone surrogates', () => {
  it.each([NUL, LONE_SURROGATE])('are refused in sign-up and login fields (%j)', async (bad) => {
    const login = await new Client(t.app).post('/api/user/login', {
      username: `a${bad}`,
      pwd: 'password123',
    });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ detail: { code: 'validation_error', data: { field: 'username' } } });
    const create = await new Client(t.app).post(
      '/api/user/create',
      newAccount({ referral_code: `AB${bad}` }),
    );
    expect(create.status).toBe(400);
    expect(create.body).toEqual({ detail: { code: 'validation_error', data: { field: 'referral_code' } } });
  });

  it.each([
    ['prompt', { prompt: `a lighthouse${NUL}`, style_id: 1 }],
    ['neg_prompt', { prompt: 'a lighthouse', neg_prompt: NUL, style_id: 1 }],
    ['prompt', { prompt: `a lighthouse ${LONE_SURROGATE}`, style_id: 1 }],
  ])('are refused in a generation (%s), and nothing is charged', async (field, body) => {
    const before = await balance();
    const answer = await user.client.post('/api/tasks/txt2img', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: { code: 'validation_error', data: { field } } });
    expect(await balance()).toBe(before);
  });

  it('are refused in saved prompts: the name, and the searches of mine and community', async () => {
    const save = await user.client.post('/api/prompt/save', { lib: `x${NUL}`, pos_tags: [tag] });
    expect(save.body).toEqual({ detail: { code: 'validation_error', data: { field: 'lib' } } });
    for (const target of ['mine', 'community']) {
      const list = await user.client.post(`/api/prompt/${target}`, { search: `a${NUL}b` });
      expect(list.status).toBe(400);
      expect(list.body).toEqual({ detail: { code: 'validation_error', data: { field: 'search' } } });
    }
  });

  it.each(['%00', 'a%00', '%ED%A0%80'])(
    'are refused in the tag autocomplete (?search=%s)',
    async (search) => {
      const answer = await new Client(t.app).get(`/api/gallery/search/tags?search=${search}`);
      if (search === '%ED%A0%80') {
        // Not UTF-8 at all: the query parser keeps the text as sent, which is no tag.
        expect(answer.status).toBeLessThan(500);
        return;
      }
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ detail: { code: 'validation_error', data: { field: 'search' } } });
    },
  );

  it('are refused in a worker’s lease models, failure message and completion metadata', async () => {
    const lease = await worker('POST', '/api/worker/lease', {
      ...previewLease,
      models: { checkpoints: [`a${NUL}`], loras: [], upscalers: [] },
    });
    expect(lease.statusCode).toBe(400);
    expect(lease.json()).toEqual({
      detail: { code: 'validation_error', data: { field: 'models.checkpoints.0' } },
    });
    const task = await enqueuePaidTask(t, user.id);
    expect((await worker('POST', '/api/worker/lease', previewLease)).json()).toMatchObject({
      job: { id: task.id },
    });
    const fail = await worker('POST', `/api/worker/jobs/${task.id}/fail`, {
      retryable: true,
      message: `out of memory${NUL}`,
    });
    expect(fail.statusCode).toBe(400);
    expect(fail.json()).toEqual({ detail: { code: 'validation_error', data: { field: 'message' } } });
    const complete = await worker('POST', `/api/worker/jobs/${task.id}/complete`);
    expect(complete.statusCode).toBeLessThan(500);
    const state = await t.database.db
      .selectFrom('task')
      .select('state')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe(1);
  });
});

describe('integers beyond their column', () => {
  it.each([
    ['/api/prompt/save', { lib: 'x', pos_tags: [1], styles: [2_147_483_648] }, 'styles.0'],
    ['/api/prompt/save', { lib: 'x', pos_tags: [2 ** 63] }, 'pos_tags.0'],
    ['/api/prompt/save', { lib: 'x', pos_tags: [1], styles: [0] }, 'styles.0'],
    ['/api/gallery/search', { styles: [2 ** 31] }, 'styles.0'],
    ['/api/gallery/search', { pos_search: [2 ** 53] }, 'pos_search.0'],
    ['/api/tasks/txt2img', { prompt: 'a lighthouse', style_id: 2 ** 31 }, 'style_id'],
    [
      '/api/tasks/txt2img',
      { prompt: 'a lighthouse', style_id: 1, modifiers: [{ id: 2 ** 31, weight: 50 }] },
      'modifiers.0.id',
    ],
    ['/api/tasks/txt2img', { prompt: 'a lighthouse', style_id: 1, seed: 2 ** 32 }, 'seed'],
  ])('POST %s %j -> validation_error', async (url, body, field) => {
    const answer = await user.client.post(url, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: { code: 'validation_error', data: { field } } });
  });

  it('refuses them in the blacklist, the gallery’s author and path ids', async () => {
    const ban = await user.client.request('PUT', '/api/settings/tags/ban', { tags: [2 ** 53] });
    expect(ban.body).toEqual({ detail: { code: 'validation_error', data: { field: 'tags.0' } } });
    const author = await user.client.post('/api/gallery/search?author_id=9223372036854775808', {});
    expect(author.body).toEqual({ detail: { code: 'validation_error', data: { field: 'author_id' } } });
    // A well-formed path id beyond its column names nothing.
    const preset = await user.client.request('PUT', '/api/preset/2147483648/favorite', {});
    expect(preset.body).toEqual({ detail: { code: 'preset_not_found' } });
    const prompt = await user.client.request('DELETE', '/api/prompt/9223372036854775808');
    expect(prompt.body).toEqual({ detail: { code: 'not_found' } });
  });
});

describe('errors of the router and of the HTTP parser', () => {
  it('answers a path that does not decode in the catalogue’s shape, without repeating it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/image/%C0%AE%C0%AE/info' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: { code: 'validation_error', data: { reason: 'FST_ERR_BAD_URL' } },
    });
    expect(response.body).not.toContain('%C0');
  });

  it('answers a 5,000-character path parameter with 414 in the catalogue’s shape', async () => {
    const long = 'a'.repeat(5000);
    const response = await t.app.inject({ method: 'GET', url: `/api/image/${long}/info` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      detail: { code: 'validation_error', data: { reason: 'FST_ERR_MAX_PARAM_LENGTH' } },
    });
    expect(response.body).not.toContain(long.slice(0, 200));
  });

  describe('over a real connection (the parser runs before Fastify)', () => {
    let port: number;
    beforeAll(async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = Number(new URL(address).port);
    });

    it.each(['GET', 'HEAD'])(
      'answers a 20 KB cookie with 431 in the catalogue’s shape (%s)',
      async (method) => {
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method,
              path: '/api/user/me',
              headers: { cookie: `a=${'x'.repeat(20_000)}` },
            },
            (response) => {
              let body = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (body += chunk));
              response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
            },
          );
          request.on('error', reject);
          request.end();
        });
        expect(answer.status).toBe(431);
        if (method === 'HEAD') {
          expect(answer.body).toBe('');
          return;
        }
        expect(JSON.parse(answer.body)).toEqual({
          detail: { code: 'validation_error', data: { reason: 'HPE_HEADER_OVERFLOW' } },
        });
      },
    );

    it('answers a malformed request in the catalogue’s shape', async () => {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
        });
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(body!)).toEqual({
        detail: { code: 'validation_error', data: { reason: expect.stringMatching(/^HPE_/) as string } },
      });
    });
  });
});

describe('malformed multipart on a completion', () => {
  async function leasedTask() {
    const task = await enqueuePaidTask(t, user.id);
    for (;;) {
      const job = (await worker('POST', '/api/worker/lease', previewLease)).json<{
        job: { id: string } | null;
      }>().job;
      if (!job || job.id === task.id) break;
      await worker('POST', `/api/worker/jobs/${job.id}/fail`, { retryable: false, message: 'drain' });
    }
    return task.id;
  }

  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{"seed":42}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="result.png"\r\n` +
    'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n';

  it.each([
    ['cut after the file’s first bytes', 'XyZ', part('XyZ')],
    ['with another boundary than the header’s', 'XyZ', `${part('Other')}\r\n--Other--\r\n`],
  ])(
    'answers a body %s with 400 validation_error, and the task stays leased',
    async (_name, boundary, body) => {
      const id = await leasedTask();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/worker/jobs/${id}/complete`,
        headers: {
          authorization: `Bearer ${workerToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.from(body, 'latin1'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: { code: 'validation_error' } });
      const task = await t.database.db
        .selectFrom('task')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(task.state).toBe(1);
    },
  );
});

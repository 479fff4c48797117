import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../gallery-fixtures.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';

/**
 * nl_convert through a language model (docs/product/assistant.md#language-model): a fake
 * OpenAI-compatible server on 127.0.0.1 answers as OpenAI documents it (POST /v1/chat/completions; 200
 * with choices[0].message.content; 401 with {"error":{message,type,code}} for a wrong key; 429 with
 * Retry-After; 500), and every failure falls back to the built-in converter.
 */
const KEY = 'sk-test-assistant-key';
const TIMEOUT_MS = 400;
const DESCRIPTION = 'A lighthouse on a cliff at dusk';
/** What the built-in converter makes of DESCRIPTION. */
const FALLBACK = 'lighthouse, cliff, dusk';

interface Received {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
type Behaviour = (response: ServerResponse) => void;

const fake = {
  key: KEY,
  received: [] as Received[],
  /** What the next requests get: the answer's content by default. */
  behaviour: undefined as Behaviour | undefined,
  content: 'lighthouse, sea cliff, dusk, oil painting, dramatic sky',
};

function json(response: ServerResponse, status: number, body: unknown, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

let server: Server;
let t: TestContext;
beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      fake.received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        return json(response, 404, {
          error: { message: 'not found', type: 'invalid_request_error', code: null },
        });
      }
      if (request.headers.authorization !== `Bearer ${fake.key}`) {
        return json(response, 401, {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
      }
      if (fake.behaviour) return fake.behaviour(response);
      json(response, 200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content: fake.content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 12, total_tokens: 62 },
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      ASSISTANT_URL: `http://127.0.0.1:${port}/v1/`,
      ASSISTANT_API_KEY: KEY,
      ASSISTANT_MODEL: 'test-model',
      ASSISTANT_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  await t.database.db
    .insertInto('moderation_rule')
    .values({
      lib: 'test_forbidden',
      words: ['watermelon'],
      suggestions: [],
      type: 0,
      applies_to: 'positive',
    })
    .execute();
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  fake.key = KEY;
  fake.received = [];
  fake.behaviour = undefined;
  fake.content = 'lighthouse, sea cliff, dusk, oil painting, dramatic sky';
});

async function convert(input = DESCRIPTION) {
  const { client, id } = await signedIn(t);
  const answer = await client.post('/api/tasks/nl_convert', { input });
  return { ...answer, id };
}

describe('nl_convert with a language model', () => {
  it("answers the model's tags, asked as OpenAI's protocol says", async () => {
    const answer = await convert();
    expect(answer.status).toBe(200);
    expect(answer.body.output).toBe('lighthouse, sea cliff, dusk, oil painting, dramatic sky');
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body).toMatchObject({ model: 'test-model', temperature: 0.2, max_tokens: 300 });
    const messages = request!.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toMatch(/comma/i);
    expect(messages[0]!.content).toMatch(/minors/i);
    expect(messages[1]!.content).toBe(DESCRIPTION);
  });

  it('turns a chatty answer into tags: labels, list markers, quotes and sentences dropped', async () => {
    fake.content =
      'Here are the tags:\n```\n1. "Lighthouse"\n- Sea Cliff\n* dusk, (dramatic sky:1.2)\n```\n' +
      'This prompt describes a calm evening by the sea with a lighthouse standing tall.';
    const answer = await convert();
    expect(answer.body.output).toBe('lighthouse, sea cliff, dusk, dramatic sky');
  });

  it('cuts forbidden words out of what the model says', async () => {
    fake.content = 'lighthouse, watermelon, dusk';
    const answer = await convert();
    expect(answer.status).toBe(200);
    expect(answer.body.output).toBe('lighthouse, dusk');
  });

  it("refuses what the child-safety layer refuses in the model's answer, without a strike", async () => {
    fake.content = 'portrait of a person, 12 years old';
    const answer = await convert('a portrait of a person in a garden');
    expect(answer.status).toBe(400);
    expect(codeOf(answer.body)).toBe('forbidden_prompt');
    const strikes = await t.database.db
      .selectFrom('moderation_strike')
      .select('id')
      .where('user_id', '=', answer.id)
      .execute();
    expect(strikes).toHaveLength(0);
  });

  it("falls back when the model's answer holds no tags, or only forbidden words", async () => {
    for (const content of ['', 'refused', 'watermelon']) {
      fake.content = content;
      const answer = await convert();
      expect(answer.status, content).toBe(200);
      expect(answer.body.output, content).toBe(FALLBACK);
    }
  });
});

describe('nl_convert falls back to the built-in converter', () => {
  it('on a wrong key (401), and leaves the model alone for a minute', async () => {
    fake.key = 'sk-another-key';
    expect((await convert()).body.output).toBe(FALLBACK);
    expect(fake.received).toHaveLength(1);
    expect((await convert()).body.output).toBe(FALLBACK);
    expect(fake.received).toHaveLength(1);
    fake.key = KEY;
    t.clock.offsetMs += 61_000;
    expect((await convert()).body.output).toBe('lighthouse, sea cliff, dusk, oil painting, dramatic sky');
    expect(fake.received).toHaveLength(2);
  });

  it('on 429, and waits as long as Retry-After says before asking again', async () => {
    fake.behaviour = (response) =>
      json(
        response,
        429,
        { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
        { 'retry-after': '5' },
      );
    expect((await convert()).body.output).toBe(FALLBACK);
    fake.behaviour = undefined;
    t.clock.offsetMs += 3_000;
    expect((await convert()).body.output).toBe(FALLBACK);
    expect(fake.received).toHaveLength(1);
    t.clock.offsetMs += 3_000;
    expect((await convert()).body.output).toBe('lighthouse, sea cliff, dusk, oil painting, dramatic sky');
    expect(fake.received).toHaveLength(2);
  });

  it('on a server error (500), and asks again next time', async () => {
    fake.behaviour = (response) =>
      json(response, 500, {
        error: { message: 'The server had an error', type: 'server_error', code: null },
      });
    expect((await convert()).body.output).toBe(FALLBACK);
    expect((await convert()).body.output).toBe(FALLBACK);
    expect(fake.received).toHaveLength(2);
  });

  it('when the model takes longer than ASSISTANT_TIMEOUT_MS', async () => {
    fake.behaviour = (response) => {
      setTimeout(
        () => json(response, 200, { choices: [{ message: { content: 'late, tags' } }] }),
        TIMEOUT_MS * 3,
      );
    };
    const started = Date.now();
    expect((await convert()).body.output).toBe(FALLBACK);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('on garbage: not JSON, no choices, content not text', async () => {
    const answers: Behaviour[] = [
      (response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>gateway</html>');
      },
      (response) => json(response, 200, { object: 'chat.completion', choices: [] }),
      (response) => json(response, 200, { choices: [{ message: { content: { tags: ['a'] } } }] }),
      (response) => json(response, 200, null),
    ];
    for (const behaviour of answers) {
      fake.behaviour = behaviour;
      const answer = await convert();
      expect(answer.status).toBe(200);
      expect(answer.body.output).toBe(FALLBACK);
    }
  });
});

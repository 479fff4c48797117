import { describe, expect, it } from 'vitest';
import { ChatError, createChatClient, retryAfterSeconds } from './chat-client.ts';
import { tagsFromAnswer } from './model-prompt.ts';

/** A client over a scripted fetch; `clock.ms` moves its time. */
function clientWith(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const clock = { ms: Date.UTC(2026, 0, 1) };
  const calls: { url: string; init: RequestInit }[] = [];
  const client = createChatClient({
    url: 'http://model.test/v1///',
    apiKey: 'sk-key',
    model: 'm',
    timeoutMs: 50,
    now: () => new Date(clock.ms),
    fetch: ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    }) as typeof fetch,
  });
  return { client, clock, calls };
}
const ask = (client: ReturnType<typeof createChatClient>) =>
  client.complete([{ role: 'user', content: 'hi' }], { temperature: 0, maxTokens: 10 });
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof ChatError ? error.reason : String(error)),
  );
const ok = (content: unknown) => Promise.resolve(Response.json({ choices: [{ message: { content } }] }));

describe('the chat completions client', () => {
  it('posts to {url}/chat/completions with the key and reads choices[0].message.content', async () => {
    const { client, calls } = clientWith(() => ok('lighthouse, dusk'));
    expect(await ask(client)).toBe('lighthouse, dusk');
    expect(calls[0]!.url).toBe('http://model.test/v1/chat/completions');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer sk-key');
    expect(JSON.parse(calls[0]!.init.body as string)).toMatchObject({
      model: 'm',
      temperature: 0,
      max_tokens: 10,
    });
  });

  it('names each failure', async () => {
    const cases: [() => Promise<Response>, string][] = [
      [() => Promise.resolve(new Response('oops', { status: 500 })), 'server_error'],
      [() => Promise.resolve(new Response('no', { status: 404 })), 'http_error'],
      [() => Promise.resolve(new Response('<html>', { status: 200 })), 'invalid_response'],
      [() => ok(42), 'invalid_response'],
      [() => Promise.resolve(Response.json({ choices: [] })), 'invalid_response'],
      [() => Promise.resolve(new Response('x'.repeat(300 * 1024))), 'invalid_response'],
      [() => Promise.reject(new TypeError('fetch failed')), 'network'],
      [() => Promise.reject(new DOMException('timed out', 'TimeoutError')), 'timeout'],
    ];
    for (const [answer, expected] of cases) {
      const { client } = clientWith(answer);
      expect(await reason(ask(client))).toBe(expected);
      expect(client.isPaused()).toBe(false);
    }
  });

  it('gives up when the model does not answer within the timeout', async () => {
    const { client } = clientWith(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error)),
        ),
    );
    expect(await reason(ask(client))).toBe('timeout');
  });

  it('pauses for Retry-After after a 429, and for a minute after a 401', async () => {
    const limited = clientWith(() =>
      Promise.resolve(new Response('{}', { status: 429, headers: { 'retry-after': '7' } })),
    );
    expect(await reason(ask(limited.client))).toBe('rate_limited');
    expect(await reason(ask(limited.client))).toBe('paused');
    expect(limited.calls).toHaveLength(1);
    limited.clock.ms += 7_000;
    expect(limited.client.isPaused()).toBe(false);

    const refused = clientWith(() => Promise.resolve(new Response('{}', { status: 401 })));
    expect(await reason(ask(refused.client))).toBe('unauthorized');
    refused.clock.ms += 59_000;
    expect(refused.client.isPaused()).toBe(true);
    refused.clock.ms += 1_000;
    expect(refused.client.isPaused()).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('12', now)).toBe(12);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe("the model's answer as tags", () => {
  it('keeps lowercase tags and drops what is not one', () => {
    expect(tagsFromAnswer('Lighthouse, Crashing Waves,\n dusk')).toEqual([
      'lighthouse',
      'crashing waves',
      'dusk',
    ]);
    expect(tagsFromAnswer('Tags: 1. "sea"\n2) sky\n- sky\n• sand; wind')).toEqual([
      'sea',
      'sky',
      'sand',
      'wind',
    ]);
    expect(tagsFromAnswer('This is a long sentence that describes a scene in many words, rain')).toEqual([
      'rain',
    ]);
    expect(tagsFromAnswer('refused')).toEqual([]);
    expect(tagsFromAnswer('')).toEqual([]);
  });

  it('keeps at most 40 tags within the prompt limit', () => {
    const many = Array.from({ length: 60 }, (_, i) => `tag number ${i}`).join(', ');
    expect(tagsFromAnswer(many)).toHaveLength(40);
    const long = Array.from({ length: 40 }, (_, i) => `${'w'.repeat(44)} ${i}`).join(', ');
    expect(tagsFromAnswer(long).join(', ').length).toBeLessThanOrEqual(2000);
  });
});

/**
 * A client of an OpenAI-compatible chat completions endpoint (docs/product/assistant.md#language-model):
 * `POST {ASSISTANT_URL}/chat/completions` with `{model, messages, temperature, max_tokens}`, the answer's
 * text in `choices[0].message.content`. llama.cpp's server, Ollama, vLLM and hosted APIs all speak it.
 *
 * Every failure is a ChatError with a reason; the caller falls back to the built-in converter. A 429
 * (with its Retry-After) or a 401 also pauses the client, so that a rate-limited or misconfigured model
 * is not asked again on every request until then.
 */

export type ChatFailure =
  | 'paused'
  | 'unauthorized'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'timeout'
  | 'network'
  | 'invalid_response';

export class ChatError extends Error {
  constructor(
    readonly reason: ChatFailure,
    readonly status?: number,
    /** Seconds the server asked to wait (429 Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(`chat completion failed: ${reason}${status ? ` (${status})` : ''}`);
    this.name = 'ChatError';
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatClientOptions {
  /** The API's base address, e.g. http://localhost:11434/v1. */
  url: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  now?: () => Date;
  /** Replaced in tests. */
  fetch?: typeof fetch;
}

/** How long a 401 pauses the client: a wrong key stays wrong until an operator fixes it. */
const UNAUTHORIZED_PAUSE_MS = 60_000;
/** A 429 without a usable Retry-After pauses this long. */
const DEFAULT_RETRY_AFTER_S = 30;
/** The longest pause a Retry-After may ask for (a broken header must not switch the model off for days). */
const MAX_RETRY_AFTER_S = 600;
/** Larger answers are not a few tags: they are refused unread. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** Retry-After as seconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

export function createChatClient(options: ChatClientOptions) {
  const endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? fetch;
  let pausedUntil = 0;

  async function readAnswer(response: Response): Promise<string> {
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_ANSWER_BYTES) throw new ChatError('invalid_response', response.status);
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new ChatError('invalid_response', response.status);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ChatError('invalid_response', response.status);
    }
    const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]
      ?.message?.content;
    if (typeof content !== 'string') throw new ChatError('invalid_response', response.status);
    return content;
  }

  return {
    /** Whether a 429 or a 401 paused the client (the caller skips it until then). */
    isPaused: () => now().getTime() < pausedUntil,

    /** The text of the model's answer to `messages`; throws ChatError. */
    async complete(
      messages: ChatMessage[],
      settings: { temperature: number; maxTokens: number },
    ): Promise<string> {
      if (now().getTime() < pausedUntil) throw new ChatError('paused');
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            messages,
            temperature: settings.temperature,
            max_tokens: settings.maxTokens,
            stream: false,
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const name = (error as { name?: string } | null)?.name;
        throw new ChatError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
      }
      if (response.ok) {
        try {
          return await readAnswer(response);
        } catch (error) {
          if (error instanceof ChatError) throw error;
          // The body stopped arriving: the timeout fired while reading, or the connection broke.
          const name = (error as { name?: string } | null)?.name;
          throw new ChatError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
        }
      }
      // The body of an error says nothing the fallback needs; it is dropped unread.
      void response.body?.cancel().catch(() => undefined);
      if (response.status === 401 || response.status === 403) {
        pausedUntil = now().getTime() + UNAUTHORIZED_PAUSE_MS;
        throw new ChatError('unauthorized', response.status);
      }
      if (response.status === 429) {
        const wait = retryAfterSeconds(response.headers.get('retry-after'), now()) ?? DEFAULT_RETRY_AFTER_S;
        pausedUntil = now().getTime() + Math.min(wait, MAX_RETRY_AFTER_S) * 1000;
        throw new ChatError('rate_limited', 429, wait);
      }
      throw new ChatError(response.status >= 500 ? 'server_error' : 'http_error', response.status);
    },
  };
}
export type ChatClient = ReturnType<typeof createChatClient>;

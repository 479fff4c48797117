/**
 * HTTP to the AI Horde: every call carries `apikey` and `Client-Agent`, and is retried a bounded number
 * of times on 429, 5xx and network errors, after the answer's Retry-After or a doubling backoff, whichever
 * is longer (the Horde bans clients that hammer it). What an answer means is decided by hordeFailure.
 */
import { EngineAbortError, EngineError } from './engine.ts';
import { hordeFailure, retryAfterMs, type HordeFailure } from './horde-protocol.ts';

/** Time, injectable so that tests run the retry and polling logic without waiting. */
export interface HordeTimer {
  now(): number;
  /** Resolves after ms, or rejects with EngineAbortError when the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface HordeHttpOptions {
  /** The API root, e.g. https://aihorde.net/api (paths start with /v2). */
  baseUrl: string;
  apiKey: string;
  clientAgent: string;
  requestTimeoutMs: number;
  downloadTimeoutMs: number;
  /** Retries after the first attempt, for transient failures. */
  retries: number;
  /** First backoff, doubled at each retry. */
  backoffMs: number;
  /** Longest single wait, Retry-After included. */
  maxRetryWaitMs: number;
  timer: HordeTimer;
  log: (message: string) => void;
}

type Method = 'GET' | 'POST' | 'DELETE';

export class HordeHttp {
  constructor(private readonly o: HordeHttpOptions) {}

  /**
   * A JSON call to the Horde; returns the parsed answer of a 2xx, throws an EngineError otherwise.
   * `retries` overrides the configured count (a best-effort cancel tries once).
   */
  async json(
    method: Method,
    path: string,
    signal: AbortSignal,
    body?: unknown,
    retries = this.o.retries,
  ): Promise<unknown> {
    const what = `AI Horde ${method} ${path}`;
    const url = this.o.baseUrl.replace(/\/+$/, '') + path;
    const headers: Record<string, string> = {
      apikey: this.o.apiKey,
      'Client-Agent': this.o.clientAgent,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const text = await this.withRetries(what, signal, retries, async () => {
      const res = await this.fetch(url, what, signal, this.o.requestTimeoutMs, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const answer = await this.read(res, what, signal);
      return res.ok ? answer.toString('utf8') : this.failure(what, res, answer);
    });
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new EngineError(`${what}: answer is not JSON: ${text.slice(0, 200)}`, true);
    }
  }

  /**
   * Downloads a result (an r2 presigned URL). No apikey or Client-Agent: the URL is another host's, and
   * the key must not leave for it.
   */
  download(url: string, signal: AbortSignal): Promise<Buffer> {
    const what = 'AI Horde image download';
    return this.withRetries(what, signal, this.o.retries, async () => {
      const res = await this.fetch(url, what, signal, this.o.downloadTimeoutMs, { method: 'GET' });
      const answer = await this.read(res, what, signal);
      return res.ok ? answer : this.failure(what, res, answer);
    });
  }

  private failure(what: string, res: Response, answer: Buffer): never {
    const failure = hordeFailure(what, res.status, answer.toString('utf8'));
    throw new HordeAnswerError(failure, retryAfterMs(res.headers.get('retry-after'), this.o.timer.now()));
  }

  private async withRetries<T>(
    what: string,
    signal: AbortSignal,
    retries: number,
    attempt: () => Promise<T>,
  ): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt();
      } catch (err) {
        const transient =
          err instanceof HordeAnswerError ? err.failure.transient : isNetworkError(err) && !signal.aborted;
        const final = err instanceof HordeAnswerError ? err.failure.error : err;
        if (!transient || retry >= retries) throw final;
        const backoff = this.o.backoffMs * 2 ** retry;
        const asked = err instanceof HordeAnswerError ? (err.retryAfterMs ?? 0) : 0;
        const wait = Math.min(this.o.maxRetryWaitMs, Math.max(backoff, asked));
        this.o.log(`horde: ${(final as Error).message}; retry ${retry + 1}/${retries} in ${wait} ms`);
        await this.o.timer.sleep(wait, signal);
      }
    }
  }

  private async fetch(
    url: string,
    what: string,
    signal: AbortSignal,
    timeoutMs: number,
    init: RequestInit,
  ): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) });
    } catch (err) {
      throw networkError(err, what, signal, timeoutMs);
    }
  }

  private async read(res: Response, what: string, signal: AbortSignal): Promise<Buffer> {
    try {
      return Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw networkError(err, what, signal, this.o.requestTimeoutMs);
    }
  }
}

/** An error answer on its way through the retry loop. */
class HordeAnswerError extends Error {
  constructor(
    readonly failure: HordeFailure,
    readonly retryAfterMs: number | null,
  ) {
    super(failure.error.message);
  }
}

/** A request that got no answer: unreachable, reset, timed out. Retryable, like the engines' (http.ts). */
class HordeNetworkError extends EngineError {
  constructor(message: string) {
    super(message, true);
    this.name = 'HordeNetworkError';
  }
}

const isNetworkError = (err: unknown): boolean => err instanceof HordeNetworkError;

function networkError(err: unknown, what: string, signal: AbortSignal, timeoutMs: number): EngineError {
  if (signal.aborted) return new EngineAbortError();
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return new HordeNetworkError(`${what}: timed out after ${timeoutMs} ms`);
  const cause = e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
  return new HordeNetworkError(`${what}: AI Horde unreachable (${cause})`);
}

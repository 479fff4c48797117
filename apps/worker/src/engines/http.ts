/**
 * HTTP helpers shared by the ComfyUI and A1111 adapters: one place maps network failures, timeouts and
 * aborts to EngineError, so every call site only decides what an HTTP status means.
 */
import { request as httpRequestNode } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { EngineAbortError, EngineError } from './engine.ts';

export interface HttpOptions {
  method?: 'GET' | 'POST';
  /** A JSON body (sent with content-type application/json), or a FormData for multipart. */
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** The job's signal: aborting it rejects with EngineAbortError. */
  signal?: AbortSignal;
  timeoutMs: number;
  /** Names the call in error messages, e.g. "ComfyUI POST /prompt". */
  what: string;
}

export async function httpRequest(url: string, o: HttpOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  const headers: Record<string, string> = { ...o.headers };
  let body: string | FormData | undefined;
  if (o.form) body = o.form;
  else if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers['content-type'] = 'application/json';
  }
  try {
    return await fetch(url, { method: o.method ?? (body ? 'POST' : 'GET'), headers, body, signal });
  } catch (err) {
    throw mapFetchError(err, o);
  }
}

/** Reads a body, mapping a connection dropped mid-body like any network error. */
export async function readBody(res: Response, o: HttpOptions): Promise<Buffer> {
  try {
    return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw mapFetchError(err, o);
  }
}

/** Sends the request, checks the status and parses the JSON answer (unknown: callers narrow it). */
export async function httpJson(url: string, o: HttpOptions): Promise<unknown> {
  const res = await httpRequest(url, o);
  const text = (await readBody(res, o)).toString('utf8');
  if (!res.ok) throw statusError(o.what, res.status, text);
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EngineError(`${o.what}: answer is not JSON: ${text.slice(0, 200)}`, true);
  }
}

function mapFetchError(err: unknown, o: HttpOptions): EngineError {
  if (o.signal?.aborted) return new EngineAbortError();
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return new EngineError(`${o.what}: timed out after ${o.timeoutMs} ms`, true);
  const cause = e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
  return new EngineError(`${o.what}: engine unreachable (${cause})`, true);
}

/** An engine answered with an error status. */
export class HttpStatusError extends EngineError {
  constructor(
    message: string,
    retryable: boolean,
    readonly status: number,
  ) {
    super(message, retryable);
    this.name = 'HttpStatusError';
  }
}

/**
 * Maps an HTTP error status. 5xx, 408, 429 and auth failures are the worker's or engine's problem and are
 * retryable (another worker may succeed); other 4xx answers reject the request itself.
 */
export function statusError(what: string, status: number, body: string): HttpStatusError {
  const retryable = status >= 500 || status === 408 || status === 429 || status === 401 || status === 403;
  const hint = status === 401 || status === 403 ? ' (check the engine credentials)' : '';
  return new HttpStatusError(`${what}: HTTP ${status}${hint}: ${body.slice(0, 300)}`, retryable, status);
}

/** Joins a base URL (which may carry a path prefix) and a path. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** PNG / JPEG / WebP signature sniffing for images coming back from engines. */
export function imageKind(buf: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (buf.length > 8 && buf.readUInt32BE(0) === 0x89504e47) return 'png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length > 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * A JSON POST through node:http(s) for calls that block for the whole generation (A1111's API is
 * synchronous): fetch gives up after 300 s without response headers, a slow GPU may need longer. Only
 * `timeoutMs` and the signal bound it.
 */
export function longPostJson(url: string, o: HttpOptions): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequestNode;
  const payload = Buffer.from(JSON.stringify(o.json ?? {}));
  return new Promise((resolve, reject) => {
    if (o.signal?.aborted) {
      reject(new EngineAbortError());
      return;
    }
    const req = request(target, {
      method: 'POST',
      headers: { ...o.headers, 'content-type': 'application/json', 'content-length': payload.length },
    });
    const timer = setTimeout(() => {
      fail(new EngineError(`${o.what}: timed out after ${o.timeoutMs} ms`, true));
    }, o.timeoutMs);
    const onAbort = () => fail(new EngineAbortError());
    o.signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    const cleanup = () => {
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
    };
    function fail(err: EngineError) {
      if (settled) return;
      cleanup();
      req.destroy();
      reject(err);
    }
    req.on('error', (err: NodeJS.ErrnoException) => {
      fail(new EngineError(`${o.what}: engine unreachable (${err.code ?? err.message})`, true));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) => fail(new EngineError(`${o.what}: connection lost (${err.message})`, true)));
      res.on('end', () => {
        if (settled) return;
        cleanup();
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(payload);
  });
}

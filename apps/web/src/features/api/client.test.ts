import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, call, callWithHeaders, setTokenErrorHandler } from './client.ts';
import { errorCode } from './errorText.ts';

function answer(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(() =>
    Promise.resolve(new Response(text, { status, headers: { 'content-type': contentType } })),
  );
}

afterEach(() => setTokenErrorHandler(null));

describe('apiRequest', () => {
  it('sends JSON to the same origin and returns the parsed body', async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await expect(call('logIn', { body: { username: 'a', pwd: 'b' } })).resolves.toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"username":"a","pwd":"b"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no body on GET', async () => {
    const fetch = answer(200, { id: 1 });
    vi.stubGlobal('fetch', fetch);
    await call('getMe', {});
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/user/me');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it("calls an operation by its id: the contract's method, path parameters encoded, the query string", async () => {
    const fetch = answer(200, { page: 0, pages: 0, total: 0, items: [] });
    vi.stubGlobal('fetch', fetch);
    await call('listPrompts', { params: { target: 'mine' }, query: { page: 2, size: 10 }, body: {} });
    await call('getImageInfo', { params: { uuid: 'a b/c?' } });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([path, init]) => `${init.method} ${path}`)).toEqual([
      'POST /api/prompt/mine?page=2&size=10',
      'GET /api/image/a%20b%2Fc%3F/info',
    ]);
  });

  it('sends {} on a POST or PUT without a body, and nothing on a DELETE without one', async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await call('logOut', {});
    await call('deletePrompt', { params: { target: 7 } });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([path, init]) => [init.method, path, init.body])).toEqual([
      ['POST', '/api/user/logout', '{}'],
      ['DELETE', '/api/prompt/7', undefined],
    ]);
  });

  it('throws the error code and data of {"detail":{"code","data"}}', async () => {
    vi.stubGlobal('fetch', answer(409, { detail: { code: 'duplicate_email', data: { field: 'email' } } }));
    const error = (await apiRequest('POST', '/api/user/create').catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('duplicate_email');
    expect(error.data).toEqual({ field: 'email' });
    expect(error.status).toBe(409);
    expect(errorCode(error)).toBe('duplicate_email');
  });

  it('turns a malformed error body into unknown_error and a 2xx that is not JSON into unknown_error', async () => {
    vi.stubGlobal('fetch', answer(500, 'Internal Server Error', 'text/plain'));
    await expect(apiRequest('GET', '/x')).rejects.toMatchObject({ code: 'unknown_error', status: 500 });
    vi.stubGlobal('fetch', answer(200, '<!doctype html>', 'text/html'));
    await expect(apiRequest('GET', '/x')).rejects.toMatchObject({ code: 'unknown_error', status: 200 });
  });

  it('reports a failed connection as the "network" code, but lets an abort through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('GET', '/x')).rejects.toMatchObject({ code: 'network', status: 0 });
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(abort)),
    );
    await expect(apiRequest('GET', '/x')).rejects.toBe(abort);
  });

  it('calls the token handler on token_missing, token_expired and token_invalid only', async () => {
    const handler = vi.fn();
    setTokenErrorHandler(handler);
    for (const code of ['token_missing', 'token_expired', 'token_invalid', 'incorrect_password']) {
      vi.stubGlobal('fetch', answer(401, { detail: { code } }));
      await expect(apiRequest('GET', '/api/user/me')).rejects.toMatchObject({ code });
    }
    expect(handler.mock.calls).toEqual([['token_missing'], ['token_expired'], ['token_invalid']]);
  });
});

describe('callWithHeaders', () => {
  it("returns the answer with its headers (the bell's counts)", async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ items: [], page: 0, pages: 0 }), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-total-new-notifications': '3' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const { body, headers } = await callWithHeaders('listNotifications', { query: { page: 0 } });
    expect(body).toEqual({ items: [], page: 0, pages: 0 });
    expect(headers.get('x-total-new-notifications')).toBe('3');
    const [path] = fetch.mock.calls[0] as unknown as [string];
    expect(path).toBe('/api/notifications?page=0');
  });
});

describe('errorCode', () => {
  it('names what a call threw', () => {
    expect(errorCode(new ApiError('oauth_failed', undefined, 400))).toBe('oauth_failed');
    expect(errorCode(new TypeError('Failed to fetch'))).toBe('network');
    expect(errorCode(new Error('boom'))).toBe('unknown_error');
    expect(errorCode('text')).toBe('unknown_error');
  });
});

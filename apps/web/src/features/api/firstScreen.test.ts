import {
  EMPTY_SEARCH_BODY,
  FIRST_SCREEN_SCRIPT_ID,
  FIRST_SCREEN_TTL_MS,
  firstScreenKey,
  firstScreenScriptText,
} from '@mirage/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { call, firstScreenAnswer } from './client.ts';
import { resetFirstScreen, takeFirstScreenAnswer, takeFirstScreenShuffleSeed } from './firstScreen.ts';

const me = { id: 7, username: 'walker' };
const samples = { items: [], total: 0, total_capped: false, tags_count: {} };
const searchUrl = '/api/gallery/search?page=0&size=24&author_id=0&favorite=false&offset=0';

/** A document whose page carries `answers` (and a shuffle seed) the way the server writes them. */
function pageWith(answers: Record<string, unknown>, text?: string, shuffleSeed?: number) {
  const element = { textContent: text ?? firstScreenScriptText({ answers, shuffleSeed }), remove: vi.fn() };
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === FIRST_SCREEN_SCRIPT_ID ? element : null),
  });
  return element;
}

function fetchAnswering(body: unknown) {
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  resetFirstScreen();
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});
afterEach(() => vi.restoreAllMocks());

describe('answers embedded in the page', () => {
  it('stand in for the first matching request, once; the next one asks the API', async () => {
    const element = pageWith({ [firstScreenKey('GET', '/api/user/me')]: me });
    const fetch = fetchAnswering({ id: 7, username: 'renamed' });
    await expect(call('getMe', {})).resolves.toEqual(me);
    expect(fetch).not.toHaveBeenCalled();
    expect(element.remove).toHaveBeenCalledOnce();
    await expect(call('getMe', {})).resolves.toEqual({ id: 7, username: 'renamed' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('match a POST search by its query and body, whatever the order the client writes them in', async () => {
    pageWith({ [firstScreenKey('POST', searchUrl, EMPTY_SEARCH_BODY)]: samples });
    const fetch = fetchAnswering({ never: true });
    const query = { offset: 0, favorite: 'false', author_id: 0, size: 24, page: 0 } as const;
    const body = { ...EMPTY_SEARCH_BODY };
    await expect(call('searchGallery', { query, body })).resolves.toEqual(samples);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('do not answer another page size or another search', async () => {
    pageWith({ [firstScreenKey('POST', searchUrl, EMPTY_SEARCH_BODY)]: samples });
    const fetch = fetchAnswering(samples);
    await call('searchGallery', {
      query: { page: 0, size: 12, author_id: 0, favorite: 'false', offset: 0 },
      body: EMPTY_SEARCH_BODY,
    });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('are dropped by a request that changes something', async () => {
    pageWith({ [firstScreenKey('GET', '/api/user/me')]: me });
    const fetch = fetchAnswering({ ok: true });
    await call('logOut', {});
    await call('getMe', {});
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stay after a reading request they do not hold (a search of another board)', async () => {
    pageWith({ [firstScreenKey('GET', '/api/user/me')]: me });
    const fetch = fetchAnswering(samples);
    await call('searchGallery', {
      query: { page: 0, size: 48, author_id: 0, favorite: 'false', offset: 0 },
      body: EMPTY_SEARCH_BODY,
    });
    await expect(call('getMe', {})).resolves.toEqual(me);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('serve only a young page', () => {
    pageWith({ [firstScreenKey('GET', '/api/user/me')]: me });
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_SCREEN_TTL_MS + 1);
    expect(takeFirstScreenAnswer('GET', '/api/user/me', undefined)).toBeUndefined();
  });

  it('are ignored when the element holds no valid data', () => {
    pageWith({}, '{"answers": [1, 2]}');
    expect(takeFirstScreenAnswer('GET', '/api/user/me', undefined)).toBeUndefined();
    resetFirstScreen();
    pageWith({}, '<html>');
    expect(takeFirstScreenAnswer('GET', '/api/user/me', undefined)).toBeUndefined();
  });

  it('are none without an element or a document', () => {
    vi.stubGlobal('document', { getElementById: () => null });
    expect(takeFirstScreenAnswer('GET', '/api/user/me', undefined)).toBeUndefined();
    resetFirstScreen();
    vi.stubGlobal('document', undefined);
    expect(takeFirstScreenAnswer('GET', '/api/user/me', undefined)).toBeUndefined();
  });
});

describe('answers taken for a query of the first render (firstScreenAnswer)', () => {
  it('are handed over at once, once; the query built with them starts with the data and fetches nothing', async () => {
    pageWith({ [firstScreenKey('GET', '/api/user/me')]: me });
    const fetch = fetchAnswering({ id: 7, username: 'renamed' });
    const client = new QueryClient();
    const query = client.getQueryCache().build(client, {
      queryKey: ['me'],
      queryFn: () => call('getMe', {}),
      initialData: () => firstScreenAnswer('getMe', {}),
    });
    expect(query.state.status).toBe('success');
    expect(query.state.data).toEqual(me);
    expect(firstScreenAnswer('getMe', {})).toBeUndefined();
    await expect(call('getMe', {})).resolves.toEqual({ id: 7, username: 'renamed' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('match a search by its query and body, as `call` does', () => {
    pageWith({ [firstScreenKey('POST', searchUrl, EMPTY_SEARCH_BODY)]: samples });
    const query = { page: 0, size: 24, author_id: 0, favorite: 'false', offset: 0 } as const;
    expect(
      firstScreenAnswer('searchGallery', { query: { ...query, size: 12 }, body: EMPTY_SEARCH_BODY }),
    ).toBe(undefined);
    expect(firstScreenAnswer('searchGallery', { query, body: EMPTY_SEARCH_BODY })).toEqual(samples);
  });

  it('are never handed to an operation that changes something', () => {
    pageWith({ [firstScreenKey('POST', '/api/user/logout', {})]: { ok: true } });
    expect(firstScreenAnswer('logOut', {})).toBeUndefined();
  });
});

describe("the boards' shuffle seed in the page", () => {
  it('is given out once', () => {
    pageWith({}, undefined, -0.375);
    expect(takeFirstScreenShuffleSeed()).toBe(-0.375);
    expect(takeFirstScreenShuffleSeed()).toBeUndefined();
  });

  it('is not taken from an old page, nor when it is not a seed', () => {
    pageWith({}, undefined, 0.5);
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_SCREEN_TTL_MS + 1);
    expect(takeFirstScreenShuffleSeed()).toBeUndefined();
    for (const seed of ['0.5', 2, null]) {
      resetFirstScreen();
      vi.spyOn(performance, 'now').mockReturnValue(1_000);
      pageWith({}, JSON.stringify({ answers: {}, shuffleSeed: seed }));
      expect(takeFirstScreenShuffleSeed()).toBeUndefined();
    }
  });
});

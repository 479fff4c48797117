import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deletePrompt, fetchPromptPage, publishPrompt, savePrompt, subscribePrompt } from './api.ts';
import {
  QUICK_LIST_REQUEST,
  listRequest,
  INITIAL_BROWSER_STATE,
  type PromptPage,
  type SavedPrompt,
} from './model.ts';
import {
  PROMPT_QUERY_KEY,
  invalidatePrompts,
  patchPromptInCache,
  promptListKey,
  removePromptFromCache,
} from './queries.ts';

function answer(body: unknown) {
  return vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

function callOf(fetch: ReturnType<typeof answer>, index = 0) {
  const [path, init] = fetch.mock.calls[index] as unknown as [string, RequestInit];
  return {
    path,
    method: init.method,
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
  };
}

const item = (id: number): SavedPrompt => ({
  id,
  lib: `prompt ${id}`,
  pos_tags: [{ id: 1, name: 'fog' }],
  opt_tags: [],
  neg_tags: [],
  styles: [],
  public: true,
  user_id: 2,
  username: 'bob',
  is_subscribed: false,
  is_subscribable: true,
  subscriber_count: 1,
  created_at: '2025-01-01T00:00:00.000Z',
});

describe('/api/prompt calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves with POST /api/prompt/save', async () => {
    const fetch = answer({ id: 5 });
    vi.stubGlobal('fetch', fetch);
    const body = { lib: 'x', pos_tags: [1], opt_tags: [], neg_tags: [], styles: [], public: false };
    await expect(savePrompt(body)).resolves.toEqual({ id: 5 });
    expect(callOf(fetch)).toEqual({ path: '/api/prompt/save', method: 'POST', body });
  });

  it('lists a page with POST /api/prompt/{target}?page&size and the list body', async () => {
    const fetch = answer({ items: [], page: 1, pages: 1, total: 0 });
    vi.stubGlobal('fetch', fetch);
    const request = listRequest({ ...INITIAL_BROWSER_STATE, tab: 'community', subscribed: true, page: 1 });
    await fetchPromptPage(request);
    expect(callOf(fetch)).toEqual({
      path: '/api/prompt/subscribed?page=1&size=5',
      method: 'POST',
      body: { search: '', sort: 'created_at', sort_desc: true, and_subscribed: false },
    });
  });

  it('deletes, publishes and subscribes by id', async () => {
    const fetch = answer({ ok: true });
    vi.stubGlobal('fetch', fetch);
    await deletePrompt(7);
    await publishPrompt(7, false);
    await subscribePrompt(8, true);
    expect(callOf(fetch, 0)).toEqual({ path: '/api/prompt/7', method: 'DELETE', body: undefined });
    expect(callOf(fetch, 1)).toEqual({
      path: '/api/prompt/7/publish',
      method: 'POST',
      body: { public: false },
    });
    expect(callOf(fetch, 2)).toEqual({
      path: '/api/prompt/8/subscribe',
      method: 'POST',
      body: { subscribe: true },
    });
  });
});

describe('query cache', () => {
  const quickKey = promptListKey(QUICK_LIST_REQUEST);
  const browserKey = promptListKey(listRequest({ ...INITIAL_BROWSER_STATE, tab: 'community' }));

  function seeded() {
    const client = new QueryClient();
    client.setQueryData<PromptPage>(quickKey, { items: [item(1), item(2)], page: 0, pages: 1, total: 2 });
    client.setQueryData<PromptPage>(browserKey, {
      items: [item(2), item(3), item(4), item(5), item(6)],
      page: 0,
      pages: 2,
      total: 6,
    });
    return client;
  }

  it('keys every list under ["prompt"], the quick list and the browser apart', () => {
    expect(quickKey.slice(0, 1)).toEqual([...PROMPT_QUERY_KEY]);
    expect(browserKey.slice(0, 1)).toEqual([...PROMPT_QUERY_KEY]);
    expect(quickKey).not.toEqual(browserKey);
  });

  it('patches a prompt in every list that shows it', () => {
    const client = seeded();
    patchPromptInCache(client, 2, { is_subscribed: true, subscriber_count: 2 });
    for (const key of [quickKey, browserKey]) {
      const found = client.getQueryData<PromptPage>(key)?.items.find((prompt) => prompt.id === 2);
      expect(found).toMatchObject({ is_subscribed: true, subscriber_count: 2 });
    }
  });

  it('takes a deleted prompt out of every list, with totals and pages by each page size', () => {
    const client = seeded();
    removePromptFromCache(client, 2);
    expect(client.getQueryData<PromptPage>(quickKey)).toMatchObject({ total: 1, pages: 1 });
    expect(client.getQueryData<PromptPage>(browserKey)).toMatchObject({ total: 5, pages: 1 });
    expect(client.getQueryData<PromptPage>(browserKey)?.items.map((prompt) => prompt.id)).toEqual([
      3, 4, 5, 6,
    ]);
  });

  it('invalidates every list after a change', async () => {
    const client = seeded();
    await invalidatePrompts(client);
    expect(client.getQueryState(quickKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(browserKey)?.isInvalidated).toBe(true);
  });
});

import { afterAll, beforeAll, expect } from 'vitest';
import { Client, createTestApp, newAccount, type TestContext } from './harness.ts';

/** The fields the saved-prompt tests read; whole items are compared with toEqual. */
export interface PromptItem {
  id: number;
  lib: string;
  is_subscribed: boolean;
  is_subscribable: boolean;
  subscriber_count: number;
}
export interface PromptPage {
  items: PromptItem[];
  page: number;
  pages: number;
  total: number;
}

/**
 * A test app with seven prompt tags and the /api/prompt calls the saved-prompt tests use. Call it at the
 * top of a test file: it registers its own beforeAll/afterAll.
 */
export function usePromptApp() {
  const context = { t: undefined as unknown as TestContext };
  /** Tag ids by name (created in beforeAll). */
  const tag: Record<string, number> = {};

  beforeAll(async () => {
    context.t = await createTestApp();
    const names = ['sunset', 'forest', 'river', 'castle', 'snow', 'night', 'harbour'];
    const rows = await context.t.database.db
      .insertInto('tag')
      // Each carried by a public image: a tag only private images carry cannot be saved in a prompt.
      .values(names.map((name) => ({ kind: 'prompt', name, usage_count: 1 })))
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) tag[row.name] = row.id;
  });
  afterAll(async () => {
    await context.t.close();
  });

  async function signedIn() {
    const client = new Client(context.t.app);
    const created = await client.post('/api/user/create', newAccount());
    expect(created.status).toBe(201);
    const user = created.body.user as { id: number; username: string };
    return { client, id: user.id, username: user.username };
  }
  type User = Awaited<ReturnType<typeof signedIn>>;

  let saved = 0;
  /** Saves a prompt through the API and returns its id. */
  async function save(user: User, body: Record<string, unknown> = {}): Promise<number> {
    saved += 1;
    const response = await user.client.post('/api/prompt/save', {
      lib: `prompt ${saved}`,
      pos_tags: [tag.sunset],
      ...body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as { id: number }).id;
  }

  async function list(user: User, target: string, body: Record<string, unknown> = {}, query = '') {
    const response = await user.client.post(`/api/prompt/${target}${query ? `?${query}` : ''}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as unknown as PromptPage;
  }

  const subscribe = (user: User, id: number, on?: boolean) =>
    user.client.post(`/api/prompt/${id}/subscribe`, on === undefined ? {} : { subscribe: on });
  const publish = (user: User, id: number, on?: boolean) =>
    user.client.post(`/api/prompt/${id}/publish`, on === undefined ? {} : { public: on });

  /** The stored row and its number of subscription rows. */
  async function stored(id: number) {
    const { db } = context.t.database;
    const [prompt, rows] = await Promise.all([
      db.selectFrom('saved_prompt').selectAll().where('id', '=', id).executeTakeFirst(),
      db.selectFrom('prompt_subscription').select('user_id').where('prompt_id', '=', id).execute(),
    ]);
    return { prompt, subscribers: rows.length };
  }

  return { context, tag, signedIn, save, list, subscribe, publish, stored };
}
export type PromptUser = Awaited<ReturnType<ReturnType<typeof usePromptApp>['signedIn']>>;

export const promptIds = (page: PromptPage) => page.items.map((item) => item.id);
export const subscriptionFlags = (page: PromptPage) =>
  page.items.map(
    (item) => `${item.is_subscribed ? 'subscribed' : '-'} ${item.is_subscribable ? 'subscribable' : '-'}`,
  );

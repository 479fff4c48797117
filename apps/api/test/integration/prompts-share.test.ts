import { describe, expect, it } from 'vitest';
import { codeOf } from '../harness.ts';
import { promptIds as ids, usePromptApp } from '../prompt-fixtures.ts';

const { signedIn, save, list, subscribe, publish, stored } = usePromptApp();

/**
 * Saved prompts (docs/product/collections-and-prompts.md#saved-prompts, /api/prompt): publishing,
 * subscriptions and deletion.
 */
describe('publish', () => {
  it('is for the owner only; unpublishing keeps subscriptions but hides the prompt', async () => {
    const [owner, fan, other] = [await signedIn(), await signedIn(), await signedIn()];
    const id = await save(owner, { lib: 'pub Northern lights' });
    expect(codeOf((await subscribe(fan, id)).body)).toBe('not_found');
    expect((await list(fan, 'community', { search: 'pub Northern' })).total).toBe(0);

    const published = await publish(owner, id);
    expect(published.status).toBe(200);
    expect(published.body).toEqual({ public: true });
    expect(ids(await list(fan, 'community', { search: 'pub Northern' }))).toEqual([id]);
    expect((await subscribe(fan, id)).body).toEqual({ subscribed: true, subscriber_count: 1 });

    const denied = await publish(other, id, false);
    expect(denied.status).toBe(403);
    expect(codeOf(denied.body)).toBe('unauthorized_resource');
    expect(codeOf((await publish(owner, 987_654_321)).body)).toBe('not_found');

    expect((await publish(owner, id, false)).body).toEqual({ public: false });
    expect(await stored(id)).toMatchObject({ prompt: { is_public: false }, subscribers: 1 });
    expect((await stored(id)).prompt?.subscriber_count).toBe(1);
    expect((await list(fan, 'community', { search: 'pub Northern' })).total).toBe(0);
    expect((await list(fan, 'subscribed')).total).toBe(0);
    expect((await list(fan, 'mine', { and_subscribed: true })).total).toBe(0);
    expect(ids(await list(owner, 'mine'))).toEqual([id]);

    await publish(owner, id, true);
    const back = await list(fan, 'subscribed');
    expect(back.items.map((item) => [item.id, item.is_subscribed, item.subscriber_count])).toEqual([
      [id, true, 1],
    ]);
    // A subscriber can leave a prompt its author has unpublished.
    await publish(owner, id, false);
    expect((await subscribe(fan, id, false)).body).toEqual({ subscribed: false, subscriber_count: 0 });
    expect(codeOf((await subscribe(fan, id, true)).body)).toBe('not_found');
  });
});

describe('subscribe', () => {
  it('refuses own, private and unknown prompts', async () => {
    const [owner, other] = [await signedIn(), await signedIn()];
    const open = await save(owner, { public: true });
    const closed = await save(owner);
    const own = await subscribe(owner, open);
    expect(own.status).toBe(403);
    expect(codeOf(own.body)).toBe('unauthorized_resource');
    for (const [id, on] of [
      [closed, true],
      [987_654_321, true],
      [987_654_321, false],
    ] as const) {
      const response = await subscribe(other, id, on);
      expect(response.status).toBe(404);
      expect(codeOf(response.body)).toBe('not_found');
    }
    // Leaving a private prompt one never joined changes nothing.
    expect((await subscribe(other, closed, false)).body).toEqual({ subscribed: false, subscriber_count: 0 });
    expect(codeOf((await other.client.post('/api/prompt/abc/subscribe', {})).body)).toBe('not_found');
    expect(await stored(open)).toMatchObject({ prompt: { subscriber_count: 0 }, subscribers: 0 });
  });

  it('is idempotent both ways', async () => {
    const [owner, fan] = [await signedIn(), await signedIn()];
    const id = await save(owner, { public: true });
    expect((await subscribe(fan, id)).body).toEqual({ subscribed: true, subscriber_count: 1 });
    expect((await subscribe(fan, id, true)).body).toEqual({ subscribed: true, subscriber_count: 1 });
    expect((await subscribe(fan, id, false)).body).toEqual({ subscribed: false, subscriber_count: 0 });
    expect((await subscribe(fan, id, false)).body).toEqual({ subscribed: false, subscriber_count: 0 });
    expect(await stored(id)).toMatchObject({ prompt: { subscriber_count: 0 }, subscribers: 0 });
  });

  it('keeps the count exact under 20 parallel calls', async () => {
    const owner = await signedIn();
    const fans = await Promise.all(Array.from({ length: 20 }, () => signedIn()));
    const id = await save(owner, { public: true });

    // One user, 20 parallel subscribes: one subscription.
    const same = await Promise.all(Array.from({ length: 20 }, () => subscribe(fans[0]!, id)));
    expect(same.every((r) => r.status === 200)).toBe(true);
    expect(await stored(id)).toMatchObject({ prompt: { subscriber_count: 1 }, subscribers: 1 });

    // 20 users at once.
    const all = await Promise.all(fans.map((fan) => subscribe(fan, id)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(await stored(id)).toMatchObject({ prompt: { subscriber_count: 20 }, subscribers: 20 });

    // Half leave while the other half subscribe again, each call twice: 10 remain.
    const mixed = await Promise.all(
      fans.flatMap((fan, i) => [subscribe(fan, id, i % 2 === 0), subscribe(fan, id, i % 2 === 0)]),
    );
    expect(mixed.every((r) => r.status === 200)).toBe(true);
    expect(await stored(id)).toMatchObject({ prompt: { subscriber_count: 10 }, subscribers: 10 });
    const listed = await list(owner, 'community', { search: '' }, 'size=100');
    expect(listed.items.find((item) => item.id === id)?.subscriber_count).toBe(10);

    // Everyone leaves at once.
    await Promise.all(fans.map((fan) => subscribe(fan, id, false)));
    expect(await stored(id)).toMatchObject({ prompt: { subscriber_count: 0 }, subscribers: 0 });
  });
});

describe('DELETE /api/prompt/{id}', () => {
  it('is for the owner only and takes the subscriptions with it', async () => {
    const [owner, fan] = [await signedIn(), await signedIn()];
    const id = await save(owner, { lib: 'del Fjord', public: true });
    await subscribe(fan, id);

    const denied = await fan.client.request('DELETE', `/api/prompt/${id}`);
    expect(denied.status).toBe(403);
    expect(codeOf(denied.body)).toBe('unauthorized_resource');
    expect((await stored(id)).prompt).toBeDefined();

    for (const bad of ['987654321', 'abc', '0']) {
      const unknown = await owner.client.request('DELETE', `/api/prompt/${bad}`);
      expect(unknown.status, bad).toBe(404);
      expect(codeOf(unknown.body)).toBe('not_found');
    }

    const deleted = await owner.client.request('DELETE', `/api/prompt/${id}`);
    expect(deleted.status).toBe(200);
    expect(await stored(id)).toEqual({ prompt: undefined, subscribers: 0 });
    expect((await list(fan, 'subscribed')).total).toBe(0);
    expect((await list(owner, 'mine')).total).toBe(0);
    expect(codeOf((await subscribe(fan, id)).body)).toBe('not_found');
    expect(codeOf((await owner.client.request('DELETE', `/api/prompt/${id}`)).body)).toBe('not_found');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Client from './client.ts';

/**
 * The flood guard wired into `call` (client.ts): the user's quick actions are refused for 1000 ms after
 * more than 5 in quick succession, without reaching the network; reads and other changes never are.
 */
let client: typeof Client;
let fetch: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
  // A fresh module each time: the guard's state is the module's.
  vi.resetModules();
  client = await import('./client.ts');
  fetch = vi.fn(() =>
    Promise.resolve(
      new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => vi.useRealTimers());

const favourite = () => client.call('addFavorite', { body: { uuid: 'u' } });

describe('the flood guard in the API client', () => {
  it('refuses the seventh quick action with spam_protection, unsent, and lets one through after 1000 ms', async () => {
    for (let index = 0; index < 6; index += 1) {
      await expect(favourite()).resolves.toEqual({ ok: true });
      vi.advanceTimersByTime(100);
    }
    const refused = await favourite().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(client.ApiError);
    expect((refused as Client.ApiError).code).toBe('spam_protection');
    expect(fetch).toHaveBeenCalledTimes(6);

    vi.advanceTimersByTime(1000);
    await expect(favourite()).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(7);
  });

  it('counts the guarded actions together', async () => {
    for (let index = 0; index < 3; index += 1) await favourite();
    for (let index = 0; index < 3; index += 1)
      await client.call('reportImage', { params: { flag: 1 }, body: { uuid: 'u' } });
    await expect(client.call('deleteImage', { params: { uuid: 'u' } })).rejects.toMatchObject({
      code: 'spam_protection',
    });
  });

  it('never blocks reads or changes the app makes by itself', async () => {
    for (let index = 0; index < 20; index += 1) {
      await client.call('getMe', {});
      await client.call('consumeNotification', { params: { id: 1 } });
    }
    expect(fetch).toHaveBeenCalledTimes(40);
  });

  it('lets actions spaced more than 1000 ms apart on average through', async () => {
    for (let index = 0; index < 12; index += 1) {
      await favourite();
      vi.advanceTimersByTime(1001);
    }
    expect(fetch).toHaveBeenCalledTimes(12);
  });
});

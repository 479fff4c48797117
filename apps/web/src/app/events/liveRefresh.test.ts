import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PLAYER_QUERY_KEY } from '../../features/player/index.ts';
import { ME_QUERY_KEY } from '../../features/session/index.ts';
import { CLOSED, CONNECTING, setup } from './fakeStream.test-support.ts';
import { watchLiveRefresh } from './liveRefresh.ts';

const ME = ME_QUERY_KEY;
const PLAYER = [...PLAYER_QUERY_KEY, 'me'];
const NOTIFICATIONS = [...PLAYER_QUERY_KEY, 'notifications', 0];
const GALLERY = ['gallery'];
const KEYS: QueryKey[] = [ME, PLAYER, NOTIFICATIONS, GALLERY];

/**
 * A signed-in app: the user, the player, the bell's first page and an unrelated query, each loaded and
 * watched (as by a mounted component, so an invalidation refetches it), with their fetches counted.
 */
function app() {
  const live = setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetched: string[] = [];
  for (const queryKey of KEYS) {
    queryClient.setQueryData(queryKey, {});
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: () => {
        fetched.push(JSON.stringify(queryKey));
        return {};
      },
    });
    observer.subscribe(() => {});
  }
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const stop = watchLiveRefresh(live.stream, queryClient);
  /** The queries fetched since the last call, once the fetches are done. */
  const refetched = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return fetched.splice(0).sort();
  };
  return { ...live, invalidate, refetched, stop };
}

/** The user, the player and the bell's first page, as refetched after a reopen. */
const MISSED = [ME, PLAYER, NOTIFICATIONS].map((key) => JSON.stringify(key)).sort();

describe('refreshing on live signals', () => {
  it('refreshes the user on balance and unauthorized, the player on notification and player', () => {
    const { stream, latest, invalidate } = app();
    stream.start();
    latest().connect();
    latest().emit('balance', {});
    latest().emit('unauthorized', { code: 'token_invalid' });
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ME }], [{ queryKey: ME }]]);
    invalidate.mockClear();
    stream.stop();
    stream.start();
    latest().connect();
    latest().emit('notification', { id: 1 });
    latest().emit('player', {});
    expect(invalidate.mock.calls).toEqual([
      [{ queryKey: PLAYER_QUERY_KEY }],
      [{ queryKey: PLAYER_QUERY_KEY }],
    ]);
  });

  it('refreshes nothing on the first open: the page has just loaded it', async () => {
    const { stream, latest, invalidate, refetched } = app();
    stream.start();
    latest().connect();
    latest().emit('tasks', []);
    expect(invalidate).not.toHaveBeenCalled();
    expect(await refetched()).toEqual([]);
  });

  it('after a reconnect, refreshes the balance, the notifications and the player once', async () => {
    const { stream, latest, invalidate, refetched } = app();
    stream.start();
    latest().connect();
    // The server's database connection came back: the stream ends with a retry hint, the browser reconnects.
    latest().fail(CONNECTING);
    latest().connect();
    latest().emit('tasks', []);
    latest().emit('tasks', []);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(await refetched()).toEqual(MISSED);
  });

  it('after a new stream replaced one the server ended, refreshes them once too', async () => {
    const { stream, latest, timers, invalidate, refetched } = app();
    stream.start();
    latest().connect();
    latest().fail(CLOSED);
    timers.at(-1)!.run();
    expect(invalidate).not.toHaveBeenCalled();
    latest().connect();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(await refetched()).toEqual(MISSED);
  });

  it('stops refreshing once unwatched', () => {
    const { stream, latest, invalidate, stop } = app();
    stream.start();
    latest().connect();
    stop();
    latest().emit('balance', {});
    latest().fail(CONNECTING);
    latest().connect();
    expect(invalidate).not.toHaveBeenCalled();
  });
});

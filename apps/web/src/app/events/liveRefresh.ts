/**
 * What the live stream's signals say to read again (docs/architecture/stream.md, "Web"): a `balance` or
 * `unauthorized` event the user (GET /api/user/me: the balances shown everywhere, or the sign-out), a
 * `notification` or `player` event everything of the player (the bell, its counts, XP). Signals sent while no
 * stream was open (the server's database connection came back, the instance shut down, the tab was hidden)
 * are lost, so each reopen reads all of them again, once.
 */
import { LIVE_EVENT, type LiveEventName } from '@mirage/domain';
import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { PLAYER_QUERY_KEY } from '../../features/player/index.ts';
import { ME_QUERY_KEY } from '../../features/session/index.ts';
import type { LiveStream } from './liveStream.ts';

/** Each signal, and the root key of the queries it makes stale. */
export const LIVE_REFRESH: readonly (readonly [LiveEventName, QueryKey])[] = [
  [LIVE_EVENT.balance, ME_QUERY_KEY],
  [LIVE_EVENT.unauthorized, ME_QUERY_KEY],
  [LIVE_EVENT.notification, PLAYER_QUERY_KEY],
  [LIVE_EVENT.player, PLAYER_QUERY_KEY],
];

/**
 * Refreshes on each signal of LIVE_REFRESH, and on a reopen everything LIVE_REFRESH names, in one
 * invalidation; returns the undo.
 */
export function watchLiveRefresh(stream: LiveStream, queryClient: QueryClient): () => void {
  const stops = [
    ...LIVE_REFRESH.map(([event, queryKey]) =>
      stream.subscribe(event, () => void queryClient.invalidateQueries({ queryKey })),
    ),
    stream.onReopen(
      () =>
        void queryClient.invalidateQueries({
          predicate: (query) => LIVE_REFRESH.some(([, key]) => partialMatchKey(query.queryKey, key)),
        }),
    ),
  ];
  return () => stops.forEach((stop) => stop());
}

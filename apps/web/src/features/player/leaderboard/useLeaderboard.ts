import type { Leaderboard } from '@mirage/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchLeaderboard } from '../api.ts';
import { PLAYER_QUERY_KEY } from '../queries.ts';

export const leaderboardKey = (board: Leaderboard) => [...PLAYER_QUERY_KEY, 'leaderboard', board] as const;

/** A board, page after page (25 rows each) as the list scrolls; ranks are recomputed every minute. */
export function useLeaderboard(board: Leaderboard) {
  return useInfiniteQuery({
    queryKey: leaderboardKey(board),
    queryFn: ({ pageParam, signal }) => fetchLeaderboard(board, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.pages ? last.page + 1 : undefined),
    staleTime: 30_000,
  });
}

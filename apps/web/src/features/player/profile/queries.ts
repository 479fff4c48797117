/** The profile's own queries: what anyone may read of a player (GET /api/public/{id}/profile, /achievements). */
import { useQuery } from '@tanstack/react-query';
import { fetchPublicAchievements, fetchPublicProfile } from '../api.ts';
import { PLAYER_QUERY_KEY } from '../queries.ts';

/** Under the player key, so that a purchase, a title or a new look refreshes them with the rest. */
export const publicProfileKey = (userId: number) =>
  [...PLAYER_QUERY_KEY, 'public', userId, 'profile'] as const;
export const publicAchievementsKey = (userId: number) =>
  [...PLAYER_QUERY_KEY, 'public', userId, 'achievements'] as const;

export function usePublicProfile(userId: number) {
  return useQuery({
    queryKey: publicProfileKey(userId),
    queryFn: ({ signal }) => fetchPublicProfile(userId, signal),
  });
}

export function usePublicAchievements(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: publicAchievementsKey(userId),
    queryFn: ({ signal }) => fetchPublicAchievements(userId, signal),
    enabled,
  });
}

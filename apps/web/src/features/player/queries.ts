/** Player queries, shared by the shell (menu, bell, overlay) and the pages (profile, daily tasks, boards). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchAchievements, fetchDailyQuest, fetchItems, fetchNotifications, fetchPlayer } from './api.ts';

export const PLAYER_QUERY_KEY = ['player'] as const;
export const PLAYER_ME_KEY = [...PLAYER_QUERY_KEY, 'me'] as const;
export const ACHIEVEMENTS_KEY = [...PLAYER_QUERY_KEY, 'achievements'] as const;
export const ITEMS_KEY = [...PLAYER_QUERY_KEY, 'items'] as const;
export const DAILY_QUEST_KEY = [...PLAYER_QUERY_KEY, 'daily-quest'] as const;
export const notificationsKey = (page: number) => [...PLAYER_QUERY_KEY, 'notifications', page] as const;

/** The signed-in user's player; `enabled` false for guests. */
export function usePlayer(enabled: boolean) {
  return useQuery({ queryKey: PLAYER_ME_KEY, queryFn: ({ signal }) => fetchPlayer(signal), enabled });
}

export function useAchievements(enabled: boolean) {
  return useQuery({
    queryKey: ACHIEVEMENTS_KEY,
    queryFn: ({ signal }) => fetchAchievements(signal),
    enabled,
  });
}

export function useItems(enabled: boolean) {
  return useQuery({ queryKey: ITEMS_KEY, queryFn: ({ signal }) => fetchItems(signal), enabled });
}

export function useDailyQuest(enabled: boolean) {
  return useQuery({ queryKey: DAILY_QUEST_KEY, queryFn: ({ signal }) => fetchDailyQuest(signal), enabled });
}

/** A page of the bell (10 a page), with the counts of new notifications and rewards. */
export function useNotifications(page: number, enabled: boolean) {
  return useQuery({
    queryKey: notificationsKey(page),
    queryFn: ({ signal }) => fetchNotifications({ page, size: 10, scopes: '' }, signal),
    enabled,
  });
}

/** Refetches everything of the player (after XP moved, a claim, a purchase, a live notification). */
export function useRefreshPlayer() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: PLAYER_QUERY_KEY }), [client]);
}

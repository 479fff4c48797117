/**
 * Calls of the player (docs/product/player.md): progress, catalogues, the bell, cosmetics, titles, the
 * daily quest, scroll counting and public profiles.
 */
import type { Answer, Body, Query } from '@mirage/contract';
import type { Leaderboard, NotificationType, RewardType } from '@mirage/domain';
import { call, callWithHeaders } from '../api/index.ts';

export type Player = Answer<'getPlayer'>;
export type AchievementEntry = Answer<'listAchievements'>[number];
export type RewardEntry = Answer<'listItems'>[number];
export type BellNotification = Answer<'listNotifications'>['items'][number];
export type PublicProfile = Answer<'getPublicProfile'>;
export type PublicAchievement = Answer<'getPublicAchievements'>[number];
export type DailyQuest = Answer<'getDailyQuest'>;

/** The bell's counts, from the headers of every notification answer. */
export interface BellCounts {
  newNotifications: number;
  newRewards: number;
}

function countsOf(headers: Headers): BellCounts {
  const count = (name: string) => Math.max(0, Number(headers.get(name) ?? 0) || 0);
  return {
    newNotifications: count('x-total-new-notifications'),
    newRewards: count('x-total-new-rewards'),
  };
}

export const fetchPlayer = (signal?: AbortSignal) => call('getPlayer', {}, signal);
export const fetchAchievements = (signal?: AbortSignal) => call('listAchievements', {}, signal);
export const fetchItems = (signal?: AbortSignal) => call('listItems', {}, signal);

/** One page of the bell (from 0) with its counts. */
export async function fetchNotifications(query: Query<'listNotifications'>, signal?: AbortSignal) {
  const { body, headers } = await callWithHeaders('listNotifications', { query }, signal);
  return { ...body, counts: countsOf(headers) };
}

/** Reads one notification and claims its coins (once, server-side). */
export async function consumeNotification(id: number) {
  const { body, headers } = await callWithHeaders('consumeNotification', { params: { id } });
  return { ...body, counts: countsOf(headers) };
}

export async function consumeNotificationsOfType(type: NotificationType) {
  const { body, headers } = await callWithHeaders('consumeNotifications', { params: { type } });
  return { ...body, counts: countsOf(headers) };
}

export const unlockReward = (type: RewardType, id: number) =>
  call('unlockReward', { params: { type }, body: { id } });
export const equipRewards = (items: Body<'equipAvatar'>['items']) => call('equipAvatar', { body: { items } });
/** Wears an unlocked achievement's title; 0 takes it off. */
export const wearTitle = (achievementId: number) => call('setTitle', { params: { achievementId } });

export const fetchPublicProfile = (userId: number, signal?: AbortSignal) =>
  call('getPublicProfile', { params: { userId } }, signal);
export const fetchPublicAchievements = (userId: number, signal?: AbortSignal) =>
  call('getPublicAchievements', { params: { userId } }, signal);

export const fetchDailyQuest = (signal?: AbortSignal) => call('getDailyQuest', {}, signal);
export const openDailyQuest = () => call('openDailyQuest', {});
export const completeDailyQuest = () => call('completeDailyQuest', {});

/** Counts gallery images seen in the feed (each once a day, server-side). */
export const countScroll = (uuids: readonly string[]) => call('countScroll', { body: { uuids: [...uuids] } });

export type LeaderboardEntry = Answer<'getLeaderboard'>['items'][number];

/** One page of a board (25 rows, from 0); `ownRank` from the `x-current-player-rank` header. */
export async function fetchLeaderboard(board: Leaderboard, page: number, signal?: AbortSignal) {
  const { body, headers } = await callWithHeaders(
    'getLeaderboard',
    { params: { board }, query: { page } },
    signal,
  );
  const rank = Number(headers.get('x-current-player-rank'));
  return { ...body, ownRank: Number.isInteger(rank) && rank > 0 ? rank : null };
}

/**
 * Where the daily quest sends the player (docs/product/player.md, the daily quest): one of the community's
 * pages, the chat or the forum, drawn at random on the first quest and then kept in a cookie for
 * DAILY_QUEST.cookieDays (30 days), so that the same person is sent to the same place. The addresses are the
 * operator's (COMMUNITY_CHAT_URL, COMMUNITY_FORUM_URL); where neither is configured (a laptop), the quest
 * sends players to the community's public gallery, /explore.
 */
import { DAILY_QUEST, QUEST_COMMUNITY_PLACES } from '@mirage/domain';
import { useMemo } from 'react';
import { useCommunityLinks, type CommunityLinks } from '../../community/index.ts';
import { getCookie, setCookie } from '../../cookie/index.ts';

type QuestCommunityPlace = (typeof QUEST_COMMUNITY_PLACES)[number];
/** A configured community place, or the public gallery when none is. */
export type QuestPlace = QuestCommunityPlace | 'gallery';

export const COMMUNITY_COOKIE = 'daily_quest_community';
/** The fallback: the gallery of what the community makes. */
export const GALLERY_PATH = '/explore';

/** The quest's places the operator configured, in a stable order. */
export function configuredPlaces(links: CommunityLinks): QuestCommunityPlace[] {
  return QUEST_COMMUNITY_PLACES.filter((place) => links[place] !== null);
}

/**
 * The place of a cookie's value when it is still configured, else a new draw (`random` in [0, 1)) among the
 * configured places: `fresh` says the draw is new and should be kept. None configured: the gallery, not kept.
 */
export function choosePlace(
  stored: string | undefined,
  random: number,
  available: readonly QuestCommunityPlace[],
): { place: QuestPlace; fresh: boolean } {
  if (available.length === 0) return { place: 'gallery', fresh: false };
  const kept = available.find((place) => place === stored);
  if (kept) return { place: kept, fresh: false };
  const index = Math.min(available.length - 1, Math.floor(random * available.length));
  return { place: available[index]!, fresh: true };
}

/** This browser's quest place: the kept one, or a new draw, kept for 30 days. */
export function communityPlace(links: CommunityLinks, random: () => number = Math.random): QuestPlace {
  const { place, fresh } = choosePlace(getCookie(COMMUNITY_COOKIE), random(), configuredPlaces(links));
  if (fresh) setCookie(COMMUNITY_COOKIE, place, DAILY_QUEST.cookieDays);
  return place;
}

/** Where a place's link goes. */
export function placeHref(place: QuestPlace, links: CommunityLinks): string {
  return place === 'gallery' ? GALLERY_PATH : (links[place] ?? GALLERY_PATH);
}

/** The quest's place and address once the links have loaded (undefined before). */
export function useQuestPlace(): { place: QuestPlace; href: string } | undefined {
  const links = useCommunityLinks();
  // Drawn once the links are known; a second run (a remount) reads the draw back from the cookie.
  return useMemo(() => {
    if (!links) return undefined;
    const place = communityPlace(links);
    return { place, href: placeHref(place, links) };
  }, [links]);
}

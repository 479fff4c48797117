/**
 * Where the daily quest sends the player (docs/product/player.md, the daily quest): one of the community's
 * pages, the chat or the forum, drawn at random on the first quest and then kept in a cookie for
 * DAILY_QUEST.cookieDays (30 days), so that the same person is sent to the same place.
 */
import { DAILY_QUEST } from '@mirage/domain';
import { getCookie, setCookie } from '../../cookie/index.ts';

/**
 * The community's addresses. The shell has no social links yet (app/shell/navItems.tsx, Footer.tsx): these
 * are the product's placeholders on its example domain until the real chat and forum are named; the
 * footer and the guide can take them from here.
 */
export const COMMUNITY_LINKS = {
  chat: 'https://chat.mirage.example/',
  forum: 'https://forum.mirage.example/',
} as const;
export type CommunityPlace = keyof typeof COMMUNITY_LINKS;

export const COMMUNITY_COOKIE = 'daily_quest_community';

function isPlace(value: string | undefined): value is CommunityPlace {
  return value !== undefined && Object.hasOwn(COMMUNITY_LINKS, value);
}

/**
 * The place of a cookie's value, or a new draw (`random` in [0, 1)) when it holds none: `fresh` says the
 * draw is new and should be kept.
 */
export function choosePlace(
  stored: string | undefined,
  random: number,
): { place: CommunityPlace; fresh: boolean } {
  if (isPlace(stored)) return { place: stored, fresh: false };
  return { place: random < 0.5 ? 'chat' : 'forum', fresh: true };
}

/** This browser's community place: the kept one, or a new draw, kept for 30 days. */
export function communityPlace(random: () => number = Math.random): CommunityPlace {
  const { place, fresh } = choosePlace(getCookie(COMMUNITY_COOKIE), random());
  if (fresh) setCookie(COMMUNITY_COOKIE, place, DAILY_QUEST.cookieDays);
  return place;
}

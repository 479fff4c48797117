/** The community's addresses (GET /api/config/community), as the operator configured them. */
import type { Answer } from '@mirage/contract';
import { COMMUNITY_PLACES, type CommunityPlace } from '@mirage/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/index.ts';

export type CommunityLinks = Answer<'getCommunityLinks'>;

/** No address configured: what a failed load reads as (the links are optional, never an error to show). */
export const NO_COMMUNITY_LINKS: CommunityLinks = { chat: null, forum: null, microblog: null, video: null };

/** The links, kept for the session (they change with a deploy); a failed load reads as none. */
export function useCommunityLinks(): CommunityLinks | undefined {
  const query = useQuery({
    queryKey: ['community-links'],
    queryFn: ({ signal }) => call('getCommunityLinks', {}, signal),
    staleTime: Infinity,
    retry: false,
  });
  return query.isError ? NO_COMMUNITY_LINKS : query.data;
}

/** The configured social links in the menu's order (spec §2: chat, forum, microblog, short-video site). */
export function useSocialLinks(): { place: CommunityPlace; href: string }[] {
  const links = useCommunityLinks();
  return COMMUNITY_PLACES.flatMap((place) => {
    const href = links?.[place];
    return href ? [{ place, href }] : [];
  });
}

/** Who runs the service (GET /api/config/site): the operator, the about page's team, the promo testimonials. */
import type { Answer } from '@mirage/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/index.ts';

export type SiteInfo = Answer<'getSiteInfo'>;
export type TeamMember = SiteInfo['team'][number];
export type Testimonial = SiteInfo['testimonials'][number];

export const SITE_INFO_KEY = ['site-info'] as const;

/**
 * The site information, kept for the session (it changes with the configuration); undefined while it
 * loads or when it failed: every part that uses it is optional (no team links, no testimonials).
 */
export function useSiteInfo(): SiteInfo | undefined {
  const query = useQuery({
    queryKey: SITE_INFO_KEY,
    queryFn: ({ signal }) => call('getSiteInfo', {}, signal),
    staleTime: Infinity,
    retry: false,
  });
  return query.data;
}

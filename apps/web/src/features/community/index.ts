/** The community's addresses: the footer's and the menu's social links, and the daily quest's destination. */
export { NO_COMMUNITY_LINKS, useCommunityLinks, useSocialLinks, type CommunityLinks } from './api.ts';

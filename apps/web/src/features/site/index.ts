/**
 * The site information (docs/product/content.md): the operator the legal pages and the footer name, the about
 * page's team, the promo pages' testimonials.
 */
export { SITE_INFO_KEY, useSiteInfo, type SiteInfo, type TeamMember, type Testimonial } from './api.ts';

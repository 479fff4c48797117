/** Page title and meta tags. */
export { dropServerPageMeta, PageMeta } from './PageMeta.tsx';
export type { PageMetaInput, SocialPicture } from './pageHead.ts';

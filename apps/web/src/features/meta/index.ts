/** Page title and meta tags. */
export { PageMeta } from './PageMeta.tsx';

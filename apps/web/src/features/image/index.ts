/**
 * The image viewer: what other features read of it (the tweak studio loads its source with the viewer's
 * calls and query keys, so both share one cache). Its page is routed by pages/ImagePage.tsx.
 */
export { fetchGenInfo, fetchImageInfo, type ImageGenInfo, type ImageInfo } from './api.ts';
export { genInfoKey, imageInfoKey } from './queries.ts';

/**
 * Calls of the image viewer (docs/product/image-viewer.md#information, /api/image, /api/action,
 * /api/gallery). Shapes follow the API.
 */
import type { Answer } from '@mirage/contract';
import { call, firstScreenAnswer } from '../api/index.ts';
import type { GalleryQuery } from '../gallery/index.ts';

/** GET /api/image/{uuid}/info: what the viewer and its menu need (never the prompt). */
export type ImageInfo = Answer<'getImageInfo'>;

/** GET /api/image/{uuid}/info/gen (docs/product/image-viewer.md#information). */
export type ImageGenInfo = Answer<'getImageGenInfo'>;

/** One image of a board and the board's query, as the gallery fetches them (gallery/api.ts). */
export type { GalleryCard as Card } from '../gallery/index.ts';
export type BoardParams = Omit<GalleryQuery, 'page' | 'size'>;

export const fetchImageInfo = (uuid: string, signal?: AbortSignal) =>
  call('getImageInfo', { params: { uuid } }, signal);

/** The info the server put in the page for this image, if any (features/api/client.ts: firstScreenAnswer). */
export const embeddedImageInfo = (uuid: string) => firstScreenAnswer('getImageInfo', { params: { uuid } });

export const fetchGenInfo = (uuid: string, signal?: AbortSignal) =>
  call('getImageGenInfo', { params: { uuid } }, signal);

export const togglePrivate = (uuid: string) => call('toggleImagePrivate', { params: { uuid } });

export const deleteImage = (uuid: string) => call('deleteImage', { params: { uuid } });

export const addFavorite = (uuid: string) => call('addFavorite', { body: { uuid } });

export const removeFavorite = (uuid: string) => call('removeFavorite', { body: { uuid } });

export const reportImage = (uuid: string, flag: number) =>
  call('reportImage', { params: { flag }, body: { uuid } });

/**
 * POST /api/tasks/{uuid}/upscale (docs/product/image-viewer.md#upscale): the ×2 upscale of an own image,
 * once; 1 ticket.
 */
export const requestUpscale = (uuid: string) =>
  call('createUpscale', { params: { uuid }, query: { fastlane: 'false' } });

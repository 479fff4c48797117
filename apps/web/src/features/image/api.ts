/**
 * Calls of the image viewer (docs/product/image-viewer.md#information, /api/image, /api/action,
 * /api/gallery). Shapes follow the API.
 */
import type { Render } from '@mirage/domain';
import { api, apiRequest } from '../api/index.ts';
import type { GalleryQuery } from '../gallery/index.ts';

/** GET /api/image/{uuid}/info: what the viewer and its menu need (never the prompt). */
export interface ImageInfo {
  uuid: string;
  id: number;
  user_id: number;
  username: string;
  is_owner: boolean;
  is_favorite: boolean;
  is_private: boolean;
  upscaled: boolean;
  style_id: number | null;
  format: string;
  render: Render | null;
  gen_type: string;
  width: number;
  height: number;
  blurhash: string;
  nsfw: boolean;
  /** ISO timestamp. */
  created_at: string;
  /** Comma-separated tag names, in prompt order. */
  tags: string;
  tag_ids: number[];
  image_src: string;
  thumbnail_src: string;
  png_src: string;
  upscaled_src: string | null;
}

/** GET /api/image/{uuid}/info/gen (docs/product/image-viewer.md#information). */
export interface ImageGenInfo {
  /** Month-day-year text, e.g. "03-14-2026". */
  created_at: string;
  prompt: string;
  neg_prompt: string;
  seed: number;
  style_id: number | null;
  /** A Format, Quality and Creativity as the image was made (older images may hold other words). */
  format: string;
  quality: string;
  creativity: string | null;
  modifiers: { id: number; weight: number }[];
  watermark: boolean;
  /** The model that made it; 'preview-renderer' for the built-in preview engine. */
  model: string | null;
  user_id: number;
  username: string;
}

/** One image of a board and the board's query, as the gallery fetches them (gallery/api.ts). */
export type { GalleryCard as Card } from '../gallery/index.ts';
export type BoardParams = Omit<GalleryQuery, 'page' | 'size'>;

const path = (uuid: string) => `/api/image/${encodeURIComponent(uuid)}`;

export const fetchImageInfo = (uuid: string, signal?: AbortSignal) =>
  api.get<ImageInfo>(`${path(uuid)}/info`, signal);

export const fetchGenInfo = (uuid: string, signal?: AbortSignal) =>
  api.get<ImageGenInfo>(`${path(uuid)}/info/gen`, signal);

export const togglePrivate = (uuid: string) => api.put<{ is_private: boolean }>(`${path(uuid)}/private`);

export const deleteImage = (uuid: string) => apiRequest<{ ok: true }>('DELETE', path(uuid));

export const addFavorite = (uuid: string) => api.post<{ ok: true }>('/api/action/favorite', { uuid });

export const removeFavorite = (uuid: string) =>
  apiRequest<{ ok: true }>('DELETE', '/api/action/favorite', { body: { uuid } });

export const reportImage = (uuid: string, flag: number) =>
  api.put<{ ok: true; already_reported: boolean }>(`/api/action/report/${flag}`, { uuid });

/**
 * POST /api/tasks/{uuid}/upscale (docs/product/image-viewer.md#upscale): the ×2 upscale of an own image,
 * once; 1 ticket.
 */
export const requestUpscale = (uuid: string) =>
  api.post<{ task_id: string; cost: number; paid_with_daily: boolean }>(
    `/api/tasks/${encodeURIComponent(uuid)}/upscale?fastlane=false`,
    {},
  );

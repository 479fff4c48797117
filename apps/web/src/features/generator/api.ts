/**
 * Calls of the generator (docs/product/api.md: tasks). Shapes follow the API; the catalogue's are in
 * features/catalogue.
 */
import type { Creativity, Format, Quality } from '@mirage/domain';
import { api } from '../api/index.ts';
import type { TaskAccepted } from '../task/index.ts';

/** The body of POST /api/tasks/txt2img: the generator prompt without fastLane and seedLock. */
export interface Txt2imgBody {
  prompt: string;
  neg_prompt: string;
  upscale: boolean;
  /** Omitted: the server draws one. */
  seed?: number;
  quality: Quality;
  format: Format;
  watermark: boolean;
  private: boolean;
  style_id: number;
  creativity: Creativity;
  modifiers: { id: number; weight: number }[];
  slow_mode: boolean;
  less_nsfw: boolean;
  automatic_face_restore: boolean;
}

/** The answer of POST /api/tasks/txt2img. */
export type Txt2imgAccepted = TaskAccepted;

/** A task as GET /api/tasks/monitor reports it (the contract lives in the domain). */
export type { TaskView } from '@mirage/domain';

export const createTxt2img = (body: Txt2imgBody, fastLane: boolean) =>
  api.post<Txt2imgAccepted>(`/api/tasks/txt2img?fastlane=${fastLane ? 'true' : 'false'}`, body);

/** Image files (docs/product/image-viewer.md#files). */
export const imageUrls = (uuid: string) => ({
  thumbnail: `/images/${uuid}-min.webp`,
  full: `/images/${uuid}.webp`,
  png: `/images/${uuid}.png`,
});

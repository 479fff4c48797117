/**
 * Calls of the generator (docs/product/api.md: tasks). Shapes follow the API; the catalogue's are in
 * features/catalogue.
 */
import type { Answer, Body } from '@mirage/contract';
import { call } from '../api/index.ts';

/** The body of POST /api/tasks/txt2img (from the API's contract). */
export type Txt2imgBody = Body<'createTxt2img'>;

/** The answer of POST /api/tasks/txt2img. */
export type Txt2imgAccepted = Answer<'createTxt2img'>;

/** A task as GET /api/tasks/monitor reports it (the contract lives in the domain). */
export type { TaskView } from '@mirage/domain';

export const createTxt2img = (body: Txt2imgBody, fastLane: boolean) =>
  call('createTxt2img', { body, query: { fastlane: fastLane ? 'true' : 'false' } });

/** Image files (docs/product/image-viewer.md#files). */
export const imageUrls = (uuid: string) => ({
  thumbnail: `/images/${uuid}-min.webp`,
  full: `/images/${uuid}.webp`,
  png: `/images/${uuid}.png`,
});
